import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { LANGUAGES } from './headers';
import {
  FORM_LOGO_MAX_BYTES,
  FORM_LOGO_TYPES,
  FORM_LOGO_UPLOAD_SECONDS,
  FormLogoSchema,
  FormLogoUploadRequestSchema,
  FormLogoUploadSchema,
  FormSchema,
} from './forms';
import { MultilingualTextSchema, perLanguage } from './text';
import { OutboundUrlSchema } from './outbound-url';
import { ACCESS_SIGN_IN_LIMIT } from '../domain/client-limits';
import { isTimeZone } from '../domain/time-zones';
import { EVALUATION_PERIODS, HISTOGRAM_STEPS } from '../domain/feelings';
import { THINKING_VALUES } from '../domain/thinkings';
import {
  CAMPAIGN_ACTIONS,
  CAMPAIGN_MEASURES_MAX,
  CAMPAIGN_MODES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TEMPLATES,
  CYCLE_ACTIONS,
  CYCLE_NOTIFICATIONS_MAX,
  CYCLE_STATUSES,
  MEASURE_TYPES,
  NOTIFICATION_ANCHORS,
  NOTIFICATION_PROTOCOLS,
  NOTIFICATION_TARGETS,
  PARTICIPANT_SCREENS,
  PARTICIPATION_STATUSES,
  PREPARATION_STATUSES,
  REFUSAL_REASONS,
  STEP_STATUSES,
  TEST_ACTIONS,
} from '../domain/campaigns';

/**
 * Campaigns (spec 02 §2, §3, §4, §5, §7, §8): an organisation asks its people, cycle after cycle.
 * Five areas, all under `/v1/campaigns`:
 * - **definitions**: a sphere's campaigns (`/v1/campaigns/spheres/{sphereId}`), one campaign
 *   (`/v1/campaigns/{campaignId}`), its measures (`…/measures`), its own logo (`…/logo`) and its
 *   commands (`…/commands`);
 * - **cycles**: `…/cycles`, one cycle and its commands (`…/cycles/{cycleId}/commands`) and who
 *   takes part (`…/cycles/{cycleId}/participants`: statuses and counts, never answers);
 * - **access**: what a participant sees before taking part (`…/access`);
 * - **participations**: the caller's own participation (`…/participation`), its steps and answers
 *   (`…/participation/steps/{stepId}`).
 * Admins hold `campaign`, `campaign-cycle` and `campaign-participation` rights on the campaign's
 * sphere; participants need none: the service lets the sphere's contributors in, and guests when
 * the campaign allows them with its code (docs/decisions/0024-campaigns.md). Answers are stored
 * apart from who gave them (docs/decisions/0025-campaign-anonymity.md).
 */

const IdSchema = z.string().min(1).max(64);
const IsoSchema = z.iso.datetime({ offset: true, message: 'not-a-date' });
const text = (max: number) =>
  perLanguage(z.string().trim().max(max, 'length-out-of-range-error')).default({});

export const CAMPAIGN_NAME_MAX_LENGTH = 200;
export const CAMPAIGN_MESSAGE_MAX_LENGTH = 2000;
export const CAMPAIGN_TAGS_MAX = 20;
export const MEASURE_TAG_QUESTIONS_MAX = 5;
export const CUSTOM_THEME_QUESTIONS_MAX = 40;
export const NOTIFICATION_SUBJECT_MAX_LENGTH = 200;
export const NOTIFICATION_MESSAGE_MAX_LENGTH = 2000;
export const SMS_MESSAGE_MAX_LENGTH = 320;
/** Page size of a sphere's campaigns and of a campaign's cycles. */
export const CAMPAIGNS_PAGE_MAX = 200;
export const CYCLES_MAX = 100;

/**
 * The profile questions a profile measure may ask (spec 02 §3 Measure): answered anonymously, each
 * a choice among fixed values, so that reports can split figures by them.
 */
export const PROFILE_QUESTIONS = {
  gender: ['female', 'male', 'other', 'no-answer'],
  ageRange: ['under-25', '25-34', '35-44', '45-54', '55-plus', 'no-answer'],
  seniority: ['under-1', '1-3', '3-5', '5-10', '10-plus', 'no-answer'],
  workTime: ['full-time', 'part-time', 'no-answer'],
} as const;
export type ProfileQuestion = keyof typeof PROFILE_QUESTIONS;
export const PROFILE_QUESTION_IDS = Object.keys(PROFILE_QUESTIONS) as [ProfileQuestion, ...ProfileQuestion[]];

export { CUSTOM_LIKERT_POINTS } from '../domain/campaigns';

// ---------------------------------------------------------------------------------------------
// Definitions

