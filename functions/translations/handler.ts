import { translate } from '@shared/contracts/translations';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import * as service from './service';

export const handler = createHttpHandler(
  [route(translate, ({ body }) => service.translate(body))],
  callerAccounts,
);
