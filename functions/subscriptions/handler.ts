import {
  createPromotionCode,
  getSubscriptionsReport,
  listPromotionCodes,
  redeemPromotionCode,
} from '@shared/contracts/subscriptions';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import { subscriptionsReport } from './report';
import * as service from './service';

export const handler = createHttpHandler(
  [
    route(createPromotionCode, ({ caller, body, headers }) =>
      service.createCode(caller.userId, body, headers.language),
    ),
    route(listPromotionCodes, ({ caller, query }) =>
      service.listCodes(caller.userId, { max: query._max, offset: query._offset }),
    ),
    route(redeemPromotionCode, ({ caller, body }) => service.redeemCode(caller.userId, body.code)),
    route(getSubscriptionsReport, ({ query }) => subscriptionsReport(query)),
  ],
  callerAccounts,
);
