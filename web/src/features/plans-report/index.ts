import { defineFeature } from '../../lib/feature';
import { PLANS_REPORT_PATH } from './paths';

/**
 * The super-admins' report of individual plans (spec 02 §7 `GET /users/subscriptions/report`;
 * decision 0053): who holds a plan now and how, the trials, payments and codes of each period, and
 * the promotion codes created, with its Excel file.
 */
export const plansReportFeature = defineFeature({
  name: 'plans-report',
  pages: [{ path: PLANS_REPORT_PATH, access: 'signed-in', load: () => import('./plans-report-page') }],
  navigation: [
    // Held without condition by the super-admin mode only (everyone reads their own plan).
    {
      path: PLANS_REPORT_PATH,
      labelKey: 'plansReport.nav',
      order: 92,
      ability: { action: 'manage', subject: 'subscription' },
    },
  ],
});
