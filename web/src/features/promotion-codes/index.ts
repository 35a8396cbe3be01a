import { defineFeature } from '../../lib/feature';
import { PROMOTION_CODE_OVERLAY, PROMOTION_CODES_PATH } from './paths';

/**
 * Promotion codes (spec 02 §3, §6, §7, §9; decision 0048): the ambassadors' page of their own codes
 * and the overlay that creates one. Redeeming a code is the subscription overlay's.
 */
export const promotionCodesFeature = defineFeature({
  name: 'promotion-codes',
  pages: [{ path: PROMOTION_CODES_PATH, access: 'signed-in', load: () => import('./promotion-codes-page') }],
  navigation: [
    // "Ambassador page needs post on subscription-promotion-code" (spec 02 §6).
    {
      path: PROMOTION_CODES_PATH,
      labelKey: 'promotionCodes.nav',
      order: 91,
      ability: { action: 'post', subject: 'subscription-promotion-code' },
    },
  ],
  overlays: {
    [PROMOTION_CODE_OVERLAY]: {
      titleKey: 'promotionCodes.overlay.title',
      route: 'createPromotionCode',
      audience: 'registered',
      size: 'md',
      load: () => import('./promotion-code-overlay'),
    },
  },
});
