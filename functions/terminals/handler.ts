import {
  createTerminal,
  createTerminalFeeling,
  deleteTerminal,
  getKiosk,
  getSessionTerminalFigures,
  listTerminals,
} from '@shared/contracts/terminals';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import * as service from './service';

export const handler = createHttpHandler(
  [
    // Setting terminals up: a sphere's admins and sales-up members (checked by the service).
    route(createTerminal, ({ caller, body, headers }) =>
      service.createTerminal(caller.userId, body, headers.superAdmin),
    ),
    route(listTerminals, ({ caller, query, headers }) =>
      service.listTerminals(caller.userId, query.sphereId, headers.superAdmin),
    ),
    route(getSessionTerminalFigures, ({ caller, query, headers }) =>
      service.sessionFigures(caller.userId, query, headers.superAdmin),
    ),
    route(deleteTerminal, ({ caller, params, headers }) =>
      service.deleteTerminal(caller.userId, params.terminalId, headers.superAdmin),
    ),
    // The kiosk: no token, its key in a header.
    route(getKiosk, ({ params, event }) => service.kiosk(params.terminalId, event.headers)),
    route(createTerminalFeeling, async ({ params, body, event }) => {
      const { feeling, created } = await service.recordFeeling(params.terminalId, event.headers, body);
      return { body: feeling, headers: {}, status: created ? 201 : 200 };
    }),
  ],
  callerAccounts,
);
