import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { listOf } from './list';
import { MultilingualTextSchema, perLanguage } from './text';
import {
  CONTEXT_DESCRIPTION_MAX_LENGTH,
  CONTEXT_NAME_MAX_LENGTH,
  CONTEXT_NAME_MIN_LENGTH,
  CONTEXT_OVERRIDE_KEYS,
  CONTEXT_OVERRIDE_MAX_LENGTH,
  CONTEXT_SUBSTITUTIONS_MAX,
  CONTEXT_WORD_MAX_LENGTH,
  duplicateSubstitution,
  SPHERE_CONTEXTS_MAX,
} from '../domain/sphere-contexts';

/**
 * Contexts of a sphere (spec 01 §3 Sphere context, §7 `/spheres/{id}/contexts`): named sets of the
 * sphere's own words and texts, at most one active, which the members' texts use. Its members read
 * them; those who may change the sphere's settings (`put` on it: its admins) write them. Served by
 * the spheres domain (docs/decisions/0017-sphere-contexts.md).
 */

const SphereIdParams = z.strictObject({ id: z.string().min(1).max(64) });
const ContextParams = z.strictObject({
  id: z.string().min(1).max(64),
  contextId: z.string().min(1).max(64),
});

const text = (max: number) => z.string().trim().max(max, 'length-out-of-range-error');

/** A blank text is no text: the length rules apply to what is written. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

/** The name per language; the service requires it in the sphere's primary language. */
export const ContextNameSchema = perLanguage(
  blankAsAbsent(
    text(CONTEXT_NAME_MAX_LENGTH).min(CONTEXT_NAME_MIN_LENGTH, 'length-out-of-range-error').optional(),
  ),
);

const word = z.string().trim().min(1, 'required').max(CONTEXT_WORD_MAX_LENGTH, 'length-out-of-range-error');

export const SubstitutionSchema = z.strictObject({ from: word, to: word });

/** One language's pairs: a word is named once (400 `exist` on the later pair's `from`). */
const SubstitutionListSchema = z
  .array(SubstitutionSchema)
  .max(CONTEXT_SUBSTITUTIONS_MAX, 'too-many')
  .superRefine((pairs, ctx) => {
    const index = duplicateSubstitution(pairs);
    if (index !== undefined) ctx.addIssue({ code: 'custom', message: 'exist', path: [index, 'from'] });
  });

/** Named product texts (a closed list) replaced for the members, each per language. */
export const ContextOverridesSchema = z.partialRecord(
  z.enum(CONTEXT_OVERRIDE_KEYS, 'not-valid'),
  perLanguage(text(CONTEXT_OVERRIDE_MAX_LENGTH)),
);

const ContextFieldsSchema = z.strictObject({
  name: ContextNameSchema,
  description: perLanguage(text(CONTEXT_DESCRIPTION_MAX_LENGTH)).default({}),
  substitutions: perLanguage(SubstitutionListSchema).default({}),
  overrides: ContextOverridesSchema.default({}),
});

/**
 * POST /v1/spheres/{id}/contexts. An active context takes the place of the one active before,
 * which stops being active in the same write.
 */
export const SphereContextCreateSchema = ContextFieldsSchema.extend({ active: z.boolean().default(false) });
export type SphereContextCreate = z.infer<typeof SphereContextCreateSchema>;
export type SphereContextCreateInput = z.input<typeof SphereContextCreateSchema>;

/**
 * PUT /v1/spheres/{id}/contexts/{contextId}: the whole context, with the `updateDate` the editor
 * read, so two admins saving at once do not overwrite each other (409 `conflict`).
 */
export const SphereContextUpdateSchema = ContextFieldsSchema.extend({
  active: z.boolean(),
  updateDate: z.iso.datetime(),
});
export type SphereContextUpdate = z.infer<typeof SphereContextUpdateSchema>;
export type SphereContextUpdateInput = z.input<typeof SphereContextUpdateSchema>;

const PairsSchema = z.array(z.object({ from: z.string(), to: z.string() }));

export const SphereContextSchema = z.object({
  id: z.string(),
  name: MultilingualTextSchema,
  description: MultilingualTextSchema,
  substitutions: z.object({
    fr: PairsSchema.optional(),
    en: PairsSchema.optional(),
    nl: PairsSchema.optional(),
  }),
  overrides: z.partialRecord(z.enum(CONTEXT_OVERRIDE_KEYS), MultilingualTextSchema),
  active: z.boolean(),
  /** The sphere's galaxy's context, which a sphere without an active one of its own reads. */
  inherited: z.literal('galaxy').optional(),
  createdAt: z.string(),
  updateDate: z.string(),
});
export type SphereContext = z.infer<typeof SphereContextSchema>;

export const listSphereContexts = defineRoute({
  name: 'listSphereContexts',
  domain: 'spheres',
  method: 'GET',
  path: '/v1/spheres/{id}/contexts',
  auth: 'user',
  // Members read them: the texts they are shown use the active one.
  ability: { action: 'get', subject: 'sphere', on: { sphereId: 'id' } },
  params: SphereIdParams,
  query: z.strictObject({
    /** `true`: the active context alone (what the members' texts use). */
    active: z.enum(['true']).optional(),
    _max: z.coerce.number().int().min(1).max(SPHERE_CONTEXTS_MAX).default(SPHERE_CONTEXTS_MAX),
    _offset: z.coerce.number().int().min(0).default(0),
  }),
  response: listOf(SphereContextSchema),
});

export const createSphereContext = defineRoute({
  name: 'createSphereContext',
  domain: 'spheres',
  method: 'POST',
  path: '/v1/spheres/{id}/contexts',
  auth: 'registered',
  // `put` on the sphere, not `post`: every registered user may post (create) a sphere of their own.
  ability: { action: 'put', subject: 'sphere', on: { sphereId: 'id' } },
  params: SphereIdParams,
  body: SphereContextCreateSchema,
  response: SphereContextSchema,
  status: 201,
});

export const getSphereContext = defineRoute({
  name: 'getSphereContext',
  domain: 'spheres',
  method: 'GET',
  path: '/v1/spheres/{id}/contexts/{contextId}',
  auth: 'user',
  ability: { action: 'get', subject: 'sphere', on: { sphereId: 'id' } },
  params: ContextParams,
  response: SphereContextSchema,
});

export const updateSphereContext = defineRoute({
  name: 'updateSphereContext',
  domain: 'spheres',
  method: 'PUT',
  path: '/v1/spheres/{id}/contexts/{contextId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'sphere', on: { sphereId: 'id' } },
  params: ContextParams,
  body: SphereContextUpdateSchema,
  response: SphereContextSchema,
});

/** Deleting the active context leaves the sphere without one: the members read the product's texts. */
export const deleteSphereContext = defineRoute({
  name: 'deleteSphereContext',
  domain: 'spheres',
  method: 'DELETE',
  path: '/v1/spheres/{id}/contexts/{contextId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'sphere', on: { sphereId: 'id' } },
  params: ContextParams,
  response: z.undefined(),
  status: 204,
});

export const sphereContextRoutes: readonly RouteContract[] = [
  listSphereContexts,
  createSphereContext,
  getSphereContext,
  updateSphereContext,
  deleteSphereContext,
];
