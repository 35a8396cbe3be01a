import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { LANGUAGES, type Language } from './headers';
import { listOf } from './list';
import { GeoPointSchema } from './feelings';
import { isTimeZone } from '../domain/feeling-days';
import {
  AXIS_DESCRIPTION_MAX_LENGTH,
  AXIS_ID_MAX_LENGTH,
  AXIS_ID_CHARACTERS,
  AXIS_MODULES,
  AXIS_NAME_MAX_LENGTH,
  AXIS_NAME_MIN_LENGTH,
  THINKING_COMMENT_MAX_LENGTH,
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
  return z
    .strictObject(
      Object.fromEntries(LANGUAGES.map((l) => [l, text.optional()])) as Record<
        Language,
        z.ZodOptional<typeof text>
      >,
    )
    .refine((t) => LANGUAGES.some((l) => t[l] !== undefined), { message: 'required' });
}
export type SomeLanguages = Partial<Record<Language, string>>;

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

const partialText = z.object(
  Object.fromEntries(LANGUAGES.map((l) => [l, z.string().optional()])) as Record<
    Language,
    z.ZodOptional<z.ZodString>
  >,
);

export const AxisSchema = z.object({
  id: z.string(),
  name: partialText,
  description: partialText,
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

/** POST /v1/thinkings: a personal thinking, with at least one value (spec 01 §5). */
export const ThinkingCreateSchema = z.strictObject({
  axes: z.array(ThinkingAnswerSchema).min(1, 'required').max(100),
  category: z.string().min(1).max(50).optional(),
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
  listThinkings,
  createThinking,
  getThinking,
  updateThinking,
];
