/**
 * The campaigns domain's face: what the notifications worker runs when a cycle's schedule fires,
 * and what the local stack needs to seed a demo campaign (its items, the steps a cycle asks, the
 * key of a person's answer while a cycle collects, and the server's check of an answer), and the
 * rolls of sealed cycles for their reports (decision 0035), and whether a campaign is a sphere's
 * (a campaign link's, decision 0027).
 */
export { handleCycleEvent } from './events';
export { enterByDelegation } from './delegation';
export { campaignCode } from './definitions';
export { isCampaignOfSphere } from './references';
export { importCampaign, importCycle, importParticipations } from './imports';
export { answerKeyOf } from './keys';
export { stepDefinitions } from './participation';
export { answerProblems } from './validation';
export type { AnswerItem, CampaignItem, CycleItem, ParticipantItem } from './repository';
export { rebuildSphereCampaignRollups, rollCampaign } from './reports';
