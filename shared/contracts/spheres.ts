import * as z from 'zod';
import { LOGO_MAX_BYTES, LOGO_TYPES, LOGO_UPLOAD_SECONDS, type LogoType } from './logos';
import { defineRoute, type RouteContract } from './route';
import { LANGUAGES } from './headers';
import { listOf } from './list';
import { FieldErrorSchema } from './errors';
import { MultilingualTextSchema, perLanguage } from './text';
import {
  ACCESS_POLICIES,
  DOMAIN_PATTERN,
  isFirstDayOfWork,
  MAX_FEELING_DISTANCE_KM,
  SPHERE_CATEGORY_IDS,
  SPHERE_COUNTRIES,
  SPHERE_DOMAINS_MAX,
  SPHERE_NAME_MAX_LENGTH,
  SPHERE_ROLES,
  SPHERE_SHORT_NAME_MAX_LENGTH,
} from '../domain/spheres';

/**
 * Spheres (spec 01 §3 Sphere, §7 Spheres): an organisation's space, created by a registered user
 * who becomes its first admin. Members, sessions, tags and joining build on these routes.
 */

/** Page size of the sphere categories (spec 01 §9). */
export const SPHERE_CATEGORIES_MAX = 200;
/** Page size of a sphere list: a person's own spheres, or every sphere for a super-admin. */
export const SPHERES_MAX = 1_000;

const text = (max: number) => z.string().trim().max(max, 'length-out-of-range-error');
const requiredText = (max: number) => text(max).min(1, 'required');

export const AddressSchema = z.strictObject({
  street1: text(200).optional(),
  street2: text(200).optional(),
  postalCode: text(20).optional(),
  city: text(100).optional(),
  country: z.enum(SPHERE_COUNTRIES, 'not-valid'),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});

export const LanguageSettingsSchema = z
  .strictObject({
    primary: z.enum(LANGUAGES, 'not-valid'),
    extras: z.array(z.enum(LANGUAGES, 'not-valid')).max(LANGUAGES.length).default([]),
  })
  .transform(({ primary, extras }) => ({
    primary,
    extras: [...new Set(extras)].filter((l) => l !== primary),
  }));

const DomainSchema = z.string().trim().toLowerCase().regex(DOMAIN_PATTERN, 'domain-invalid');

/** What the creator and the sphere's admins write (spec 01 §3). */
const SphereFieldsSchema = z.strictObject({
  name: requiredText(SPHERE_NAME_MAX_LENGTH),
  shortName: text(SPHERE_SHORT_NAME_MAX_LENGTH).optional(),
  category: z.enum(SPHERE_CATEGORY_IDS as [string, ...string[]], 'not-valid'),
  email: z.email('email-not-valid').max(254).optional(),
  /** International format, like +32470123456 (spec 01 §5). */
  phone: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'invalid-phone-number')
    .optional(),
  address: AddressSchema,
  domains: z.array(DomainSchema).max(SPHERE_DOMAINS_MAX, 'too-many').default([]),
  /** Shown to every member as "anonymity not guaranteed". */
  isStudyProgram: z.boolean().default(false),
  isTerminalEnabled: z.boolean().default(false),
  customizableThinkingAxes: z.boolean().default(false),
  /**
   * The sphere keeps a strategy, and its sessions theirs, which members read and assess (spec 01 §3,
   * decision 0019). Off for a new sphere; left out of an update, it stays as it is.
   */
  strategyEnabled: z.boolean().optional(),
  accessPolicy: z.enum(ACCESS_POLICIES, 'not-valid').default('AUTH'),
  /**
   * Feelings recorded in the sphere further than this from its location (the address's latitude
   * and longitude) are refused (`sphere-too-far`).
   */
  maxFeelingDistanceKm: z
    .number('not-a-number')
    .int('not-valid')
    .min(MAX_FEELING_DISTANCE_KM.min, 'not-valid')
    .max(MAX_FEELING_DISTANCE_KM.max, 'not-valid')
    .optional(),
  /** Members the admins allow may sign in with their address and an access code. */
  lowSecurityAccessOptions: z
    .strictObject({
      enabled: z.boolean(),
      /** What the sphere calls the code (an employee number…), shown on the sign-in page. */
      label: perLanguage(text(40)).default({}),
    })
    .default({ enabled: false, label: {} }),
  languages: LanguageSettingsSchema,
});

