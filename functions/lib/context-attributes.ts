import type { ContextOverrideKey } from '@shared/domain/sphere-contexts';

/**
 * The texts of a context as ElectroDB attributes, the same for a sphere's and a galaxy's (spec 01 §3
 * Sphere context, spec 02 §3 Galaxy context): texts per language, word pairs per language, and one
 * text per override key.
 */
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

/** One text per override key: the closed list of the contract (a key missing here fails to compile). */
const OVERRIDES = {
  sphereWelcome: TEXT_PER_LANGUAGE,
  groupsEmpty: TEXT_PER_LANGUAGE,
  leaveMessage: TEXT_PER_LANGUAGE,
} as const satisfies Record<ContextOverrideKey, typeof TEXT_PER_LANGUAGE>;

export const CONTEXT_TEXT_ATTRIBUTES = {
  name: { ...TEXT_PER_LANGUAGE, required: true },
  description: { ...TEXT_PER_LANGUAGE, required: true, default: () => ({}) },
  substitutions: {
    type: 'map',
    required: true,
    default: () => ({}),
    properties: { fr: PAIRS, en: PAIRS, nl: PAIRS },
  },
  overrides: { type: 'map', required: true, default: () => ({}), properties: OVERRIDES },
} as const;
