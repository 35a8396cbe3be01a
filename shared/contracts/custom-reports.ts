import * as z from 'zod';
import { defineRoute } from './route';
import { DATE_FILTER_MIN_DAY } from '../domain/date-filter';
import { PRIVACY_MAX_GROUP_TAGS } from '../domain/report-privacy';
import { FormFigureSchema } from './form-reports';
import { FormReportDefinitionSchema } from './report-definitions';
import {
  FreeTextsFigureSchema,
  ReportFigureSchema,
  SPHERE_REPORT_INTERVALS,
  ThinkingFigureSchema,
} from './reports';
import { MultilingualTextSchema } from './text';

/**
 * Custom reports of a sphere (spec 02 §2 custom reports, §3 Report, Card, Rendered document, §4
 * statuses; decision 0031): a report holds parts, a part holds cards, and a card is a text or a
 * data shot. A data shot names what it shows (a face, a group by its tags, a measure); its figures
 * are computed when read, through the same privacy function as every report, never stored.
 */

export {
  CUSTOM_REPORT_STATUSES,
  CUSTOM_REPORT_TEMPLATES,
  REPORT_LANGUAGES,
  type ReportLanguage,
  REPORT_PART_STATUSES,
  CARD_TYPES,
  DATA_SHOT_STATUSES,
  DATA_SHOT_SOURCES,
  CAMPAIGN_SHOT_KINDS,
  DATA_SHOT_MEASURES,
  type DataShotMeasure,
  DATA_SHOT_VIEWS,
  RENDER_FORMATS,
  type RenderFormat,
  RENDER_STATUSES,
  type RenderStatus,
  CUSTOM_REPORT_LIMITS,
} from '../domain/custom-reports';
import {
  CUSTOM_REPORT_STATUSES,
  CUSTOM_REPORT_TEMPLATES,
  REPORT_LANGUAGES,
  REPORT_PART_STATUSES,
  CARD_TYPES,
  DATA_SHOT_STATUSES,
  DATA_SHOT_SOURCES,
  DATA_SHOT_MEASURES,
  DATA_SHOT_VIEWS,
  RENDER_FORMATS,
  RENDER_STATUSES,
  CUSTOM_REPORT_LIMITS,
} from '../domain/custom-reports';

const IdSchema = z.string().min(1).max(64);
const day = z.iso.date();
const name = z.string().trim().min(1, 'required').max(CUSTOM_REPORT_LIMITS.nameMax, 'too-long');
const description = z.string().max(CUSTOM_REPORT_LIMITS.descriptionMax, 'too-long');

/** A report's period: 2018-01-01 to today at the latest, start before end (spec 02 §5). */
const periodRule = (p: { start?: string | undefined; end?: string | undefined }, ctx: z.RefinementCtx) => {
  if (!p.start || !p.end || !day.safeParse(p.start).success || !day.safeParse(p.end).success) return;
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  if (p.start < DATE_FILTER_MIN_DAY)
    ctx.addIssue({ code: 'custom', message: 'value-out-of-range-error', path: ['start'] });
  if (p.end < p.start || p.end > tomorrow)
    ctx.addIssue({ code: 'custom', message: 'value-out-of-range-error', path: ['end'] });
};

const tagIds = z
  .array(IdSchema)
  .max(PRIVACY_MAX_GROUP_TAGS, { message: 'value-out-of-range-error' })
  .refine((ids) => new Set(ids).size === ids.length, { message: 'exist' });

/** What a data-shot card shows: one face of the sphere, for a group, as a total or a series. */
export const SphereDataShotSchema = z.strictObject({
  source: z.enum(DATA_SHOT_SOURCES),
  measure: z.enum(DATA_SHOT_MEASURES).default('people'),
  view: z.enum(DATA_SHOT_VIEWS).default('total'),
  interval: z.enum(SPHERE_REPORT_INTERVALS).default('month'),
  tagIds: tagIds.default([]),
});

/**
 * A campaign report's data shot (decision 0036): one step of one of its campaign's stopped cycles,
 * for a group, as the campaign's results show it (a feeling, a thinking or a custom theme).
 */
