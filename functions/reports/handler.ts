import { createSphereFeelingReport } from '../../shared/contracts/reports';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import { sphereFeelingReport } from './service';

export const handler = createHttpHandler(
  [route(createSphereFeelingReport, ({ body }) => sphereFeelingReport(body))],
  callerAccounts,
);
