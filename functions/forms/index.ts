/**
 * The forms domain's face: what other domains and the local stack may use of it (the demo
 * questionnaires, their entitlements and answers are written through the importers of its seeding
 * section, seeding.ts), and what a deleted session leaves in its sphere's entitlements
 * (`removeSessionFromEntitlements`), the rebuild of a sphere's questionnaire rollups, and what a form's report counts (`formReportShape`,
 * for a campaign's form steps, and `reportDefinitionOf`, which a sealed cycle keeps, decision 0038),
 * and which forms a sphere is entitled to (`formsEntitledTo`: the questionnaires a campaign's
 * measures and a link's form step may name, decisions 0024 and 0027).
 */
export { findStoredForm, formsEntitledTo, removeSessionFromEntitlements } from './repository';
export { rebuildSphereFormRollups } from './rollups';
export { shapeOf as formReportShape } from './reports';
export { reportDefinitionOf } from './report-definition';
export { formsCascades } from './cascades';
