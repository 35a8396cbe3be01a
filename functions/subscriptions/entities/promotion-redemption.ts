import { Entity, SERVICE } from '../../lib/entity';

/**
 * One person's redemption of a promotion code: one item per person and code (created on the
 * condition that none exists, so a code is redeemed once by each), in the person's own partition:
 * their redemptions are one Query on their id ("download my data", erasure). On gsi1 under one key
 * (`listKey`) by the end of the month it gave, so the free months still running are one Query from
 * now on (the super-admins' report, decision 0053).
 */
export const PromotionRedemptionEntity = new Entity({
  model: { entity: 'promotionRedemption', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    code: { type: 'string', required: true, readOnly: true },
    listKey: { type: 'string', required: true, readOnly: true, default: () => 'promotion-redemptions' },
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
    running: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['listKey'] },
      sk: { field: 'gsi1sk', composite: ['planUntil', 'userId', 'code'] },
    },
  },
});