export const SphereCreateSchema = SphereFieldsSchema;
export type SphereCreate = z.infer<typeof SphereCreateSchema>;
export type SphereCreateInput = z.input<typeof SphereCreateSchema>;

/**
 * PUT /v1/spheres/{id}: the whole of the editable fields, with the `updateDate` the editor read, so
 * two admins saving at once do not overwrite each other (409 `conflict`).
 */
export const SphereUpdateSchema = SphereFieldsSchema.extend({ updateDate: z.iso.datetime() });
export type SphereUpdate = z.infer<typeof SphereUpdateSchema>;
export type SphereUpdateInput = z.input<typeof SphereUpdateSchema>;

export const SphereSchema = z.object({
  id: z.string(),
  name: z.string(),
  shortName: z.string().optional(),
  category: z.string(),
  galaxyId: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  address: z.object({
    street1: z.string().optional(),
    street2: z.string().optional(),
    postalCode: z.string().optional(),
    city: z.string().optional(),
    country: z.enum(SPHERE_COUNTRIES),
    latitude: z.number().optional(),
    longitude: z.number().optional(),
  }),
  domains: z.array(z.string()),
  isStudyProgram: z.boolean(),
  isTerminalEnabled: z.boolean(),
  customizableThinkingAxes: z.boolean(),
  strategyEnabled: z.boolean(),
  accessPolicy: z.enum(ACCESS_POLICIES),
  maxFeelingDistanceKm: z.number().optional(),
  lowSecurityAccessOptions: z.object({
    enabled: z.boolean(),
    label: MultilingualTextSchema,
  }),
  languages: z.object({ primary: z.enum(LANGUAGES), extras: z.array(z.enum(LANGUAGES)) }),
  /** Where the browser loads the sphere's logo from (spec 01 §3 `logo`); absent when it has none. */
  logoUrl: z.string().optional(),
  limits: z.object({ tags: z.number(), members: z.number(), groups: z.number() }),
  entitlements: z.object({
    engagementUp: z.object({ active: z.boolean(), campaignTemplatesAvailable: z.boolean() }),
    salesUp: z.object({ active: z.boolean() }),
  }),
  /** Campaign notifications may go by SMS (spec 02 §3: campaign SMS notification flag), a paid option. */
  campaignSmsEnabled: z.boolean(),
  /** Whether the caller is an active member, and their roles there. */
  isMember: z.boolean(),
  roles: z.array(z.enum(SPHERE_ROLES)),
  createdAt: z.string(),
  updateDate: z.string(),
});
export type Sphere = z.infer<typeof SphereSchema>;

export const SphereCategorySchema = z.object({ id: z.string(), name: z.string() });

const SphereIdParams = z.strictObject({ id: z.string().min(1).max(64) });

export const SphereListQuerySchema = z.strictObject({
  /** `all`: every sphere of the product, for super-admins (the admin list `/apps/spheres`). */
  scope: z.enum(['mine', 'all']).default('mine'),
  q: z.string().trim().max(100).optional(),
  _max: z.coerce.number().int().min(1).max(SPHERES_MAX).default(SPHERES_MAX),
  _offset: z.coerce.number().int().min(0).default(0),
});

export const listSpheres = defineRoute({
  name: 'listSpheres',
  domain: 'spheres',
  method: 'GET',
  path: '/v1/spheres',
  auth: 'user',
  query: SphereListQuerySchema,
  response: listOf(SphereSchema),
});

export const createSphere = defineRoute({
  name: 'createSphere',
  domain: 'spheres',
  method: 'POST',
  path: '/v1/spheres',
  auth: 'registered',
  ability: { action: 'post', subject: 'sphere' },
  body: SphereCreateSchema,
  response: SphereSchema,
  status: 201,
});

export const getSphere = defineRoute({
  name: 'getSphere',
  domain: 'spheres',
  method: 'GET',
  path: '/v1/spheres/{id}',
  auth: 'user',
  ability: { action: 'get', subject: 'sphere', on: { sphereId: 'id' } },
  params: SphereIdParams,
  response: SphereSchema,
});

export const updateSphere = defineRoute({
  name: 'updateSphere',
  domain: 'spheres',
  method: 'PUT',
  path: '/v1/spheres/{id}',
  auth: 'registered',
  ability: { action: 'put', subject: 'sphere', on: { sphereId: 'id' } },
  params: SphereIdParams,
  body: SphereUpdateSchema,
  response: SphereSchema,
});

