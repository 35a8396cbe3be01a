import * as z from 'zod';
import { defineRoute } from './route';
import {
  CampaignCustomReportCreateSchema,
  CustomReportListSchema,
  CustomReportSchema,
  TextsFigureSchema,
} from './custom-reports';
import { FormFigureSchema } from './form-reports';
import { FormFieldsSchema } from './forms';
import { ReportFigureSchema, ThinkingFigureSchema, reportFields } from './reports';
import { CYCLE_STATUSES, MEASURE_TYPES } from '../domain/campaigns';

/**
 * A campaign's results (spec 02 §2 campaign admin reports; decision 0035): cycle by cycle, step by
 * step, the figures of the answers given once the cycle has stopped collecting, for everyone asked
 * or the people under one or two of the sphere's tags. Every figure goes through the privacy rules
 * of every report; a cycle still collecting has no figures yet (they would move with each answer).
 */

/** How many cycles one report compares at most. */
export const CAMPAIGN_REPORT_CYCLES_MAX = 12;

export const CampaignReportRequestSchema = z.strictObject({
  /** The cycles to report, in the campaign's order; every cycle that is not cancelled when absent. */
  cycleIds: z
    .array(z.string().min(1).max(64))
    .max(CAMPAIGN_REPORT_CYCLES_MAX, { message: 'too-many' })
    .optional(),
  tagIds: reportFields.tagIds,
});
export type CampaignReportRequest = z.input<typeof CampaignReportRequestSchema>;

const stepFields = {
  /** `-` for the refusals' reasons, which belong to no step. */
  stepId: z.string(),
  measureId: z.string(),
  type: z.enum([...MEASURE_TYPES, 'tags', 'refusal']),
};

export { TextsFigureSchema, type TextsFigure } from './custom-reports';

/**
 * One step's figure, by the kind of its counts: a feeling's (colours, averages, words), a
 * thinking's (axis by axis), or a questionnaire's (numbers and choices: forms, custom themes,
 * assessments, profile and tag questions, refusal reasons). A custom theme's free texts come only
 * with a figure shown for at least 8 people; a refusal's comment never.
 */
export const CampaignStepReportSchema = z.discriminatedUnion('kind', [
  z.object({ ...stepFields, kind: z.literal('feeling'), figure: ReportFigureSchema }),
  z.object({ ...stepFields, kind: z.literal('thinking'), figure: ThinkingFigureSchema }),
  z.object({
    ...stepFields,
    kind: z.literal('questions'),
    figure: FormFigureSchema,
    /** A custom theme's free-text questions, each with its texts or why they are hidden. */
    texts: z.array(TextsFigureSchema).optional(),
    /** A form step's questionnaire as it is now: its questions' titles and scales. */
    form: FormFieldsSchema.optional(),
    /** An assessment step's strategy items, in their outline's order: their titles. */
    items: z.array(z.object({ id: z.string(), title: z.string() })).optional(),
  }),
]);
export type CampaignStepReport = z.infer<typeof CampaignStepReportSchema>;

export const CampaignCycleReportSchema = z.object({
  cycleId: z.string(),
  internalLabel: z.string(),
  start: z.string().optional(),
  end: z.string().optional(),
  status: z.enum(CYCLE_STATUSES),
  /** Whether the cycle has stopped collecting: only then has it figures. */
  ready: z.boolean(),
  /**
   * A stopped cycle's participations (people, not answers): opened without answering, started,
   * finished, declined; statuses only, as the participation view has them (decision 0025), kept
   * when the cycle stopped. A cycle still collecting has its progress in the participation view.
   */
  participation: z
    .object({
      blank: z.number().int(),
      inProgress: z.number().int(),
      done: z.number().int(),
      refused: z.number().int(),
    })
    .optional(),
  steps: z.array(CampaignStepReportSchema),
});
export type CampaignCycleReport = z.infer<typeof CampaignCycleReportSchema>;

export const CampaignReportSchema = z.object({
  campaignId: z.string(),
  sphereId: z.string(),
  tagIds: z.array(z.string()),
  /** A study-programme sphere: its reports say "anonymity not guaranteed" (spec 01 §1). */
  anonymityNotGuaranteed: z.boolean(),
  cycles: z.array(CampaignCycleReportSchema),
});
export type CampaignReport = z.infer<typeof CampaignReportSchema>;

/**
 * POST /v1/campaigns/{campaignId}/reports: the campaign's results, for those who hold smartReport
 * on its sphere (its admins). Unknown cycle ids or tags are `not-valid`.
 */
export const createCampaignReport = defineRoute({
  name: 'createCampaignReport',
  domain: 'campaigns',
  method: 'POST',
  path: '/v1/campaigns/{campaignId}/reports',
  auth: 'registered',
  ability: { action: 'smartReport', subject: 'campaign', on: { campaignId: 'campaignId' } },
  params: z.object({ campaignId: z.string().min(1).max(64) }),
  body: CampaignReportRequestSchema,
  response: CampaignReportSchema,
});

/**
 * GET /v1/campaigns/{campaignId}/custom-reports: the campaign's custom reports (decision 0036),
 * newest change first, for those who hold smartReport on it. They are the sphere's custom reports
 * that name the campaign, edited and rendered under the sphere's report routes.
 */
export const listCampaignCustomReports = defineRoute({
  name: 'listCampaignCustomReports',
  domain: 'campaigns',
  method: 'GET',
  path: '/v1/campaigns/{campaignId}/custom-reports',
  auth: 'registered',
  ability: { action: 'smartReport', subject: 'campaign', on: { campaignId: 'campaignId' } },
  params: z.object({ campaignId: z.string().min(1).max(64) }),
  response: CustomReportListSchema,
});

/**
 * POST /v1/campaigns/{campaignId}/custom-reports: a draft custom report of the campaign, about one
 * of its cycles if `cycleId` is given (a cycle of another campaign is `not-valid`).
 */
export const createCampaignCustomReport = defineRoute({
  name: 'createCampaignCustomReport',
  domain: 'campaigns',
  method: 'POST',
  path: '/v1/campaigns/{campaignId}/custom-reports',
  auth: 'registered',
  ability: { action: 'smartReport', subject: 'campaign', on: { campaignId: 'campaignId' } },
  params: z.object({ campaignId: z.string().min(1).max(64) }),
  body: CampaignCustomReportCreateSchema,
  response: CustomReportSchema,
  status: 201,
});

export const campaignReportRoutes = [
  createCampaignReport,
  listCampaignCustomReports,
  createCampaignCustomReport,
] as const;
