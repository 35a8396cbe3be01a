import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { listOf } from './list';
import { MultilingualTextSchema, perLanguage } from './text';
import {
  NUMBER_OPERATORS,
  TAG_COLOR_PATTERN,
  TAG_CONDITIONS,
  TAG_KEYWORDS_MAX,
  TAG_MODULES,
  TAG_NAME_MAX_LENGTH,
  TAG_SELECTION_IDS,
  TAG_TYPES,
  TAGS_MAX,
  TEXT_OPERATORS,
} from '../domain/tags';

/**
 * Tags of a sphere (spec 01 §3 Tag, §5 tag form, §7 `/spheres/{id}/tags`) and their automation
 * (spec 01 §3 Tag selection, `/spheres/{id}/tags-selections`). The sphere's admins hold the rights
 * (`sphere-tag`); served by the spheres domain, where the members they tag live.
 */

const SphereIdParams = z.strictObject({ id: z.string().min(1).max(64) });
const TagParams = z.strictObject({ id: z.string().min(1).max(64), tagId: z.string().min(1).max(64) });

const tagNameText = z.string().trim().max(TAG_NAME_MAX_LENGTH, 'length-out-of-range-error');

/** The name per language; the service requires it in the sphere's primary language. */
export const TagNameSchema = perLanguage(tagNameText);

const TagFieldsSchema = z.strictObject({
  name: TagNameSchema,
  type: z.enum(TAG_TYPES, 'not-valid'),
  color: z.string().regex(TAG_COLOR_PATTERN, 'not-valid'),
  weight: z.number('not-valid').int('not-valid').min(-1000).max(1000),
  keywords: z.array(z.string().trim().min(1).max(50)).max(TAG_KEYWORDS_MAX, 'too-many').default([]),
});

/** POST /v1/spheres/{id}/tags: the modules are chosen at creation (every module when none is given). */
export const TagCreateSchema = TagFieldsSchema.extend({
  modules: z
    .array(z.enum(TAG_MODULES, 'not-valid'))
    .max(TAG_MODULES.length)
    .default([...TAG_MODULES]),
});
export type TagCreate = z.infer<typeof TagCreateSchema>;
export type TagCreateInput = z.input<typeof TagCreateSchema>;

/**
 * PUT /v1/spheres/{id}/tags/{tagId}: the fields, the modules (the form's closed advanced section),
 * and `archived` (archive, or restore an archived tag). An archived tag that stays archived cannot
 * be saved (`tag-archived`).
 */
export const TagUpdateSchema = TagFieldsSchema.extend({
  modules: z.array(z.enum(TAG_MODULES, 'not-valid')).max(TAG_MODULES.length),
  archived: z.boolean(),
});
export type TagUpdate = z.infer<typeof TagUpdateSchema>;
export type TagUpdateInput = z.input<typeof TagUpdateSchema>;

export const TagSchema = z.object({
  id: z.string(),
  shortId: z.string(),
  name: MultilingualTextSchema,
  type: z.enum(TAG_TYPES),
  color: z.string(),
  weight: z.number(),
  modules: z.array(z.enum(TAG_MODULES)),
  keywords: z.array(z.string()),
  archived: z.boolean(),
  /** Whether the sphere's automation gives this tag (it is named by a tag selection). */
  autoTag: z.boolean(),
  updateDate: z.string(),
});
export type Tag = z.infer<typeof TagSchema>;

export const listSphereTags = defineRoute({
  name: 'listSphereTags',
  domain: 'spheres',
  method: 'GET',
  path: '/v1/spheres/{id}/tags',
  auth: 'registered',
  ability: { action: 'get', subject: 'sphere-tag', on: { sphereId: 'id' } },
  params: SphereIdParams,
  query: z.strictObject({
    /** `false`: active tags only; `true`: archived ones only; absent: both. */
    archived: z.enum(['true', 'false']).optional(),
    /** Tags usable in any of these modules (comma-separated). */
    modules: z
      .string()
      .max(200)
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined) return undefined;
        const list = raw.split(',').map((m) => m.trim());
        const known = list.filter((m): m is (typeof TAG_MODULES)[number] =>
          (TAG_MODULES as readonly string[]).includes(m),
        );
        if (known.length !== list.length) ctx.addIssue({ code: 'custom', message: 'not-valid' });
        return known;
      }),
    _max: z.coerce.number().int().min(1).max(TAGS_MAX).default(TAGS_MAX),
    _offset: z.coerce.number().int().min(0).default(0),
  }),
  response: listOf(TagSchema),
});

