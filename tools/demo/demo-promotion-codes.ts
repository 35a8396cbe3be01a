import {
  createCode,
  promotionCodesOf,
  redeemCode,
  redemptionsOf,
} from '../../functions/subscriptions/seeding';

/**
 * The demo's ambassador (decision 0048): Hugo, with two promotion codes of his own, created through
 * the domain as he would from his page. A code is valid on the day of its creation only, so the
 * codes of an earlier run show as expired on the next day. Written once: an ambassador who already
 * has codes keeps them. Lotte redeems the first as she would from the plans overlay, so the
 * super-admins' report of plans counts a code used and a free month running.
 */
export const DEMO_AMBASSADOR = 'hugo@demo.wellbeing.local';

export const DEMO_PROMOTION_CODES = [
  { name: 'Salon Bien-être au travail', count: 20 },
  { name: 'Conférence RH Namur', count: 5 },
] as const;

/** The demo person who redeemed one of Hugo's codes: a month of Essentials from the day of the demo. */
export const DEMO_CODE_REDEEMER = 'lotte@demo.wellbeing.local';

export async function seedDemoPromotionCodes(userIds: ReadonlyMap<string, string>): Promise<void> {
  const hugo = userIds.get(DEMO_AMBASSADOR);
  if (!hugo || (await promotionCodesOf(hugo)).length > 0) return;
  const made = [];
  for (const code of DEMO_PROMOTION_CODES) made.push(await createCode(hugo, { ...code }, 'fr'));
  const lotte = userIds.get(DEMO_CODE_REDEEMER);
  if (lotte && made[0] && (await redemptionsOf(lotte)).length === 0) await redeemCode(lotte, made[0].code);
}
