/**
 * Galaxies and their quotas (spec 02 §3 Galaxy, Galaxy quota; §4 quota change requests; decision
 * 0045): the rules the server enforces and the SPA shows, without I/O.
 */

export const GALAXY_NAME_MAX_LENGTH = 100;
export const GALAXY_SHORT_NAME_MAX_LENGTH = 30;
export const GALAXY_MEMBER_ROLES = ['admin'] as const;
export type GalaxyMemberRole = (typeof GALAXY_MEMBER_ROLES)[number];
/** A change request's reason and a super-admin's comment. */
export const QUOTA_REQUEST_TEXT_MAX_LENGTH = 1000;
/** The largest value a quota may take (a value is a count of things). */
export const QUOTA_VALUE_MAX = 10_000_000;

/** The quota families of spec 02 §3, in the order the quotas page shows them. */
export const QUOTA_FAMILIES = ['spheres', 'tags', 'diagnostic', 'engagement-up', 'sales-up'] as const;
export type QuotaFamily = (typeof QUOTA_FAMILIES)[number];

/**
 * Every quota type of spec 02 §3. `counted` names what the tally counts and which write takes it
 * (the licence kinds count the licences the galaxy's spheres hold: decision 0046); a type whose
 * thing the product does not create yet is `counted: false`: its value can be set and requested, and the page says its usage is not
 * counted yet rather than showing a usage of 0 it does not know.
 */
export const QUOTA_KINDS = {
  spheres: { family: 'spheres', counted: true },
  tags: { family: 'tags', counted: true },
  'diagnostic-checkup': { family: 'diagnostic', counted: true },
  'diagnostic-blank': { family: 'diagnostic', counted: true },
  'diagnostic-aripso': { family: 'diagnostic', counted: true },
  'diagnostic-simple': { family: 'diagnostic', counted: true },
  'engagement-up-subscriptions': { family: 'engagement-up', counted: true },
  'engagement-up-review-customisation': { family: 'engagement-up', counted: false },
  'engagement-up-strategy-definition': { family: 'engagement-up', counted: false },
  'engagement-up-remote-voting': { family: 'engagement-up', counted: false },
  'engagement-up-members': { family: 'engagement-up', counted: true },
  'engagement-up-groups': { family: 'engagement-up', counted: true },
  'engagement-up-sessions': { family: 'engagement-up', counted: false },
  'engagement-up-e-nous-licences': { family: 'engagement-up', counted: true },
  'engagement-up-we-up-licences': { family: 'engagement-up', counted: true },
  'engagement-up-alignia-licences': { family: 'engagement-up', counted: true },
  'engagement-up-syneria-licences': { family: 'engagement-up', counted: true },
  'engagement-up-campaigns': { family: 'engagement-up', counted: true },
  'engagement-up-participations': { family: 'engagement-up', counted: true },
  'sales-up-subscriptions': { family: 'sales-up', counted: false },
  'sales-up-terminals': { family: 'sales-up', counted: false },
  'sales-up-review-customisation': { family: 'sales-up', counted: false },
  'sales-up-sessions': { family: 'sales-up', counted: true },
  'sales-up-campaigns': { family: 'sales-up', counted: false },
  'sales-up-participations': { family: 'sales-up', counted: false },
} as const satisfies Record<string, { family: QuotaFamily; counted: boolean }>;
export type QuotaKind = keyof typeof QUOTA_KINDS;
export const QUOTA_KIND_NAMES = Object.keys(QUOTA_KINDS) as QuotaKind[];

export function isQuotaKind(value: string): value is QuotaKind {
  return Object.hasOwn(QUOTA_KINDS, value);
}

/** The kinds a campaign of a diagnostic model takes: its model's and the campaigns'. */
export function campaignQuotaKinds(templateModel: 'checkup' | 'blank' | 'aripso' | 'simple'): QuotaKind[] {
  return [`diagnostic-${templateModel}`, 'engagement-up-campaigns'];
}

/** Share of the value from which the service continues but says so (spec 02 §9: 80 percent). */
export const QUOTA_ALERT_SHARE = 0.8;

/** The thresholds of a value: alert at 80 % of it (rounded up), block at the value. */
export function quotaThresholds(value: number): { alert: number; block: number } {
  return { alert: Math.ceil(value * QUOTA_ALERT_SHARE), block: value };
}

export type QuotaState = 'ok' | 'alert' | 'blocked';

/**
 * Where a usage stands against a value: `blocked` once the usage reaches the value (nothing more
 * may be created), `alert` from 80 % of it, else `ok`. No value: no quota, always `ok`.
 */
export function quotaState(usage: number, value: number | undefined): QuotaState {
  if (value === undefined) return 'ok';
  const { alert, block } = quotaThresholds(value);
  if (usage >= block) return 'blocked';
  return usage >= alert ? 'alert' : 'ok';
}

/** Usage as a whole percentage of the value (0 without a value; above 100 when over). */
export function quotaPercentage(usage: number, value: number | undefined): number {
  if (value === undefined || value === 0) return usage > 0 && value === 0 ? 100 : 0;
  return Math.floor((usage * 100) / value);
}

// Change requests, on the model of AWS Service Quotas: requested, then decided once.

export const QUOTA_REQUEST_STATUSES = ['pending', 'validated', 'rejected'] as const;
export type QuotaRequestStatus = (typeof QUOTA_REQUEST_STATUSES)[number];
export const QUOTA_REQUEST_DECISIONS = ['validated', 'rejected'] as const;
export type QuotaRequestDecision = (typeof QUOTA_REQUEST_DECISIONS)[number];
export type QuotaRequestMove = QuotaRequestDecision | 'deleted';

/**
 * Whether a request in `status` may make `move`: only a pending request is decided (validated or
 * rejected) or deleted; a decided one is history and never changes again.
 */
export function canMoveQuotaRequest(status: QuotaRequestStatus, move: QuotaRequestMove): boolean {
  return status === 'pending' && (move === 'validated' || move === 'rejected' || move === 'deleted');
}

// Contexts: a sphere of a galaxy reads the galaxy's context unless it has an active one of its own.

/**
 * The context a sphere's members read: the sphere's own active one, else its galaxy's, else none.
 * `source` says which, so a settings page can say that the texts are inherited.
 */
export function inheritedContext<S, G>(
  own: S | null | undefined,
  galaxy: G | null | undefined,
): { source: 'sphere'; context: S } | { source: 'galaxy'; context: G } | null {
  if (own) return { source: 'sphere', context: own };
  if (galaxy) return { source: 'galaxy', context: galaxy };
  return null;
}
