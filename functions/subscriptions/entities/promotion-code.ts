import { Entity, SERVICE } from '../../lib/entity';

/**
 * A promotion code (spec 02 §3): what people type, its number, the name its ambassador gave it, the
 * sphere and session it is for (their names as they were), how many people may redeem it (`count`)
 * and how many did (`used`, the tally its redemptions take under `used < count`: decision 0043),
 * and the day it is valid on (Europe/Brussels, decision 0048).
 *
 * Keyed by the code (a redemption reads it with one GetItem); its ambassador's list is one Query of
 * index gsi1 on `ownerId`, newest first; the super-admins' report reads the codes of a period with
 * one Query of gsi2 under one key (`listKey`), by day (decision 0053).
 */
export const PromotionCodeEntity = new Entity({
  model: { entity: 'promotionCode', version: '1', service: SERVICE },
  attributes: {
    code: { type: 'string', required: true, readOnly: true },
    listKey: { type: 'string', required: true, readOnly: true, default: () => 'promotion-codes' },
    number: { type: 'number', required: true, readOnly: true },
    name: { type: 'string', required: true },
    /** The ambassador who created it: only they list it. */
    ownerId: { type: 'string', required: true, readOnly: true },
    sphereId: { type: 'string' },
    sphereName: { type: 'string' },
    sessionId: { type: 'string' },
    sessionName: { type: 'string' },
    count: { type: 'number', required: true },
    used: { type: 'number', required: true, default: 0 },
    /** YYYY-MM-DD (Europe/Brussels): the day of its creation, the only day it is redeemed. */
    day: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byCode: {
      pk: { field: 'pk', composite: ['code'] },
      sk: { field: 'sk', composite: [] },
    },
    byOwner: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['ownerId'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'code'] },
    },
    byDay: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['listKey'] },
      sk: { field: 'gsi2sk', composite: ['day', 'code'] },
    },
  },
});
