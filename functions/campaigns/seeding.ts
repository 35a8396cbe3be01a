/**
 * The campaigns domain's seeding section of its face: the writers of a demo campaign, its cycles
 * and its participations (tools/demo/demo-campaigns.ts), the steps a cycle asks, the key of a
 * person's answer while a cycle collects, and the server's check of an answer.
 * It is not for other domains (they read `index.ts`, and the lint refuses any other file of a
 * domain to them); tools/ read only the faces and these sections.
 */
export { importCampaign, importCycle, importParticipations } from './imports';
export { answerKeyOf } from './keys';
export { stepDefinitions } from './participation';
export { answerProblems } from './validation';