const CampaignFieldsSchema = z.strictObject({
  /** The name admins see in lists (spec 02 §3: name). */
  name: z
    .string('required')
    .trim()
    .min(1, 'required')
    .max(CAMPAIGN_NAME_MAX_LENGTH, 'length-out-of-range-error'),
  internalLabel: z.string().trim().max(CAMPAIGN_NAME_MAX_LENGTH, 'length-out-of-range-error').default(''),
  /** The name participants see; the name stands in where a language has none. */
  publicName: text(CAMPAIGN_NAME_MAX_LENGTH),
  code: z
    .string()
    .trim()
    .max(40, 'length-out-of-range-error')
    .regex(/^[A-Za-z0-9_-]*$/, 'not-valid')
    .default(''),
  description: text(CAMPAIGN_MESSAGE_MAX_LENGTH),
  timezone: z.string().refine(isTimeZone, 'not-valid').default('Europe/Brussels'),
  tags: z
    .array(z.string().trim().min(1, 'empty').max(50, 'length-out-of-range-error'))
    .max(CAMPAIGN_TAGS_MAX, 'too-many')
    .default([]),
  /**
   * Whether participants see the sphere's logo when the campaign has none of its own. The campaign's
   * own logo has its own routes (`…/{campaignId}/logo`); it wins over the sphere's.
   */
  useSphereLogo: z.boolean('not-a-boolean').default(true),
  /**
   * The own logo's key and URL, as a campaign read answers them: accepted so that a client may send
   * back what it read, and ignored (only the logo routes set the logo).
   */
  logo: z.string().max(300).optional(),
  logoUrl: z.string().max(2_000).optional(),
  start: IsoSchema.optional(),
  end: IsoSchema.optional(),
  mode: z.enum(CAMPAIGN_MODES, 'not-valid').default('simple'),
  templateModel: z.enum(CAMPAIGN_TEMPLATES, 'not-valid').default('blank'),
  defaultLocale: z.enum(LANGUAGES, 'not-valid').default('fr'),
  firstMessage: text(CAMPAIGN_MESSAGE_MAX_LENGTH),
  welcomeMessage: text(CAMPAIGN_MESSAGE_MAX_LENGTH),
  endMessage: text(CAMPAIGN_MESSAGE_MAX_LENGTH),
  /**
   * Where a participant may go after the thanks page (spec 02 §3 participantOptions): a public
   * https address (the outbound address rule, 400 `invalid-url`), offered through the leaving page.
   */
  endRedirectUrl: OutboundUrlSchema.optional(),
  /** When the campaign's links stop opening it. */
  linkExpiration: IsoSchema.optional(),
  /** The step number its QR code opens at (spec 01 §9: first 0, last 100). */
  qrStepNumber: z
    .number('not-a-number')
    .int()
    .min(0, 'value-out-of-range-error')
    .max(100, 'value-out-of-range-error')
    .default(0),
  /** Campaign access (spec 02 §3): a guest may take part, then is invited to register. */
  allowGuest: z.boolean('not-a-boolean').default(false),
  /** Delegation: members may reach it with their access code where the sphere allows it. */
  allowDelegation: z.boolean('not-a-boolean').default(false),
  /** Who is asked: every contributor of the sphere, or those with one of these tags or in these groups. */
  targets: z
    .strictObject({
      tagIds: z.array(IdSchema).max(50, 'too-many').default([]),
      sessionIds: z.array(IdSchema).max(50, 'too-many').default([]),
    })
    .default({ tagIds: [], sessionIds: [] }),
});

function datesInOrder<T extends { start?: string | undefined; end?: string | undefined }>(
  value: T,
  context: z.RefinementCtx,
) {
  if (value.start && value.end && Date.parse(value.start) >= Date.parse(value.end))
    context.addIssue({ code: 'custom', message: 'value-out-of-range-error', path: ['end'] });
}

export const CampaignCreateSchema = CampaignFieldsSchema.superRefine(datesInOrder);
export type CampaignCreate = z.output<typeof CampaignCreateSchema>;
export type CampaignCreateInput = z.input<typeof CampaignCreateSchema>;
/** PUT: the fields with the `updateDate` read (409 `conflict` when it changed since). */
export const CampaignUpdateSchema = CampaignFieldsSchema.extend({ updateDate: IsoSchema }).superRefine(
  datesInOrder,
);
export type CampaignUpdate = z.output<typeof CampaignUpdateSchema>;
export type CampaignUpdateInput = z.input<typeof CampaignUpdateSchema>;

const TagQuestionSchema = z.strictObject({
  id: IdSchema,
  title: text(200),
  description: text(1000),
  multiChoice: z.boolean('not-a-boolean').default(false),
  required: z.boolean('not-a-boolean').default(false),
  /** The sphere's tags offered as answers. */
  tagIds: z.array(IdSchema).min(1, 'required').max(50, 'too-many'),
});

