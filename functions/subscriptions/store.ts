import { defineStore } from '../lib/db';
import { PromotionCodeEntity } from './entities/promotion-code';
import { PromotionCodeSequenceEntity } from './entities/promotion-code-sequence';
import { PromotionRedemptionEntity } from './entities/promotion-redemption';

/** The subscriptions domain's entities: promotion codes, their redemptions and their numbering. */
export const SUBSCRIPTIONS_ENTITIES = {
  promotionCode: PromotionCodeEntity,
  promotionRedemption: PromotionRedemptionEntity,
  promotionCodeSequence: PromotionCodeSequenceEntity,
};

export const subscriptionsDb = defineStore(SUBSCRIPTIONS_ENTITIES);
