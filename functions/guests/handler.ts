import { convertGuest, createGuest, registerGuest } from '../../shared/contracts/guests';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import * as service from './service';

export const handler = createHttpHandler(
  [
    route(createGuest, ({ body, headers }) => service.createGuest(body, headers.language)),
    route(registerGuest, ({ caller, body }) => service.registerGuest(caller, body.email)),
    route(convertGuest, ({ caller, body, headers }) => service.convertGuest(caller, body, headers.language)),
  ],
  callerAccounts,
);
