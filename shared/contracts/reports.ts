import * as z from 'zod';
import { defineRoute } from './route';
import { FEELING_COLORS } from '../domain/feelings';
import { DATE_FILTER_MIN_DAY } from '../domain/date-filter';
import { HIDDEN_REASONS, PRIVACY_MAX_GROUP_TAGS } from '../domain/report-privacy';

/**
 * Reports of an organisation (spec 02 §2 reports, §5 report privacy; decision 0030). Every figure
 * they carry is a `ReportFigure`: shown with its people, or hidden with the reason and the threshold
 * it missed, never a zero standing for a hidden group.
 */

/** Templates of `POST /feelings/sphere-reports` (spec 01 §7). */
export const SPHERE_REPORT_TEMPLATES = ['general', 'public'] as const;
/** What a general report may include besides its counts (spec 01 §7 `generalOptions.include`). */
export const SPHERE_REPORT_INCLUDES = ['colors', 'averages', 'words'] as const;
/** How a report's series is cut: closed weeks, or the months they fall in (by their Thursday). */
export const SPHERE_REPORT_INTERVALS = ['week', 'month'] as const;
export type SphereReportInterval = (typeof SPHERE_REPORT_INTERVALS)[number];

const day = z.iso.date();

/** A report's period: whole days from 2018-01-01 to today at the latest (spec 02 §5 date filter). */
export const reportPeriodRule = (p: { start: string; end: string }, ctx: z.RefinementCtx) => {
  if (!day.safeParse(p.start).success || !day.safeParse(p.end).success) return;
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  if (p.start < DATE_FILTER_MIN_DAY)
    ctx.addIssue({ code: 'custom', message: 'value-out-of-range-error', path: ['start'] });
  if (p.end < p.start || p.end > tomorrow)
    ctx.addIssue({ code: 'custom', message: 'value-out-of-range-error', path: ['end'] });
};

export const reportFields = {
  start: day,
  end: day,
  /** The group: the whole sphere, or its people under one tag, or under two tags at once. */
  tagIds: z
    .array(z.string().min(1).max(64))
    .max(PRIVACY_MAX_GROUP_TAGS, { message: 'value-out-of-range-error' })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'exist' })
    .default([]),
  template: z.enum(SPHERE_REPORT_TEMPLATES).default('general'),
  generalOptions: z
    .strictObject({
      include: z.array(z.enum(SPHERE_REPORT_INCLUDES)).default([...SPHERE_REPORT_INCLUDES]),
      interval: z.enum(SPHERE_REPORT_INTERVALS).default('week'),
    })
    .default({ include: [...SPHERE_REPORT_INCLUDES], interval: 'week' }),
};

export const SphereReportRequestSchema = z
  .strictObject({ sphereId: z.string().min(1).max(64), ...reportFields })
  .superRefine(reportPeriodRule);
export type SphereReportRequest = z.input<typeof SphereReportRequestSchema>;

/** A group's (session's) report: the same filters, on the feelings recorded in the group. */
export const SessionReportRequestSchema = z
  .strictObject({ sessionId: z.string().min(1).max(64), ...reportFields })
  .superRefine(reportPeriodRule);
export type SessionReportRequest = z.input<typeof SessionReportRequestSchema>;

const colorCounts = z.object(
  Object.fromEntries(FEELING_COLORS.map((c) => [c, z.number()])) as Record<
    (typeof FEELING_COLORS)[number],
    z.ZodNumber
  >,
);

/** A group's figures in a period, when shown. Counts are whole numbers; averages are −1…1 and 0…1. */
export const ShownFigureSchema = z.object({
  shown: z.literal(true),
  /** Distinct people of the shown weeks. */
  people: z.number().int(),
  /** Feelings recorded by them in those weeks. */
  answers: z.number().int(),
  averageValue: z.number().optional(),
  averageEnergy: z.number().optional(),
  colors: colorCounts.optional(),
  /** The most chosen words, most chosen first (at most 10). */
  words: z.array(z.object({ wordId: z.string(), count: z.number().int() })).optional(),
});

/** A hidden group: why, and the number of people its kind of group needs. */
export const HiddenFigureSchema = z.object({
  shown: z.literal(false),
  reason: z.enum(HIDDEN_REASONS),
  threshold: z.number().int(),
});

export const ReportFigureSchema = z.discriminatedUnion('shown', [ShownFigureSchema, HiddenFigureSchema]);
export type ReportFigure = z.infer<typeof ReportFigureSchema>;

