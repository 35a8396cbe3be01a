/** The guests domain as the registry (functions/domains.ts) reads it. */
import { guestRoutes } from '@shared/contracts/guests';
import { defineDomain } from '../lib/domain';
import { GUESTS_BELONGINGS } from './belongings';
import { GUESTS_ENTITIES } from './store';

export const guestsDomain = defineDomain({
  name: 'guests',
  routes: guestRoutes,
  entities: GUESTS_ENTITIES,
  belongings: GUESTS_BELONGINGS,
  grants: {
    // A guest is a real pool identity: created (and removed again if its account cannot be
    // written), confirmed with a random password, and given its address at conversion
    // (functions/guests/identity.ts).
    userPool: [
      'AdminCreateUser',
      'AdminSetUserPassword',
      'AdminUpdateUserAttributes',
      'AdminDeleteUser',
      'ListUsers',
    ],
    // The verification code of the address a guest registers.
    mail: true,
    events: true,
  },
});
