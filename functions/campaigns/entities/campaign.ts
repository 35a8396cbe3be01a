import { Entity, SERVICE, isoNow as now } from '../../lib/entity';

/**
 * A campaign of a sphere (spec 02 §3 Campaign) with its measures. In its own partition for GetItem;
 * index gsi1 lists a sphere's campaigns by creation date in one Query. The participants' URL code is
 * not stored: it is derived from the sphere's secret (functions/spheres access codes).
 */
export const CampaignEntity = new Entity({
  model: { entity: 'campaign', version: '1', service: SERVICE },
  attributes: {
    campaignId: { type: 'string', required: true, readOnly: true },
    sphereId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    internalLabel: { type: 'string', required: true, default: '' },
    publicName: { type: 'any', required: true },
    code: { type: 'string', required: true, default: '' },
    description: { type: 'any', required: true },
    timezone: { type: 'string', required: true },
    tags: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    useSphereLogo: { type: 'boolean', required: true, default: true },
    /**
     * The key of its own logo in the assets bucket, written by the logo routes alone, without moving
     * `updateDate` (functions/campaigns/logo.ts): a settings save never writes it.
     */
    logo: { type: 'string' },
    start: { type: 'string' },
    end: { type: 'string' },
    mode: { type: ['simple', 'managed', 'manual'] as const, required: true },
    templateModel: { type: ['checkup', 'blank', 'simple', 'aripso'] as const, required: true },
    defaultLocale: { type: ['fr', 'en', 'nl'] as const, required: true },
    firstMessage: { type: 'any', required: true },
    welcomeMessage: { type: 'any', required: true },
    endMessage: { type: 'any', required: true },
    endRedirectUrl: { type: 'string' },
    linkExpiration: { type: 'string' },
    qrStepNumber: { type: 'number', required: true, default: 0 },
    allowGuest: { type: 'boolean', required: true, default: false },
    allowDelegation: { type: 'boolean', required: true, default: false },
    targets: { type: 'any', required: true },
    /** The measures in order (spec 02 §3 Measure), as the contract's schema checked them. */
    measures: { type: 'any', required: true },
    cancelled: { type: 'boolean', required: true, default: false },
    closed: { type: 'boolean', required: true, default: false },
    creationDate: { type: 'string', required: true, readOnly: true, default: now },
    updateDate: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    byId: {
      collection: 'campaignWithCycles',
      pk: { field: 'pk', composite: ['campaignId'] },
      sk: { field: 'sk', composite: [] },
    },
    bySphere: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['sphereId'] },
      sk: { field: 'gsi1sk', composite: ['creationDate', 'campaignId'] },
    },
  },
});
