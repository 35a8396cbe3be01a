import { getMe, listMySessions } from '@shared/contracts/me';
import {
  addGlobalMember,
  listGlobalMembers,
  listGlobalRoleChanges,
  removeGlobalMemberAccess,
  updateGlobalMember,
} from '@shared/contracts/global-members';
import { updateFavorites, updateProfile } from '@shared/contracts/profile';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts, loadMe, loadMySessions } from '../access';
import { retagPerson } from '../spheres';
import * as globalMembers from './global-members';
import { saveFavorites, saveProfile } from './service';

export const handler = createHttpHandler(
  [
    route(getMe, ({ caller, headers }) => loadMe(caller.userId, headers)),
    route(listMySessions, ({ caller, headers }) => loadMySessions(caller.userId, headers)),
    route(updateProfile, ({ caller, body }) => saveProfile(caller.userId, body, retagPerson)),
    route(updateFavorites, ({ caller, body }) => saveFavorites(caller.userId, body)),
    route(listGlobalMembers, ({ query }) =>
      globalMembers.listMembers({ max: query._max, offset: query._offset, q: query.q }),
    ),
    route(addGlobalMember, ({ caller, body }) => globalMembers.addMember(caller.userId, body)),
    route(updateGlobalMember, ({ caller, params, body }) =>
      globalMembers.updateMember(caller.userId, params.id, body),
    ),
    route(removeGlobalMemberAccess, ({ caller, params }) =>
      globalMembers.removeMemberAccess(caller.userId, params.id),
    ),
    route(listGlobalRoleChanges, ({ query }) =>
      globalMembers.listRoleChanges({ max: query._max, offset: query._offset, memberId: query.memberId }),
    ),
  ],
  callerAccounts,
);
