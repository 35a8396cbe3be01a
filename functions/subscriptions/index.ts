/**
 * The subscriptions domain's face: promotion codes and their redemptions (decision 0048). The
 * person's own plan lives on their user item (the users domain); no other domain reads this one yet.
 */
export { findPromotionCode, promotionCodesOf, type PromotionCodeItem } from './repository';
