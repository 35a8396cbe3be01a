import { registerSignInDevice, signIn } from '@shared/contracts/auth';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import { issueDeviceKey } from './devices';
import { signInOptions } from './service';

export const handler = createHttpHandler(
  [
    route(signIn, ({ body }) => signInOptions(body.email)),
    route(registerSignInDevice, async ({ caller }) => ({ deviceKey: await issueDeviceKey(caller.userId) })),
  ],
  callerAccounts,
);
