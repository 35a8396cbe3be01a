import { describe, expect, it } from 'vitest';
import { plansOverlayOn, refusedPromotionCodeOf, refusedPromotionCodeState } from './refused-promotion-code';

describe('a promotion code refused at account creation', () => {
  it('opens the plans overlay on the page the person was going to, its query kept', () => {
    expect(plansOverlayOn('/')).toEqual({ pathname: '/', search: '?show=subscription' });
    expect(plansOverlayOn('/apps/history?x=1&show=profile')).toEqual({
      pathname: '/apps/history',
      search: '?x=1&show=subscription',
    });
  });

  it('is read back from the history state it wrote, and from nothing else', () => {
    const refused = { code: 'P0042-K7QFX', errors: [{ key: 'promotion-code-expired' }] };
    expect(refusedPromotionCodeOf(refusedPromotionCodeState(refused))).toEqual(refused);
    expect(refusedPromotionCodeOf(null)).toBeNull();
    expect(refusedPromotionCodeOf({ from: '/apps/history' })).toBeNull();
    expect(refusedPromotionCodeOf({ refusedPromotionCode: { code: 'P0042-K7QFX', errors: [] } })).toBeNull();
  });
});
