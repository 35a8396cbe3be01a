import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { LANGUAGES } from './headers';
import { listOf } from './list';
import { OutboundUrlSchema } from './outbound-url';
import { SphereContextCreateSchema, SphereContextSchema } from './sphere-contexts';
import { isFirstDayOfWork } from '../domain/spheres';
import {
  GALAXY_MEMBER_ROLES,
  GALAXY_NAME_MAX_LENGTH,
  GALAXY_SHORT_NAME_MAX_LENGTH,
  QUOTA_FAMILIES,
  QUOTA_KIND_NAMES,
  QUOTA_REQUEST_DECISIONS,
  QUOTA_REQUEST_STATUSES,
  QUOTA_REQUEST_TEXT_MAX_LENGTH,
  QUOTA_VALUE_MAX,
} from '../domain/galaxies';

/**
 * Galaxies (spec 02 §2–§9): groups of spheres with their admins, quotas, change requests and
 * context, served by the galaxies domain (decision 0045). Super-admins create, edit and delete
 * galaxies, attach spheres and decide change requests (`manage` on galaxy: only the super-admin
 * mode holds it); a galaxy's admins read it (`get`) and manage its members, context and requests
 * (`put`, held on `{ galaxyId }`).
 */

/** A galaxy quota refused at its block (spec 02 §8 quota authorisation error): one `errors` item per quota (`field`: its kind). */
export const QUOTA_BLOCKED_KEY = 'quota-blocked';
/** A galaxy that still holds spheres is not deleted. */
export const GALAXY_NOT_EMPTY_KEY = 'galaxy-not-empty';
/** A decided change request is history: it is neither decided again nor deleted. */
export const QUOTA_REQUEST_DECIDED_KEY = 'quota-request-decided';

const id = z.string().min(1).max(64);
const GalaxyParams = z.strictObject({ id });
const text = (max: number) => z.string().trim().max(max, 'length-out-of-range-error');
const requiredText = (max: number) => text(max).min(1, 'required');
const day = z.iso.date('not-a-date');

// Galaxy

export const GalaxyWriteSchema = z.strictObject({
  name: requiredText(GALAXY_NAME_MAX_LENGTH),
  shortName: requiredText(GALAXY_SHORT_NAME_MAX_LENGTH),
  language: z.enum(LANGUAGES, 'required').default('fr'),
  /** The logo, an https address (spec 02 §3 photoUrl). */
  photoUrl: OutboundUrlSchema.optional(),
  renewalDate: day.optional(),
});
export type GalaxyWrite = z.infer<typeof GalaxyWriteSchema>;
export type GalaxyWriteInput = z.input<typeof GalaxyWriteSchema>;

export const GalaxySchema = z.object({
  id: z.string(),
  name: z.string(),
  shortName: z.string(),
  language: z.enum(LANGUAGES),
  photoUrl: z.string().optional(),
  renewalDate: z.string().optional(),
  sphereCount: z.number().int(),
  memberCount: z.number().int(),
  /** Quotas past their alert or at their block (spec 02 §3 alerts). */
  alerts: z.array(z.object({ kind: z.enum(QUOTA_KIND_NAMES), state: z.enum(['alert', 'blocked']) })),
  /** Change requests waiting for a super-admin. */
  pendingRequests: z.number().int(),
  createdAt: z.string(),
  updateDate: z.string(),
});
export type Galaxy = z.infer<typeof GalaxySchema>;

/** Every galaxy, by name (the admin list of `/apps/galaxies/admin`). */
export const listGalaxies = defineRoute({
  name: 'listGalaxies',
  domain: 'galaxies',
  method: 'GET',
  path: '/v1/galaxies',
  auth: 'registered',
  ability: { action: 'manage', subject: 'galaxy' },
  query: z.strictObject({
    _max: z.coerce.number().int().min(1).max(200).default(200),
    _offset: z.coerce.number().int().min(0).default(0),
    q: z.string().max(200).optional(),
  }),
  response: listOf(GalaxySchema),
});