export const SphereReportSchema = z.object({
  sphereId: z.string(),
  /** Set on a group's report: the group it covers (its sphere's tags narrow it). */
  sessionId: z.string().optional(),
  template: z.enum(SPHERE_REPORT_TEMPLATES),
  interval: z.enum(SPHERE_REPORT_INTERVALS),
  /** Study-programme sphere: every page and file says "anonymity not guaranteed". */
  anonymityNotGuaranteed: z.boolean(),
  /** The group's tags, as asked. */
  tagIds: z.array(z.string()),
  /** The period asked. */
  start: z.string(),
  end: z.string(),
  /**
   * The closed ISO weeks wholly inside it that the figures cover (decision 0030: the week in
   * progress is never shown), oldest first; their first Monday and last Sunday, or null when none.
   */
  weeks: z.array(z.string()),
  covered: z.object({ first: z.string(), last: z.string() }).nullable(),
  /** The whole period. */
  total: ReportFigureSchema,
  /** Each week or month of it, oldest first. */
  series: z.array(
    z.object({ period: z.string(), first: z.string(), last: z.string(), figure: ReportFigureSchema }),
  ),
});
export type SphereReport = z.infer<typeof SphereReportSchema>;

/**
 * POST /v1/feelings/sphere-reports (spec 01 §7): the feelings recorded in a sphere and its groups,
 * for those who hold smartReport on it (its admins).
 */
export const createSphereFeelingReport = defineRoute({
  name: 'createSphereFeelingReport',
  domain: 'reports',
  method: 'POST',
  path: '/v1/feelings/sphere-reports',
  auth: 'registered',
  ability: { action: 'smartReport', subject: 'sphere', on: { sphereId: 'body.sphereId' } },
  body: SphereReportRequestSchema,
  response: SphereReportSchema,
});

/**
 * POST /v1/feelings/session-reports: the feelings recorded in a group, for its members alone (the
 * group-report exception of spec 02 §6: its referents and the sphere's admins do not see it).
 */
export const createSessionFeelingReport = defineRoute({
  name: 'createSessionFeelingReport',
  domain: 'reports',
  method: 'POST',
  path: '/v1/feelings/session-reports',
  auth: 'registered',
  ability: { action: 'report', subject: 'session', on: { sessionId: 'body.sessionId' } },
  body: SessionReportRequestSchema,
  response: SphereReportSchema,
});

/** A group's thinkings in a period, when shown: per axis its answers, average (−1…1) and values. */
export const ThinkingFigureSchema = z.discriminatedUnion('shown', [
  z.object({
    shown: z.literal(true),
    people: z.number().int(),
    /** Thinkings given by them in the shown weeks. */
    answers: z.number().int(),
    axes: z.array(
      z.object({
        axisId: z.string(),
        answers: z.number().int(),
        average: z.number(),
        values: z.array(z.object({ value: z.number(), count: z.number().int() })),
      }),
    ),
  }),
  HiddenFigureSchema,
]);
export type ThinkingFigure = z.infer<typeof ThinkingFigureSchema>;

/**
 * A free-text question's or an axis's texts over a whole period (spec 02 §5: only for a group shown
 * with at least 8 people, in an order that says nothing of who wrote them), else why and the
 * threshold 8. The one shape of every report's free texts: a questionnaire's, a campaign step's.
 */
export const FreeTextsFigureSchema = z.discriminatedUnion('shown', [
  z.object({ answerId: z.string(), shown: z.literal(true), texts: z.array(z.string()) }),
  z.object({
    answerId: z.string(),
    shown: z.literal(false),
    reason: z.enum(HIDDEN_REASONS),
    threshold: z.number().int(),
  }),
]);
export type FreeTextsFigure = z.infer<typeof FreeTextsFigureSchema>;

export const ThinkingReportSchema = SphereReportSchema.omit({ total: true, series: true }).extend({
  total: ThinkingFigureSchema,
  series: z.array(
    z.object({ period: z.string(), first: z.string(), last: z.string(), figure: ThinkingFigureSchema }),
  ),
  /**
   * The comments of the whole period, one entry per axis of `total` in its order (`answerId` is the
   * axis's id): given whole only to a group shown with at least 8 people, else why (decision 0033);
   * none when the whole period is hidden, and never in the public template.
   */
  texts: z.array(FreeTextsFigureSchema).optional(),
});
export type ThinkingReport = z.infer<typeof ThinkingReportSchema>;

/**
 * POST /v1/thinkings/sphere-reports (spec 01 §7): the thinkings given in a sphere and its groups,
 * axis by axis, for those who hold smartReport on it. Comments are free text: each axis's comments
 * of the whole period come only under the free-text rule (spec 02 §5, decision 0033: a group shown
 * with at least 8 people, never beside a smaller group's figure), in an order that says nothing of
 * who wrote them.
 */
export const createSphereThinkingReport = defineRoute({
  name: 'createSphereThinkingReport',
  domain: 'reports',
  method: 'POST',
  path: '/v1/thinkings/sphere-reports',
  auth: 'registered',
  ability: { action: 'smartReport', subject: 'sphere', on: { sphereId: 'body.sphereId' } },
  body: SphereReportRequestSchema,
  response: ThinkingReportSchema,
});

export const reportRoutes = [
  createSphereFeelingReport,
  createSessionFeelingReport,
  createSphereThinkingReport,
] as const;