export const listSphereCategories = defineRoute({
  name: 'listSphereCategories',
  domain: 'spheres',
  method: 'GET',
  path: '/v1/spheres/definitions/categories',
  auth: 'user',
  query: z.strictObject({
    _max: z.coerce.number().int().min(1).max(SPHERE_CATEGORIES_MAX).default(SPHERE_CATEGORIES_MAX),
    _offset: z.coerce.number().int().min(0).default(0),
  }),
  response: listOf(SphereCategorySchema),
});

/** Page size of a sphere's member list (spec 01 §9: member search 200). */
export const MEMBERS_MAX = 200;

/** POST /v1/spheres/{id}/join: the key of the join link, and the name and verified address to join with. */
export const SphereJoinSchema = z.strictObject({
  sphereKey: z.string().min(1, 'required').max(100),
  name: z.string().trim().min(1, 'required').max(100).optional(),
  email: z.email('email-not-valid').max(254).optional(),
});
export type SphereJoin = z.infer<typeof SphereJoinSchema>;

export const joinSphere = defineRoute({
  name: 'joinSphere',
  domain: 'spheres',
  method: 'POST',
  path: '/v1/spheres/{id}/join',
  // A verified address is needed to join (spec 01 §4), which guests do not have.
  auth: 'registered',
  params: SphereIdParams,
  body: SphereJoinSchema,
  response: SphereSchema,
});

export const SphereJoinKeySchema = z.object({ sphereKey: z.string() });

/** The join link's key, for the sphere's admins (settings: link and QR code). */
export const getSphereJoinKey = defineRoute({
  name: 'getSphereJoinKey',
  domain: 'spheres',
  method: 'GET',
  path: '/v1/spheres/{id}/join-key',
  auth: 'registered',
  ability: { action: 'manage', subject: 'sphere', on: { sphereId: 'id' } },
  params: SphereIdParams,
  response: SphereJoinKeySchema,
});

/** A new key: the old link and QR code stop working at once. */
export const renewSphereJoinKey = defineRoute({
  name: 'renewSphereJoinKey',
  domain: 'spheres',
  method: 'POST',
  path: '/v1/spheres/{id}/join-key',
  auth: 'registered',
  ability: { action: 'manage', subject: 'sphere', on: { sphereId: 'id' } },
  params: SphereIdParams,
  response: SphereJoinKeySchema,
});

export const MemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(SPHERE_ROLES)),
  active: z.boolean(),
  inactiveReason: z.enum(['left', 'revoked', 'no-user']).optional(),
  subscription: z.enum(['starter', 'essentials']),
  firstDayOfWork: z.string().optional(),
  /** Tags the admins gave the member. */
  tagIds: z.array(z.string()),
  /** Tags the sphere's automation gives the member (spec 01 §3 autoTag). */
  autoTagIds: z.array(z.string()),
  /** The member may sign in with an access code (their codes: /access-codes). */
  lowSecurityAccessEnabled: z.boolean(),
  createdAt: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

export const listSphereMembers = defineRoute({
  name: 'listSphereMembers',
  domain: 'spheres',
  method: 'GET',
  path: '/v1/spheres/{id}/members',
  auth: 'registered',
  ability: { action: 'get', subject: 'member', on: { sphereId: 'id' } },
  params: SphereIdParams,
  query: z.strictObject({
    /** Words found in the name or the address. */
    q: z.string().trim().max(100).optional(),
    active: z.enum(['true']).optional(),
    _max: z.coerce.number().int().min(1).max(MEMBERS_MAX).default(MEMBERS_MAX),
    _offset: z.coerce.number().int().min(0).default(0),
  }),
  response: listOf(MemberSchema),
});

/** POST /v1/spheres/{id}/leave: the caller leaves the sphere (they may come back by its link). */
export const leaveSphere = defineRoute({
  name: 'leaveSphere',
  domain: 'spheres',
  method: 'POST',
  path: '/v1/spheres/{id}/leave',
  auth: 'user',
  ability: { action: 'get', subject: 'sphere', on: { sphereId: 'id' } },
  params: SphereIdParams,
  response: z.undefined(),
  status: 204,
});

