import { defineFeature } from '../../lib/feature';
import { SCAN_PATH } from '../../lib/routes';

/**
 * The scan page (spec 01 §2, §5; decision 0027): a camera QR scanner and an enter-code form, open to
 * anyone (a shared link then asks who they are); overlays `scan` and `enterCode` lead to it.
 */
export const scanFeature = defineFeature({
  name: 'scan',
  pages: [{ path: SCAN_PATH, access: 'public', load: () => import('./scan-page') }],
  // A code on a poster or a kiosk is one tap away from every page (spec 01 §2 scan page).
  navigation: [{ path: SCAN_PATH, labelKey: 'nav.scan', order: 30 }],
  overlays: {
    scan: { titleKey: 'scan.title', size: 'sm', load: () => import('./scan-overlay') },
    enterCode: { titleKey: 'scan.code.title', size: 'sm', load: () => import('./scan-overlay') },
  },
});
