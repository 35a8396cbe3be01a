/**
 * The users domain's public face: a user, their addresses and who proved each address. Other
 * domains read accounts and include the users domain's transaction items through what is exported
 * here; only this domain writes its entities.
 */

export {
  abilityFacts,
  accountStanding,
  addUnverifiedEmail,
  contactFactsOf,
  convertedGuestItems,
  createAccount,
  findEmailOwner,
  findVerifiedEmailOwner,
  fullName,
  getAccount,
  guestStepItem,
  isGuest,
  markHasPassword,
  namesOf,
  newGuestUserItem,
  ownPlanItem,
  ownPlanOf,
  ownPlanRecord,
  ownedBy,
  patchUser,
  provedEmailItems,
  refuseSession,
  refuseTokensUntil,
  removedEmailItems,
  setPhone,
  setPrimaryEmail,
  taggedFactsOf,
  userPartition,
  type Account,
  type NewAccount,
  type UserItem,
} from './repository';
export { planChangeItem, planChangesBetween } from './plan-changes';
export {
  forgetMembershipSummaries,
  hasSummary,
  membershipSummaryItem,
  readMembershipSummary,
  recordGroupInSummary,
  storeBuiltSummary,
  withKnownEntries,
  type GalaxyEntry,
  type MembershipSummary,
  type SessionEntry,
  type SphereEntry,
  type SummaryChange,
} from './membership-summary';
export { toProfile } from './service';
