/**
 * The forms domain's seeding section of its face: the writers of the demo questionnaires, their
 * entitlements and their answers (tools/demo/seed.ts, tools/demo/demo-forms.ts).
 * It is not for other domains (they read `index.ts`, and the lint refuses any other file of a
 * domain to them); tools/ read only the faces and these sections.
 */
export {
  importEntitlements,
  importForms,
  importManySurveys,
  importSurveys,
  type EntitlementFields,
  type NewSurvey,
} from './repository';
