/**
 * The forms domain's face: what other domains and the local stack may use of it (the demo
 * questionnaires, their entitlements and answers are written through the importers).
 */
export {
  importEntitlements,
  importForms,
  importSurveys,
  type EntitlementFields,
  type NewSurvey,
} from './repository';
