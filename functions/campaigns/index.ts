/**
 * The campaigns domain's face: what the notifications worker runs when a cycle's schedule fires,
 * the items of a campaign, the rolls of sealed cycles for their reports (decision 0035), and
 * whether a campaign is a sphere's (a campaign link's, decision 0027). What the demo needs to seed
 * a campaign is its seeding section, seeding.ts.
 */
export { handleCycleEvent } from './events';
export { enterByDelegation } from './delegation';
export { campaignCode } from './definitions';
export { isCampaignOfSphere } from './references';
export type { AnswerItem, CampaignItem, CycleItem, ParticipantItem } from './repository';
export { rebuildSphereCampaignRollups, rollCampaign } from './reports';
