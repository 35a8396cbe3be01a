import { signIn } from '../../shared/contracts/auth';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import { signInOptions } from './service';

export const handler = createHttpHandler(
  [route(signIn, ({ body }) => signInOptions(body.email))],
  callerAccounts,
);
