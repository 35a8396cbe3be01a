import { defineFeature } from '../../lib/feature';

/** The plans and the caller's current one (spec 01 §2 `subscription`); buying comes with licences. */
export const subscriptionFeature = defineFeature({
  name: 'subscription',
  overlays: {
    subscription: {
      titleKey: 'subscription.title',
      audience: 'registered',
      size: 'lg',
      load: () => import('./subscription-overlay'),
    },
  },
});
