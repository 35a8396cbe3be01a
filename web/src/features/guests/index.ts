import { defineFeature } from '../../lib/feature';
import { GUEST_PATH } from '../../lib/routes';

/** Guest mode: the guest page, creating an account from a guest, connecting, leaving (spec 01 §2). */
export const guestsFeature = defineFeature({
  name: 'guests',
  pages: [{ path: GUEST_PATH, access: 'public', load: () => import('./guest-page') }],
  overlays: {
    registration: {
      titleKey: 'guests.registration.title',
      route: 'registerGuest',
      load: () => import('./registration-overlay'),
    },
    connect: { titleKey: 'guests.connect.title', load: () => import('./connect-overlay') },
  },
});

export { LeaveGuestDialog } from './leave-guest-dialog';