export const createGalaxy = defineRoute({
  name: 'createGalaxy',
  domain: 'galaxies',
  method: 'POST',
  path: '/v1/galaxies',
  auth: 'registered',
  ability: { action: 'manage', subject: 'galaxy' },
  body: GalaxyWriteSchema,
  response: GalaxySchema,
  status: 201,
});

export const getGalaxy = defineRoute({
  name: 'getGalaxy',
  domain: 'galaxies',
  method: 'GET',
  path: '/v1/galaxies/{id}',
  auth: 'registered',
  ability: { action: 'get', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: GalaxyParams,
  response: GalaxySchema,
});

/** The whole identity, with the `updateDate` the editor read (409 `conflict` when it moved). */
export const GalaxyUpdateSchema = GalaxyWriteSchema.extend({ updateDate: z.iso.datetime() });
export type GalaxyUpdateInput = z.input<typeof GalaxyUpdateSchema>;

export const updateGalaxy = defineRoute({
  name: 'updateGalaxy',
  domain: 'galaxies',
  method: 'PUT',
  path: '/v1/galaxies/{id}',
  auth: 'registered',
  ability: { action: 'manage', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: GalaxyParams,
  body: GalaxyUpdateSchema,
  response: GalaxySchema,
});

/** Refused while the galaxy holds spheres (409 `galaxy-not-empty`): detach or move them first. */
export const deleteGalaxy = defineRoute({
  name: 'deleteGalaxy',
  domain: 'galaxies',
  method: 'DELETE',
  path: '/v1/galaxies/{id}',
  auth: 'registered',
  ability: { action: 'manage', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: GalaxyParams,
  response: z.undefined(),
  status: 204,
});

// Galaxy members (spec 02 §3 Galaxy member: admin is the only role)

export const GalaxyMemberSchema = z.object({
  id: z.string(),
  galaxyId: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(GALAXY_MEMBER_ROLES)),
  active: z.boolean(),
  firstDayOfWork: z.string().optional(),
  /** A person of the product holds this address (verified): the member acts as them. */
  userLinked: z.boolean(),
  removedByUser: z.boolean(),
  removedByAdmin: z.boolean(),
  createdAt: z.string(),
  updateDate: z.string(),
});
export type GalaxyMember = z.infer<typeof GalaxyMemberSchema>;

const firstDayOfWork = z
  .string()
  .refine((value) => isFirstDayOfWork(value), { message: 'not-valid' })
  .optional();

/**
 * POST /v1/galaxies/{id}/members: `galaxyId` repeats the path's (spec 02 §7 member add), and a body
 * naming another galaxy is refused (400 `not-valid` on `galaxyId`).
 */
export const GalaxyMemberCreateSchema = z.strictObject({
  galaxyId: id,
  name: requiredText(100),
  email: z.email('email-not-valid').max(254),
  roles: z.array(z.enum(GALAXY_MEMBER_ROLES)).min(1, 'required').max(GALAXY_MEMBER_ROLES.length),
  requestByUserId: id.optional(),
  firstDayOfWork,
});
export type GalaxyMemberCreateInput = z.input<typeof GalaxyMemberCreateSchema>;

/** The address is locked once added (spec 02 §5). */
export const GalaxyMemberUpdateSchema = z.strictObject({
  name: requiredText(100),
  roles: z.array(z.enum(GALAXY_MEMBER_ROLES)).min(1, 'required').max(GALAXY_MEMBER_ROLES.length),
  active: z.boolean(),
  firstDayOfWork,
});
export type GalaxyMemberUpdateInput = z.input<typeof GalaxyMemberUpdateSchema>;

const MemberParams = z.strictObject({ id, memberId: id });

export const listGalaxyMembers = defineRoute({
  name: 'listGalaxyMembers',
  domain: 'galaxies',
  method: 'GET',
  path: '/v1/galaxies/{id}/members',
  auth: 'registered',
  ability: { action: 'get', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: GalaxyParams,
  response: listOf(GalaxyMemberSchema),
});

export const addGalaxyMember = defineRoute({
  name: 'addGalaxyMember',
  domain: 'galaxies',
  method: 'POST',
  path: '/v1/galaxies/{id}/members',
  auth: 'registered',
  ability: { action: 'put', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: GalaxyParams,
  body: GalaxyMemberCreateSchema,
  response: GalaxyMemberSchema,
  status: 201,
  clientLimit: { limit: 60, windowSeconds: 300 },
});

export const updateGalaxyMember = defineRoute({
  name: 'updateGalaxyMember',
  domain: 'galaxies',
  method: 'PUT',
  path: '/v1/galaxies/{id}/members/{memberId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: MemberParams,
  body: GalaxyMemberUpdateSchema,
  response: GalaxyMemberSchema,
});

/** Disables the member (removedByAdmin, inactive); the item stays as the galaxy's history. */
export const removeGalaxyMember = defineRoute({
  name: 'removeGalaxyMember',
  domain: 'galaxies',
  method: 'DELETE',
  path: '/v1/galaxies/{id}/members/{memberId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: MemberParams,
  response: GalaxyMemberSchema,
});

// Spheres of a galaxy

export const GalaxySphereSchema = z.object({
  id: z.string(),
  name: z.string(),
  shortName: z.string().optional(),
  category: z.string(),
  /** Usage of the counted kinds by this sphere (kind → count), from the tallies. */
  usage: z.partialRecord(z.enum(QUOTA_KIND_NAMES), z.number().int()),
  attachedAt: z.string(),
});
export type GalaxySphere = z.infer<typeof GalaxySphereSchema>;

export const listGalaxySpheres = defineRoute({
  name: 'listGalaxySpheres',
  domain: 'galaxies',
  method: 'GET',
  path: '/v1/galaxies/{id}/spheres',
  auth: 'registered',
  ability: { action: 'get', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: GalaxyParams,
  response: listOf(GalaxySphereSchema),
});

const SphereInGalaxyParams = z.strictObject({ id, sphereId: id });

/**
 * Attaches a sphere to the galaxy, or moves it from the one it was in: the `spheres` quota and
 * every counted kind take the sphere's usage in the same transaction (409 `quota-blocked` naming
 * the quotas it would pass, nothing written).
 */
export const attachGalaxySphere = defineRoute({
  name: 'attachGalaxySphere',
  domain: 'galaxies',
  method: 'PUT',
  path: '/v1/galaxies/{id}/spheres/{sphereId}',
  auth: 'registered',
  ability: { action: 'manage', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: SphereInGalaxyParams,
  response: GalaxySphereSchema,
});

export const detachGalaxySphere = defineRoute({
  name: 'detachGalaxySphere',
  domain: 'galaxies',
  method: 'DELETE',
  path: '/v1/galaxies/{id}/spheres/{sphereId}',
  auth: 'registered',
  ability: { action: 'manage', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: SphereInGalaxyParams,
  response: z.undefined(),
  status: 204,
});

// Quotas (spec 02 §3 Galaxy quota)

export const GalaxyQuotaSchema = z.object({
  kind: z.enum(QUOTA_KIND_NAMES),
  family: z.enum(QUOTA_FAMILIES),
  /** Whether the product counts this kind yet (see QUOTA_KINDS). */
  counted: z.boolean(),
  /** No value: no limit. */
  value: z.number().int().optional(),
  /** The value of the pending change request, if any. */
  requestedValue: z.number().int().optional(),
  usage: z.number().int(),
  alertThreshold: z.number().int().optional(),
  blockThreshold: z.number().int().optional(),
  percentage: z.number().int(),
  state: z.enum(['ok', 'alert', 'blocked']),
});
export type GalaxyQuota = z.infer<typeof GalaxyQuotaSchema>;

export const listGalaxyQuotas = defineRoute({
  name: 'listGalaxyQuotas',
  domain: 'galaxies',
  method: 'GET',
  path: '/v1/galaxies/{id}/quotas',
  auth: 'registered',
  ability: { action: 'get', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: GalaxyParams,
  response: z.array(GalaxyQuotaSchema),
});

const quotaValue = z
  .number('not-a-number')
  .int('not-a-number')
  .min(0, 'value-out-of-range-error')
  .max(QUOTA_VALUE_MAX, 'value-out-of-range-error');

/** A super-admin sets a value directly (`null`: no limit). */
export const setGalaxyQuota = defineRoute({
  name: 'setGalaxyQuota',
  domain: 'galaxies',
  method: 'PUT',
  path: '/v1/galaxies/{id}/quotas/{kind}',
  auth: 'registered',
  ability: { action: 'manage', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: z.strictObject({ id, kind: z.enum(QUOTA_KIND_NAMES, 'not-valid') }),
  body: z.strictObject({ value: quotaValue.nullable() }),
  response: GalaxyQuotaSchema,
});

// Change requests (spec 02 §4: pending until validated or rejected; deletable while pending)

export const QuotaRequestSchema = z.object({
  id: z.string(),
  galaxyId: z.string(),
  galaxyName: z.string(),
  kind: z.enum(QUOTA_KIND_NAMES),
  /** The value when the request was made (none: no limit). */
  currentValue: z.number().int().optional(),
  requestedValue: z.number().int(),
  reason: z.string(),
  status: z.enum(QUOTA_REQUEST_STATUSES),
  requestedBy: z.object({ userId: z.string(), name: z.string() }),
  decidedBy: z.object({ userId: z.string(), name: z.string() }).optional(),
  comment: z.string().optional(),
  createdAt: z.string(),
  decidedAt: z.string().optional(),
});
export type QuotaRequest = z.infer<typeof QuotaRequestSchema>;

export const QuotaRequestCreateSchema = z.strictObject({
  kind: z.enum(QUOTA_KIND_NAMES, 'not-valid'),
  value: quotaValue,
  reason: requiredText(QUOTA_REQUEST_TEXT_MAX_LENGTH),
});
export type QuotaRequestCreateInput = z.input<typeof QuotaRequestCreateSchema>;

/** A galaxy admin asks for a new value; one pending request per kind (409 `exist`). */
export const requestQuotaChange = defineRoute({
  name: 'requestQuotaChange',
  domain: 'galaxies',
  method: 'POST',
  path: '/v1/galaxies/{id}/quota-requests',
  auth: 'registered',
  ability: { action: 'put', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: GalaxyParams,
  body: QuotaRequestCreateSchema,
  response: QuotaRequestSchema,
  status: 201,
  clientLimit: { limit: 30, windowSeconds: 300 },
});

/** The galaxy's requests, newest first: pending and history. */
export const listGalaxyQuotaRequests = defineRoute({
  name: 'listGalaxyQuotaRequests',
  domain: 'galaxies',
  method: 'GET',
  path: '/v1/galaxies/{id}/quota-requests',
  auth: 'registered',
  ability: { action: 'get', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: GalaxyParams,
  response: listOf(QuotaRequestSchema),
});

const RequestParams = z.strictObject({ id, requestId: id });

/** Withdraws a pending request (409 `quota-request-decided` once decided). */
export const deleteQuotaRequest = defineRoute({
  name: 'deleteQuotaRequest',
  domain: 'galaxies',
  method: 'DELETE',
  path: '/v1/galaxies/{id}/quota-requests/{requestId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: RequestParams,
  response: z.undefined(),
  status: 204,
});

export const QuotaRequestDecisionSchema = z.strictObject({
  decision: z.enum(QUOTA_REQUEST_DECISIONS, 'not-valid'),
  comment: text(QUOTA_REQUEST_TEXT_MAX_LENGTH).optional(),
});
export type QuotaRequestDecisionInput = z.input<typeof QuotaRequestDecisionSchema>;

/**
 * A super-admin validates (the quota takes the requested value at once, in the same transaction)
 * or rejects a pending request; the requester is told by email and realtime event.
 */
export const decideQuotaRequest = defineRoute({
  name: 'decideQuotaRequest',
  domain: 'galaxies',
  method: 'PUT',
  path: '/v1/galaxies/{id}/quota-requests/{requestId}',
  auth: 'registered',
  ability: { action: 'manage', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: RequestParams,
  body: QuotaRequestDecisionSchema,
  response: QuotaRequestSchema,
});

/** Every pending request of every galaxy, oldest first: the super-admins' one list. */
export const listPendingQuotaRequests = defineRoute({
  name: 'listPendingQuotaRequests',
  domain: 'galaxies',
  method: 'GET',
  path: '/v1/quota-requests',
  auth: 'registered',
  ability: { action: 'manage', subject: 'galaxy' },
  response: listOf(QuotaRequestSchema),
});

// Context (spec 02 §3 Galaxy context: the shape of a sphere context; its spheres inherit it)

export const GalaxyContextWriteSchema = SphereContextCreateSchema.omit({ active: true }).extend({
  /** The `updateDate` the editor read; absent when the galaxy has none yet. */
  updateDate: z.iso.datetime().optional(),
});
export type GalaxyContextWriteInput = z.input<typeof GalaxyContextWriteSchema>;

export const GalaxyContextSchema = SphereContextSchema.omit({ active: true });
export type GalaxyContext = z.infer<typeof GalaxyContextSchema>;

export const getGalaxyContext = defineRoute({
  name: 'getGalaxyContext',
  domain: 'galaxies',
  method: 'GET',
  path: '/v1/galaxies/{id}/context',
  auth: 'registered',
  ability: { action: 'get', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: GalaxyParams,
  response: z.object({ context: GalaxyContextSchema.nullable() }),
});

export const putGalaxyContext = defineRoute({
  name: 'putGalaxyContext',
  domain: 'galaxies',
  method: 'PUT',
  path: '/v1/galaxies/{id}/context',
  auth: 'registered',
  ability: { action: 'put', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: GalaxyParams,
  body: GalaxyContextWriteSchema,
  response: GalaxyContextSchema,
});

export const deleteGalaxyContext = defineRoute({
  name: 'deleteGalaxyContext',
  domain: 'galaxies',
  method: 'DELETE',
  path: '/v1/galaxies/{id}/context',
  auth: 'registered',
  ability: { action: 'put', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: GalaxyParams,
  response: z.undefined(),
  status: 204,
});

// Report (the Excel download of /apps/galaxy/{id}/report: counts of usage, never anyone's answers)

export const GalaxyReportSchema = z.object({
  galaxy: z.object({
    id: z.string(),
    name: z.string(),
    shortName: z.string(),
    renewalDate: z.string().optional(),
  }),
  generatedAt: z.string(),
  spheres: z.array(GalaxySphereSchema.extend({ activeMembers: z.number().int(), members: z.number().int() })),
  quotas: z.array(GalaxyQuotaSchema),
  admins: z.array(GalaxyMemberSchema.pick({ name: true, email: true, active: true, firstDayOfWork: true })),
});
export type GalaxyReport = z.infer<typeof GalaxyReportSchema>;

export const getGalaxyReport = defineRoute({
  name: 'getGalaxyReport',
  domain: 'galaxies',
  method: 'GET',
  path: '/v1/galaxies/{id}/report',
  auth: 'registered',
  ability: { action: 'get', subject: 'galaxy', on: { galaxyId: 'id' } },
  params: GalaxyParams,
  response: GalaxyReportSchema,
});

export const galaxyRoutes: readonly RouteContract[] = [
  listGalaxies,
  createGalaxy,
  getGalaxy,
  updateGalaxy,
  deleteGalaxy,
  listGalaxyMembers,
  addGalaxyMember,
  updateGalaxyMember,
  removeGalaxyMember,
  listGalaxySpheres,
  attachGalaxySphere,
  detachGalaxySphere,
  listGalaxyQuotas,
  setGalaxyQuota,
  requestQuotaChange,
  listGalaxyQuotaRequests,
  deleteQuotaRequest,
  decideQuotaRequest,
  listPendingQuotaRequests,
  getGalaxyContext,
  putGalaxyContext,
  deleteGalaxyContext,
  getGalaxyReport,
];
