import { verifyPhone } from '@shared/contracts/phone';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import * as service from './service';

export const handler = createHttpHandler(
  [route(verifyPhone, ({ caller, body }) => service.verifyPhone(caller.userId, body))],
  callerAccounts,
);
