import { getMe } from '@shared/contracts/me';
import { updateFavorites, updateProfile } from '@shared/contracts/profile';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import { loadMe, saveFavorites, saveProfile } from './service';

export const handler = createHttpHandler(
  [
    route(getMe, ({ caller, headers }) => loadMe(caller.userId, headers)),
    route(updateProfile, ({ caller, body }) => saveProfile(caller.userId, body)),
    route(updateFavorites, ({ caller, body }) => saveFavorites(caller.userId, body)),
  ],
  callerAccounts,
);
