import { LegalAcceptanceEntity } from '../legal';
import { defineStore } from '../lib/db';
import { EmailOwnerEntity } from './entities/email-owner';
import { UserEmailEntity } from './entities/user-email';
import { UserEntity } from './entities/user';

/** The users domain's entities: a user, their addresses (collection `account`) and address owners. */
export const USERS_ENTITIES = {
  user: UserEntity,
  userEmail: UserEmailEntity,
  emailOwner: EmailOwnerEntity,
};

/**
 * The users domain's store. The `account` collection (one Query on the user's partition) also
 * brings the user's legal acceptances, which the legal domain owns and alone writes: the start call
 * reads everything of the account at once.
 */
export const usersDb = defineStore({ ...USERS_ENTITIES, legalAcceptance: LegalAcceptanceEntity });
