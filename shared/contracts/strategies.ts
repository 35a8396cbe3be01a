import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { listOf } from './list';
import { isTimeZone } from '../domain/time-zones';
import { GOAL_IDS } from '../domain/goals';
import {
  STRATEGIES_PAGE_DEFAULT,
  STRATEGIES_PER_LIST_MAX,
  STRATEGY_DESCRIPTION_MAX_LENGTH,
  STRATEGY_INDENT_MAX,
  STRATEGY_LINKS,
  STRATEGY_TITLE_MAX_LENGTH,
  STRATEGY_TYPES,
  assessmentProblem,
  strategyProblems,
  type StrategyLink,
} from '../domain/strategies';

/**
 * Strategies (spec 01 §3 Strategy, §5, §7; spec 02 §2, §3, §5, §7): the life compass of a person
 * (`/v1/strategies/myself`), and the strategy of a sphere or a session (`/v1/strategies/spheres/
 * {sphereId}`, `/v1/strategies/sessions/{sessionId}`), each an ordered outline with indents; the
 * assessments members give a sphere's or a session's strategy (`/v1/strategies/assessments`).
 * Everything here is reserved for Essentials (spec 01 §1). The link is a path segment, so the
 * middleware checks the right on the very sphere or session named (docs/decisions/0019-strategies.md).
 */

/** Page size of a list of one's assessments in a sphere or session (spec 01 §9: assessments 10 000). */
export const STRATEGY_ASSESSMENTS_MAX = 10_000;

const IdSchema = z.string().min(1).max(100);
const StrategyIdSchema = z.string().min(1).max(64);

const IndentSchema = z
  .number('not-a-number')
  .int()
  .min(0, 'value-out-of-range-error')
  .max(STRATEGY_INDENT_MAX, 'value-out-of-range-error');

/** The texts and flags of a strategy; which title is required depends on the list (see `strategyBody`). */
const StrategyFieldsSchema = z.strictObject({
  type: z.enum(STRATEGY_TYPES, 'not-valid'),
  title: z.string().trim().max(STRATEGY_TITLE_MAX_LENGTH, 'length-out-of-range-error').default(''),
  description: z
    .string()
    .trim()
    .max(STRATEGY_DESCRIPTION_MAX_LENGTH, 'length-out-of-range-error')
    .default(''),
  /** Hidden items are seen only by those who may change the list. */
  isHidden: z.boolean('not-a-boolean').default(false),
  /** The long-term goals (spec 01 §3 Goal axes) the item serves, each once. */
  goalsLinked: z
    .array(z.enum(GOAL_IDS as [string, ...string[]], 'not-valid'))
    .max(GOAL_IDS.length, 'too-many')
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, { message: 'exist' }),
});

/** The rules of spec 01 §5 on a strategy of a list: a title where required, always a description. */
function strategyBody<
  S extends z.ZodType<{ type: (typeof STRATEGY_TYPES)[number]; title: string; description: string }>,
>(schema: S, linkTo: StrategyLink) {
  return schema.superRefine((strategy, context) => {
    for (const problem of strategyProblems(strategy, linkTo))
      context.addIssue({ code: 'custom', message: problem.key, path: [problem.field] });
  });
}

/** POST: a new strategy at the end of the list, at `indent` (0 … the last item's indent plus one). */
const StrategyCreateFields = StrategyFieldsSchema.extend({ indent: IndentSchema.default(0) });
/** PUT {strategyId}: its texts and flags, with the `updateDate` read (409 `conflict` when it changed since). */
const StrategyUpdateFields = StrategyFieldsSchema.extend({ updateDate: z.iso.datetime('not-a-date') });

export const LifeCompassCreateSchema = strategyBody(StrategyCreateFields, 'user');
export const StrategyCreateSchema = strategyBody(StrategyCreateFields, 'sphere');
export const LifeCompassUpdateSchema = strategyBody(StrategyUpdateFields, 'user');
export const StrategyUpdateSchema = strategyBody(StrategyUpdateFields, 'sphere');
export type StrategyCreate = z.infer<typeof StrategyCreateSchema>;
export type StrategyCreateInput = z.input<typeof StrategyCreateSchema>;
export type StrategyUpdate = z.infer<typeof StrategyUpdateSchema>;
export type StrategyUpdateInput = z.input<typeof StrategyUpdateSchema>;

/**
 * PUT …/order: the whole list in its new order with each item's indent, as the editor shows it
 * after moves and indents (spec 01 §5: reordering persists order and indent). It must name every
 * item of the list once (409 `conflict` when the list changed since) and keep the indent rule.
 */
export const StrategyOrderSchema = z.strictObject({
  items: z
    .array(z.strictObject({ id: StrategyIdSchema, indent: IndentSchema }))
    .max(STRATEGIES_PER_LIST_MAX, 'too-many'),
});
export type StrategyOrder = z.infer<typeof StrategyOrderSchema>;

