import {
  createSessionFeelingReport,
  createSphereFeelingReport,
  createSphereThinkingReport,
} from '../../shared/contracts/reports';
import { createHttpHandler, route } from '../lib/http';
import { callerAccounts } from '../access';
import { sessionFeelingReport, sphereFeelingReport, sphereThinkingReport } from './service';

export const handler = createHttpHandler(
  [
    route(createSphereFeelingReport, ({ body }) => sphereFeelingReport(body)),
    route(createSessionFeelingReport, ({ body }) => sessionFeelingReport(body)),
    route(createSphereThinkingReport, ({ body }) => sphereThinkingReport(body)),
  ],
  callerAccounts,
);
