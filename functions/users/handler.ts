import { getMe } from '../../shared/contracts/me';
import {
  acceptLegalConsents,
  getLegalConsents,
  getLegalDocuments,
  updateProfile,
} from '../../shared/contracts/profile';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from './index';
import {
  acceptLegalConsents as accept,
  loadLegalConsents,
  loadLegalDocuments,
  loadMe,
  saveProfile,
} from './service';

export const handler = createHttpHandler(
  [
    route(getMe, ({ caller, headers }) => loadMe(caller.userId, headers)),
    route(updateProfile, ({ caller, body }) => saveProfile(caller.userId, body)),
    route(getLegalConsents, ({ caller, headers }) => loadLegalConsents(caller.userId, headers.language)),
    route(getLegalDocuments, ({ headers }) => loadLegalDocuments(headers.language)),
    route(acceptLegalConsents, ({ caller, body, headers }) => accept(caller.userId, body, headers.language)),
  ],
  callerAccounts,
);