export const StrategySchema = z.object({
  id: z.string(),
  type: z.enum(STRATEGY_TYPES),
  title: z.string(),
  description: z.string(),
  /** Its place in the list, from 0. */
  order: z.number().int(),
  indent: z.number().int(),
  isHidden: z.boolean(),
  goalsLinked: z.array(z.string()),
  linkTo: z.enum(STRATEGY_LINKS),
  /** The person of a life compass. */
  userId: z.string().optional(),
  sphereId: z.string().optional(),
  sessionId: z.string().optional(),
  createdAt: z.string(),
  updateDate: z.string(),
});
export type Strategy = z.infer<typeof StrategySchema>;

export const StrategyListQuerySchema = z.strictObject({
  _max: z.coerce
    .number('not-a-number')
    .int()
    .min(1, 'value-out-of-range-error')
    .max(STRATEGIES_PER_LIST_MAX, 'value-out-of-range-error')
    .default(STRATEGIES_PAGE_DEFAULT),
  _offset: z.coerce.number('not-a-number').int().min(0, 'value-out-of-range-error').default(0),
});

/** A list of strategies in order; readers who may not change it do not see hidden items. */
export const StrategyListSchema = listOf(StrategySchema);
export type StrategyList = z.infer<typeof StrategyListSchema>;

const SphereParams = z.strictObject({ sphereId: IdSchema });
const SessionParams = z.strictObject({ sessionId: IdSchema });
const MyStrategyParams = z.strictObject({ strategyId: StrategyIdSchema });
const SphereStrategyParams = SphereParams.extend({ strategyId: StrategyIdSchema });
const SessionStrategyParams = SessionParams.extend({ strategyId: StrategyIdSchema });

/**
 * An assessment's answers: a level's value (1 very unhappy … 5 very happy) per strategy id; an
 * empty answer (null) is dropped; at least one answer (spec 02 §5).
 */
const AssessmentValuesSchema = z
  .record(StrategyIdSchema, z.number('not-a-number').nullable())
  .refine((values) => Object.keys(values).length <= STRATEGIES_PER_LIST_MAX, { message: 'too-many' })
  .superRefine((values, context) => {
    const problem = assessmentProblem(values);
    if (problem)
      context.addIssue({
        code: 'custom',
        message: problem.key,
        path: problem.strategyId === undefined ? [] : [problem.strategyId],
      });
  });

/** POST …/assessments/spheres/{sphereId} or …/sessions/{sessionId}: a new assessment, editable for an hour. */
export const StrategyAssessmentCreateSchema = z.strictObject({
  values: AssessmentValuesSchema,
  /** The person's time zone. */
  locale: z.string().min(1).max(64).refine(isTimeZone, { message: 'not-valid' }).optional(),
  /** Given through a link rather than from the product's pages. */
  fromDirectLink: z.boolean('not-a-boolean').default(false),
  /** The campaign link it was given through, for its sphere or session: its tags join the assessment's. */
  linkId: z.string().min(1).max(100).optional(),
});
export type StrategyAssessmentCreate = z.infer<typeof StrategyAssessmentCreateSchema>;
export type StrategyAssessmentCreateInput = z.input<typeof StrategyAssessmentCreateSchema>;

/** PUT …/assessments/{assessmentId}: every answer again, while the assessment is not frozen. */
export const StrategyAssessmentUpdateSchema = z.strictObject({ values: AssessmentValuesSchema });
export type StrategyAssessmentUpdate = z.infer<typeof StrategyAssessmentUpdateSchema>;

export const StrategyAssessmentSchema = z.object({
  id: z.string(),
  linkTo: z.enum(['sphere', 'session']),
  sphereId: z.string(),
  sessionId: z.string().optional(),
  /** Strategy id → the level's value, 1 … 5. */
  values: z.record(z.string(), z.number()),
  locale: z.string().optional(),
  fromDirectLink: z.boolean(),
  /** The tags of the session it was given in. */
  specificTagIds: z.array(z.string()),
  creationDate: z.string(),
  updateDate: z.string(),
  freezeDate: z.string(),
  /** Whether it could still be changed when the answer was made. */
  editable: z.boolean(),
});
export type StrategyAssessment = z.infer<typeof StrategyAssessmentSchema>;

export const StrategyAssessmentListQuerySchema = z.strictObject({
  _max: z.coerce
    .number('not-a-number')
    .int()
    .min(1, 'value-out-of-range-error')
    .max(STRATEGY_ASSESSMENTS_MAX, 'value-out-of-range-error')
    .default(STRATEGY_ASSESSMENTS_MAX),
  _offset: z.coerce.number('not-a-number').int().min(0, 'value-out-of-range-error').default(0),
});

