import { acceptLegalConsents, getLegalConsents, getLegalDocuments } from '@shared/contracts/legal';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import { acceptConsents, loadLegalConsents, loadLegalDocuments } from './service';

export const handler = createHttpHandler(
  [
    route(getLegalConsents, ({ caller, headers }) => loadLegalConsents(caller.userId, headers.language)),
    route(getLegalDocuments, ({ headers }) => loadLegalDocuments(headers.language)),
    route(acceptLegalConsents, ({ caller, body, headers }) =>
      acceptConsents(caller.userId, body, headers.language),
    ),
  ],
  callerAccounts,
);
