import * as z from 'zod';

/** Validation keys of spec 01 §8 returned with the field they concern. */
export const VALIDATION_KEYS = [
  'required',
  'empty',
  'not-valid',
  'length-out-of-range-error',
  'not-a-number',
  'not-a-boolean',
  'not-a-date',
  'not-a-limit',
  'value-out-of-range-error',
  'too-many',
  'unexpected-value-error',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** Keys of errors that are not about one field. */
export const ERROR_KEYS = [
  'not-found',
  'unauthorized',
  'forbidden',
  'feeling-forbidden',
  'internal-server-error',
  'error',
  'exist',
  'conflict',
  'feeling-frozen',
  'survey-frozen',
  'form-frozen',
  'too-many-codes-sent',
  'code-expired',
  'too-many-attempts',
  'code-invalid',
  'email-not-valid',
  'email-already-used',
  'provider-already-used',
  'primary-address-required',
  'email-main-not-validated',
  'guest-not-allowed',
  'invalid-phone-code',
  'missing-phone',
  'invalid-phone-number',
  'too-many-phone-attempts',
  'too-many-phone-code-attempts',
  /** A number outside the deployment's countries for verification texts (decision 0006). */
  'phone-country-not-allowed',
  /** The number had its 3 verification texts of the last 24 hours, whoever asked (decision 0006). */
  'too-many-phone-codes-sent',
  'password-already-set',
  'not-a-guest',
  /** A feature reserved for Essentials subscribers (spec 02 §1), asked by a starter user or a guest. */
  'essentials-required',
  /** A per-client limit (WAF rate-based rule in AWS, the local gateway's limiter) refused the call. */
  'too-many-requests',
  /** A sphere of the same name exists in the same galaxy, or for the same owner. */
  'duplicate-sphere',
  /** A feeling recorded in a sphere where the person is not a contributor (spec 01 §8). */
  'contributor-feeling-forbidden',
  /** A thinking given in a sphere or session where the person does not contribute (spec 01 §6). */
  'contributor-thinking-forbidden',
  /** A session's own thinking axes, in a sphere that does not let its sessions choose them. */
  'axes-not-customizable',
  /** Joining a sphere (spec 01 §8): the sphere takes no contributors (its Engagement-Up is off). */
  'contribution-not-active',
  /** The join link's key is not the sphere's (expired by a new key, or never valid). */
  'contribution-access-key-not-valid',
  /** An admin revoked this person's membership: they cannot rejoin by the link. */
  'contribution-rejected-by-admin',
  /** The sphere admits nobody by its link (access policy NOONE). */
  'contribution-private',
  /** The sphere admits only addresses of its domains. */
  'contribution-only-domain',
  /** The last active admin of a sphere may not leave it or stop being its admin. */
  'sphere-last-admin',
  /** A member who left by their own action comes back by the link, not by an admin. */
  'member-left-by-own-action',
  /** A role or plan the sphere's entitlements or licences do not allow (spec 01 §5 member form). */
  'not-enough-licenses',
  /** A group given Essentials with no Essentials licence left (spec 02 §8): required, remaining, count. */
  'not-enough-e-nous-licenses',
  /** A group given a module with no licence of its tier left (spec 02 §8): required, remaining, count. */
  'not-enough-module-licenses',
  /** Modules on a group without Essentials (spec 02 §8: e-Nous Essentials required for modules). */
  'e-nous-essentials-licenses-required',
  /** A duplicate member (409 `exist`): the existing member's address, active or not (spec 01 §8 display). */
  'member-exists',
  'member-exists-inactive',
  /** Session errors (spec 01 §8): a child cannot be created there (deepest level, group limit reached). */
  'creationBlocked',
  /** An owner named for a session is not an active member of its sphere. */
  'ownerNotFound',
  /** The session's link is not (or no longer) valid. */
  'sessionKeyNotValid',
  /** The person is not an active member of the session's sphere. */
  'memberNotActive',
  /** The session does not take people by its link. */
  'sessionNotPublic',
  /** The session cannot move there (another sphere or category, or no right to arrange the tree). */
  'changeParentNotAllowed',
  /** A session cannot move under itself or one of its descendants. */
  'changeParentToChild',
  /** The parent takes no children. */
  'parentIsLeaf',
  /** A feature of contributor sessions asked of a consumer session. */
  'categoryForbidden',
  /** The sphere holds as many active tags as its limit allows (spec 01 §8 limits). */
  'sphere-max-tags-reached',
  /** An archived tag cannot be saved or used (spec 01 §4); restore it first. */
  'tag-archived',
  /** An access code another member of the sphere holds (spec 01 §8). */
  'sphere-member-duplicate-access-code',
  /** The sphere does not allow sign-in with an access code (spec 01 §8). */
  'sphere-lowSecurityAccessOptions-disabled',
  /** The address and access code do not sign anyone in here (spec 01 §8; the message names the code's label). */
  'invalid-delegation',
  /** An access code whose member has an account with an address: they sign in with it (decision 0029). */
  'delegation-sign-in-required',
  /** A quick-answer link whose code is not its sphere's or session's (spec 01 §2: invalid link). */
  'invalid-link',
  /** A feeling recorded further from the sphere than its distance rule allows (spec 01 §7). */
  'sphere-too-far',
  /** A sphere's or session's strategy asked of a sphere that has not turned strategies on (`strategyEnabled`). */
  'strategy-not-enabled',
  /** A strategy assessment changed after its freeze date (spec 01 §4). */
  'strategy-assessment-frozen',
  /** A measure type that answers of forms still use cannot be deleted (spec 02 §5). */
  'measure-type-in-use',
  /** A form the caller may not answer: not entitled where they are, archived or unknown (spec 01 §6). */
  'form-not-available',
  /** A campaign the caller may not open: unknown, of another sphere, or not offered to them (spec 02 §8). */
  'campaign-forbidden',
  /** A change the campaign's or the cycle's status does not allow (spec 02 §4 state machines). */
  'campaign-transition-not-allowed',
  'cycle-transition-not-allowed',
  /** A template model the sphere's engagement-up entitlement does not offer (spec 02 §3). */
  'campaign-template-not-available',
  /** A cycle that starts before the previous one ends (spec 02 §5). */
  'cycle-overlap',
  /** A reminder on a cycle without start and end dates (spec 02 §5). */
  'cycle-reminder-no-dates',
  /** An admin reminder that is not before the cycle's start (spec 02 §5). */
  'cycle-admin-reminder',
  /** A participant reminder outside the cycle's start and end (spec 02 §5). */
  'cycle-participant-reminder',
  /** A notification message without the link placeholder (spec 02 §5). */
  'cycle-missing-url-placeholder',
  /** An SMS notification in a sphere whose SMS flag is off (spec 02 §3). */
  'cycle-sms-not-allowed',
  /** No cycle of the campaign collects answers now (spec 02 §8: no active survey). */
  'cycle-not-active',
  /** The cycle has stopped collecting: answers can no longer be given or changed (spec 02 §8). */
  'participation-closed',
  /** The participation was refused: nothing more can be answered in this cycle. */
  'participation-refused',
  /** A sphere admin who is not also a contributor cannot take part (spec 02 §6). */
  'participation-admin-denied',
  /** A step that cannot be opened yet: an earlier step is still to do (spec 02 §4). */
  'participation-step-locked',
  /** A campaign link past its expiry date (spec 01 §5). */
  'link-expired',
  /** A scanned code that is not one of the product's links (spec 01 §5: scan not valid). */
  'scan-not-valid',
  /** Anonymous feelings from a terminal where the sphere does not allow terminals (spec 01 §8). */
  'unauth-feeling-forbidden',
  /** A part in progress cannot be rendered (spec 02 §4 report part statuses). */
  'report-part-in-progress',
  /** A part in preview must be recreated before its cards are edited (spec 02 §4). */
  'report-part-preview',
  /** A report, a part or a card beyond what one report may hold (decision 0031). */
  'report-limit-reached',
  /** A render that is not done has no file to download (spec 02 §8 report download error). */
  'render-not-ready',
  /** A galaxy quota at its block (spec 02 §8 quota authorisation error): `details` name the quotas. */
  'quota-blocked',
  /** A galaxy that still holds spheres is not deleted. */
  'galaxy-not-empty',
  /** A licence count below the licences in use (spec 02 §8): `values.count` says how many are. */
  'licenses-min',
  /** The licence mode, once chosen, changes only to legacy, by a super-admin (spec 02 §4). */
  'licence-mode-fixed',
  /** A decided quota change request is neither decided again nor deleted (spec 02 §4). */
  'quota-request-decided',
  /** Promotion codes (spec 02 §9, decision 0048): no such code. */
  'promotion-code-not-found',
  /** Not the day of its creation (Europe/Brussels). */
  'promotion-code-expired',
  /** As many people redeemed it as its count allows. */
  'promotion-code-used-up',
  /** This person redeemed it already. */
  'promotion-code-already-redeemed',
  /** The person holds Premium, or Essentials without end: a free month adds nothing. */
  'promotion-code-plan-held',
  /** Card payments (decision 0051): the provider's webhook signature is missing, wrong or too old. */
  'payment-signature-not-valid',
  /** A checkout while the person's card subscription still bills: they change it in the portal. */
  'payment-subscription-held',
  /** The portal of a person who never bought by card. */
  'payment-no-customer',
  /** The assistant (decision 0054): the day's messages are used (`values.limit`). */
  'chat-budget-exceeded',
  /** A conversation at its length (`values.limit`): a new one starts a new thread. */
  'chat-thread-too-long',
  /** The feeling a chat is about is not one of the caller's. */
  'chat-feeling-not-valid',
  /** The safety question was answered already, or the conversation is not in the safety step. */
  'chat-not-in-safety-step',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

export const FieldErrorSchema = z.object({
  key: z.string(),
  field: z.string().optional(),
  /** Extra values for the translated message: {min}, {max}. */
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** Every error body: either one key, or a list of keyed items (validation). */
export const ErrorBodySchema = z.object({
  key: z.string().optional(),
  message: z.string().optional(),
  errors: z.array(FieldErrorSchema).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
