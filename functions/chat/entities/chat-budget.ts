import { Entity, SERVICE } from '../../lib/entity';

/**
 * A person's assistant messages of one day (Brussels): a tally each message takes under
 * `used < limit` with one conditional `ADD` (decision 0043), so racing messages never pass the
 * budget. In the person's own partition; the TTL removes it two days later.
 */
export const ChatBudgetEntity = new Entity({
  model: { entity: 'chatBudget', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    day: { type: 'string', required: true, readOnly: true },
    used: { type: 'number', required: true, default: 0 },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['day'] },
    },
  },
});
