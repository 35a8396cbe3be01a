import { getMe } from '../../shared/contracts/me';
import { createHttpHandler, route } from '../lib/http';
import { loadMe } from './service';

export const handler = createHttpHandler([
  route(getMe, ({ caller, headers }) => loadMe(caller.userId, headers)),
]);
