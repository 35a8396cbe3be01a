import type { EntityItem } from 'electrodb';
import { isConditionFailure } from '../lib/conditions';
import { eraseInBatches } from '../lib/domain';
import { withinLimit } from '../lib/quotas';
import { ownPlanItem, planChangeItem, type UserItem } from '../users';
import type { PromotionCodeEntity } from './entities/promotion-code';
import type { PromotionRedemptionEntity } from './entities/promotion-redemption';
import { subscriptionsDb as db } from './store';

export type PromotionCodeItem = EntityItem<typeof PromotionCodeEntity>;
export type PromotionRedemptionItem = EntityItem<typeof PromotionRedemptionEntity>;

/** The one sequence of promotion code numbers. */
const SEQUENCE = 'promotion-codes';

/** The next number of the sequence: one atomic `ADD`, never the same number twice. */
export async function nextPromotionNumber(): Promise<number> {
  const { data } = await db()
    .entities.promotionCodeSequence.update({ sequence: SEQUENCE })
    .add({ last: 1 })
    .go({ response: 'all_new' });
  if (typeof data.last !== 'number') throw new Error('The promotion code sequence gave no number');
  return data.last;
}

/** Writes a new code; false when the code exists already (a suffix drawn twice). */
export async function insertPromotionCode(item: PromotionCodeItem): Promise<boolean> {
  try {
    await db().entities.promotionCode.create(item).go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function findPromotionCode(code: string): Promise<PromotionCodeItem | null> {
  const { data } = await db().entities.promotionCode.get({ code }).go({ consistent: true });
  return data;
}

/** An ambassador's codes, newest first: one Query of gsi1 on their id, every page. */
export async function promotionCodesOf(ownerId: string): Promise<PromotionCodeItem[]> {
  const { data } = await db()
    .entities.promotionCode.query.byOwner({ ownerId })
    .go({ order: 'desc', pages: 'all' });
  return data;
}

export async function findRedemption(userId: string, code: string): Promise<PromotionRedemptionItem | null> {
  const { data } = await db().entities.promotionRedemption.get({ userId, code }).go({ consistent: true });
  return data;
}

/** A person's redemptions: one Query of their partition. */
export async function redemptionsOf(userId: string): Promise<PromotionRedemptionItem[]> {
  const { data } = await db().entities.promotionRedemption.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

/** Which write of a redemption refused it, when one did. */
export type RedemptionOutcome = 'redeemed' | 'code-refused' | 'already-redeemed' | 'plan-changed';

/**
 * One redemption, in one transaction: the code's tally takes one under `used < count` and on the
 * condition that today (Brussels) is still its day; the person's redemption is created once; their
 * plan is extended on the condition that it is the one read. Racing redemptions never pass the
 * count, and a refused one writes nothing.
 */
export async function writeRedemption(input: {
  code: PromotionCodeItem;
  userId: string;
  today: string;
  read: Pick<UserItem, 'subscription' | 'planUntil'>;
  next: { subscription: 'essentials'; planUntil: string };
  at: string;
}): Promise<RedemptionOutcome> {
  const { code, userId, today, read, next, at } = input;
  const result = await db()
    .transaction.write(({ promotionCode, promotionRedemption }) => [
      promotionCode
        .update({ code: code.code })
        .add({ used: 1 })
        .where(({ used, day }, op) => `${withinLimit(used, code.count, op)} AND ${op.eq(day, today)}`)
        .commit(),
      promotionRedemption
        .create({
          userId,
          code: code.code,
          subscription: next.subscription,
          planUntil: next.planUntil,
          redeemedAt: at,
        })
        .commit(),
      ownPlanItem(userId, read, next),
      planChangeItem({ kind: 'code-redeemed', plan: next.subscription, at }),
    ])
    .go();
  if (!result.canceled) return 'redeemed';
  if (result.data[1]?.rejected) return 'already-redeemed';
  if (result.data[0]?.rejected) return 'code-refused';
  return 'plan-changed';
}

/** The codes created from `from` to `to` (days, Brussels): one Query of gsi2 between the two. */
export async function promotionCodesBetween(from: string, to: string): Promise<PromotionCodeItem[]> {
  const { data } = await db()
    .entities.promotionCode.query.byDay({ listKey: 'promotion-codes' })
    .between({ day: from }, { day: `${to}~` })
    .go({ pages: 'all' });
  return data;
}

/** The redemptions whose free month ends after `now`: one Query of gsi1 from now on. */
export async function runningRedemptions(now: string) {
  const { data } = await db()
    .entities.promotionRedemption.query.running({ listKey: 'promotion-redemptions' })
    .gt({ planUntil: now })
    .go({ pages: 'all', attributes: ['userId', 'planUntil'] });
  return data;
}

/** Erases a person's redemptions (they leave; the codes' tallies keep what they took). */
export async function eraseRedemptions(items: readonly PromotionRedemptionItem[]): Promise<void> {
  await eraseInBatches(
    (keys) => db().entities.promotionRedemption.delete(keys).go(),
    items.map(({ userId, code }) => ({ userId, code })),
  );
}

/** Erases an ambassador's codes (they leave). */
export async function erasePromotionCodes(items: readonly PromotionCodeItem[]): Promise<void> {
  await eraseInBatches(
    (keys) => db().entities.promotionCode.delete(keys).go(),
    items.map(({ code }) => ({ code })),
  );
}
