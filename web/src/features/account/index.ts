import { defineFeature } from '../../lib/feature';

/** My data (download, leave the product) and signing out everywhere. */
export const accountFeature = defineFeature({
  name: 'account',
  overlays: {
    'my-data': { titleKey: 'myData.title', route: 'exportMyData', load: () => import('./my-data-overlay') },
  },
});

export { SignOutEverywhereDialog } from './sign-out-everywhere-dialog';