const CustomQuestionSchema = z.strictObject({
  id: IdSchema,
  kind: z.enum(['likert', 'text'], 'not-valid'),
  title: text(500),
  required: z.boolean('not-a-boolean').default(true),
});

/** A custom Likert theme (spec 02 §3 custom-form). */
const CustomThemeSchema = z.strictObject({
  title: text(200),
  shortTitle: text(60),
  colour: z.enum(['colored', 'monochrome'], 'not-valid').default('colored'),
  legend: z.enum(['agreement', 'frequency'], 'not-valid').default('agreement'),
  direction: z.enum(['standard', 'reverse'], 'not-valid').default('standard'),
  questions: z.array(CustomQuestionSchema).min(1, 'required').max(CUSTOM_THEME_QUESTIONS_MAX, 'too-many'),
});

export const MeasureSchema = z
  .strictObject({
    id: IdSchema,
    type: z.enum(MEASURE_TYPES, 'not-valid'),
    title: text(200),
    message: text(1000),
    /** The period a feeling is about (spec 01 §3 evaluationPeriod). */
    period: z.enum(EVALUATION_PERIODS, 'not-valid').default('none'),
    /** Thinking axes asked (thinking measures). */
    axes: z.array(IdSchema).max(20, 'too-many').default([]),
    /** The questionnaire (form measures). */
    formId: IdSchema.optional(),
    /** Where a thinking or an assessment is about: the sphere, or one of its groups. */
    context: z.enum(['sphere', 'session'], 'not-valid').default('sphere'),
    sessionId: IdSchema.optional(),
    tagQuestions: z.array(TagQuestionSchema).max(MEASURE_TAG_QUESTIONS_MAX, 'too-many').default([]),
    profileQuestions: z.array(z.enum(PROFILE_QUESTION_IDS, 'not-valid')).max(10, 'too-many').default([]),
    smsEnabled: z.boolean('not-a-boolean').default(false),
    /** Feelings: whether the participant also chooses a word. */
    wordSelection: z.boolean('not-a-boolean').default(true),
    customTheme: CustomThemeSchema.optional(),
  })
  .superRefine((m, context) => {
    const need = (ok: boolean, path: string) => {
      if (!ok) context.addIssue({ code: 'custom', message: 'required', path: [path] });
    };
    if (m.type === 'form') need(m.formId !== undefined, 'formId');
    if (m.type === 'thinking') need(m.axes.length > 0, 'axes');
    if (m.type === 'custom-form') need(m.customTheme !== undefined, 'customTheme');
    if (m.type === 'profile') need(m.profileQuestions.length > 0, 'profileQuestions');
    if ((m.type === 'thinking' || m.type === 'assessment') && m.context === 'session')
      need(m.sessionId !== undefined, 'sessionId');
  });
export type Measure = z.output<typeof MeasureSchema>;
export type MeasureInput = z.input<typeof MeasureSchema>;

/** PUT …/measures: the whole list in order, with the campaign's `updateDate` read. */
export const MeasuresUpdateSchema = z
  .strictObject({
    measures: z.array(MeasureSchema).max(CAMPAIGN_MEASURES_MAX, 'too-many'),
    updateDate: IsoSchema,
  })
  .superRefine((body, context) => {
    const seen = new Set<string>();
    body.measures.forEach((m, i) => {
      if (seen.has(m.id)) context.addIssue({ code: 'custom', message: 'exist', path: ['measures', i, 'id'] });
      seen.add(m.id);
    });
  });
export type MeasuresUpdate = z.output<typeof MeasuresUpdateSchema>;