/**
 * PUT /v1/spheres/{id}/members/{memberId} (spec 01 §5 member form, update): the name, roles,
 * plan, first day of work and whether the member is active. The address is not changed here.
 */
export const MemberUpdateSchema = z.strictObject({
  name: requiredText(100),
  roles: z.array(z.enum(SPHERE_ROLES)).min(1, 'required').max(SPHERE_ROLES.length),
  subscription: z.enum(['starter', 'essentials']),
  active: z.boolean(),
  firstDayOfWork: z
    .string()
    .refine((day) => isFirstDayOfWork(day), { message: 'not-valid' })
    .optional(),
  /** Tags given by hand (the automatic ones follow the sphere's rules). */
  tagIds: z.array(z.string().min(1).max(64)).max(50, 'too-many').optional(),
});
export type MemberUpdate = z.infer<typeof MemberUpdateSchema>;

export const updateSphereMember = defineRoute({
  name: 'updateSphereMember',
  domain: 'spheres',
  method: 'PUT',
  path: '/v1/spheres/{id}/members/{memberId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'member', on: { sphereId: 'id' } },
  params: z.strictObject({ id: z.string().min(1).max(64), memberId: z.string().min(1).max(64) }),
  body: MemberUpdateSchema,
  response: MemberSchema,
});

/**
 * POST /v1/members (spec 01 §5 member form, add): an admin adds a person to the sphere by name and
 * address. A person whose verified address it is becomes an active member at once; otherwise the
 * member waits, inactive (`no-user`), until that person joins by the sphere's link with it.
 */
export const MemberCreateSchema = z.strictObject({
  sphereId: z.string().min(1).max(64),
  name: requiredText(100),
  email: z.email('email-not-valid').max(254),
  roles: z.array(z.enum(SPHERE_ROLES)).min(1, 'required').max(SPHERE_ROLES.length),
  subscription: z.enum(['starter', 'essentials']).default('starter'),
  firstDayOfWork: z
    .string()
    .refine((day) => isFirstDayOfWork(day), { message: 'not-valid' })
    .optional(),
  /** Tags given by hand (the automatic ones follow the sphere's rules). */
  tagIds: z.array(z.string().min(1).max(64)).max(50, 'too-many').optional(),
});
export type MemberCreate = z.infer<typeof MemberCreateSchema>;
export type MemberCreateInput = z.input<typeof MemberCreateSchema>;

export const createMember = defineRoute({
  name: 'createMember',
  domain: 'spheres',
  method: 'POST',
  path: '/v1/members',
  auth: 'registered',
  ability: { action: 'post', subject: 'member', on: { sphereId: 'body.sphereId' } },
  body: MemberCreateSchema,
  response: MemberSchema,
  status: 201,
});

/** Rows of one bulk add (spec 01 §7 members bulk), read from a pasted or uploaded list. */
export const MEMBERS_BULK_MAX = 200;

/**
 * POST /v1/members/bulk: many members of one sphere at once, each added as by POST /v1/members;
 * every row gets its own result, so one bad row loses none of the others.
 */
export const MembersBulkSchema = z.strictObject({
  sphereId: z.string().min(1).max(64),
  roles: z.array(z.enum(SPHERE_ROLES)).min(1, 'required').max(SPHERE_ROLES.length).default(['contributor']),
  rows: z
    .array(z.strictObject({ name: z.string().max(200), email: z.string().max(300) }))
    .min(1, 'required')
    .max(MEMBERS_BULK_MAX, 'too-many'),
});
export type MembersBulk = z.infer<typeof MembersBulkSchema>;

export const MemberBulkResultSchema = z.object({
  row: z.number().int(),
  email: z.string(),
  status: z.enum(['added', 'waiting', 'exists', 'invalid']),
  /** Why a row was not added: the error keys of the member form. */
  errors: z.array(FieldErrorSchema).optional(),
  member: MemberSchema.optional(),
});
export type MemberBulkResult = z.infer<typeof MemberBulkResultSchema>;

export const createMembersBulk = defineRoute({
  name: 'createMembersBulk',
  domain: 'spheres',
  method: 'POST',
  path: '/v1/members/bulk',
  auth: 'registered',
  ability: { action: 'post', subject: 'member', on: { sphereId: 'body.sphereId' } },
  body: MembersBulkSchema,
  response: z.object({ items: z.array(MemberBulkResultSchema) }),
});

