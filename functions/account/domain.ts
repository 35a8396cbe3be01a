/** The account domain as the registry (functions/domains.ts) reads it. */
import { accountRoutes } from '@shared/contracts/account';
import { defineDomain } from '../lib/domain';

export const accountDomain = defineDomain({
  name: 'account',
  routes: accountRoutes,
  // "My data" and leaving the product walk every domain's belongings; the account keeps nothing of its own.
  entities: {},
  belongings: [],
  grants: {
    // Leaving the product removes the caller's sign-in account; a first password is set in the
    // pool; signing out everywhere revokes every refresh token (functions/lib/cognito.ts).
    userPool: ['AdminDeleteUser', 'AdminSetUserPassword', 'AdminUserGlobalSignOut'],
    events: true,
    // Leaving cancels the person's card subscription at the provider (functions/payments, decision 0051).
    payments: true,
  },
});
