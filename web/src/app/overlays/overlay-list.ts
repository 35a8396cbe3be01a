import { registerOverlay } from './registry';

/**
 * Every overlay of the product, registered once. Each feature adds its lines here, e.g.:
 *
 *   registerOverlay('profile', { titleKey: 'profile.title', load: () => import('../../features/profile/profile-overlay') });
 */
registerOverlay('profile', {
  titleKey: 'profile.title',
  load: () => import('../../features/profile/profile-overlay'),
});
registerOverlay('emails', {
  titleKey: 'emails.title',
  registeredOnly: true,
  load: () => import('../../features/emails/emails-overlay'),
});
registerOverlay('my-data', {
  titleKey: 'myData.title',
  registeredOnly: true,
  load: () => import('../../features/account/my-data-overlay'),
});
registerOverlay('password', {
  titleKey: 'password.title',
  registeredOnly: true,
  load: () => import('../../features/password/password-overlay'),
});
registerOverlay('registration', {
  titleKey: 'guests.registration.title',
  load: () => import('../../features/guests/registration-overlay'),
});
registerOverlay('connect', {
  titleKey: 'guests.connect.title',
  load: () => import('../../features/guests/connect-overlay'),
});
