import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { QUOTA_REQUEST_STATUSES } from '@shared/domain/galaxies';

/**
 * A galaxy admin's request to change a quota (spec 02 §5): collection `galaxy`; while pending it
 * sits on gsi2 under one key (`pendingKey`, removed when decided: a sparse index), sorted by
 * creation, so the super-admins' list of every galaxy's pending requests is one Query.
 */
export const QuotaRequestEntity = new Entity({
  model: { entity: 'quotaRequest', version: '1', service: SERVICE },
  attributes: {
    galaxyId: { type: 'string', required: true, readOnly: true },
    requestId: { type: 'string', required: true, readOnly: true },
    kind: { type: 'string', required: true, readOnly: true },
    currentValue: { type: 'number' },
    requestedValue: { type: 'number', required: true },
    reason: { type: 'string', required: true },
    status: { type: QUOTA_REQUEST_STATUSES, required: true, default: 'pending' },
    requestedBy: {
      type: 'map',
      required: true,
      properties: { userId: { type: 'string', required: true }, name: { type: 'string', required: true } },
    },
    decidedBy: {
      type: 'map',
      properties: { userId: { type: 'string', required: true }, name: { type: 'string', required: true } },
    },
    comment: { type: 'string' },
    /** `pending` while pending, `decided` after: only a pending request is on the pending index. */
    pendingKey: { type: ['pending', 'decided'] as const, required: true, default: 'pending' },
    /**
     * Not read-only: a composite of the sparse pending index, which every write of `pendingKey`
     * repeats (as read) so ElectroDB can take the request off the index.
     */
    createdAt: { type: 'string', required: true, default: now },
    decidedAt: { type: 'string' },
  },
  indexes: {
    galaxy: {
      collection: 'galaxy',
      pk: { field: 'pk', composite: ['galaxyId'] },
      sk: { field: 'sk', composite: ['requestId'] },
    },
    pending: {
      index: 'gsi2',
      /** Sparse: only a pending request is written on the index. */
      condition: (attributes: { pendingKey?: string }) => attributes.pendingKey === 'pending',
      pk: { field: 'gsi2pk', composite: ['pendingKey'] },
      sk: { field: 'gsi2sk', composite: ['createdAt', 'requestId'] },
    },
  },
});