const AssessmentParams = z.strictObject({ assessmentId: z.string().min(1).max(100) });

// The life compass: the caller's own list. Its rules name the caller, so the right is on the type.

export const listMyStrategies = defineRoute({
  name: 'listMyStrategies',
  domain: 'strategies',
  method: 'GET',
  path: '/v1/strategies/myself',
  auth: 'registered',
  ability: { action: 'get', subject: 'strategy' },
  query: StrategyListQuerySchema,
  response: StrategyListSchema,
});

export const addMyStrategy = defineRoute({
  name: 'addMyStrategy',
  domain: 'strategies',
  method: 'POST',
  path: '/v1/strategies/myself',
  auth: 'registered',
  ability: { action: 'post', subject: 'strategy' },
  body: LifeCompassCreateSchema,
  response: StrategySchema,
  status: 201,
});

export const reorderMyStrategies = defineRoute({
  name: 'reorderMyStrategies',
  domain: 'strategies',
  method: 'PUT',
  path: '/v1/strategies/myself/order',
  auth: 'registered',
  ability: { action: 'put', subject: 'strategy' },
  body: StrategyOrderSchema,
  response: StrategyListSchema,
});

export const updateMyStrategy = defineRoute({
  name: 'updateMyStrategy',
  domain: 'strategies',
  method: 'PUT',
  path: '/v1/strategies/myself/{strategyId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'strategy' },
  params: MyStrategyParams,
  body: LifeCompassUpdateSchema,
  response: StrategySchema,
});

export const deleteMyStrategy = defineRoute({
  name: 'deleteMyStrategy',
  domain: 'strategies',
  method: 'DELETE',
  path: '/v1/strategies/myself/{strategyId}',
  auth: 'registered',
  ability: { action: 'delete', subject: 'strategy' },
  params: MyStrategyParams,
  response: z.undefined(),
  status: 204,
});

// A sphere's strategy: its members read it, its admins write it.

export const listSphereStrategies = defineRoute({
  name: 'listSphereStrategies',
  domain: 'strategies',
  method: 'GET',
  path: '/v1/strategies/spheres/{sphereId}',
  auth: 'registered',
  ability: { action: 'get', subject: 'strategy', on: { sphereId: 'sphereId' } },
  params: SphereParams,
  query: StrategyListQuerySchema,
  response: StrategyListSchema,
});

export const addSphereStrategy = defineRoute({
  name: 'addSphereStrategy',
  domain: 'strategies',
  method: 'POST',
  path: '/v1/strategies/spheres/{sphereId}',
  auth: 'registered',
  ability: { action: 'post', subject: 'strategy', on: { sphereId: 'sphereId' } },
  params: SphereParams,
  body: StrategyCreateSchema,
  response: StrategySchema,
  status: 201,
});

export const reorderSphereStrategies = defineRoute({
  name: 'reorderSphereStrategies',
  domain: 'strategies',
  method: 'PUT',
  path: '/v1/strategies/spheres/{sphereId}/order',
  auth: 'registered',
  ability: { action: 'put', subject: 'strategy', on: { sphereId: 'sphereId' } },
  params: SphereParams,
  body: StrategyOrderSchema,
  response: StrategyListSchema,
});

export const updateSphereStrategy = defineRoute({
  name: 'updateSphereStrategy',
  domain: 'strategies',
  method: 'PUT',
  path: '/v1/strategies/spheres/{sphereId}/{strategyId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'strategy', on: { sphereId: 'sphereId' } },
  params: SphereStrategyParams,
  body: StrategyUpdateSchema,
  response: StrategySchema,
});

export const deleteSphereStrategy = defineRoute({
  name: 'deleteSphereStrategy',
  domain: 'strategies',
  method: 'DELETE',
  path: '/v1/strategies/spheres/{sphereId}/{strategyId}',
  auth: 'registered',
  ability: { action: 'delete', subject: 'strategy', on: { sphereId: 'sphereId' } },
  params: SphereStrategyParams,
  response: z.undefined(),
  status: 204,
});

// A session's strategy: its members read it, its owners and its sphere's admins write it.

export const listSessionStrategies = defineRoute({
  name: 'listSessionStrategies',
  domain: 'strategies',
  method: 'GET',
  path: '/v1/strategies/sessions/{sessionId}',
  auth: 'registered',
  ability: { action: 'get', subject: 'strategy', on: { sessionId: 'sessionId' } },
  params: SessionParams,
  query: StrategyListQuerySchema,
  response: StrategyListSchema,
});

export const addSessionStrategy = defineRoute({
  name: 'addSessionStrategy',
  domain: 'strategies',
  method: 'POST',
  path: '/v1/strategies/sessions/{sessionId}',
  auth: 'registered',
  ability: { action: 'post', subject: 'strategy', on: { sessionId: 'sessionId' } },
  params: SessionParams,
  body: StrategyCreateSchema,
  response: StrategySchema,
  status: 201,
});

