import { defineFeature } from '../../lib/feature';

/** The profile overlay (spec 01 §2 `profile`). */
export const profileFeature = defineFeature({
  name: 'profile',
  overlays: {
    profile: { titleKey: 'profile.title', route: 'updateProfile', load: () => import('./profile-overlay') },
  },
});
