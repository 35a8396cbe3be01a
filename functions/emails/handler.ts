import {
  addEmail,
  deleteEmail,
  makeEmailPrimary,
  sendEmailVerification,
  verifyEmail,
} from '@shared/contracts/emails';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import * as service from './service';

export const handler = createHttpHandler(
  [
    route(addEmail, ({ caller, params }) => service.addEmail(caller.userId, params.email)),
    route(sendEmailVerification, ({ caller, params }) =>
      service.resendEmailCode(caller.userId, params.email),
    ),
    route(verifyEmail, ({ caller, params }) => service.verifyEmail(caller.userId, params)),
    route(makeEmailPrimary, ({ caller, params }) => service.makePrimary(caller, params)),
    route(deleteEmail, ({ caller, params }) => service.deleteEmail(caller.userId, params.email)),
  ],
  callerAccounts,
);