export const CampaignDataShotSchema = z.strictObject({
  source: z.literal('campaign'),
  cycleId: IdSchema,
  stepId: IdSchema,
  tagIds: tagIds.default([]),
});

/**
 * A questionnaire's data shot (decision 0038): the surveys of one form given in the report's place
 * (its sphere, or its group), for a group of it, question by question and result by result, as the
 * form's report definition names them. Free texts are never in a card.
 */
export const FormDataShotSchema = z.strictObject({
  source: z.literal('form'),
  formId: IdSchema,
  tagIds: tagIds.default([]),
});

export const DataShotSchema = z.discriminatedUnion('source', [
  SphereDataShotSchema,
  CampaignDataShotSchema,
  FormDataShotSchema,
]);
export type DataShot = z.infer<typeof DataShotSchema>;
export type SphereDataShot = z.infer<typeof SphereDataShotSchema>;
export type CampaignDataShot = z.infer<typeof CampaignDataShotSchema>;
export type FormDataShot = z.infer<typeof FormDataShotSchema>;

const reportFields = {
  name,
  description: description.default(''),
  template: z.enum(CUSTOM_REPORT_TEMPLATES).default('full'),
  languages: z
    .array(z.enum(REPORT_LANGUAGES))
    .min(1, 'required')
    .refine((l) => new Set(l).size === l.length, { message: 'exist' })
    .default(['fr', 'en', 'nl']),
  /** The tag types (dimensions) the report's groups are cut by. */
  dimensions: z.array(IdSchema).max(20, 'too-many').default([]),
  start: day,
  end: day,
};

export const CustomReportCreateSchema = z.strictObject(reportFields).superRefine(periodRule);
/** A campaign's custom report: its period and fields, and the cycle it is about, if one. */
export const CampaignCustomReportCreateSchema = z
  .strictObject({ ...reportFields, cycleId: IdSchema.optional() })
  .superRefine(periodRule);
export type CampaignCustomReportCreate = z.input<typeof CampaignCustomReportCreateSchema>;
export type CustomReportCreate = z.input<typeof CustomReportCreateSchema>;

export const CustomReportUpdateSchema = z
  .strictObject({
    name: name.optional(),
    description: description.optional(),
    template: z.enum(CUSTOM_REPORT_TEMPLATES).optional(),
    languages: reportFields.languages.optional(),
    dimensions: reportFields.dimensions.optional(),
    status: z.enum(CUSTOM_REPORT_STATUSES).optional(),
    start: day.optional(),
    end: day.optional(),
  })
  .superRefine(periodRule);
export type CustomReportUpdate = z.input<typeof CustomReportUpdateSchema>;

export const ReportPartSchema = z.object({
  partId: z.string(),
  name: z.string(),
  status: z.enum(REPORT_PART_STATUSES),
  position: z.number().int(),
  /** Cards of the part (an empty part renders to nothing and shows no badge). */
  cardCount: z.number().int(),
});
export type ReportPart = z.infer<typeof ReportPartSchema>;

export const ReportCardSchema = z.object({
  cardId: z.string(),
  partId: z.string(),
  type: z.enum(CARD_TYPES),
  title: z.string(),
  description: z.string(),
  /** The card's text: written by an admin or by the card prompt, then edited. */
  result: z.string(),
  legend: z.string(),
  position: z.number().int(),
  parentCardId: z.string().optional(),
  hidden: z.boolean(),
  bookmark: z.boolean(),
  favourite: z.boolean(),
  dataShot: DataShotSchema.optional(),
  dataShotStatus: z.enum(DATA_SHOT_STATUSES).optional(),
  /** Who wrote `result` last: an admin, the local writer or Amazon Bedrock. */
  writtenBy: z.enum(['person', 'local-writer', 'bedrock']).optional(),
});
export type ReportCard = z.infer<typeof ReportCardSchema>;

