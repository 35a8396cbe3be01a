/** The super-admins' page of individual plans (spec 02 §7 subscriptions report). */
export const PLANS_REPORT_PATH = '/apps/global/subscriptions';
