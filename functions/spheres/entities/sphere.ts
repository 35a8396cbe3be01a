import { Entity, SERVICE, isoNow as now } from '../../lib/entity';
import { ACCESS_POLICIES, SPHERE_COUNTRIES } from '@shared/domain/spheres';

const LANGUAGE = ['fr', 'en', 'nl'] as const;
/** The contract checks each extra language; ElectroDB lists hold plain strings. */
const LANGUAGES_LIST = { type: 'list', items: { type: 'string' }, required: true } as const;

/**
 * A sphere (spec 01 §3): collection `sphere` (pk = sphere) with its members. Every sphere is also
 * on index gsi1 under one key, sorted by name, for the super-admins' list (one Query).
 */
export const SphereEntity = new Entity({
  model: { entity: 'sphere', version: '1', service: SERVICE },
  attributes: {
    sphereId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    /** `sphereNameKey(name)`: the sort key of the admin list and the duplicate-name check. */
    nameKey: { type: 'string', required: true },
    shortName: { type: 'string' },
    category: { type: 'string', required: true },
    galaxyId: { type: 'string' },
    /**
     * Who created it: the duplicate-name scope when the sphere is in no galaxy. When the creator
     * leaves the product it becomes `former:<sphereId>`, naming nobody.
     */
    ownerId: { type: 'string', required: true },
    email: { type: 'string' },
    phone: { type: 'string' },
    /**
     * Key of the logo in the assets bucket (`logos/<sphereId>/…`), written only by the logo
     * routes, which leave `updatedAt` as it is (decision 0016).
     */
    logo: { type: 'string' },
    address: {
      type: 'map',
      required: true,
      properties: {
        street1: { type: 'string' },
        street2: { type: 'string' },
        postalCode: { type: 'string' },
        city: { type: 'string' },
        country: { type: SPHERE_COUNTRIES, required: true },
        latitude: { type: 'number' },
        longitude: { type: 'number' },
      },
    },
    domains: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    isStudyProgram: { type: 'boolean', required: true, default: false },
    isTerminalEnabled: { type: 'boolean', required: true, default: false },
    /** Campaign notifications by SMS (spec 02 §3 Sphere: campaign SMS notification flag), a paid option. */
    campaignSmsEnabled: { type: 'boolean', default: false },
    customizableThinkingAxes: { type: 'boolean', required: true, default: false },
    /** Strategies of the sphere and its sessions (decision 0019); spheres written before it have none: off. */
    strategyEnabled: { type: 'boolean', default: false },
    accessPolicy: { type: ACCESS_POLICIES, required: true, default: 'AUTH' },
    /** Feelings recorded further than this (km) from the address's point are refused. */
    maxFeelingDistanceKm: { type: 'number' },
    /** Sign-in with the address and an access code for members the admins allow (spec 01 §3). */
    lowSecurityAccessOptions: {
      type: 'map',
      properties: {
        enabled: { type: 'boolean', required: true },
        /** What the sphere calls its access codes (an employee number…), per language. */
        label: {
          type: 'map',
          properties: { fr: { type: 'string' }, en: { type: 'string' }, nl: { type: 'string' } },
        },
      },
    },
    /** The key access codes are hashed with (HMAC-SHA256), drawn when the first code is saved. */
    accessCodeSalt: { type: 'string' },
    languages: {
      type: 'map',
      required: true,
      properties: {
        primary: { type: LANGUAGE, required: true },
        extras: LANGUAGES_LIST,
      },
    },
    limits: {
      type: 'map',
      required: true,
      properties: {
        tags: { type: 'number', required: true },
        members: { type: 'number', required: true },
        groups: { type: 'number', required: true },
      },
    },
    entitlements: {
      type: 'map',
      required: true,
      properties: {
        engagementUp: {
          type: 'map',
          required: true,
          properties: {
            active: { type: 'boolean', required: true },
            campaignTemplatesAvailable: { type: 'boolean', required: true },
          },
        },
        salesUp: { type: 'map', required: true, properties: { active: { type: 'boolean', required: true } } },
      },
    },
    /** How licences are paid (spec 02 §4): bill or auto chosen once, legacy by a super-admin. */
    licenceMode: { type: ['bill', 'auto', 'legacy'] as const },
    /** The secret of the join link (spec 01 §3 sphereKey); regenerating it expires the old link. */
    sphereKey: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    sphere: {
      collection: 'sphere',
      pk: { field: 'pk', composite: ['sphereId'] },
      sk: { field: 'sk', composite: [] },
    },
    all: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['nameKey', 'sphereId'] },
    },
  },
});
