import { getMe } from '../../shared/contracts/me';
import { updateProfile } from '../../shared/contracts/profile';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import { loadMe, saveProfile } from './service';

export const handler = createHttpHandler(
  [
    route(getMe, ({ caller, headers }) => loadMe(caller.userId, headers)),
    route(updateProfile, ({ caller, body }) => saveProfile(caller.userId, body)),
  ],
  callerAccounts,
);
