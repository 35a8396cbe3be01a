import {
  createFeeling,
  getFeeling,
  getFeelingWords,
  listFeelings,
  updateFeeling,
} from '../../shared/contracts/feelings';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../users';
import * as service from './service';

export const handler = createHttpHandler(
  [
    route(getFeelingWords, async () => service.listWords()),
    route(createFeeling, ({ caller, body }) => service.createFeeling(caller.userId, body)),
    route(listFeelings, ({ caller, query }) =>
      service.listFeelings(caller.userId, {
        start: query.start,
        end: query.end,
        colors: query.color,
        notes: query.personalNotes,
        max: query._max,
        offset: query._offset,
      }),
    ),
    route(getFeeling, ({ caller, params }) => service.getFeeling(caller.userId, params.id)),
    route(updateFeeling, ({ caller, params, body }) => service.updateFeeling(caller.userId, params.id, body)),
  ],
  callerAccounts,
);
