/**
 * The guests domain's public face: how a guest arrived, its sign-in secret and its conversion to a
 * registered account (POST /users/guests…). Sign-in checks a guest's secret through what is
 * exported here.
 */
export { getGuest, getGuestKey } from './repository';
export { guestSecretMatches, isGuestPlaceholder } from './secret';
export { createDelegatedGuest, removeGuestIdentity } from './service';
