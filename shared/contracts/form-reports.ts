import * as z from 'zod';
import { defineRoute } from './route';
import { FormFieldsSchema } from './forms';
import { FormReportDefinitionSchema } from './report-definitions';
import { MultilingualTextSchema } from './text';
import {
  FreeTextsFigureSchema,
  HiddenFigureSchema,
  SphereReportSchema,
  reportFields,
  reportPeriodRule,
} from './reports';
import { QUESTION_HIDDEN_REASON } from '../domain/report-privacy';

/**
 * Questionnaires in an organisation's reports (spec 02 §2 report views, §5 report privacy;
 * decision 0033): the surveys of one form given in a sphere or one of its groups, over the closed
 * weeks of a period, for the whole group or the people under one or two of its tags. Texts and
 * dates are never counted; every number goes through the privacy rules, and a question too few
 * people answered is hidden with its reason. Text answers are given whole, for the whole period,
 * only to a group shown with at least 8 people (`texts`); dates never.
 */

const formReportFields = {
  formId: z.string().min(1).max(64),
  start: reportFields.start,
  end: reportFields.end,
  tagIds: reportFields.tagIds,
  interval: reportFields.generalOptions.unwrap().shape.interval,
};

export const SphereFormReportRequestSchema = z
  .strictObject({ sphereId: z.string().min(1).max(64), ...formReportFields })
  .superRefine(reportPeriodRule);
export type SphereFormReportRequest = z.input<typeof SphereFormReportRequestSchema>;

export const SessionFormReportRequestSchema = z
  .strictObject({ sessionId: z.string().min(1).max(64), ...formReportFields })
  .superRefine(reportPeriodRule);
export type SessionFormReportRequest = z.input<typeof SessionFormReportRequestSchema>;

/** A question hidden in a shown group: why, and how many people must surely have answered it. */
const HiddenPartSchema = z.object({
  shown: z.literal(false),
  reason: z.literal(QUESTION_HIDDEN_REASON),
  threshold: z.number().int(),
});

/**
 * One question's figure: its answers, and for numbers (histo, likert) their average and the count
 * of each value given, for choices (choice, select) the count of each value chosen.
 */
export const QuestionFigureSchema = z.discriminatedUnion('shown', [
  z.object({
    answerId: z.string(),
    shown: z.literal(true),
    answers: z.number().int(),
    average: z.number().optional(),
    values: z.array(z.object({ value: z.number(), count: z.number().int() })).optional(),
    choices: z.array(z.object({ value: z.string(), count: z.number().int() })).optional(),
  }),
  HiddenPartSchema.extend({ answerId: z.string() }),
]);
export type QuestionFigure = z.infer<typeof QuestionFigureSchema>;

/** One additional result's figure (a Big Five trait, a self-esteem axis, …): its average. */
export const ResultFigureSchema = z.discriminatedUnion('shown', [
  z.object({
    resultId: z.string(),
    shown: z.literal(true),
    answers: z.number().int(),
    average: z.number(),
  }),
  HiddenPartSchema.extend({ resultId: z.string() }),
]);
export type ResultFigure = z.infer<typeof ResultFigureSchema>;

/** A group's surveys of the form in a period, when shown: people, surveys, questions, results. */
export const FormFigureSchema = z.discriminatedUnion('shown', [
  z.object({
    shown: z.literal(true),
    /** Distinct people of the shown weeks. */
    people: z.number().int(),
    /** Surveys given by them in those weeks. */
    answers: z.number().int(),
    /** The form's numbers and choices, in the form's order; texts and dates are never counted. */
    questions: z.array(QuestionFigureSchema),
    results: z.array(ResultFigureSchema),
  }),
  HiddenFigureSchema,
]);
export type FormFigure = z.infer<typeof FormFigureSchema>;

/**
 * A free-text question's texts over the whole period: the group's, in an order that says nothing of
 * who wrote them or when, when the group is shown with at least 8 people; else why, with 8 (the one
 * shape of every report's free texts, `FreeTextsFigureSchema`).
 */
export const FormTextsFigureSchema = FreeTextsFigureSchema;
export type FormTextsFigure = z.infer<typeof FormTextsFigureSchema>;