export const CustomReportSchema = z.object({
  reportId: z.string(),
  sphereId: z.string(),
  /** A group's report (decision 0037): its members' alone, its data shots the group's figures. */
  sessionId: z.string().optional(),
  /** A campaign's report: its data shots may show the campaign's steps. */
  campaignId: z.string().optional(),
  /** The cycle the campaign's report is about, if one. */
  cycleId: z.string().optional(),
  name: z.string(),
  description: z.string(),
  status: z.enum(CUSTOM_REPORT_STATUSES),
  template: z.enum(CUSTOM_REPORT_TEMPLATES),
  languages: z.array(z.enum(REPORT_LANGUAGES)),
  dimensions: z.array(z.string()),
  start: z.string(),
  end: z.string(),
  cardCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomReport = z.infer<typeof CustomReportSchema>;

export const CustomReportListSchema = z.object({ reports: z.array(CustomReportSchema) });

/** A report with its parts and its cards' definitions (the structure tree, favourites, bookmarks). */
export const CustomReportDetailSchema = CustomReportSchema.extend({
  anonymityNotGuaranteed: z.boolean(),
  parts: z.array(ReportPartSchema),
  cards: z.array(ReportCardSchema),
});
export type CustomReportDetail = z.infer<typeof CustomReportDetailSchema>;

/**
 * A free-text question's texts for the group asked: shown only when the step's figure of the group
 * is shown with at least 8 people (spec 02 §5), in an order that says nothing of who wrote them;
 * otherwise why (`threshold`: the people free text needs).
 */
export const TextsFigureSchema = FreeTextsFigureSchema;
export type TextsFigure = z.infer<typeof TextsFigureSchema>;

/** A custom theme's question as the cycle asked it: its title in the campaign's languages. */
const SealedQuestionSchema = z.object({ id: z.string(), title: MultilingualTextSchema });

/** A campaign step's figure for a data shot, by the kind of its counts (decision 0036). */
export const CampaignShotResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('feeling'), figure: ReportFigureSchema }),
  z.object({ kind: z.literal('thinking'), figure: ThinkingFigureSchema }),
  z.object({
    kind: z.literal('custom-form'),
    figure: FormFigureSchema,
    /** The theme's Likert questions, in order. */
    questions: z.array(SealedQuestionSchema),
    /** Its free-text questions with their texts, or why they are hidden. */
    texts: z.array(z.object({ question: SealedQuestionSchema, figure: TextsFigureSchema })),
  }),
  /** A questionnaire step (decision 0038): its form as the cycle asked it, never its free texts. */
  z.object({ kind: z.literal('form'), figure: FormFigureSchema, definition: FormReportDefinitionSchema }),
]);
export type CampaignShotResult = z.infer<typeof CampaignShotResultSchema>;

/** A card's figures as the privacy function lets them out (a data shot), for the report's period. */
export const CardDataSchema = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('feelings'),
    total: ReportFigureSchema,
    series: z.array(z.object({ period: z.string(), figure: ReportFigureSchema })),
  }),
  z.object({
    source: z.literal('thinkings'),
    total: ThinkingFigureSchema,
    series: z.array(z.object({ period: z.string(), figure: ThinkingFigureSchema })),
  }),
  z.object({
    source: z.literal('form'),
    formId: z.string(),
    /** What the form's report counts, as it was last saved. */
    definition: FormReportDefinitionSchema,
    total: FormFigureSchema,
  }),
  z.object({
    source: z.literal('campaign'),
    cycleId: z.string(),
    stepId: z.string(),
    /** The cycle as its campaign names it, and when it ran. */
    cycle: z.object({ internalLabel: z.string(), start: z.string().optional(), end: z.string().optional() }),
    /** The step's title as the campaign had it when the cycle stopped, in its languages. */
    title: MultilingualTextSchema,
    defaultLocale: z.string(),
    result: CampaignShotResultSchema,
  }),
]);
export type CardData = z.infer<typeof CardDataSchema>;

export const ReportPartDetailSchema = ReportPartSchema.extend({
  reportId: z.string(),
  anonymityNotGuaranteed: z.boolean(),
  cards: z.array(ReportCardSchema.extend({ data: CardDataSchema.optional() })),
});
export type ReportPartDetail = z.infer<typeof ReportPartDetailSchema>;

