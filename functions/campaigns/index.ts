/**
 * The campaigns domain's face: what the notifications worker runs when a cycle's schedule fires,
 * the items of a campaign, the rolls of sealed cycles for their reports (decision 0035), whether a
 * campaign is a sphere's (a campaign link's, decision 0027) and what a sphere's campaigns hold of
 * its galaxy's quotas (moved with the sphere to another galaxy, decision 0045). What the demo needs
 * to seed a campaign is its seeding section, seeding.ts.
 */
export { handleCycleEvent } from './events';
export { enterByDelegation } from './delegation';
export { campaignCode } from './definitions';
export { isCampaignOfSphere } from './references';
export { campaignGalaxyUsage } from './repository';
export type { AnswerItem, CampaignItem, CycleItem, ParticipantItem } from './repository';
export { rebuildSphereCampaignRollups, rollCampaign } from './reports';
