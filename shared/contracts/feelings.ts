import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { LANGUAGES } from './headers';
import { listOf } from './list';
import { issueToError } from './issues';
import { EVALUATION_PERIODS, FEELING_COLORS, isStep } from '../domain/feelings';
import { GOAL_IDS, GOAL_LEVELS } from '../domain/goals';
import { NOTE_MAX_LENGTH, NOTE_TYPES } from '../domain/notes';
import { isTimeZone } from '../domain/time-zones';
import { REPORT_INTERVALS } from '../domain/myself-report';
import { DATE_FILTER_MIN_DAY } from '../domain/date-filter';

/** Feelings (spec 01 §3 Feeling, §7 Feelings): the person's own mood-meter entries. */

/** Page size of feeling lists (spec 01 §9). */
export const FEELINGS_MAX = 10_000;

const localized = z.object(
  Object.fromEntries(LANGUAGES.map((l) => [l, z.string()])) as Record<
    (typeof LANGUAGES)[number],
    z.ZodString
  >,
);

export const EmotionWordSchema = z.object({
  id: z.string(),
  color: z.enum(FEELING_COLORS),
  label: localized,
  description: localized,
});
export type EmotionWord = z.infer<typeof EmotionWordSchema>;

/** A histogram reading: one of the ten tenths, signed for a value. */
const tenth = (signed: boolean) =>
  z
    .number()
    .refine(
      (n) =>
        n !== 0 && isStep(Math.round(Math.abs(n) * 10) - 1) && Math.abs(n * 10 - Math.round(n * 10)) < 1e-9,
      {
        message: 'value-out-of-range-error',
      },
    )
    .refine((n) => signed || n > 0, { message: 'value-out-of-range-error' });