export const CampaignSchema = z.object({
  campaignId: z.string(),
  sphereId: z.string(),
  name: z.string(),
  internalLabel: z.string(),
  publicName: MultilingualTextSchema,
  code: z.string(),
  description: MultilingualTextSchema,
  timezone: z.string(),
  tags: z.array(z.string()),
  useSphereLogo: z.boolean(),
  /** The key of the campaign's own logo in the assets bucket; absent when it has none. */
  logo: z.string().optional(),
  /**
   * Where the browser loads the logo participants see: the campaign's own, else the sphere's when
   * `useSphereLogo`, else none.
   */
  logoUrl: z.string().optional(),
  start: z.string().optional(),
  end: z.string().optional(),
  mode: z.enum(CAMPAIGN_MODES),
  templateModel: z.enum(CAMPAIGN_TEMPLATES),
  defaultLocale: z.enum(LANGUAGES),
  firstMessage: MultilingualTextSchema,
  welcomeMessage: MultilingualTextSchema,
  endMessage: MultilingualTextSchema,
  endRedirectUrl: z.string().optional(),
  linkExpiration: z.string().optional(),
  qrStepNumber: z.number(),
  allowGuest: z.boolean(),
  allowDelegation: z.boolean(),
  targets: z.object({ tagIds: z.array(z.string()), sessionIds: z.array(z.string()) }),
  measures: z.array(z.custom<Measure>()),
  /** List status and preparation status (spec 02 §4), derived from the cycles. */
  status: z.enum(CAMPAIGN_STATUSES),
  preparationStatus: z.enum(PREPARATION_STATUSES),
  active: z.boolean(),
  /** The code a join link carries (the participants' URL code). */
  validationCode: z.string().optional(),
  creationDate: z.string(),
  updateDate: z.string(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CampaignListSchema = z.object({
  /** Each campaign without its measures, with how many cycles it has (cancelled ones included). */
  items: z.array(CampaignSchema.omit({ measures: true }).extend({ cyclesCount: z.number() })),
  count: z.number(),
});
export type CampaignList = z.infer<typeof CampaignListSchema>;

export const CampaignCommandSchema = z.strictObject({ action: z.enum(CAMPAIGN_ACTIONS, 'not-valid') });

// ---------------------------------------------------------------------------------------------
// Cycles

const NotificationSchema = z.strictObject({
  id: IdSchema,
  protocol: z.enum(NOTIFICATION_PROTOCOLS, 'not-valid').default('email'),
  target: z.enum(NOTIFICATION_TARGETS, 'not-valid').default('participant'),
  subject: z.string().trim().max(NOTIFICATION_SUBJECT_MAX_LENGTH, 'length-out-of-range-error').default(''),
  /** The message; must contain the link placeholder `{url}` (spec 02 §5). */
  message: z
    .string()
    .trim()
    .min(1, 'required')
    .max(NOTIFICATION_MESSAGE_MAX_LENGTH, 'length-out-of-range-error'),
  anchor: z.enum(NOTIFICATION_ANCHORS, 'not-valid').default('start'),
  /** Minutes after (positive) or before (negative) the anchor. */
  delayMinutes: z
    .number('not-a-number')
    .int()
    .min(-60 * 24 * 60, 'value-out-of-range-error')
    .max(60 * 24 * 60, 'value-out-of-range-error')
    .default(0),
  /** A reminder's own date (spec 02 §5: admin before the start, participant between start and end). */
  reminderDate: IsoSchema.optional(),
});
export type CycleNotificationInput = z.input<typeof NotificationSchema>;

const CycleFieldsSchema = z.strictObject({
  internalLabel: z
    .string('required')
    .trim()
    .min(1, 'required')
    .max(CAMPAIGN_NAME_MAX_LENGTH, 'length-out-of-range-error'),
  message: text(CAMPAIGN_MESSAGE_MAX_LENGTH),
  /** The campaign's measures this cycle asks, in the campaign's order; empty: all of them. */
  measureIds: z.array(IdSchema).max(CAMPAIGN_MEASURES_MAX, 'too-many').default([]),
  start: IsoSchema.optional(),
  end: IsoSchema.optional(),
  notifications: z.array(NotificationSchema).max(CYCLE_NOTIFICATIONS_MAX, 'too-many').default([]),
  allowRefuse: z.boolean('not-a-boolean').default(true),
  isTest: z.boolean('not-a-boolean').default(false),
});

export const CycleCreateSchema = CycleFieldsSchema.superRefine(datesInOrder);
export type CycleCreate = z.output<typeof CycleCreateSchema>;
export type CycleCreateInput = z.input<typeof CycleCreateSchema>;
export const CycleUpdateSchema = CycleFieldsSchema.extend({ updateDate: IsoSchema }).superRefine(
  datesInOrder,
);
export type CycleUpdate = z.output<typeof CycleUpdateSchema>;
export type CycleUpdateInput = z.input<typeof CycleUpdateSchema>;

export const CycleLogEntrySchema = z.object({
  at: z.string(),
  action: z.string(),
  participantCount: z.number(),
});

export const CycleSchema = z.object({
  cycleId: z.string(),
  campaignId: z.string(),
  sphereId: z.string(),
  internalLabel: z.string(),
  message: MultilingualTextSchema,
  measureIds: z.array(z.string()),
  start: z.string().optional(),
  end: z.string().optional(),
  notifications: z.array(z.custom<z.output<typeof NotificationSchema>>()),
  allowRefuse: z.boolean(),
  isTest: z.boolean(),
  status: z.enum(CYCLE_STATUSES),
  testMode: z.boolean(),
  testRunning: z.boolean(),
  /** Changes with every change of dates or notifications: a schedule of an older version is ignored. */
  version: z.number(),
  /** The logbook: collection started and stopped, with the participant count (spec 02 §4). */
  log: z.array(CycleLogEntrySchema),
  creationDate: z.string(),
  updateDate: z.string(),
});
export type Cycle = z.infer<typeof CycleSchema>;
export type CycleNotification = Cycle['notifications'][number];

export const CycleListSchema = z.object({ items: z.array(CycleSchema), count: z.number() });

export const CycleCommandSchema = z.strictObject({
  action: z.enum([...CYCLE_ACTIONS, ...TEST_ACTIONS], 'not-valid'),
});
export type CycleCommand = z.infer<typeof CycleCommandSchema>;

export const CycleCommandResultSchema = z.object({
  cycle: CycleSchema,
  /** People who took part (the stop confirmation's count: none, one, many). */
  participantCount: z.number(),
});

/** Who takes part in a cycle (spec 02 §2 participation and status views): statuses, never answers. */
export const CycleParticipantsSchema = z.object({
  counts: z.object({
    invited: z.number(),
    blank: z.number(),
    inProgress: z.number(),
    done: z.number(),
    refused: z.number(),
  }),
  people: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      status: z.enum([...PARTICIPATION_STATUSES, 'invited']),
      completion: z.number(),
    }),
  ),
});
export type CycleParticipants = z.infer<typeof CycleParticipantsSchema>;

