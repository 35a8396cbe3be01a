import { LegalAcceptanceEntity } from '../legal';
import { defineStore } from '../lib/db';
import { EmailOwnerEntity } from './entities/email-owner';
import { GlobalMemberEntity } from './entities/global-member';
import { GlobalRoleChangeEntity } from './entities/global-role-change';
import { MembershipSummaryEntity } from './entities/membership-summary';
import { PlanChangeEntity } from './entities/plan-change';
import { UserEmailEntity } from './entities/user-email';
import { UserEntity } from './entities/user';

/**
 * The users domain's entities: a user, their addresses (collection `account`), address owners, and
 * the global (VIP) memberships with the log of their changes, the ledger of plan changes, and the
 * summary of the person's memberships the start call reads (decision 0055).
 */
export const USERS_ENTITIES = {
  user: UserEntity,
  userEmail: UserEmailEntity,
  emailOwner: EmailOwnerEntity,
  globalMember: GlobalMemberEntity,
  globalRoleChange: GlobalRoleChangeEntity,
  planChange: PlanChangeEntity,
  membershipSummary: MembershipSummaryEntity,
};

/**
 * The users domain's store. The `account` collection (one Query on the user's partition) also
 * brings the user's legal acceptances, which the legal domain owns and alone writes: the start call
 * reads everything of the account at once.
 */
export const usersDb = defineStore({ ...USERS_ENTITIES, legalAcceptance: LegalAcceptanceEntity });
