import { defineFeature } from '../../lib/feature';
import { GLOBAL_MEMBER_OVERLAY, GLOBAL_MEMBERS_PATH } from './paths';

/**
 * Global (VIP) members (spec 01 §2 `/apps/global/members`, §3, §6; spec 02 §6): the super-admins'
 * page of the people with a global role, the overlay that adds or edits one, and the log of changes.
 */
export const globalMembersFeature = defineFeature({
  name: 'global-members',
  pages: [{ path: GLOBAL_MEMBERS_PATH, access: 'signed-in', load: () => import('./global-members-page') }],
  navigation: [
    // "Manage member: global member page" (spec 01 §6): held without condition, the super-admin mode.
    {
      path: GLOBAL_MEMBERS_PATH,
      labelKey: 'globalMembers.nav',
      order: 90,
      ability: { action: 'manage', subject: 'member' },
    },
  ],
  overlays: {
    [GLOBAL_MEMBER_OVERLAY]: {
      titleKey: 'globalMembers.overlay.title',
      route: 'addGlobalMember',
      audience: 'registered',
      size: 'md',
      load: () => import('./global-member-overlay'),
    },
  },
});
