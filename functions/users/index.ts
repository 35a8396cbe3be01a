/**
 * The users domain's public face: a user, their addresses and who proved each address. Other
 * domains read accounts and include the users domain's transaction items through what is exported
 * here; only this domain writes its entities.
 */

import type { CallerAccounts } from '../lib/http';
import { abilityFacts, accountStanding } from './repository';

/** What every domain's handler gives the middleware to check a caller (functions/lib/http.ts). */
export const callerAccounts: CallerAccounts = { standing: accountStanding, abilityFacts };

export {
  accountStanding,
  addUnverifiedEmail,
  convertedGuestItems,
  createAccount,
  findEmailOwner,
  findVerifiedEmailOwner,
  getAccount,
  guestStepItem,
  isGuest,
  markHasPassword,
  newGuestUserItem,
  ownedBy,
  patchUser,
  provedEmailItems,
  refuseSession,
  refuseTokensUntil,
  removedEmailItems,
  setPhone,
  setPrimaryEmail,
  userPartition,
  type Account,
  type NewAccount,
  type UserItem,
} from './repository';
