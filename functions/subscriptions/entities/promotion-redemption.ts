import { Entity, SERVICE } from '../../lib/entity';

/**
 * One person's redemption of a promotion code: one item per person and code (created on the
 * condition that none exists, so a code is redeemed once by each), in the person's own partition:
 * their redemptions are one Query on their id ("download my data", erasure).
 */
export const PromotionRedemptionEntity = new Entity({
  model: { entity: 'promotionRedemption', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    code: { type: 'string', required: true, readOnly: true },
    /** The plan and its end the redemption gave. */
    subscription: { type: ['essentials'] as const, required: true, readOnly: true },
    planUntil: { type: 'string', required: true, readOnly: true },
    redeemedAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['code'] },
    },
  },
});
