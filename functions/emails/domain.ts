/** The emails domain as the registry (functions/domains.ts) reads it. */
import { emailRoutes } from '@shared/contracts/emails';
import { defineDomain } from '../lib/domain';
import { EMAILS_BELONGINGS } from './belongings';
import { EMAILS_ENTITIES } from './store';

export const emailsDomain = defineDomain({
  name: 'emails',
  routes: emailRoutes,
  entities: EMAILS_ENTITIES,
  belongings: EMAILS_BELONGINGS,
  grants: {
    // Making an address primary makes it the sign-in email of the user, after finding the identity
    // that holds it and removing it if it never proved it (functions/emails/service.ts).
    userPool: ['AdminUpdateUserAttributes', 'ListUsers', 'AdminDeleteUser'],
    mail: true,
    events: true,
  },
});
