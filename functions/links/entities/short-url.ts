import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { LANGUAGES } from '@shared/contracts/headers';
import { LINK_CATEGORIES, WIZARD_TYPES } from '@shared/domain/links';

/**
 * A link (spec 01 §3 Short URL alias, spec 02 §3): a short address of a sphere, a session or a
 * campaign and the steps it runs. In its own partition under its id, so opening it is one GetItem;
 * index gsi1 orders a place's links (the sphere's own and its campaigns', or a session's) by
 * creation, so a settings list is one Query, and a deleted session's links go in one Query too. It
 * names nobody: neither its maker nor those who open it (decision 0027).
 */
export const ShortUrlEntity = new Entity({
  model: { entity: 'shortUrl', version: '1', service: SERVICE },
  attributes: {
    linkId: { type: 'string', required: true, readOnly: true },
    category: { type: LINK_CATEGORIES, required: true, readOnly: true },
    /** What the list belongs to: the session for a session's link, else the sphere. */
    place: { type: ['sphere', 'session'] as const, required: true, readOnly: true },
    placeId: { type: 'string', required: true, readOnly: true },
    sphereId: { type: 'string', required: true, readOnly: true },
    sessionId: { type: 'string', readOnly: true },
    campaignId: { type: 'string', readOnly: true },
    name: { type: 'string', required: true },
    description: { type: 'string', required: true, default: '' },
    redirectUrl: { type: 'string' },
    /** The last day it opens, `YYYY-MM-DD`. */
    expiredAt: { type: 'string', required: true },
    messageForUser: { type: 'string' },
    endMessageForUser: { type: 'string' },
    defaultLanguage: { type: LANGUAGES, required: true },
    /**
     * Key of the link's logo in the assets bucket (`logos/links/<linkId>/…`), set and removed by
     * its own routes only (functions/links/logo.ts).
     */
    logo: { type: 'string' },
    specificTagIds: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    stepNumber: { type: 'number', required: true, default: 0 },
    wizards: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          type: { type: WIZARD_TYPES, required: true },
          period: { type: 'string' },
          groupId: { type: 'string' },
          formId: { type: 'string' },
        },
      },
    },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['linkId'] },
      sk: { field: 'sk', composite: [] },
    },
    byPlace: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['place', 'placeId'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'linkId'] },
    },
  },
});
