import { getMe } from '@shared/contracts/me';
import { updateFavorites, updateProfile } from '@shared/contracts/profile';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts, loadMe } from '../access';
import { retagPerson } from '../spheres';
import { saveFavorites, saveProfile } from './service';

export const handler = createHttpHandler(
  [
    route(getMe, ({ caller, headers }) => loadMe(caller.userId, headers)),
    route(updateProfile, ({ caller, body }) => saveProfile(caller.userId, body, retagPerson)),
    route(updateFavorites, ({ caller, body }) => saveFavorites(caller.userId, body)),
  ],
  callerAccounts,
);
