import { defineFeature } from '../../lib/feature';
import { ENGAGEMENT_UP_PAGE_PATH, ENTITLEMENTS_TAB } from './paths';

/**
 * A sphere's entitlements (issue 37 point 7, spec 01 §2, §6, spec 02 §2, §3, §6; decision 0047):
 * the Entitlements tab of its settings (the status for its admins, the switches for a super-admin in
 * the super-admin mode), and its Engagement-Up page (campaign templates, remote voting, review
 * customisation), shown while Engagement-Up is active and reached from the tab and the sphere's page.
 */
export const entitlementsFeature = defineFeature({
  name: 'entitlements',
  pages: [{ path: ENGAGEMENT_UP_PAGE_PATH, access: 'signed-in', load: () => import('./engagement-up-page') }],
  settingsTabs: [
    {
      id: ENTITLEMENTS_TAB,
      labelKey: 'entitlements.tab',
      order: 25,
      places: ['sphere'],
      load: () => import('./entitlements-tab'),
    },
  ],
  placeSections: [
    { id: 'engagement-up', order: 35, places: ['sphere'], load: () => import('./engagement-up-card') },
  ],
});