// ---------------------------------------------------------------------------------------------
// Access and participation

export const ParticipantQuerySchema = z.strictObject({
  /** The campaign's URL code (a join link or an invitation): what lets a guest in. */
  code: z.string().max(100).optional(),
});

export const CampaignAccessSchema = z.object({
  campaignId: z.string(),
  sphereId: z.string(),
  sphereName: z.string(),
  publicName: z.string(),
  welcomeMessage: z.string(),
  allowGuest: z.boolean(),
  delegation: z.boolean(),
  logoUrl: z.string().optional(),
  isStudyProgram: z.boolean(),
});
export type CampaignAccess = z.infer<typeof CampaignAccessSchema>;

export const StepDefinitionSchema = z.object({
  stepId: z.string(),
  measureId: z.string(),
  /** The measure's main step, or its extra tag questions. */
  kind: z.enum(['main', 'tags']),
  type: z.enum([...MEASURE_TYPES, 'tags']),
  title: z.string(),
  message: z.string(),
  sessionId: z.string().optional(),
});
export type StepDefinition = z.infer<typeof StepDefinitionSchema>;

export const ParticipationSchema = z.object({
  status: z.enum(PARTICIPATION_STATUSES),
  systemStatus: z.enum(['active', 'closed']),
  expirationDate: z.string(),
  currentStepId: z.string().optional(),
  estimatedCompletionInPercent: z.number(),
  values: z.array(z.object({ stepId: z.string(), stepStatus: z.enum(STEP_STATUSES) })),
  stepDefinitions: z.array(StepDefinitionSchema),
  /** A test participation: deleted with the test's data, never in a report. */
  isTest: z.boolean(),
});
export type Participation = z.infer<typeof ParticipationSchema>;

export const ParticipationViewSchema = z.object({
  campaign: z.object({
    campaignId: z.string(),
    sphereId: z.string(),
    name: z.string(),
    logoUrl: z.string().optional(),
    firstMessage: z.string(),
    welcomeMessage: z.string(),
    endMessage: z.string(),
    endRedirectUrl: z.string().optional(),
    isStudyProgram: z.boolean(),
  }),
  cycle: z
    .object({
      cycleId: z.string(),
      start: z.string().optional(),
      end: z.string().optional(),
      status: z.enum(CYCLE_STATUSES),
      message: z.string(),
      allowRefuse: z.boolean(),
      testRunning: z.boolean(),
    })
    .optional(),
  screen: z.enum(PARTICIPANT_SCREENS),
  /** Whether the caller may take the cycle's test (an admin while a test runs). */
  mayTest: z.boolean(),
  participation: ParticipationSchema.optional(),
});
export type ParticipationView = z.infer<typeof ParticipationViewSchema>;

export const ParticipationActionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('accept'), test: z.boolean('not-a-boolean').default(false) }),
  z.strictObject({
    action: z.literal('refuse'),
    reason: z.enum(REFUSAL_REASONS, 'not-valid'),
    comment: z.string().trim().max(1000, 'length-out-of-range-error').default(''),
  }),
]);
export type ParticipationAction = z.infer<typeof ParticipationActionSchema>;

const StepValue = z.number('not-a-number').int().min(0, 'value-out-of-range-error');

