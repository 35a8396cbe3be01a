import { defineFeature } from '../../lib/feature';
import { ADD_LINK_OVERLAY, LINK_OVERLAY, LINK_PAGE_PATH, LINKS_TAB, UPDATE_LINK_OVERLAY } from './paths';

/**
 * Links (spec 01 §2, §3, §5; spec 02 §2, §3, §5; decision 0027): the links of a sphere or a session
 * in their settings, each with its address and QR code, made and changed in overlays, and the page
 * a shared link opens, which runs its steps through the overlays of their features.
 */
export const linksFeature = defineFeature({
  name: 'links',
  pages: [{ path: LINK_PAGE_PATH, access: 'public', load: () => import('./link-page') }],
  overlays: {
    [LINK_OVERLAY]: {
      titleKey: 'links.overlay.title',
      route: 'getLink',
      requiredParams: ['linkId'],
      size: 'md',
      load: () => import('./link-overlay'),
    },
    [ADD_LINK_OVERLAY]: {
      titleKey: 'links.overlay.addTitle',
      route: 'createLink',
      audience: 'registered',
      requiredParams: ['category', 'sphereId'],
      size: 'lg',
      load: () => import('./add-link-overlay'),
    },
    [UPDATE_LINK_OVERLAY]: {
      titleKey: 'links.overlay.updateTitle',
      route: 'updateLink',
      audience: 'registered',
      requiredParams: ['linkId'],
      size: 'lg',
      load: () => import('./update-link-overlay'),
    },
  },
  settingsTabs: [
    {
      id: LINKS_TAB,
      labelKey: 'links.list.tab',
      order: 30,
      places: ['sphere', 'session'],
      load: () => import('./links-settings-tab'),
    },
  ],
});
