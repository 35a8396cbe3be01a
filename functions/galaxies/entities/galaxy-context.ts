import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import type { ContextOverrideKey } from '@shared/domain/sphere-contexts';

const TEXT_PER_LANGUAGE = {
  type: 'map',
  properties: { fr: { type: 'string' }, en: { type: 'string' }, nl: { type: 'string' } },
} as const;

const PAIRS = {
  type: 'list',
  items: {
    type: 'map',
    properties: { from: { type: 'string', required: true }, to: { type: 'string', required: true } },
  },
} as const;

const OVERRIDES = {
  sphereWelcome: TEXT_PER_LANGUAGE,
  groupsEmpty: TEXT_PER_LANGUAGE,
  leaveMessage: TEXT_PER_LANGUAGE,
} as const satisfies Record<ContextOverrideKey, typeof TEXT_PER_LANGUAGE>;

/**
 * A galaxy's context (spec 02 §3 Galaxy context): the shape of a sphere context, one per galaxy,
 * in the galaxy's collection. A sphere of the galaxy without an active context of its own reads it.
 */
export const GalaxyContextEntity = new Entity({
  model: { entity: 'galaxyContext', version: '1', service: SERVICE },
  attributes: {
    galaxyId: { type: 'string', required: true, readOnly: true },
    name: { ...TEXT_PER_LANGUAGE, required: true },
    description: { ...TEXT_PER_LANGUAGE, required: true, default: () => ({}) },
    substitutions: {
      type: 'map',
      required: true,
      default: () => ({}),
      properties: { fr: PAIRS, en: PAIRS, nl: PAIRS },
    },
    overrides: { type: 'map', required: true, default: () => ({}), properties: OVERRIDES },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    galaxy: {
      collection: 'galaxy',
      pk: { field: 'pk', composite: ['galaxyId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
