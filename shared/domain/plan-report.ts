/**
 * The super-admins' report of individual plans (spec 02 §7 `GET /users/subscriptions/report`;
 * decision 0053), without I/O: who holds a plan now and how (paid by card, in the free trial,
 * behind on a payment, on a promotion code's free month), and what changed in each period (trials
 * started, plans paid, renewals, failed payments, ends, codes redeemed).
 *
 * The changes come from a ledger written in the transaction of each change of a person's plan; it
 * names no one, so erasure leaves the report's past intact and the report exposes nobody.
 */
import { dayOf } from './time-zones';
import { paidPlanUntil, type CardSubscriptionStatus, type PaidPlan } from './payments';
import { PLAN_TIME_ZONE } from './plans';

export const PLAN_CHANGE_KINDS = [
  'trial-started',
  'paid-started',
  'renewed',
  'payment-failed',
  'ended',
  'code-redeemed',
] as const;
export type PlanChangeKind = (typeof PLAN_CHANGE_KINDS)[number];

/** What the product last applied of a person's card subscription (none before the first). */
export interface CardLinkState {
  subscriptionId?: string | undefined;
  status?: string | undefined;
  periodEnd?: string | undefined;
}

const ENDED: readonly string[] = ['canceled', 'incomplete_expired'];
const BEHIND: readonly string[] = ['past_due', 'unpaid'];

/**
 * The change a card subscription's new state makes, against what was applied before; null when it
 * changes nothing the report counts (the same state delivered by a second event, a status the
 * report does not follow). A new subscription starts afresh: its trial or its first payment.
 */
export function cardChangeOf(
  before: CardLinkState,
  after: { subscriptionId: string; status: CardSubscriptionStatus; periodEnd: string },
): PlanChangeKind | null {
  const fresh = before.subscriptionId !== after.subscriptionId;
  const was = fresh ? undefined : before.status;
  if (was === after.status) {
    const moved =
      after.status === 'active' &&
      before.periodEnd !== undefined &&
      Date.parse(after.periodEnd) > Date.parse(before.periodEnd);
    return moved ? 'renewed' : null;
  }
  switch (after.status) {
    case 'trialing':
      return 'trial-started';
    case 'active':
      return was !== undefined && BEHIND.includes(was) ? 'renewed' : 'paid-started';
    case 'past_due':
    case 'unpaid':
      return was !== undefined && BEHIND.includes(was) ? null : 'payment-failed';
    case 'canceled':
    case 'incomplete_expired':
      // A subscription never seen before that arrives ended started nothing the product gave.
      return was === undefined ? null : 'ended';
    default:
      return null;
  }
}

/** One change of the ledger. */
export interface PlanChangeRecord {
  at: string;
  kind: PlanChangeKind;
}

export type PlanChangeCounts = Record<PlanChangeKind, number>;

const noChanges = (): PlanChangeCounts =>
  Object.fromEntries(PLAN_CHANGE_KINDS.map((kind) => [kind, 0])) as PlanChangeCounts;

/** The day (YYYY-MM-DD, Brussels) a change counts on. */
export const planChangeDayOf = (at: string): string => dayOf(at, PLAN_TIME_ZONE);

/**
 * The changes counted in the period each of `ends` closes (ascending, as `periodEnds` gives them):
 * a change counts in the first period whose end is on or after its day; days after the last end
 * and before `from` count nowhere.
 */
export function planChangesByPeriod(
  changes: readonly PlanChangeRecord[],
  from: string,
  ends: readonly string[],
): { end: string; counts: PlanChangeCounts }[] {
  const periods = ends.map((end) => ({ end, counts: noChanges() }));
  for (const change of changes) {
    const day = planChangeDayOf(change.at);
    if (day < from) continue;
    const period = periods.find((p) => p.end >= day);
    if (period) period.counts[change.kind] += 1;
  }
  return periods;
}

/** People holding a plan now, by how they hold it. */
export interface PlanHolders {
  paid: Record<PaidPlan, number>;
  trial: Record<PaidPlan, number>;
  /**
   * A payment failed and the provider still asks for it: the plan lapses after the paid period's
   * grace unless it is paid (decision 0051).
   */
  pastDue: Record<PaidPlan, number>;
  /** People on a promotion code's free month, without a card subscription running. */
  freeMonth: number;
}

/** What the report reads of a person's card link. */
export interface BilledCustomer {
  userId: string;
  plan?: PaidPlan | undefined;
  status?: string | undefined;
  periodEnd?: string | undefined;
}

/**
 * Who holds a plan at `now`: each card link whose plan still runs (its period's end plus the grace
 * is ahead: a lost renewal lapses here as on the account) by its status, and the people with a
 * free month running (a redemption's end ahead) who are not counted by card already.
 */
export function planHoldersAt(
  customers: readonly BilledCustomer[],
  redemptions: readonly { userId: string; planUntil: string }[],
  now: Date,
): PlanHolders {
  const holders: PlanHolders = {
    paid: { essentials: 0, premium: 0 },
    trial: { essentials: 0, premium: 0 },
    pastDue: { essentials: 0, premium: 0 },
    freeMonth: 0,
  };
  const byCard = new Set<string>();
  for (const c of customers) {
    if (c.plan === undefined || c.status === undefined || c.periodEnd === undefined) continue;
    if (ENDED.includes(c.status)) continue;
    if (paidPlanUntil(new Date(c.periodEnd)).getTime() <= now.getTime()) continue;
    if (c.status === 'trialing') holders.trial[c.plan] += 1;
    else if (c.status === 'active') holders.paid[c.plan] += 1;
    else if (BEHIND.includes(c.status)) holders.pastDue[c.plan] += 1;
    else continue;
    byCard.add(c.userId);
  }
  const free = new Set<string>();
  for (const r of redemptions) {
    if (Date.parse(r.planUntil) > now.getTime() && !byCard.has(r.userId)) free.add(r.userId);
  }
  holders.freeMonth = free.size;
  return holders;
}