/** A step's answer, by the measure's type (spec 02 §4: each measure type runs its real flow). */
export const StepAnswerSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('feeling'),
    mood: z.enum(['good', 'bad'], 'not-valid'),
    intensityStep: StepValue.max(HISTOGRAM_STEPS - 1, 'value-out-of-range-error'),
    energyStep: StepValue.max(HISTOGRAM_STEPS - 1, 'value-out-of-range-error'),
    wordId: z.string().max(64).optional(),
  }),
  z.strictObject({
    type: z.literal('thinking'),
    axes: z
      .array(
        z.strictObject({
          id: IdSchema,
          value: z
            .number('not-a-number')
            .refine((v) => (THINKING_VALUES as readonly number[]).includes(v), 'not-valid'),
        }),
      )
      .min(1, 'required')
      .max(20, 'too-many'),
  }),
  z.strictObject({
    type: z.literal('profile'),
    values: z.record(z.string().max(64), z.string().max(64)),
  }),
  z.strictObject({ type: z.literal('form'), values: z.record(z.string().max(64), z.unknown()) }),
  z.strictObject({
    type: z.literal('assessment'),
    values: z.record(z.string().max(64), z.number('not-a-number').int().min(1).max(5).nullable()),
  }),
  z.strictObject({
    type: z.literal('custom-form'),
    values: z.record(z.string().max(64), z.union([z.number('not-a-number'), z.string().max(2000)])),
  }),
  z.strictObject({
    type: z.literal('tags'),
    values: z.record(z.string().max(64), z.array(z.string().max(64)).max(50, 'too-many')),
  }),
]);
export type StepAnswer = z.infer<typeof StepAnswerSchema>;
export type StepAnswerInput = z.input<typeof StepAnswerSchema>;

/** One step as the participant opens it: what to ask, and their own answer while they may change it. */
export const StepViewSchema = z.object({
  step: StepDefinitionSchema,
  measure: z.custom<Measure>(),
  /** The questionnaire of a form measure (the participant needs no right on the form itself). */
  form: FormSchema.optional(),
  /** An assessment's strategy items, a thinking measure's axes, or the tags a tag step offers, with their names. */
  items: z.array(
    z.object({ id: z.string(), title: z.string(), description: z.string(), indent: z.number() }),
  ),
  answer: StepAnswerSchema.optional(),
  editable: z.boolean(),
  /** Until when a questionnaire's answer can still be changed (24 hours after its first save). */
  freezeDate: z.string().optional(),
  frozenReason: z.enum(['survey-frozen', 'participation-closed']).optional(),
});
export type StepView = z.infer<typeof StepViewSchema>;

// ---------------------------------------------------------------------------------------------
// Routes

const SphereParams = z.strictObject({ sphereId: IdSchema });
const CampaignParams = z.strictObject({ campaignId: IdSchema });
const CycleParams = CampaignParams.extend({ cycleId: IdSchema });
const StepParams = CampaignParams.extend({ stepId: IdSchema });
const onCampaign = { campaignId: 'campaignId' } as const;

export const listSphereCampaigns = defineRoute({
  name: 'listSphereCampaigns',
  domain: 'campaigns',
  method: 'GET',
  path: '/v1/campaigns/spheres/{sphereId}',
  auth: 'registered',
  ability: { action: 'get', subject: 'campaign', on: { sphereId: 'sphereId' } },
  params: SphereParams,
  response: CampaignListSchema,
});

export const createCampaign = defineRoute({
  name: 'createCampaign',
  domain: 'campaigns',
  method: 'POST',
  path: '/v1/campaigns/spheres/{sphereId}',
  auth: 'registered',
  ability: { action: 'post', subject: 'campaign', on: { sphereId: 'sphereId' } },
  params: SphereParams,
  body: CampaignCreateSchema,
  response: CampaignSchema,
  status: 201,
});

export const getCampaign = defineRoute({
  name: 'getCampaign',
  domain: 'campaigns',
  method: 'GET',
  path: '/v1/campaigns/{campaignId}',
  auth: 'registered',
  ability: { action: 'get', subject: 'campaign', on: onCampaign },
  params: CampaignParams,
  response: CampaignSchema,
});

export const updateCampaign = defineRoute({
  name: 'updateCampaign',
  domain: 'campaigns',
  method: 'PUT',
  path: '/v1/campaigns/{campaignId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'campaign', on: onCampaign },
  params: CampaignParams,
  body: CampaignUpdateSchema,
  response: CampaignSchema,
});

export const deleteCampaign = defineRoute({
  name: 'deleteCampaign',
  domain: 'campaigns',
  method: 'DELETE',
  path: '/v1/campaigns/{campaignId}',
  auth: 'registered',
  ability: { action: 'delete', subject: 'campaign', on: onCampaign },
  params: CampaignParams,
  response: z.undefined(),
  status: 204,
});

