import type { LicenceTier } from './licences';
import type { SESSION_SUBSCRIPTIONS } from './sessions';

/**
 * A group's plan and modules (spec 01 §3 Session `subscription`, `subscriptionModules`; spec 02 §1,
 * §3, §8; decision 0050): what a group holds comes from its sphere's licences. Essentials takes one
 * Essentials licence of the sphere for the whole group (not one per member); each module takes one
 * licence of its tier. The rules the API and the SPA share, without I/O.
 */

/** The plans of a group: Starter (free) or Essentials (one licence). */
export type GroupPlan = (typeof SESSION_SUBSCRIPTIONS)[number];

/** The modules a contributor group may hold (spec 01 §9: the contributor groups weUp, syneria, alignia), each a licence tier. */
export const GROUP_MODULES = ['weUp', 'alignia', 'syneria'] as const satisfies readonly LicenceTier[];
export type GroupModule = (typeof GROUP_MODULES)[number];

/** What a group holds: its plan and its modules. */
export interface GroupHolding {
  subscription: GroupPlan;
  subscriptionModules: readonly GroupModule[];
}

/**
 * Why a plan and modules cannot go together on a group, or null when they can: modules are for
 * contributor groups only (`not-valid` on a consumer session), and they need the group's Essentials
 * (`e-nous-essentials-licenses-required`).
 */
export function groupHoldingProblem(
  category: 'contributor' | 'consumer',
  holding: GroupHolding,
): 'not-valid' | 'e-nous-essentials-licenses-required' | null {
  if (holding.subscriptionModules.length === 0) return null;
  if (category !== 'contributor') return 'not-valid';
  if (holding.subscription !== 'essentials') return 'e-nous-essentials-licenses-required';
  return null;
}

/** The modules in their fixed order, each once (the order and repeats a client sends do not count). */
export function normalModules(modules: readonly GroupModule[]): GroupModule[] {
  return GROUP_MODULES.filter((m) => modules.includes(m));
}

/** The licences a plan and modules hold: Essentials for the plan, then one per module. */
export function groupLicences(holding: GroupHolding): LicenceTier[] {
  return [
    ...(holding.subscription === 'essentials' ? (['essentials'] as const) : []),
    ...normalModules(holding.subscriptionModules),
  ];
}

/**
 * What a change of plan or modules moves, from the licences the group holds in its sphere's tallies
 * (`held`: all its plan and modules need, unless it was written before groups took licences and
 * holds fewer): the licences to take (needed after and not by its plan before), those to give back
 * (held and no longer needed), and what it holds after. Nothing moves for what is needed on both
 * sides, and nothing goes back that was never taken.
 */
export function groupLicenceChanges(
  before: GroupHolding | null,
  after: GroupHolding | null,
  held: readonly LicenceTier[] = before ? groupLicences(before) : [],
): { takes: LicenceTier[]; giveBacks: LicenceTier[]; held: LicenceTier[] } {
  const claimed = before ? groupLicences(before) : [];
  const next = after ? groupLicences(after) : [];
  const takes = next.filter((tier) => !claimed.includes(tier));
  return {
    takes,
    giveBacks: held.filter((tier) => !next.includes(tier)),
    held: next.filter((tier) => takes.includes(tier) || held.includes(tier)),
  };
}

/**
 * The refusal key of a tier with no licence left, for a group (spec 02 §8): not enough e-Nous
 * licences for Essentials, not enough module licences for a module.
 */
export function groupLicenceRefusal(
  tier: LicenceTier,
): 'not-enough-e-nous-licenses' | 'not-enough-module-licenses' {
  return tier === 'essentials' || tier === 'premium'
    ? 'not-enough-e-nous-licenses'
    : 'not-enough-module-licenses';
}

/** The body field a refusal of a tier concerns: the plan, or the module's box. */
export function groupLicenceField(tier: LicenceTier): string {
  return tier === 'essentials' || tier === 'premium'
    ? 'body.subscription'
    : `body.subscriptionModules.${tier}`;
}

/** Whether a group's plan and category open the "myself forms" group of the menu (spec 01 §6). */
export function opensMyselfForms(group: {
  category: 'contributor' | 'consumer';
  subscription: GroupPlan;
}): boolean {
  return group.category === 'contributor' && group.subscription !== 'starter';
}

/** Whether a group's plan shows its custom reports in the menu (spec 01 §6, spec 02 §2: hidden for starter). */
export function showsCustomReports(group: { subscription: GroupPlan }): boolean {
  return group.subscription !== 'starter';
}