export const createSphereTag = defineRoute({
  name: 'createSphereTag',
  domain: 'spheres',
  method: 'POST',
  path: '/v1/spheres/{id}/tags',
  auth: 'registered',
  ability: { action: 'post', subject: 'sphere-tag', on: { sphereId: 'id' } },
  params: SphereIdParams,
  body: TagCreateSchema,
  response: TagSchema,
  status: 201,
});

export const getSphereTag = defineRoute({
  name: 'getSphereTag',
  domain: 'spheres',
  method: 'GET',
  path: '/v1/spheres/{id}/tags/{tagId}',
  auth: 'registered',
  ability: { action: 'get', subject: 'sphere-tag', on: { sphereId: 'id' } },
  params: TagParams,
  response: TagSchema,
});

export const updateSphereTag = defineRoute({
  name: 'updateSphereTag',
  domain: 'spheres',
  method: 'PUT',
  path: '/v1/spheres/{id}/tags/{tagId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'sphere-tag', on: { sphereId: 'id' } },
  params: TagParams,
  body: TagUpdateSchema,
  response: TagSchema,
});

const FacetSchema = z.object({ value: z.string(), count: z.number().int() });

/** GET /v1/spheres/{id}/tags/facets: how many tags of each type and module, archived or not. */
export const TagFacetsSchema = z.object({
  type: z.array(FacetSchema),
  modules: z.array(FacetSchema),
  archived: z.array(FacetSchema),
});
export type TagFacets = z.infer<typeof TagFacetsSchema>;

export const sphereTagFacets = defineRoute({
  name: 'sphereTagFacets',
  domain: 'spheres',
  method: 'GET',
  path: '/v1/spheres/{id}/tags/facets',
  auth: 'registered',
  ability: { action: 'get', subject: 'sphere-tag', on: { sphereId: 'id' } },
  params: SphereIdParams,
  response: TagFacetsSchema,
});

/**
 * POST /v1/spheres/{id}/tags/initialize: the starter set (age, gender and seniority bands, which
 * the automation reads). Asking twice adds nothing twice; answers the tags it added.
 */
export const initializeSphereTags = defineRoute({
  name: 'initializeSphereTags',
  domain: 'spheres',
  method: 'POST',
  path: '/v1/spheres/{id}/tags/initialize',
  auth: 'registered',
  ability: { action: 'post', subject: 'sphere-tag', on: { sphereId: 'id' } },
  params: SphereIdParams,
  response: z.object({ items: z.array(TagSchema) }),
});

export const TagRuleSchema = z.strictObject({
  condition: z.enum(TAG_CONDITIONS, 'not-valid'),
  operator: z
    .enum([...new Set([...TEXT_OPERATORS, ...NUMBER_OPERATORS])] as [string, ...string[]], 'not-valid')
    .optional(),
  value: z.union([z.string().trim().max(100), z.number()]).optional(),
  tagIds: z.array(z.string().min(1).max(64)).min(1, 'required').max(50),
});
export type TagRuleInput = z.input<typeof TagRuleSchema>;

export const TagSelectionBodySchema = z.strictObject({
  defaultTagId: z.string().min(1).max(64).optional(),
  rules: z.array(TagRuleSchema).max(50, 'too-many'),
});

/** PUT /v1/spheres/{id}/tags-selections (add or update {selectionId, selection}). */
export const TagSelectionSaveSchema = z.strictObject({
  selectionId: z.enum(TAG_SELECTION_IDS, 'not-valid'),
  selection: TagSelectionBodySchema,
});
export type TagSelectionSave = z.infer<typeof TagSelectionSaveSchema>;
export type TagSelectionSaveInput = z.input<typeof TagSelectionSaveSchema>;

