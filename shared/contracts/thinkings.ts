import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { LANGUAGES } from './headers';
import { MultilingualTextSchema, perLanguage, type MultilingualText } from './text';
import { listOf } from './list';
import { GeoPointSchema } from './feelings';
import { isTimeZone } from '../domain/time-zones';
import {
  AXIS_DESCRIPTION_MAX_LENGTH,
  AXIS_ID_MAX_LENGTH,
  AXIS_ID_CHARACTERS,
  AXIS_MODULES,
  AXIS_NAME_MAX_LENGTH,
  AXIS_NAME_MIN_LENGTH,
  CONTEXT_AXES_MAX,
  DEFAULT_THINKING_GROUP,
  THINKING_COMMENT_MAX_LENGTH,
  THINKING_GROUP_ID,
  THINKING_MEMBER_CATEGORIES,
  isThinkingValue,
} from '../domain/thinkings';

/**
 * Thinking (spec 01 §3 Thinking and Axis definition, §7 Thinkings): the axis catalogue, managed by
 * administrators, and a person's thinkings, one value per axis. Sphere and session axes
 * (`/thinkings/sphere-axes`, `/thinkings/session-axes`) join with the organisations.
 */

/** Page size of thinking lists (spec 01 §9). */
export const THINKINGS_MAX = 10_000;
/** The axis catalogue is small; one page holds it. */
export const AXES_MAX = 500;

/** A text in some of the product's languages, at least one; the reader's language or another shows. */
function someLanguages(min: number, max: number) {
  const text = z.string().trim().min(min, 'length-out-of-range-error').max(max, 'length-out-of-range-error');
  return perLanguage(text).refine((t) => LANGUAGES.some((l) => t[l] !== undefined), { message: 'required' });
}
export type SomeLanguages = MultilingualText;

export const AxisIdSchema = z
  .string()
  .min(2, 'length-out-of-range-error')
  .max(AXIS_ID_MAX_LENGTH, 'length-out-of-range-error')
  .regex(AXIS_ID_CHARACTERS, 'not-valid');

const AxisFieldsSchema = z.strictObject({
  name: someLanguages(AXIS_NAME_MIN_LENGTH, AXIS_NAME_MAX_LENGTH),
  /** `%SPHERE_NAME%` is replaced by the sphere's name where the axis is asked. */
  description: someLanguages(0, AXIS_DESCRIPTION_MAX_LENGTH).optional(),
  keywords: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  modules: z.array(z.enum(AXIS_MODULES)).min(1, 'required').max(AXIS_MODULES.length),
  /** Asked in every sphere and session, which cannot remove it; set by super-admins only. */
  required: z.boolean().default(false),
  /** Whether a person may add a comment to their value. */
  allowComment: z.boolean().default(false),
});

/** POST /v1/thinkings/definitions/axes: a new axis; its id can never change. */
export const AxisCreateSchema = AxisFieldsSchema.extend({ id: AxisIdSchema });
export type AxisCreate = z.infer<typeof AxisCreateSchema>;
export type AxisCreateInput = z.input<typeof AxisCreateSchema>;

/** PUT /v1/thinkings/definitions/axes/{id}: the whole axis but its id. */
export const AxisUpdateSchema = AxisFieldsSchema;
export type AxisUpdate = z.infer<typeof AxisUpdateSchema>;
export type AxisUpdateInput = z.input<typeof AxisUpdateSchema>;

export const AxisSchema = z.object({
  id: z.string(),
  name: MultilingualTextSchema,
  description: MultilingualTextSchema,
  keywords: z.array(z.string()),
  modules: z.array(z.enum(AXIS_MODULES)),
  required: z.boolean(),
  allowComment: z.boolean(),
  updatedAt: z.string(),
});
export type Axis = z.infer<typeof AxisSchema>;

const AxisIdParams = z.strictObject({ id: z.string().min(1).max(100) });

export const AxisListQuerySchema = z.strictObject({
  module: z.enum(AXIS_MODULES).optional(),
  /** Words to find in the id, names and keywords. */
  q: z.string().trim().max(100).optional(),
  _max: z.coerce.number().int().min(1).max(AXES_MAX).default(AXES_MAX),
  _offset: z.coerce.number().int().min(0).default(0),
});

const FacetEntrySchema = z.object({ value: z.string(), label: z.string(), count: z.number() });
export const AxisFacetsSchema = z.object({
  modules: z.array(FacetEntrySchema),
  keywords: z.array(FacetEntrySchema),
  required: z.array(FacetEntrySchema),
});

/** One answer of a thinking: a value, including 0, and a comment where the axis allows one. */
export const ThinkingAnswerSchema = z.strictObject({
  id: AxisIdSchema,
  value: z.number().refine(isThinkingValue, { message: 'value-out-of-range-error' }),
  comment: z.string().trim().min(1).max(THINKING_COMMENT_MAX_LENGTH).optional(),
});
export type ThinkingAnswer = z.infer<typeof ThinkingAnswerSchema>;

const GroupIdSchema = z.string().regex(THINKING_GROUP_ID, 'not-valid');

