import { defineFeature } from '../../lib/feature';

/** The emails overlay: the account's addresses and its phone (spec 01 §2 `emails`, §8). */
export const emailsFeature = defineFeature({
  name: 'emails',
  overlays: {
    emails: {
      titleKey: 'emails.title',
      route: 'addEmail',
      audience: 'registered',
      load: () => import('./emails-overlay'),
    },
  },
});