/**
 * DELETE /v1/spheres/{id}/members/{memberId}: the member and what the sphere keeps of them (name,
 * address) are removed; the feelings they shared stay in the figures, anonymous. The last active
 * admin stays (`sphere-last-admin`).
 */
export const deleteSphereMember = defineRoute({
  name: 'deleteSphereMember',
  domain: 'spheres',
  method: 'DELETE',
  path: '/v1/spheres/{id}/members/{memberId}',
  auth: 'registered',
  ability: { action: 'delete', subject: 'member', on: { sphereId: 'id' } },
  params: z.strictObject({ id: z.string().min(1).max(64), memberId: z.string().min(1).max(64) }),
  response: z.undefined(),
  status: 204,
});

/**
 * A sphere's logo (spec 01 §3 `logo`, decision 0016): PNG, JPEG or WebP. SVG is refused: it is a
 * document that can carry script.
 */
export const SPHERE_LOGO_TYPES = LOGO_TYPES;
export type SphereLogoType = LogoType;
export const SPHERE_LOGO_MAX_BYTES = LOGO_MAX_BYTES;
export const SPHERE_LOGO_UPLOAD_SECONDS = LOGO_UPLOAD_SECONDS;

/** POST /v1/spheres/{id}/logo: the type and size of the file the admin is about to send. */
export const SphereLogoUploadRequestSchema = z.strictObject({
  contentType: z.enum(SPHERE_LOGO_TYPES, 'not-valid'),
  size: z
    .number('not-a-number')
    .int('not-valid')
    .min(1, 'value-out-of-range-error')
    .max(SPHERE_LOGO_MAX_BYTES, 'value-out-of-range-error'),
});
export type SphereLogoUploadRequest = z.infer<typeof SphereLogoUploadRequestSchema>;

/**
 * The upload the server grants: a form POST to `uploadUrl` with every field of `fields`, then the
 * file as the last field, named `file`. The storage refuses another type or a larger file.
 */
export const SphereLogoUploadSchema = z.object({
  uploadUrl: z.string(),
  fields: z.record(z.string(), z.string()),
  /** What PUT …/logo confirms once the file is sent. */
  key: z.string(),
  expiresAt: z.string(),
});
export type SphereLogoUpload = z.infer<typeof SphereLogoUploadSchema>;

export const requestSphereLogoUpload = defineRoute({
  name: 'requestSphereLogoUpload',
  domain: 'spheres',
  method: 'POST',
  path: '/v1/spheres/{id}/logo',
  auth: 'registered',
  ability: { action: 'put', subject: 'sphere', on: { sphereId: 'id' } },
  params: SphereIdParams,
  body: SphereLogoUploadRequestSchema,
  response: SphereLogoUploadSchema,
});

/** PUT /v1/spheres/{id}/logo: the uploaded file becomes the logo (checked again first). */
export const SphereLogoSchema = z.strictObject({
  key: z.string().min(1, 'required').max(300, 'length-out-of-range-error'),
});

export const setSphereLogo = defineRoute({
  name: 'setSphereLogo',
  domain: 'spheres',
  method: 'PUT',
  path: '/v1/spheres/{id}/logo',
  auth: 'registered',
  ability: { action: 'put', subject: 'sphere', on: { sphereId: 'id' } },
  params: SphereIdParams,
  body: SphereLogoSchema,
  response: SphereSchema,
});

/** DELETE /v1/spheres/{id}/logo: the sphere has no logo any more (and one without stays so). */
export const deleteSphereLogo = defineRoute({
  name: 'deleteSphereLogo',
  domain: 'spheres',
  method: 'DELETE',
  path: '/v1/spheres/{id}/logo',
  auth: 'registered',
  ability: { action: 'put', subject: 'sphere', on: { sphereId: 'id' } },
  params: SphereIdParams,
  response: SphereSchema,
});

export const sphereRoutes: readonly RouteContract[] = [
  listSpheres,
  createSphere,
  getSphere,
  updateSphere,
  listSphereCategories,
  joinSphere,
  getSphereJoinKey,
  renewSphereJoinKey,
  listSphereMembers,
  leaveSphere,
  updateSphereMember,
  createMember,
  createMembersBulk,
  deleteSphereMember,
  requestSphereLogoUpload,
  setSphereLogo,
  deleteSphereLogo,
];
