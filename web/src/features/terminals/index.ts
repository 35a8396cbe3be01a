import { defineFeature } from '../../lib/feature';
import { KIOSK_PAGE_PATH, SALES_UP_PAGE_PATH, TERMINALS_TAB } from './paths';

/**
 * Terminals (issue 12 point 11, decision 0028): a sphere's admins and sales-up members set up
 * kiosks of its consumer sessions in its settings or on its Sales-Up page (a card on the sphere's
 * page leads there); the kiosk page is public, opened with the key in
 * its address's fragment, and keeps working offline.
 */
export const terminalsFeature = defineFeature({
  name: 'terminals',
  pages: [
    { path: KIOSK_PAGE_PATH, access: 'public', load: () => import('./kiosk-page') },
    { path: SALES_UP_PAGE_PATH, access: 'signed-in', load: () => import('./sales-up-page') },
  ],
  settingsTabs: [
    {
      id: TERMINALS_TAB,
      labelKey: 'terminals.settings.tab',
      order: 40,
      places: ['sphere'],
      load: () => import('./terminals-settings-tab'),
    },
  ],
  placeSections: [{ id: 'terminals', order: 40, places: ['sphere'], load: () => import('./terminals-card') }],
});