export const updateCampaignMeasures = defineRoute({
  name: 'updateCampaignMeasures',
  domain: 'campaigns',
  method: 'PUT',
  path: '/v1/campaigns/{campaignId}/measures',
  auth: 'registered',
  ability: { action: 'put', subject: 'campaign', on: onCampaign },
  params: CampaignParams,
  body: MeasuresUpdateSchema,
  response: CampaignSchema,
});

export const commandCampaign = defineRoute({
  name: 'commandCampaign',
  domain: 'campaigns',
  method: 'POST',
  path: '/v1/campaigns/{campaignId}/commands',
  auth: 'registered',
  ability: { action: 'put', subject: 'campaign', on: onCampaign },
  params: CampaignParams,
  body: CampaignCommandSchema,
  response: CampaignSchema,
});

export const listCycles = defineRoute({
  name: 'listCycles',
  domain: 'campaigns',
  method: 'GET',
  path: '/v1/campaigns/{campaignId}/cycles',
  auth: 'registered',
  ability: { action: 'get', subject: 'campaign-cycle', on: onCampaign },
  params: CampaignParams,
  response: CycleListSchema,
});

export const createCycle = defineRoute({
  name: 'createCycle',
  domain: 'campaigns',
  method: 'POST',
  path: '/v1/campaigns/{campaignId}/cycles',
  auth: 'registered',
  ability: { action: 'post', subject: 'campaign-cycle', on: onCampaign },
  params: CampaignParams,
  body: CycleCreateSchema,
  response: CycleSchema,
  status: 201,
});

export const updateCycle = defineRoute({
  name: 'updateCycle',
  domain: 'campaigns',
  method: 'PUT',
  path: '/v1/campaigns/{campaignId}/cycles/{cycleId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'campaign-cycle', on: onCampaign },
  params: CycleParams,
  body: CycleUpdateSchema,
  response: CycleSchema,
});

export const deleteCycle = defineRoute({
  name: 'deleteCycle',
  domain: 'campaigns',
  method: 'DELETE',
  path: '/v1/campaigns/{campaignId}/cycles/{cycleId}',
  auth: 'registered',
  ability: { action: 'delete', subject: 'campaign-cycle', on: onCampaign },
  params: CycleParams,
  response: z.undefined(),
  status: 204,
});

export const commandCycle = defineRoute({
  name: 'commandCycle',
  domain: 'campaigns',
  method: 'POST',
  path: '/v1/campaigns/{campaignId}/cycles/{cycleId}/commands',
  auth: 'registered',
  ability: { action: 'put', subject: 'campaign-cycle', on: onCampaign },
  params: CycleParams,
  body: CycleCommandSchema,
  response: CycleCommandResultSchema,
});

export const listCycleParticipants = defineRoute({
  name: 'listCycleParticipants',
  domain: 'campaigns',
  method: 'GET',
  path: '/v1/campaigns/{campaignId}/cycles/{cycleId}/participants',
  auth: 'registered',
  ability: { action: 'get', subject: 'campaign-participation', on: onCampaign },
  params: CycleParams,
  response: CycleParticipantsSchema,
});

export const getCampaignAccess = defineRoute({
  name: 'getCampaignAccess',
  domain: 'campaigns',
  method: 'GET',
  path: '/v1/campaigns/{campaignId}/access',
  auth: 'user',
  params: CampaignParams,
  query: ParticipantQuerySchema,
  response: CampaignAccessSchema,
});

/**
 * What a visitor without a session needs to enter a campaign with an access code (spec 01 §7
 * delegation, decision 0029): the sphere's name and the label of its codes. Only a campaign that
 * allows delegation, in a sphere that allows access codes, answers; anything else is
 * `campaign-forbidden`, the same for a campaign that does not exist.
 */
export const CampaignDelegationSchema = z.object({
  campaignId: z.string(),
  sphereName: z.string(),
  publicName: z.string(),
  label: MultilingualTextSchema,
});
export type CampaignDelegation = z.infer<typeof CampaignDelegationSchema>;

export const getCampaignDelegation = defineRoute({
  name: 'getCampaignDelegation',
  domain: 'campaigns',
  method: 'GET',
  path: '/v1/campaigns/{campaignId}/delegation',
  auth: 'public',
  params: CampaignParams,
  response: CampaignDelegationSchema,
  clientLimit: ACCESS_SIGN_IN_LIMIT,
});

export const getParticipation = defineRoute({
  name: 'getParticipation',
  domain: 'campaigns',
  method: 'GET',
  path: '/v1/campaigns/{campaignId}/participation',
  auth: 'user',
  params: CampaignParams,
  query: ParticipantQuerySchema,
  response: ParticipationViewSchema,
});

