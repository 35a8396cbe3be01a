import { defineFeature } from '../../lib/feature';

/** The frame around every page: top-bar menus, notices, cookie banner, realtime channel. */
export const shellFeature = defineFeature({ name: 'shell' });

export { AccountMenu } from './account-menu';
export { reportBackgroundError } from './api-error-store';
export { ContextSwitcher } from './context-switcher';
export { CookieBanner } from './cookie-banner';
export { GuestBanner } from './guest-banner';
export { RealtimeConnection } from './realtime-connection';
export { ShellNotices } from './shell-notices';
export { useSuperAdminToggle } from './super-admin';
