import * as z from 'zod';
import { defineRoute } from './route';
import { FormFigureSchema } from './form-reports';
import { SphereReportSchema, reportFields, reportPeriodRule } from './reports';
import { StrategySchema } from './strategies';

/**
 * Strategy assessments in an organisation's reports (spec 02 §2 report views "strategy assessment
 * (tree or graphic view)", §5 report privacy; decision 0034): how the members of a sphere, or of
 * one of its groups, judged each item of that place's strategy on the five levels (1 very unhappy
 * … 5 very happy), over the closed weeks of a period, for the whole place or the people under one
 * or two of the sphere's tags. Each item is a question of the figure (`answerId` is the item's
 * id), counted and hidden by the same rules as a questionnaire's numbers.
 */

const strategyReportFields = {
  start: reportFields.start,
  end: reportFields.end,
  tagIds: reportFields.tagIds,
  interval: reportFields.generalOptions.unwrap().shape.interval,
};

export const SphereStrategyReportRequestSchema = z
  .strictObject({ sphereId: z.string().min(1).max(64), ...strategyReportFields })
  .superRefine(reportPeriodRule);
export type SphereStrategyReportRequest = z.input<typeof SphereStrategyReportRequestSchema>;

export const SessionStrategyReportRequestSchema = z
  .strictObject({ sessionId: z.string().min(1).max(64), ...strategyReportFields })
  .superRefine(reportPeriodRule);
export type SessionStrategyReportRequest = z.input<typeof SessionStrategyReportRequestSchema>;

/** An item of the strategy as the report shows it: its place in the outline and its texts. */
export const ReportedStrategySchema = StrategySchema.pick({
  id: true,
  type: true,
  title: true,
  description: true,
  order: true,
  indent: true,
  isHidden: true,
});
export type ReportedStrategy = z.infer<typeof ReportedStrategySchema>;

export const StrategyReportSchema = SphereReportSchema.omit({
  total: true,
  series: true,
  template: true,
}).extend({
  /** Whose strategy: the sphere's (a sphere's report) or the group's (a group's report). */
  linkTo: z.enum(['sphere', 'session']),
  /**
   * The strategy as it is now, in its outline's order: every item for those who may change it,
   * the visible ones for the others. Items deleted since are no longer reported.
   */
  strategies: z.array(ReportedStrategySchema),
  /** The whole period: people, assessments, and per item its average level and each level's count. */
  total: FormFigureSchema,
  series: z.array(
    z.object({ period: z.string(), first: z.string(), last: z.string(), figure: FormFigureSchema }),
  ),
});
export type StrategyReport = z.infer<typeof StrategyReportSchema>;

/**
 * POST /v1/strategies/sphere-reports: the assessments of a sphere's strategy, for those who hold
 * smartReport on it (its admins). The sphere must keep a strategy (403 `strategy-not-enabled`).
 */
export const createSphereStrategyReport = defineRoute({
  name: 'createSphereStrategyReport',
  domain: 'strategies',
  method: 'POST',
  path: '/v1/strategies/sphere-reports',
  auth: 'registered',
  ability: { action: 'smartReport', subject: 'sphere', on: { sphereId: 'body.sphereId' } },
  body: SphereStrategyReportRequestSchema,
  response: StrategyReportSchema,
});

/**
 * POST /v1/strategies/session-reports: the assessments of a group's strategy, for its members alone
 * (the group-report exception of spec 02 §6: its referents and the sphere's admins do not see it).
 */
export const createSessionStrategyReport = defineRoute({
  name: 'createSessionStrategyReport',
  domain: 'strategies',
  method: 'POST',
  path: '/v1/strategies/session-reports',
  auth: 'registered',
  ability: { action: 'report', subject: 'session', on: { sessionId: 'body.sessionId' } },
  body: SessionStrategyReportRequestSchema,
  response: StrategyReportSchema,
});

export const strategyReportRoutes = [createSphereStrategyReport, createSessionStrategyReport] as const;