export const GeoPointSchema = z.strictObject({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

export const PersonalNoteSchema = z.strictObject({
  /** Absent on a new note: the server gives it the highest id plus one. */
  id: z.number().int().min(1).optional(),
  value: z.string().trim().min(1).max(NOTE_MAX_LENGTH),
  type: z.enum(NOTE_TYPES),
});

const level = z
  .number()
  .int()
  .refine((n) => (GOAL_LEVELS as readonly number[]).includes(n), {
    message: 'value-out-of-range-error',
  });

export const FeelingGoalSchema = z.strictObject({
  id: z.string().min(1).max(50),
  level,
  ranking: z.number().int().min(1).max(100).optional(),
  subs: z
    .array(z.strictObject({ id: z.string().min(1).max(50), level }))
    .max(20)
    .optional(),
});
export type FeelingGoalInput = z.infer<typeof FeelingGoalSchema>;

export const EvaluationPeriodSchema = z.strictObject({
  value: z.number().int().min(0).max(1),
  type: z.enum(EVALUATION_PERIODS),
});

/**
 * POST /v1/feelings: the reading of the two histograms (value signed by good or bad, energy), the
 * word and the rest. A colour, when sent, must be the one the server computes from them.
 */
export const FeelingCreateSchema = z.strictObject({
  value: tenth(true),
  energy: tenth(false),
  color: z.enum(FEELING_COLORS).optional(),
  wordId: z.string().min(1).max(50).optional(),
  category: z.string().min(1).max(50).optional(),
  /** The context chosen in the flow: one of the person's spheres or contributor sessions. */
  sphereId: z.string().min(1).max(100).optional(),
  sessionId: z.string().min(1).max(100).optional(),
  /** The code of the quick-answer link the feeling came from, for that sphere or session. */
  validationCode: z.string().min(1).max(100).optional(),
  /**
   * The campaign link (short URL alias) the feeling came through, for that sphere or session: its
   * tags become the feeling's own (`specificTagIds`, spec 01 §3), counted in the sphere's reports.
   */
  linkId: z.string().min(1).max(100).optional(),
  evaluationPeriod: EvaluationPeriodSchema.default({ value: 0, type: 'none' }),
  geoPoint: GeoPointSchema.default({ latitude: 0, longitude: 0 }),
  /** The time zone the browser guessed (spec 01 §3 Feeling `locale`), an IANA name. */
  locale: z.string().min(1).max(64).refine(isTimeZone, { message: 'not-valid' }).optional(),
  personalNotes: z.array(PersonalNoteSchema).max(50).default([]),
  goals: z.array(FeelingGoalSchema).max(14).default([]),
});
export type FeelingCreate = z.infer<typeof FeelingCreateSchema>;
export type FeelingCreateInput = z.input<typeof FeelingCreateSchema>;

/** PUT /v1/feelings/{id}: what may change within the edit window. Absent fields are kept. */
export const FeelingUpdateSchema = z.strictObject({
  category: z.string().min(1).max(50).nullable().optional(),
  wordId: z.string().min(1).max(50).nullable().optional(),
  personalNotes: z.array(PersonalNoteSchema).max(50).optional(),
  goals: z.array(FeelingGoalSchema).max(14).optional(),
});
export type FeelingUpdate = z.infer<typeof FeelingUpdateSchema>;

export const FeelingSchema = z.object({
  id: z.string(),
  value: z.number(),
  energy: z.number(),
  color: z.enum(FEELING_COLORS),
  wordId: z.string().optional(),
  category: z.string().optional(),
  sphereId: z.string().optional(),
  sessionId: z.string().optional(),
  /** Recorded through a quick-answer link (spec 01 §3 `fromDirectLink`). */
  fromDirectLink: z.boolean().optional(),
  /** The tags of the link it came through (spec 01 §3 `specificTagIds`). */
  specificTagIds: z.array(z.string()).optional(),
  evaluationPeriod: EvaluationPeriodSchema,
  geoPoint: GeoPointSchema,
  locale: z.string().optional(),
  personalNotes: z.array(z.object({ id: z.number(), value: z.string(), type: z.enum(NOTE_TYPES) })),
  goals: z.array(FeelingGoalSchema),
  timestamp: z.string(),
  freezeDate: z.string().optional(),
  /** Whether the edit window is still open when the answer was made. */
  editable: z.boolean(),
});
export type Feeling = z.infer<typeof FeelingSchema>;

export const FeelingCreatedSchema = FeelingSchema.pick({
  id: true,
  wordId: true,
  color: true,
  energy: true,
  value: true,
});

const FeelingIdParams = z.strictObject({ id: z.string().min(1).max(100) });

const isoDateTime = z.iso.datetime({ offset: true });

/** `a,b,c` in a query → the list of its values, each checked by `item` (its key when one is wrong). */
function commaList<O>(item: z.ZodType<O>) {
  return z
    .string()
    .max(400)
    .optional()
    .transform((raw, ctx) => {
      const parts = raw ? raw.split(',').map((v) => v.trim()) : [];
      if (parts.length > 20) {
        ctx.addIssue({ code: 'custom', message: 'too-many' });
        return z.NEVER;
      }
      const values: O[] = [];
      for (const part of parts) {
        const parsed = item.safeParse(part);
        if (!parsed.success) {
          const [issue] = parsed.error.issues;
          const key = issue ? issueToError(issue, part)[0]?.key : undefined;
          ctx.addIssue({ code: 'custom', message: key ?? 'not-valid' });
          return z.NEVER;
        }
        values.push(parsed.data);
      }
      return values;
    });
}

/** GET /v1/feelings: a time range, colours, a search in the notes; newest first, by pages. */
export const FeelingListQuerySchema = z.strictObject({
  start: isoDateTime.optional(),
  end: isoDateTime.optional(),
  color: z
    .string()
    .max(40)
    .optional()
    .transform((raw) => (raw ? raw.split(',') : []))
    .pipe(z.array(z.enum(FEELING_COLORS))),
  personalNotes: z.string().trim().max(200).optional(),
  sphereId: z.string().min(1).max(100).optional(),
  sessionId: z.string().min(1).max(100).optional(),
  goalIds: commaList(z.enum(GOAL_IDS as [string, ...string[]])),
  goalLevels: commaList(
    z.coerce
      .number()
      .int()
      .refine((n) => (GOAL_LEVELS as readonly number[]).includes(n), { message: 'value-out-of-range-error' }),
  ),
  goalRankings: commaList(z.coerce.number().int().min(1).max(100)),
  _max: z.coerce.number().int().min(1).max(FEELINGS_MAX).default(FEELINGS_MAX),
  _offset: z.coerce.number().int().min(0).default(0),
});

/**
 * A period of whole days (YYYY-MM-DD, in the person's calendar), for the routes that read the day
 * summaries: from 2018-01-01, ending on or after its start, at most until tomorrow (a person east
 * of the server may already be there).
 */
const day = z.iso.date();
const periodRule = (p: { start: string; end: string }, ctx: z.RefinementCtx) => {
  // A day that is not a date already has its own issue.
  if (!day.safeParse(p.start).success || !day.safeParse(p.end).success) return;
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  if (p.start < DATE_FILTER_MIN_DAY)
    ctx.addIssue({ code: 'custom', message: 'value-out-of-range-error', path: ['start'] });
  if (p.end < p.start || p.end > tomorrow)
    ctx.addIssue({ code: 'custom', message: 'value-out-of-range-error', path: ['end'] });
};

export const FeelingFacetsQuerySchema = z.strictObject({ start: day, end: day }).superRefine(periodRule);

const FacetEntrySchema = z.object({ value: z.string(), label: z.string(), count: z.number() });
export const FeelingFacetsSchema = z.object({
  color: z.array(FacetEntrySchema),
  sphere: z.array(FacetEntrySchema),
  session: z.array(FacetEntrySchema),
  goalIds: z.array(FacetEntrySchema),
  goalLevels: z.array(FacetEntrySchema),
  goalRankings: z.array(FacetEntrySchema),
});
export type FeelingFacets = z.infer<typeof FeelingFacetsSchema>;

/** POST /v1/feelings/myself-reports: a period and, optionally, the interval of its series. */
export const MyselfReportRequestSchema = z
  .strictObject({ start: day, end: day, interval: z.enum(REPORT_INTERVALS).optional() })
  .superRefine(periodRule);
export type MyselfReportRequest = z.input<typeof MyselfReportRequestSchema>;

const colorCounts = z.object(
  Object.fromEntries(FEELING_COLORS.map((c) => [c, z.number()])) as Record<
    (typeof FEELING_COLORS)[number],
    z.ZodNumber
  >,
);
export const MyselfReportSchema = z.object({
  start: z.string(),
  end: z.string(),
  interval: z.enum(REPORT_INTERVALS),
  count: z.number(),
  activeDays: z.number(),
  averageValue: z.number().nullable(),
  averageEnergy: z.number().nullable(),
  colors: colorCounts,
  series: z.array(
    z.object({
      start: z.string(),
      count: z.number(),
      averageValue: z.number().nullable(),
      averageEnergy: z.number().nullable(),
      colors: colorCounts,
    }),
  ),
  topWords: z.array(z.object({ wordId: z.string(), count: z.number() })),
  goals: z.array(z.object({ id: z.string(), closer: z.number(), neutral: z.number(), away: z.number() })),
  notes: z.object(
    Object.fromEntries(NOTE_TYPES.map((t) => [t, z.number()])) as Record<
      (typeof NOTE_TYPES)[number],
      z.ZodNumber
    >,
  ),
  calendar: z.array(z.object({ day: z.string(), count: z.number(), dominant: z.enum(FEELING_COLORS) })),
});
export type MyselfReportData = z.infer<typeof MyselfReportSchema>;

/**
 * The good/bad quick-answer page (spec 01 §2): a link names a sphere or a session and carries a
 * code only its admins can make, so a feeling recorded through it is known to come from it.
 */
export const QuickAnswerCheckSchema = z
  .strictObject({
    sphereId: z.string().min(1).max(100).optional(),
    sessionId: z.string().min(1).max(100).optional(),
    validationCode: z.string().min(1).max(100),
  })
  .refine((b) => (b.sphereId === undefined) !== (b.sessionId === undefined), {
    message: 'required',
    path: ['sessionId'],
  });

export const QuickAnswerPlaceSchema = z.object({
  sphereId: z.string(),
  sessionId: z.string().optional(),
  /** The sphere's name, or the session's name as its members see it, in the caller's language. */
  name: z.string(),
  /** Whether the caller may record a contributor feeling there. */
  contributes: z.boolean(),
});
export type QuickAnswerPlace = z.infer<typeof QuickAnswerPlaceSchema>;

export const QuickAnswerLinkSchema = z.object({ validationCode: z.string() });

export const checkQuickAnswer = defineRoute({
  name: 'checkQuickAnswer',
  domain: 'feelings',
  method: 'POST',
  path: '/v1/feelings/quick-answers/check',
  auth: 'user',
  body: QuickAnswerCheckSchema,
  response: QuickAnswerPlaceSchema,
});

export const getSphereQuickAnswerLink = defineRoute({
  name: 'getSphereQuickAnswerLink',
  domain: 'feelings',
  method: 'GET',
  path: '/v1/feelings/quick-answer-links/spheres/{sphereId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'sphere', on: { sphereId: 'sphereId' } },
  params: z.strictObject({ sphereId: z.string().min(1).max(100) }),
  response: QuickAnswerLinkSchema,
});

export const getSessionQuickAnswerLink = defineRoute({
  name: 'getSessionQuickAnswerLink',
  domain: 'feelings',
  method: 'GET',
  path: '/v1/feelings/quick-answer-links/sessions/{sessionId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'session', on: { sessionId: 'sessionId' } },
  params: z.strictObject({ sessionId: z.string().min(1).max(100) }),
  response: QuickAnswerLinkSchema,
});

export const getFeelingWords = defineRoute({
  name: 'getFeelingWords',
  domain: 'feelings',
  method: 'GET',
  path: '/v1/feelings/definitions/words',
  auth: 'user',
  response: listOf(EmotionWordSchema),
});

export const createFeeling = defineRoute({
  name: 'createFeeling',
  domain: 'feelings',
  method: 'POST',
  path: '/v1/feelings',
  auth: 'user',
  ability: { action: 'post', subject: 'feeling' },
  body: FeelingCreateSchema,
  response: FeelingCreatedSchema,
  status: 201,
});

export const listFeelings = defineRoute({
  name: 'listFeelings',
  domain: 'feelings',
  method: 'GET',
  path: '/v1/feelings',
  auth: 'user',
  ability: { action: 'get', subject: 'feeling' },
  query: FeelingListQuerySchema,
  response: listOf(FeelingSchema),
});

export const getFeelingFacets = defineRoute({
  name: 'getFeelingFacets',
  domain: 'feelings',
  method: 'GET',
  path: '/v1/feelings/facets',
  auth: 'user',
  ability: { action: 'get', subject: 'feeling' },
  query: FeelingFacetsQuerySchema,
  response: FeelingFacetsSchema,
});

/** My report (spec 01 §2 /apps/myself-report), which the spec keeps from guests. */
export const createMyselfReport = defineRoute({
  name: 'createMyselfReport',
  domain: 'feelings',
  method: 'POST',
  path: '/v1/feelings/myself-reports',
  auth: 'registered',
  ability: { action: 'get', subject: 'feeling' },
  body: MyselfReportRequestSchema,
  response: MyselfReportSchema,
});

export const getFeeling = defineRoute({
  name: 'getFeeling',
  domain: 'feelings',
  method: 'GET',
  path: '/v1/feelings/{id}',
  auth: 'user',
  ability: { action: 'get', subject: 'feeling' },
  params: FeelingIdParams,
  response: FeelingSchema,
});

export const updateFeeling = defineRoute({
  name: 'updateFeeling',
  domain: 'feelings',
  method: 'PUT',
  path: '/v1/feelings/{id}',
  auth: 'user',
  ability: { action: 'put', subject: 'feeling' },
  params: FeelingIdParams,
  body: FeelingUpdateSchema,
  response: FeelingSchema,
});

export const feelingRoutes: readonly RouteContract[] = [
  getFeelingWords,
  createFeeling,
  listFeelings,
  getFeelingFacets,
  createMyselfReport,
  getFeeling,
  updateFeeling,
  checkQuickAnswer,
  getSphereQuickAnswerLink,
  getSessionQuickAnswerLink,
];
