import { Entity, SERVICE } from '../../lib/entity';
import { PLAN_CHANGE_KINDS } from '@shared/domain/plan-report';

/**
 * One change of someone's own plan, as the super-admins' report counts it (decision 0053): a trial
 * started, a plan paid, renewed, behind on a payment or ended, a promotion code redeemed. Written in
 * the transaction of the change itself, never edited. It names no one (no userId, no provider id):
 * erasing a person leaves the counts of the past as they were, and nothing in it leads back to them.
 * All under one key (`listKey`), by `changeId` (compact time + random), so a period's changes are
 * one Query between two instants.
 */
export const PlanChangeEntity = new Entity({
  model: { entity: 'planChange', version: '1', service: SERVICE },
  attributes: {
    listKey: { type: 'string', required: true, readOnly: true, default: () => 'plan-changes' },
    /** `20261124T101500123Z-a1b2c3d4`: in time order. */
    changeId: { type: 'string', required: true, readOnly: true },
    at: { type: 'string', required: true, readOnly: true },
    kind: { type: PLAN_CHANGE_KINDS, required: true, readOnly: true },
    plan: { type: ['essentials', 'premium'] as const, required: true, readOnly: true },
  },
  indexes: {
    log: {
      pk: { field: 'pk', composite: ['listKey'] },
      sk: { field: 'sk', composite: ['changeId'] },
    },
  },
});