/**
 * POST /v1/thinkings: a thinking with at least one value (spec 01 §5): personal, or a contributor's
 * in a sphere or a session they contribute to (`sessionId` wins; `groupId` names the session's
 * group of questions).
 */
export const ThinkingCreateSchema = z.strictObject({
  axes: z.array(ThinkingAnswerSchema).min(1, 'required').max(100),
  sphereId: z.string().min(1).max(100).optional(),
  sessionId: z.string().min(1).max(100).optional(),
  groupId: GroupIdSchema.optional(),
  category: z.string().min(1).max(50).optional(),
  /**
   * The campaign link (short URL alias) the thinking came through, for that sphere or session: its
   * tags become the thinking's own (`specificTagIds`, spec 01 §3).
   */
  linkId: z.string().min(1).max(100).optional(),
  geoPoint: GeoPointSchema.default({ latitude: 0, longitude: 0 }),
  locale: z.string().min(1).max(64).refine(isTimeZone, { message: 'not-valid' }).optional(),
});
export type ThinkingCreate = z.infer<typeof ThinkingCreateSchema>;
export type ThinkingCreateInput = z.input<typeof ThinkingCreateSchema>;

/** PUT /v1/thinkings/{id}: the values, all of them, while the thinking is not frozen. */
export const ThinkingUpdateSchema = z.strictObject({
  axes: z.array(ThinkingAnswerSchema).min(1, 'required').max(100),
  geoPoint: GeoPointSchema.optional(),
});
export type ThinkingUpdate = z.infer<typeof ThinkingUpdateSchema>;

export const ThinkingSchema = z.object({
  id: z.string(),
  axes: z.array(z.object({ id: z.string(), value: z.number(), comment: z.string().optional() })),
  category: z.string().optional(),
  sphereId: z.string().optional(),
  sessionId: z.string().optional(),
  groupId: z.string().optional(),
  /** Recorded through a campaign link (spec 01 §3 `fromDirectLink`), and the link's tags. */
  fromDirectLink: z.boolean().optional(),
  specificTagIds: z.array(z.string()).optional(),
  geoPoint: GeoPointSchema,
  locale: z.string().optional(),
  creationDate: z.string(),
  updateDate: z.string(),
  freezeDate: z.string(),
  isBlank: z.boolean(),
  /** Whether it could still be changed when the answer was made. */
  editable: z.boolean(),
});
export type Thinking = z.infer<typeof ThinkingSchema>;

const ThinkingIdParams = z.strictObject({ id: z.string().min(1).max(200) });
const isoDateTime = z.iso.datetime({ offset: true });

export const ThinkingListQuerySchema = z.strictObject({
  start: isoDateTime.optional(),
  end: isoDateTime.optional(),
  _max: z.coerce.number().int().min(1).max(THINKINGS_MAX).default(THINKINGS_MAX),
  _offset: z.coerce.number().int().min(0).default(0),
});

/**
 * The axes a sphere (per member category) or a session (per group) asks. `axisIds` is the list the
 * sphere or session chose itself; `axes` what a thinking there asks: the catalogue's required axes,
 * then the session's own list, or its sphere's when the session's is empty (`inherited`).
 */
export const ContextAxesSchema = z.object({
  axisIds: z.array(z.string()),
  axes: z.array(AxisSchema),
  inherited: z.boolean(),
  /** Whether the sphere lets its sessions choose their own axes (`customizableThinkingAxes`). */
  customizable: z.boolean(),
  updatedAt: z.string().optional(),
});
export type ContextAxes = z.infer<typeof ContextAxesSchema>;

/** PUT sphere or session axes: the whole ordered list; an empty session list asks the sphere's. */
export const ContextAxesUpdateSchema = z.strictObject({
  axisIds: z.array(AxisIdSchema).max(CONTEXT_AXES_MAX, 'too-many'),
});
export type ContextAxesUpdate = z.infer<typeof ContextAxesUpdateSchema>;

/**
 * The spec's `sphere-axes/{sphereId}_{category}` and `session-axes/{sessionId}_{groupId}` as two
 * path segments: API Gateway matches whole segments, and the right is checked on the sphere or
 * session the path names (docs/decisions/0015-thinking-in-context.md).
 */
const SphereAxesParams = z.strictObject({
  sphereId: z.string().min(1).max(100),
  category: z.enum(THINKING_MEMBER_CATEGORIES),
});
const SessionAxesParams = z.strictObject({
  sessionId: z.string().min(1).max(100),
  groupId: GroupIdSchema,
});
export { DEFAULT_THINKING_GROUP };

export const getSphereAxes = defineRoute({
  name: 'getSphereAxes',
  domain: 'thinkings',
  method: 'GET',
  path: '/v1/thinkings/sphere-axes/{sphereId}/{category}',
  auth: 'user',
  ability: { action: 'get', subject: 'sphere', on: { sphereId: 'sphereId' } },
  params: SphereAxesParams,
  response: ContextAxesSchema,
});

