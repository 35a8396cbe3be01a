import { defineFeature } from '../../lib/feature';

/** Setting a first password or changing it (spec 01 §2 `password`). */
export const passwordFeature = defineFeature({
  name: 'password',
  overlays: {
    password: {
      titleKey: 'password.title',
      route: 'setPassword',
      audience: 'registered',
      load: () => import('./password-overlay'),
    },
  },
});
