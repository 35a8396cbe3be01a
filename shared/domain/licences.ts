/**
 * Sphere licences (spec 01 §1, §3; spec 02 §1, §3, §4, §8; decision 0046): how many of each tier a
 * sphere holds, how many are in use, and the licence mode, without I/O.
 */

/** The tiers a sphere holds licences of (Starter is free and counts nothing). */
export const LICENCE_TIERS = ['essentials', 'premium', 'weUp', 'alignia', 'syneria'] as const;
export type LicenceTier = (typeof LICENCE_TIERS)[number];

/** The largest count a sphere may hold of one tier. */
export const LICENCE_COUNT_MAX = 1_000_000;

/** Licence payment modes (spec 02 §4): by invoice, automatic, legacy. */
export const LICENCE_MODES = ['bill', 'auto', 'legacy'] as const;
export type LicenceMode = (typeof LICENCE_MODES)[number];

/** The quota kind of a sphere's licences of a tier (its tally, scope `sphere#<id>`). */
export const licenceKind = (tier: LicenceTier) => `licences-${tier}`;

/** The galaxy quota that covers a tier's licences (spec 02 §3 engagement-up licences). */
export const GALAXY_LICENCE_KINDS = {
  essentials: 'engagement-up-e-nous-licences',
  premium: 'engagement-up-subscriptions',
  weUp: 'engagement-up-we-up-licences',
  alignia: 'engagement-up-alignia-licences',
  syneria: 'engagement-up-syneria-licences',
} as const satisfies Record<LicenceTier, string>;

/**
 * Whether the mode may go from `from` to `to` (spec 02 §4): the first choice of bill or auto is
 * free, then fixed; the only change afterwards is to legacy, and only a super-admin makes it.
 * Choosing the mode it already has is no change.
 */
export function canChangeLicenceMode(
  from: LicenceMode | undefined,
  to: LicenceMode,
  superAdmin: boolean,
): boolean {
  if (from === to) return true;
  if (to === 'legacy') return superAdmin;
  return from === undefined;
}

const RANK = { starter: 0, essentials: 1, premium: 2 } as const;
export type Plan = keyof typeof RANK;

/**
 * The plan a person's rules follow: their own, or the Essentials a sphere's licence gives them as
 * its active member, whichever is higher (a member given Essentials gets thinking, goals, the
 * centre and the life compass). A guest is never a sphere's Essentials member.
 */
export function effectivePlan(own: Plan, memberships: readonly { subscription?: Plan | undefined }[]): Plan {
  return memberships.reduce<Plan>(
    (best, m) => (m.subscription && RANK[m.subscription] > RANK[best] ? m.subscription : best),
    own,
  );
}

/** What a count allows: the licences left, never below zero. */
export function licencesRemaining(count: number, used: number): number {
  return Math.max(count - used, 0);
}

/**
 * Whether `required` more licences fit in a count of which `used` are taken (a member given
 * Essentials requires one).
 */
export function licencesFit(count: number, used: number, required = 1): boolean {
  return used + required <= count;
}

/** Whether a count may be set: never below what is in use (`licenses-min`). */
export function licenceCountAllowed(quantity: number, used: number): boolean {
  return Number.isInteger(quantity) && quantity >= used && quantity <= LICENCE_COUNT_MAX;
}