export const updateSphereAxes = defineRoute({
  name: 'updateSphereAxes',
  domain: 'thinkings',
  method: 'PUT',
  path: '/v1/thinkings/sphere-axes/{sphereId}/{category}',
  auth: 'registered',
  ability: { action: 'put', subject: 'sphere', on: { sphereId: 'sphereId' } },
  params: SphereAxesParams,
  body: ContextAxesUpdateSchema,
  response: ContextAxesSchema,
});

export const getSessionAxes = defineRoute({
  name: 'getSessionAxes',
  domain: 'thinkings',
  method: 'GET',
  path: '/v1/thinkings/session-axes/{sessionId}/{groupId}',
  auth: 'user',
  ability: { action: 'get', subject: 'session', on: { sessionId: 'sessionId' } },
  params: SessionAxesParams,
  response: ContextAxesSchema,
});

export const updateSessionAxes = defineRoute({
  name: 'updateSessionAxes',
  domain: 'thinkings',
  method: 'PUT',
  path: '/v1/thinkings/session-axes/{sessionId}/{groupId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'session', on: { sessionId: 'sessionId' } },
  params: SessionAxesParams,
  body: ContextAxesUpdateSchema,
  response: ContextAxesSchema,
});

export const listThinkingAxes = defineRoute({
  name: 'listThinkingAxes',
  domain: 'thinkings',
  method: 'GET',
  path: '/v1/thinkings/definitions/axes',
  auth: 'user',
  ability: { action: 'get', subject: 'axes' },
  query: AxisListQuerySchema,
  response: listOf(AxisSchema),
});

export const getThinkingAxisFacets = defineRoute({
  name: 'getThinkingAxisFacets',
  domain: 'thinkings',
  method: 'GET',
  path: '/v1/thinkings/definitions/axes/facets',
  auth: 'user',
  ability: { action: 'manage', subject: 'axes' },
  response: AxisFacetsSchema,
});

export const getThinkingAxis = defineRoute({
  name: 'getThinkingAxis',
  domain: 'thinkings',
  method: 'GET',
  path: '/v1/thinkings/definitions/axes/{id}',
  auth: 'user',
  ability: { action: 'get', subject: 'axes' },
  params: AxisIdParams,
  response: AxisSchema,
});

export const createThinkingAxis = defineRoute({
  name: 'createThinkingAxis',
  domain: 'thinkings',
  method: 'POST',
  path: '/v1/thinkings/definitions/axes',
  auth: 'registered',
  ability: { action: 'manage', subject: 'axes' },
  body: AxisCreateSchema,
  response: AxisSchema,
  status: 201,
});

export const updateThinkingAxis = defineRoute({
  name: 'updateThinkingAxis',
  domain: 'thinkings',
  method: 'PUT',
  path: '/v1/thinkings/definitions/axes/{id}',
  auth: 'registered',
  ability: { action: 'manage', subject: 'axes' },
  params: AxisIdParams,
  body: AxisUpdateSchema,
  response: AxisSchema,
});

export const deleteThinkingAxis = defineRoute({
  name: 'deleteThinkingAxis',
  domain: 'thinkings',
  method: 'DELETE',
  path: '/v1/thinkings/definitions/axes/{id}',
  auth: 'registered',
  ability: { action: 'manage', subject: 'axes' },
  params: AxisIdParams,
  response: z.undefined(),
  status: 204,
});

export const listThinkings = defineRoute({
  name: 'listThinkings',
  domain: 'thinkings',
  method: 'GET',
  path: '/v1/thinkings',
  auth: 'registered',
  ability: { action: 'get', subject: 'thinking' },
  query: ThinkingListQuerySchema,
  response: listOf(ThinkingSchema),
});

export const createThinking = defineRoute({
  name: 'createThinking',
  domain: 'thinkings',
  method: 'POST',
  path: '/v1/thinkings',
  auth: 'registered',
  ability: { action: 'post', subject: 'thinking' },
  body: ThinkingCreateSchema,
  response: ThinkingSchema,
  status: 201,
});

export const getThinking = defineRoute({
  name: 'getThinking',
  domain: 'thinkings',
  method: 'GET',
  path: '/v1/thinkings/{id}',
  auth: 'registered',
  ability: { action: 'get', subject: 'thinking' },
  params: ThinkingIdParams,
  response: ThinkingSchema,
});

export const updateThinking = defineRoute({
  name: 'updateThinking',
  domain: 'thinkings',
  method: 'PUT',
  path: '/v1/thinkings/{id}',
  auth: 'registered',
  ability: { action: 'put', subject: 'thinking' },
  params: ThinkingIdParams,
  body: ThinkingUpdateSchema,
  response: ThinkingSchema,
});

export const thinkingRoutes: readonly RouteContract[] = [
  listThinkingAxes,
  getThinkingAxisFacets,
  getThinkingAxis,
  createThinkingAxis,
  updateThinkingAxis,
  deleteThinkingAxis,
  getSphereAxes,
  updateSphereAxes,
  getSessionAxes,
  updateSessionAxes,
  listThinkings,
  createThinking,
  getThinking,
  updateThinking,
];
