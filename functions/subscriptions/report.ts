import type { SubscriptionsReport } from '@shared/contracts/subscriptions';
import { periodEnds, reportRange, type LicenceReportInterval } from '@shared/domain/licence-history';
import { planChangesByPeriod, planHoldersAt, planChangeDayOf } from '@shared/domain/plan-report';
import { ValidationError } from '../lib/errors';
import { billedCustomers } from '../payments';
import { namesOf, planChangesBetween } from '../users';
import { promotionCodesBetween, runningRedemptions } from './repository';

const DAY_MS = 86_400_000;
/** An instant a day before or after a day's UTC midnight: wide enough for any Brussels day. */
const dayEdge = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString();

/**
 * GET /v1/users/subscriptions/report (decision 0053): who holds a plan now (one Query of the billed
 * card links, one of the free months running), what changed in each period (one Query of the plan
 * ledger between two instants), and the codes created (one Query by day, their ambassadors' names
 * by one batch read). Nothing is scanned and no person who bought or redeemed is named.
 */
export async function subscriptionsReport(
  query: { from?: string | undefined; to?: string | undefined; interval: LicenceReportInterval },
  now = new Date(),
): Promise<SubscriptionsReport> {
  const range = reportRange(query, planChangeDayOf(now.toISOString()));
  if ('refused' in range) throw new ValidationError([{ key: range.refused, field: 'query.from' }]);
  const { from, to } = range;
  const [customers, redemptions, changes, codes] = await Promise.all([
    billedCustomers(),
    runningRedemptions(now.toISOString()),
    planChangesBetween(dayEdge(from, -1), dayEdge(to, 2)),
    promotionCodesBetween(from, to),
  ]);
  const names = await namesOf(codes.map((c) => c.ownerId));
  return {
    from,
    to,
    interval: query.interval,
    holders: planHoldersAt(customers, redemptions, now),
    periods: planChangesByPeriod(changes, from, periodEnds(from, to, query.interval)),
    codes: codes
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((c) => ({
        code: c.code,
        number: c.number,
        name: c.name,
        ambassadorName: names.get(c.ownerId) ?? '',
        ...(c.sphereName !== undefined ? { sphereName: c.sphereName } : {}),
        ...(c.sessionName !== undefined ? { sessionName: c.sessionName } : {}),
        count: c.count,
        used: c.used,
        validOn: c.day,
      })),
  };
}