export const ReportPartCreateSchema = z.strictObject({ name });
export const ReportPartUpdateSchema = z.strictObject({
  name: name.optional(),
  status: z.enum(REPORT_PART_STATUSES).optional(),
  position: z.number().int().min(0).max(1000).optional(),
});

const cardText = z.string().max(CUSTOM_REPORT_LIMITS.cardTextMax, 'too-long');
const cardFields = {
  title: z.string().trim().min(1, 'required').max(200, 'too-long'),
  description: z.string().max(1000, 'too-long'),
  result: cardText,
  legend: z.string().max(500, 'too-long'),
  parentCardId: IdSchema,
  hidden: z.boolean(),
  bookmark: z.boolean(),
  favourite: z.boolean(),
  dataShotStatus: z.enum(DATA_SHOT_STATUSES),
  position: z.number().int().min(0).max(10_000),
};

/** A new card: a text, or a data shot with what it shows; it goes to the end of its part. */
export const ReportCardCreateSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('text'),
    partId: IdSchema,
    title: cardFields.title,
    description: cardFields.description.default(''),
    result: cardFields.result.default(''),
    parentCardId: cardFields.parentCardId.optional(),
  }),
  z.strictObject({
    type: z.literal('dataShot'),
    partId: IdSchema,
    title: cardFields.title,
    description: cardFields.description.default(''),
    legend: cardFields.legend.default(''),
    dataShot: DataShotSchema,
    parentCardId: cardFields.parentCardId.optional(),
  }),
]);
export type ReportCardCreate = z.input<typeof ReportCardCreateSchema>;

export const ReportCardUpdateSchema = z.strictObject({
  title: cardFields.title.optional(),
  description: cardFields.description.optional(),
  result: cardFields.result.optional(),
  legend: cardFields.legend.optional(),
  hidden: cardFields.hidden.optional(),
  bookmark: cardFields.bookmark.optional(),
  favourite: cardFields.favourite.optional(),
  dataShotStatus: cardFields.dataShotStatus.optional(),
  dataShot: DataShotSchema.optional(),
  position: cardFields.position.optional(),
  /** Moves the card to another part of the same report (at its end unless `position` is given). */
  partId: IdSchema.optional(),
});
export type ReportCardUpdate = z.input<typeof ReportCardUpdateSchema>;

/** The card prompt: a text written from the card's figures, in a language of the report. */
export const CardPromptSchema = z.strictObject({ lang: z.enum(REPORT_LANGUAGES) });
export const CardPromptResultSchema = z.object({
  text: z.string(),
  /** `local-writer` on a local stack: a deterministic text built from the figures, not a model's. */
  writtenBy: z.enum(['local-writer', 'bedrock']),
});

/** A render asked (spec 02 §5 render report): name, at least one part, a language, pdf or docx. */
export const RenderCreateSchema = z.strictObject({
  name: z.string().trim().min(1, 'required').max(CUSTOM_REPORT_LIMITS.renderNameMax, 'too-long'),
  format: z.enum(RENDER_FORMATS).default('pdf'),
  lang: z.enum(REPORT_LANGUAGES),
  partIds: z
    .array(IdSchema)
    .min(1, 'required')
    .max(CUSTOM_REPORT_LIMITS.partsMax, 'too-many')
    .refine((ids) => new Set(ids).size === ids.length, { message: 'exist' }),
});
export type RenderCreate = z.input<typeof RenderCreateSchema>;

export const RenderSchema = z.object({
  renderId: z.string(),
  reportId: z.string(),
  name: z.string(),
  fileName: z.string(),
  format: z.enum(RENDER_FORMATS),
  lang: z.enum(REPORT_LANGUAGES),
  partIds: z.array(z.string()),
  status: z.enum(RENDER_STATUSES),
  /** Why a render ended in error. */
  reason: z.string().optional(),
  bytes: z.number().int().optional(),
  createdAt: z.string(),
  finishedAt: z.string().optional(),
});
export type Render = z.infer<typeof RenderSchema>;
export const RenderListSchema = z.object({ renders: z.array(RenderSchema) });

