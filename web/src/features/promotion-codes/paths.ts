/** The ambassadors' page of their promotion codes (spec 02 §6) and the overlay that adds one. */
export const PROMOTION_CODES_PATH = '/apps/global/promotion-codes';
export const PROMOTION_CODE_OVERLAY = 'addOrUpdatePromotionCode';