export const reorderSessionStrategies = defineRoute({
  name: 'reorderSessionStrategies',
  domain: 'strategies',
  method: 'PUT',
  path: '/v1/strategies/sessions/{sessionId}/order',
  auth: 'registered',
  ability: { action: 'put', subject: 'strategy', on: { sessionId: 'sessionId' } },
  params: SessionParams,
  body: StrategyOrderSchema,
  response: StrategyListSchema,
});

export const updateSessionStrategy = defineRoute({
  name: 'updateSessionStrategy',
  domain: 'strategies',
  method: 'PUT',
  path: '/v1/strategies/sessions/{sessionId}/{strategyId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'strategy', on: { sessionId: 'sessionId' } },
  params: SessionStrategyParams,
  body: StrategyUpdateSchema,
  response: StrategySchema,
});

export const deleteSessionStrategy = defineRoute({
  name: 'deleteSessionStrategy',
  domain: 'strategies',
  method: 'DELETE',
  path: '/v1/strategies/sessions/{sessionId}/{strategyId}',
  auth: 'registered',
  ability: { action: 'delete', subject: 'strategy', on: { sessionId: 'sessionId' } },
  params: SessionStrategyParams,
  response: z.undefined(),
  status: 204,
});

// Assessments: members assess their sphere's or session's strategy; each reads and changes their own.

export const addSphereStrategyAssessment = defineRoute({
  name: 'addSphereStrategyAssessment',
  domain: 'strategies',
  method: 'POST',
  path: '/v1/strategies/assessments/spheres/{sphereId}',
  auth: 'registered',
  ability: { action: 'post', subject: 'strategy-assessment', on: { sphereId: 'sphereId' } },
  params: SphereParams,
  body: StrategyAssessmentCreateSchema,
  response: StrategyAssessmentSchema,
  status: 201,
});

export const listSphereStrategyAssessments = defineRoute({
  name: 'listSphereStrategyAssessments',
  domain: 'strategies',
  method: 'GET',
  path: '/v1/strategies/assessments/spheres/{sphereId}',
  auth: 'registered',
  ability: { action: 'get', subject: 'strategy-assessment', on: { sphereId: 'sphereId' } },
  params: SphereParams,
  query: StrategyAssessmentListQuerySchema,
  response: listOf(StrategyAssessmentSchema),
});

export const addSessionStrategyAssessment = defineRoute({
  name: 'addSessionStrategyAssessment',
  domain: 'strategies',
  method: 'POST',
  path: '/v1/strategies/assessments/sessions/{sessionId}',
  auth: 'registered',
  ability: { action: 'post', subject: 'strategy-assessment', on: { sessionId: 'sessionId' } },
  params: SessionParams,
  body: StrategyAssessmentCreateSchema,
  response: StrategyAssessmentSchema,
  status: 201,
});

export const listSessionStrategyAssessments = defineRoute({
  name: 'listSessionStrategyAssessments',
  domain: 'strategies',
  method: 'GET',
  path: '/v1/strategies/assessments/sessions/{sessionId}',
  auth: 'registered',
  ability: { action: 'get', subject: 'strategy-assessment', on: { sessionId: 'sessionId' } },
  params: SessionParams,
  query: StrategyAssessmentListQuerySchema,
  response: listOf(StrategyAssessmentSchema),
});

export const getStrategyAssessment = defineRoute({
  name: 'getStrategyAssessment',
  domain: 'strategies',
  method: 'GET',
  path: '/v1/strategies/assessments/{assessmentId}',
  auth: 'registered',
  ability: { action: 'get', subject: 'strategy-assessment' },
  params: AssessmentParams,
  response: StrategyAssessmentSchema,
});

export const updateStrategyAssessment = defineRoute({
  name: 'updateStrategyAssessment',
  domain: 'strategies',
  method: 'PUT',
  path: '/v1/strategies/assessments/{assessmentId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'strategy-assessment' },
  params: AssessmentParams,
  body: StrategyAssessmentUpdateSchema,
  response: StrategyAssessmentSchema,
});

export const strategyRoutes: readonly RouteContract[] = [
  listMyStrategies,
  addMyStrategy,
  reorderMyStrategies,
  updateMyStrategy,
  deleteMyStrategy,
  listSphereStrategies,
  addSphereStrategy,
  reorderSphereStrategies,
  updateSphereStrategy,
  deleteSphereStrategy,
  listSessionStrategies,
  addSessionStrategy,
  reorderSessionStrategies,
  updateSessionStrategy,
  deleteSessionStrategy,
  addSphereStrategyAssessment,
  listSphereStrategyAssessments,
  addSessionStrategyAssessment,
  listSessionStrategyAssessments,
  getStrategyAssessment,
  updateStrategyAssessment,
];
