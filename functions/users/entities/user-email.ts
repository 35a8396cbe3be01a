import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/** One of the user's email addresses, in the `account` collection. */
export const UserEmailEntity = new Entity({
  model: { entity: 'userEmail', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true, readOnly: true },
    primary: { type: 'boolean', required: true, default: false },
    isVerified: { type: 'boolean', required: true, default: false },
    verifiedAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
  },
  indexes: {
    byUser: {
      collection: 'account',
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['email'] },
    },
  },
});