export const actOnParticipation = defineRoute({
  name: 'actOnParticipation',
  domain: 'campaigns',
  method: 'POST',
  path: '/v1/campaigns/{campaignId}/participation',
  auth: 'user',
  params: CampaignParams,
  query: ParticipantQuerySchema,
  body: ParticipationActionSchema,
  response: ParticipationViewSchema,
});

export const getParticipationStep = defineRoute({
  name: 'getParticipationStep',
  domain: 'campaigns',
  method: 'GET',
  path: '/v1/campaigns/{campaignId}/participation/steps/{stepId}',
  auth: 'user',
  params: StepParams,
  query: ParticipantQuerySchema,
  response: StepViewSchema,
});

export const saveParticipationStep = defineRoute({
  name: 'saveParticipationStep',
  domain: 'campaigns',
  method: 'PUT',
  path: '/v1/campaigns/{campaignId}/participation/steps/{stepId}',
  auth: 'user',
  params: StepParams,
  query: ParticipantQuerySchema,
  body: StepAnswerSchema,
  response: ParticipationViewSchema,
});

/**
 * A campaign's own logo (spec 02 §3 Campaign `logo`), as a form's (decision 0023) and a sphere's
 * (decision 0016): PNG, JPEG or WebP, 1 MiB at most, sent by the browser straight to the storage.
 */
export const CAMPAIGN_LOGO_TYPES = FORM_LOGO_TYPES;
export type CampaignLogoType = (typeof CAMPAIGN_LOGO_TYPES)[number];
/** Largest logo accepted: 1 MiB. */
export const CAMPAIGN_LOGO_MAX_BYTES = FORM_LOGO_MAX_BYTES;
/** How long an upload granted by POST …/logo may start. */
export const CAMPAIGN_LOGO_UPLOAD_SECONDS = FORM_LOGO_UPLOAD_SECONDS;
/** POST /v1/campaigns/{campaignId}/logo: the type and size of the file about to be sent. */
export const CampaignLogoUploadRequestSchema = FormLogoUploadRequestSchema;
export type CampaignLogoUploadRequest = z.infer<typeof CampaignLogoUploadRequestSchema>;
/** The upload granted: a form POST to `uploadUrl` with every field, then the file last as `file`. */
export const CampaignLogoUploadSchema = FormLogoUploadSchema;
export type CampaignLogoUpload = z.infer<typeof CampaignLogoUploadSchema>;
/** PUT /v1/campaigns/{campaignId}/logo: the uploaded file becomes the logo (checked again first). */
export const CampaignLogoSchema = FormLogoSchema;

export const requestCampaignLogoUpload = defineRoute({
  name: 'requestCampaignLogoUpload',
  domain: 'campaigns',
  method: 'POST',
  path: '/v1/campaigns/{campaignId}/logo',
  auth: 'registered',
  ability: { action: 'put', subject: 'campaign', on: onCampaign },
  params: CampaignParams,
  body: CampaignLogoUploadRequestSchema,
  response: CampaignLogoUploadSchema,
});

/** Its `updateDate` does not move: the settings form's unsaved edits and its next save are kept. */
export const setCampaignLogo = defineRoute({
  name: 'setCampaignLogo',
  domain: 'campaigns',
  method: 'PUT',
  path: '/v1/campaigns/{campaignId}/logo',
  auth: 'registered',
  ability: { action: 'put', subject: 'campaign', on: onCampaign },
  params: CampaignParams,
  body: CampaignLogoSchema,
  response: CampaignSchema,
});

/** DELETE /v1/campaigns/{campaignId}/logo: no logo of its own any more (one without stays so). */
export const deleteCampaignLogo = defineRoute({
  name: 'deleteCampaignLogo',
  domain: 'campaigns',
  method: 'DELETE',
  path: '/v1/campaigns/{campaignId}/logo',
  auth: 'registered',
  ability: { action: 'put', subject: 'campaign', on: onCampaign },
  params: CampaignParams,
  response: CampaignSchema,
});

export const campaignRoutes: readonly RouteContract[] = [
  listSphereCampaigns,
  createCampaign,
  getCampaign,
  updateCampaign,
  deleteCampaign,
  updateCampaignMeasures,
  commandCampaign,
  listCycles,
  createCycle,
  updateCycle,
  deleteCycle,
  commandCycle,
  listCycleParticipants,
  getCampaignAccess,
  getCampaignDelegation,
  getParticipation,
  actOnParticipation,
  getParticipationStep,
  saveParticipationStep,
  requestCampaignLogoUpload,
  setCampaignLogo,
  deleteCampaignLogo,
];
