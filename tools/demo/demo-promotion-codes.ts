import { createCode, promotionCodesOf } from '../../functions/subscriptions/seeding';

/**
 * The demo's ambassador (decision 0048): Hugo, with two promotion codes of his own, created through
 * the domain as he would from his page. A code is valid on the day of its creation only, so the
 * codes of an earlier run show as expired on the next day. Written once: an ambassador who already
 * has codes keeps them.
 */
export const DEMO_AMBASSADOR = 'hugo@demo.wellbeing.local';

export const DEMO_PROMOTION_CODES = [
  { name: 'Salon Bien-être au travail', count: 20 },
  { name: 'Conférence RH Namur', count: 5 },
] as const;

export async function seedDemoPromotionCodes(userIds: ReadonlyMap<string, string>): Promise<void> {
  const hugo = userIds.get(DEMO_AMBASSADOR);
  if (!hugo || (await promotionCodesOf(hugo)).length > 0) return;
  for (const code of DEMO_PROMOTION_CODES) await createCode(hugo, { ...code }, 'fr');
}
