import { defineFeature } from '../../lib/feature';
import { HOME_PATH } from '../../lib/routes';

/** The home page of a signed-in user (spec 01 §2 home). */
export const homeFeature = defineFeature({
  name: 'home',
  pages: [{ path: HOME_PATH, access: 'signed-in', load: () => import('./home-page') }],
  navigation: [{ path: HOME_PATH, labelKey: 'nav.home', order: 0 }],
});
