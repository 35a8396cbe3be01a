/**
 * The campaigns domain's face: what the notifications worker runs when a cycle's schedule fires,
 * and what the local stack needs to seed a demo campaign.
 */
export { handleCycleEvent } from './events';
export { campaignCode } from './definitions';
