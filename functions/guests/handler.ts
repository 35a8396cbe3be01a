import { convertGuest, createGuest, registerGuest } from '@shared/contracts/guests';
import { sourceIpOf } from '../lib/caller';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import { enterByDelegation } from '../campaigns';
import * as service from './service';

export const handler = createHttpHandler(
  [
    // A delegation (an access code and a campaign) enters as the code's member (decision 0029).
    route(createGuest, ({ body, headers, event }) =>
      body.delegation
        ? enterByDelegation(body.delegation, headers.language, sourceIpOf(event))
        : service.createGuest(body, headers.language),
    ),
    route(registerGuest, ({ caller, body }) => service.registerGuest(caller, body.email)),
    route(convertGuest, ({ caller, body, headers }) => service.convertGuest(caller, body, headers.language)),
  ],
  callerAccounts,
);