export const FormReportSchema = SphereReportSchema.omit({ total: true, series: true, template: true }).extend(
  {
    formId: z.string(),
    /** The form as it is now: titles, answers and their scales, additional results. */
    form: FormFieldsSchema,
    total: FormFigureSchema,
    series: z.array(
      z.object({ period: z.string(), first: z.string(), last: z.string(), figure: FormFigureSchema }),
    ),
    /** Each free-text question's texts over the whole period, in the form's order (none: no such question). */
    texts: z.array(FormTextsFigureSchema).optional(),
  },
);
export type FormReport = z.infer<typeof FormReportSchema>;

/**
 * POST /v1/forms/sphere-reports: a form's surveys given in a sphere and its groups, for those who
 * hold smartReport on it (its admins). The form must be entitled to the sphere.
 */
export const createSphereFormReport = defineRoute({
  name: 'createSphereFormReport',
  domain: 'forms',
  method: 'POST',
  path: '/v1/forms/sphere-reports',
  auth: 'registered',
  ability: { action: 'smartReport', subject: 'sphere', on: { sphereId: 'body.sphereId' } },
  body: SphereFormReportRequestSchema,
  response: FormReportSchema,
});

/**
 * POST /v1/forms/session-reports: a form's surveys given in a group, for its members alone (the
 * group-report exception of spec 02 §6: its referents and the sphere's admins do not see it).
 */
export const createSessionFormReport = defineRoute({
  name: 'createSessionFormReport',
  domain: 'forms',
  method: 'POST',
  path: '/v1/forms/session-reports',
  auth: 'registered',
  ability: { action: 'report', subject: 'session', on: { sessionId: 'body.sessionId' } },
  body: SessionFormReportRequestSchema,
  response: FormReportSchema,
});

/**
 * GET /v1/forms/report-definitions/{formId} (decision 0038): what a questionnaire's reports are drawn
 * from, as it was last saved, for whoever may read the form itself (404 for anyone else, and for a
 * form saved before report definitions were kept until it is saved or its rollups rebuilt).
 */
export const getFormReportDefinition = defineRoute({
  name: 'getFormReportDefinition',
  domain: 'forms',
  method: 'GET',
  path: '/v1/forms/report-definitions/{formId}',
  auth: 'user',
  params: z.strictObject({ formId: z.string().min(1).max(64) }),
  response: FormReportDefinitionSchema,
});

/** A questionnaire a place's reports offer: its definition's title and what it counts. */
export const FormReportEntrySchema = z.object({
  formId: z.string(),
  title: MultilingualTextSchema,
  languages: z.array(z.string()),
  /** Counted questions (numbers and choices) and additional results. */
  questions: z.number().int(),
  results: z.number().int(),
});
export type FormReportEntry = z.infer<typeof FormReportEntrySchema>;
export const FormReportListSchema = z.object({ forms: z.array(FormReportEntrySchema) });

/**
 * GET /v1/forms/reports/spheres/{sphereId}: the questionnaires a sphere's reports may show (its
 * entitled forms that have a report definition), for those who read its reports (smartReport).
 */
export const listSphereFormReports = defineRoute({
  name: 'listSphereFormReports',
  domain: 'forms',
  method: 'GET',
  path: '/v1/forms/reports/spheres/{sphereId}',
  auth: 'registered',
  ability: { action: 'smartReport', subject: 'sphere', on: { sphereId: 'sphereId' } },
  params: z.strictObject({ sphereId: z.string().min(1).max(64) }),
  response: FormReportListSchema,
});

/**
 * GET /v1/forms/reports/sessions/{sessionId}: the questionnaires a group's reports may show (the
 * forms available in the group), for its members alone (the group-report exception).
 */
export const listSessionFormReports = defineRoute({
  name: 'listSessionFormReports',
  domain: 'forms',
  method: 'GET',
  path: '/v1/forms/reports/sessions/{sessionId}',
  auth: 'registered',
  ability: { action: 'report', subject: 'session', on: { sessionId: 'sessionId' } },
  params: z.strictObject({ sessionId: z.string().min(1).max(64) }),
  response: FormReportListSchema,
});

export const formReportRoutes = [
  createSphereFormReport,
  createSessionFormReport,
  getFormReportDefinition,
  listSphereFormReports,
  listSessionFormReports,
] as const;