/** A short-lived signed address of a finished render's file. */
export const RenderDownloadSchema = z.object({ url: z.string(), expiresAt: z.string() });

/**
 * Whose custom reports a route set serves (decision 0037): a sphere's, under the sphere's smartReport
 * (its admins), or a group's, under `report` on the group's reports (its members with Essentials:
 * the group-report exception keeps its admins and referents out).
 */
const SCOPES = {
  sphere: {
    segment: 'spheres',
    key: 'sphereId',
    ability: (action: 'smartReport' | 'export') =>
      ({ action, subject: 'sphere', on: { sphereId: 'sphereId' } }) as const,
    name: (name: string) => name,
  },
  session: {
    segment: 'sessions',
    key: 'sessionId',
    ability: () => ({ action: 'report', subject: 'report', on: { sessionId: 'sessionId' } }) as const,
    name: (name: string) => `${name}OfSession`,
  },
} as const;

/** Every route of one kind of custom reports: the list, a report, its parts, cards and renders. */
function customReportRouteSet<K extends 'sphereId' | 'sessionId'>(
  scope: (typeof SCOPES)[keyof typeof SCOPES] & { key: K },
) {
  const ScopeParams = z.strictObject({ [scope.key]: IdSchema } as Record<K, typeof IdSchema>);
  const ReportParams = ScopeParams.extend({ reportId: IdSchema });
  const PartParams = ReportParams.extend({ partId: IdSchema });
  const CardParams = ReportParams.extend({ cardId: IdSchema });
  const RenderParams = ReportParams.extend({ renderId: IdSchema });
  const edit = scope.ability('smartReport');
  const exported = scope.ability('export');
  const base = { domain: 'reports', auth: 'registered' } as const;
  const listPath = `/v1/reports/${scope.segment}/{${scope.key}}`;
  const reportPath = `${listPath}/{reportId}`;
  return {
    list: defineRoute({
      ...base,
      name: scope.name('listCustomReports'),
      method: 'GET',
      path: listPath,
      ability: edit,
      params: ScopeParams,
      response: CustomReportListSchema,
    }),
    create: defineRoute({
      ...base,
      name: scope.name('createCustomReport'),
      method: 'POST',
      path: listPath,
      ability: edit,
      params: ScopeParams,
      body: CustomReportCreateSchema,
      response: CustomReportSchema,
      status: 201,
    }),
    get: defineRoute({
      ...base,
      name: scope.name('getCustomReport'),
      method: 'GET',
      path: reportPath,
      ability: edit,
      params: ReportParams,
      response: CustomReportDetailSchema,
    }),
    update: defineRoute({
      ...base,
      name: scope.name('updateCustomReport'),
      method: 'PUT',
      path: reportPath,
      ability: edit,
      params: ReportParams,
      body: CustomReportUpdateSchema,
      response: CustomReportSchema,
    }),
    delete: defineRoute({
      ...base,
      name: scope.name('deleteCustomReport'),
      method: 'DELETE',
      path: reportPath,
      ability: edit,
      params: ReportParams,
      response: z.undefined(),
      status: 204,
    }),
    createPart: defineRoute({
      ...base,
      name: scope.name('createReportPart'),
      method: 'POST',
      path: `${reportPath}/parts`,
      ability: edit,
      params: ReportParams,
      body: ReportPartCreateSchema,
      response: ReportPartSchema,
      status: 201,
    }),
    getPart: defineRoute({
      ...base,
      name: scope.name('getReportPart'),
      method: 'GET',
      path: `${reportPath}/parts/{partId}`,
      ability: edit,
      params: PartParams,
      response: ReportPartDetailSchema,
    }),
    updatePart: defineRoute({
      ...base,
      name: scope.name('updateReportPart'),
      method: 'PUT',
      path: `${reportPath}/parts/{partId}`,
      ability: edit,
      params: PartParams,
      body: ReportPartUpdateSchema,
      response: ReportPartSchema,
    }),
    deletePart: defineRoute({
      ...base,
      name: scope.name('deleteReportPart'),
      method: 'DELETE',
      path: `${reportPath}/parts/{partId}`,
      ability: edit,
      params: PartParams,
      response: z.undefined(),
      status: 204,
    }),
    createCard: defineRoute({
      ...base,
      name: scope.name('createReportCard'),
      method: 'POST',
      path: `${reportPath}/cards`,
      ability: edit,
      params: ReportParams,
      body: ReportCardCreateSchema,
      response: ReportCardSchema,
      status: 201,
    }),
    updateCard: defineRoute({
      ...base,
      name: scope.name('updateReportCard'),
      method: 'PUT',
      path: `${reportPath}/cards/{cardId}`,
      ability: edit,
      params: CardParams,
      body: ReportCardUpdateSchema,
      response: ReportCardSchema,
    }),
    deleteCard: defineRoute({
      ...base,
      name: scope.name('deleteReportCard'),
      method: 'DELETE',
      path: `${reportPath}/cards/{cardId}`,
      ability: edit,
      params: CardParams,
      response: z.undefined(),
      status: 204,
    }),
    promptCard: defineRoute({
      ...base,
      name: scope.name('promptReportCard'),
      method: 'POST',
      path: `${reportPath}/cards/{cardId}/prompt`,
      ability: edit,
      params: CardParams,
      body: CardPromptSchema,
      response: CardPromptResultSchema,
      clientLimit: { limit: 60, windowSeconds: 300 },
    }),
    createRender: defineRoute({
      ...base,
      name: scope.name('createReportRender'),
      method: 'POST',
      path: `${reportPath}/renders`,
      ability: exported,
      params: ReportParams,
      body: RenderCreateSchema,
      response: RenderSchema,
      status: 202,
      clientLimit: { limit: 30, windowSeconds: 300 },
    }),
    listRenders: defineRoute({
      ...base,
      name: scope.name('listReportRenders'),
      method: 'GET',
      path: `${reportPath}/renders`,
      ability: exported,
      params: ReportParams,
      response: RenderListSchema,
    }),
    downloadRender: defineRoute({
      ...base,
      name: scope.name('downloadReportRender'),
      method: 'GET',
      path: `${reportPath}/renders/{renderId}/download`,
      ability: exported,
      params: RenderParams,
      response: RenderDownloadSchema,
    }),
    /**
     * DELETE a render: one in progress is cancelled (it stays listed as cancelled, and the worker
     * makes no file of it); a finished one is removed with its file.
     */
    deleteRender: defineRoute({
      ...base,
      name: scope.name('deleteReportRender'),
      method: 'DELETE',
      path: `${reportPath}/renders/{renderId}`,
      ability: exported,
      params: RenderParams,
      response: z.undefined(),
      status: 204,
    }),
  };
}

/** A sphere's custom reports: `/v1/reports/spheres/{sphereId}…`, its admins'. */
export const sphereReportRoutes = customReportRouteSet(SCOPES.sphere);
/** A group's custom reports (decision 0037): `/v1/reports/sessions/{sessionId}…`, its members'. */
export const sessionReportRoutes = customReportRouteSet(SCOPES.session);
export type ReportRouteSet = typeof sphereReportRoutes | typeof sessionReportRoutes;

export const {
  list: listCustomReports,
  create: createCustomReport,
  get: getCustomReport,
  update: updateCustomReport,
  delete: deleteCustomReport,
  createPart: createReportPart,
  getPart: getReportPart,
  updatePart: updateReportPart,
  deletePart: deleteReportPart,
  createCard: createReportCard,
  updateCard: updateReportCard,
  deleteCard: deleteReportCard,
  promptCard: promptReportCard,
  createRender: createReportRender,
  listRenders: listReportRenders,
  downloadRender: downloadReportRender,
  deleteRender: deleteReportRender,
} = sphereReportRoutes;

export const customReportRoutes = [
  ...Object.values(sphereReportRoutes),
  ...Object.values(sessionReportRoutes),
] as const;