export const TagSelectionSchema = z.object({
  selectionId: z.enum(TAG_SELECTION_IDS),
  defaultTagId: z.string().optional(),
  rules: z.array(
    z.object({
      condition: z.enum(TAG_CONDITIONS),
      operator: z.string().optional(),
      value: z.union([z.string(), z.number()]).optional(),
      tagIds: z.array(z.string()),
    }),
  ),
  /** Absent for a field that has no rules yet. */
  updateDate: z.string().optional(),
});
export type TagSelection = z.infer<typeof TagSelectionSchema>;

export const listTagSelections = defineRoute({
  name: 'listTagSelections',
  domain: 'spheres',
  method: 'GET',
  path: '/v1/spheres/{id}/tags-selections',
  auth: 'registered',
  ability: { action: 'get', subject: 'sphere-tag', on: { sphereId: 'id' } },
  params: SphereIdParams,
  response: z.object({ items: z.array(TagSelectionSchema) }),
});

/**
 * The saved selection, and how its rules reach the members: applied to each member before the
 * answer (`done`, with the number of members whose tags changed), or queued for a large sphere
 * (`queued`), the worker then applying them.
 */
export const TagSelectionSavedSchema = z.object({
  selection: TagSelectionSchema,
  applied: z.discriminatedUnion('status', [
    z.object({ status: z.literal('done'), changed: z.number().int() }),
    z.object({ status: z.literal('queued') }),
  ]),
});
export type TagSelectionSaved = z.infer<typeof TagSelectionSavedSchema>;

export const saveTagSelection = defineRoute({
  name: 'saveTagSelection',
  domain: 'spheres',
  method: 'PUT',
  path: '/v1/spheres/{id}/tags-selections',
  auth: 'registered',
  ability: { action: 'post', subject: 'sphere-tag', on: { sphereId: 'id' } },
  params: SphereIdParams,
  body: TagSelectionSaveSchema,
  response: TagSelectionSavedSchema,
});

/**
 * One group a sphere's report may be narrowed by (decision 0030): an active tag, and whether it
 * reaches its threshold of people today. A yes or no, never a count: the report itself decides
 * with the tags people held when they answered, so this is a hint given before the choice.
 */
export const ReportGroupSchema = z.object({
  tagId: z.string(),
  name: MultilingualTextSchema,
  type: z.enum(TAG_TYPES),
  color: z.string(),
  /** At least `threshold` active members hold the tag now. */
  enough: z.boolean(),
  /** Asked `with` another tag: at least `pairThreshold` active members hold both now. */
  pairEnough: z.boolean().optional(),
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

export const ReportGroupsSchema = z.object({
  /** People a one-tag group needs (`minParticipants(1)`). */
  threshold: z.number().int(),
  /** People a two-tag group needs (`minParticipants(2)`). */
  pairThreshold: z.number().int(),
  items: z.array(ReportGroupSchema),
});
export type ReportGroups = z.infer<typeof ReportGroupsSchema>;

/**
 * GET /v1/spheres/{id}/report-groups (spec 01 §7): the groups a sphere's report may be narrowed by,
 * for those who read that report (smartReport, its admins), whatever their right on the tag list.
 * `with`, an active tag of the sphere (else 400 `not-valid` on `query.with`), adds for each other
 * tag whether the people holding both reach the two-tag threshold.
 */
export const sphereReportGroups = defineRoute({
  name: 'sphereReportGroups',
  domain: 'spheres',
  method: 'GET',
  path: '/v1/spheres/{id}/report-groups',
  auth: 'registered',
  ability: { action: 'smartReport', subject: 'sphere', on: { sphereId: 'id' } },
  params: SphereIdParams,
  query: z.strictObject({ with: z.string().min(1).max(64).optional() }),
  response: ReportGroupsSchema,
});

export const tagRoutes: readonly RouteContract[] = [
  listSphereTags,
  createSphereTag,
  getSphereTag,
  updateSphereTag,
  sphereTagFacets,
  initializeSphereTags,
  listTagSelections,
  saveTagSelection,
  sphereReportGroups,
];
