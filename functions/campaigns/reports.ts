import { createHash } from 'node:crypto';
import type {
  CampaignCycleReport,
  CampaignReport,
  CampaignReportRequestSchema,
  CampaignStepReport,
} from '@shared/contracts/campaign-reports';
import type { Measure, StepAnswer } from '@shared/contracts/campaigns';
import type { CampaignCustomReportCreateSchema, CustomReport } from '@shared/contracts/custom-reports';
import type { Form } from '@shared/contracts/forms';
import {
  REFUSAL_QUESTION_ID,
  REFUSAL_STEP_ID,
  campaignAnswerCounts,
  stepPeriod,
} from '@shared/domain/campaign-rollups';
import { CAMPAIGNS_PAGE_MAX, PROFILE_QUESTIONS } from '@shared/contracts/campaigns';
import { REFUSAL_REASONS } from '@shared/domain/campaigns';
import { anonymityNotice } from '@shared/domain/report-privacy';
import type * as z from 'zod';
import { NotFoundError, ValidationError } from '../lib/errors';
import { findStoredForm, formReportShape, reportDefinitionOf } from '../forms';
import {
  cycleScopeOf,
  cycleStepFigures,
  rebuildScopes,
  replaceScope,
  tagKey,
  type CycleStepShape,
  type FormShape,
  type PeriodTexts,
  type ScopedContribution,
  type SealedCycle,
  type TextEntry,
} from '../rollups';
import { createCustomReport, listCustomReports } from '../reports';
import { areActiveTags, findSphere } from '../spheres';
import { readList } from '../strategies';
import { stepDefinitions } from './participation';
import {
  answersOf,
  campaignsOf,
  markCycleRolled,
  participationCounts,
  readCampaign,
  type CampaignItem,
  type CycleItem,
} from './repository';

/**
 * A campaign's reports (decision 0035). A cycle's answers are rolled up once, when it stops
 * collecting: from then on they are sealed (nobody can tell whose they are, decision 0025) and never
 * change, so the roll is exact, and writing it again (a retried stop, `npm run rollups`) gives the
 * same items. A report reads those rollups, never an answer.
 */

type ReportRequest = z.output<typeof CampaignReportRequestSchema>;

/** The statuses of a cycle that has stopped collecting for good: its answers are sealed. */
const SEALED = new Set<CycleItem['status']>(['processing', 'closed']);

/** A cycle's scope in the report rollups. */
export const cycleScope = (cycle: Pick<CycleItem, 'campaignId' | 'cycleId'>) =>
  cycleScopeOf(cycle.campaignId, cycle.cycleId);

/** The questionnaires a cycle's form measures ask, as they are now. */
async function formsOf(measures: readonly Measure[]): Promise<Map<string, Form>> {
  const ids = [...new Set(measures.flatMap((m) => (m.type === 'form' && m.formId ? [m.formId] : [])))];
  const stored = await Promise.all(ids.map(async (id) => [id, (await findStoredForm(id))?.form] as const));
  return new Map(stored.flatMap(([id, form]) => (form ? [[id, form] as const] : [])));
}

/** The ids of a custom theme's free-text questions: their answers are texts, never counted. */
const textQuestionsOf = (measure: Measure | undefined) =>
  measure?.type === 'custom-form'
    ? (measure.customTheme?.questions ?? []).filter((q) => q.kind === 'text').map((q) => q.id)
    : [];

/** An order of texts that says nothing of who wrote them, the same at every roll. */
const textOrder = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What a sealed cycle's live answers add to its scope: each step's answers numbered in the order
 * of their keys (a step's people are its answers: one per person, decision 0025; the numbers say
 * nothing of who, as the keys do not), under the tags each person held when answering; and the
 * free texts of its custom themes with those tags alone. Test answers never count.
 */
export async function cycleRollups(
  campaign: CampaignItem,
  cycle: CycleItem,
): Promise<{ contributions: ScopedContribution[]; texts: PeriodTexts[]; sealed: SealedCycle }> {
  const measures = campaign.measures as Measure[];
  const [answers, forms] = await Promise.all([answersOf(cycle.cycleId), formsOf(measures)]);
  const measureOf = new Map(measures.map((m) => [m.id, m]));
  const scope = cycleScope(cycle);
  const byStep = new Map<string, typeof answers>();
  for (const answer of answers) {
    if (answer.isTest) continue;
    const list = byStep.get(answer.stepId) ?? [];
    list.push(answer);
    byStep.set(answer.stepId, list);
  }
  const contributions: ScopedContribution[] = [];
  const texts: PeriodTexts[] = [];
  for (const [stepId, list] of byStep) {
    list.sort((a, b) => (a.answerKey < b.answerKey ? -1 : a.answerKey > b.answerKey ? 1 : 0));
    const entries: TextEntry[] = [];
    list.forEach((answer, n) => {
      const measure = measureOf.get(answer.measureId);
      const form = measure?.type === 'form' && measure.formId ? forms.get(measure.formId) : undefined;
      // A refusal keeps its reason and comment alone; its type is the answer's.
      const value =
        answer.type === 'refusal'
          ? { type: 'refusal' as const, reason: String((answer.value as { reason?: unknown }).reason) }
          : (answer.value as StepAnswer);
      const tagIds = answer.tagIds.map(tagKey);
      contributions.push({
        scope,
        week: stepPeriod(stepId),
        person: n.toString(36),
        tagIds,
        counts: campaignAnswerCounts(value, { form }),
      });
      if (value.type === 'custom-form')
        for (const q of textQuestionsOf(measure)) {
          const text = value.values[q];
          if (typeof text === 'string' && text.trim()) entries.push({ q, t: text.trim(), g: tagIds });
        }
    });
    if (entries.length)
      texts.push({
        period: stepPeriod(stepId),
        entries: entries.sort((a, b) => textOrder(a.t).localeCompare(textOrder(b.t))),
      });
  }
  return { contributions, texts, sealed: sealedCycle(campaign, cycle, forms) };
}

/**
 * What a custom report's data shot may show of a sealed cycle (decision 0036): its feeling,
 * thinking and custom-theme steps as they were asked, named in the campaign's languages, and its
 * questionnaire steps with their form's report definition as the cycle asked it (decision 0038).
 */
function sealedCycle(
  campaign: CampaignItem,
  cycle: CycleItem,
  forms: ReadonlyMap<string, Form>,
): SealedCycle {
  const measureOf = new Map((campaign.measures as Measure[]).map((m) => [m.id, m]));
  const questions = (measure: Measure, kind: 'likert' | 'text') =>
    (measure.customTheme?.questions ?? [])
      .filter((q) => q.kind === kind)
      .map((q) => ({ id: q.id, title: q.title }));
  return {
    campaignId: cycle.campaignId,
    cycleId: cycle.cycleId,
    internalLabel: cycle.internalLabel,
    ...(cycle.start ? { start: cycle.start } : {}),
    ...(cycle.end ? { end: cycle.end } : {}),
    defaultLocale: campaign.defaultLocale,
    steps: stepDefinitions(campaign, cycle, campaign.defaultLocale).flatMap((d): SealedCycle['steps'] => {
      const measure = measureOf.get(d.measureId);
      if (d.kind !== 'main' || !measure) return [];
      if (measure.type === 'feeling' || measure.type === 'thinking')
        return [{ stepId: d.stepId, kind: measure.type, title: measure.title }];
      if (measure.type === 'custom-form')
        return [
          {
            stepId: d.stepId,
            kind: measure.type,
            title: measure.title,
            questions: questions(measure, 'likert'),
            textQuestions: questions(measure, 'text'),
          },
        ];
      const form = measure.type === 'form' && measure.formId ? forms.get(measure.formId) : undefined;
      if (form)
        return [
          { stepId: d.stepId, kind: 'form', title: measure.title, definition: reportDefinitionOf(form) },
        ];
      return [];
    }),
  };
}

/**
 * Rolls a cycle's sealed answers up: its scope written whole from them, then the cycle marked as
 * rolled. Only a cycle that has stopped collecting is rolled.
 */
export async function rollCycle(
  campaign: CampaignItem,
  cycle: CycleItem,
): Promise<{ answers: number; participation: NonNullable<CycleItem['participation']> } | null> {
  if (!SEALED.has(cycle.status)) return null;
  return writeRoll(cycle, await cycleRollups(campaign, cycle));
}

/**
 * Writes a sealed cycle's roll: its scope put whole, not added to (a retried stop or two reports
 * repairing at once write the same items), then the cycle marked with its participations' counts.
 */
async function writeRoll(
  cycle: CycleItem,
  { contributions, texts, sealed }: Awaited<ReturnType<typeof cycleRollups>>,
) {
  const [participation] = await Promise.all([
    participationCounts(cycle.cycleId),
    replaceScope(cycleScope(cycle), contributions, texts, sealed),
  ]);
  await markCycleRolled(cycle, participation);
  return { answers: contributions.length, participation };
}

/**
 * Rolls the sealed cycles of a campaign that are not rolled yet (the demo data, seeded at every
 * start: a second seeding changes nothing): answers how many answers count.
 */
export async function rollCampaign(campaignId: string): Promise<number> {
  const read = await readCampaign(campaignId);
  if (!read) return 0;
  let rolled = 0;
  for (const cycle of read.cycles)
    if (!cycle.rolledAt) rolled += (await rollCycle(read.campaign, cycle))?.answers ?? 0;
  return rolled;
}

/**
 * Compares (`check`) or writes again (`write`) the rollups of every sealed cycle of a sphere's
 * campaigns with what their answers make (`npm run rollups`): the items that differ.
 */
export async function rebuildSphereCampaignRollups(
  sphereId: string,
  mode: 'check' | 'write',
): Promise<{ answers: number; differences: string[] }> {
  let answers = 0;
  const differences: string[] = [];
  for (const campaign of await campaignsOf(sphereId, CAMPAIGNS_PAGE_MAX)) {
    const read = await readCampaign(campaign.campaignId);
    for (const cycle of read?.cycles ?? []) {
      if (!SEALED.has(cycle.status)) continue;
      const rollups = await cycleRollups(campaign, cycle);
      answers += rollups.contributions.length;
      differences.push(
        ...(await rebuildScopes([cycleScope(cycle)], rollups.contributions, 'check')).differences,
      );
      if (mode === 'write') await writeRoll(cycle, rollups);
    }
  }
  return { answers, differences };
}

/** How a step's counts are read, and for a form or an assessment what names its questions. */
type StepKind =
  | { kind: 'feeling' }
  | { kind: 'thinking' }
  | {
      kind: 'questions';
      shape: FormShape;
      textQuestions?: string[];
      form?: Form;
      items?: { id: string; title: string }[];
    };

/** A step's shape in its report: what its counts are, and for questions their order and choices. */
async function stepShape(
  measure: Measure,
  kind: 'main' | 'tags',
  sphereId: string,
  forms: ReadonlyMap<string, Form>,
): Promise<StepKind> {
  if (kind === 'tags')
    return {
      kind: 'questions',
      shape: {
        questions: measure.tagQuestions.map((q) => ({
          id: q.id,
          kind: 'choice' as const,
          choices: q.tagIds,
        })),
        results: [],
      },
    };
  switch (measure.type) {
    case 'feeling':
      return { kind: 'feeling' };
    case 'thinking':
      return { kind: 'thinking' };
    case 'form': {
      const form = measure.formId ? forms.get(measure.formId) : undefined;
      return form
        ? { kind: 'questions', shape: formReportShape(form), form }
        : { kind: 'questions', shape: { questions: [], results: [] } };
    }
    case 'custom-form':
      return {
        kind: 'questions',
        shape: {
          questions: (measure.customTheme?.questions ?? [])
            .filter((q) => q.kind === 'likert')
            .map((q) => ({ id: q.id, kind: 'number' as const })),
          results: [],
        },
        textQuestions: textQuestionsOf(measure),
      };
    case 'profile':
      return {
        kind: 'questions',
        shape: {
          questions: measure.profileQuestions.map((q) => ({
            id: q,
            kind: 'choice' as const,
            choices: PROFILE_QUESTIONS[q],
          })),
          results: [],
        },
      };
    case 'assessment': {
      const list = await readList(
        measure.context === 'session' && measure.sessionId
          ? { linkTo: 'session', linkId: measure.sessionId }
          : { linkTo: 'sphere', linkId: sphereId },
      );
      return {
        kind: 'questions',
        shape: {
          questions: list.items.map((item) => ({ id: item.strategyId, kind: 'number' as const })),
          results: [],
        },
        items: list.items.map((item) => ({ id: item.strategyId, title: item.title })),
      };
    }
  }
}

const REFUSAL_SHAPE: FormShape = {
  questions: [{ id: REFUSAL_QUESTION_ID, kind: 'choice', choices: REFUSAL_REASONS }],
  results: [],
};

const byStart = (a: CycleItem, b: CycleItem) =>
  (a.start ?? '\uffff').localeCompare(b.start ?? '\uffff') || a.creationDate.localeCompare(b.creationDate);

/**
 * POST /v1/campaigns/{campaignId}/reports: the campaign's cycles in order, each sealed one with its
 * steps' figures for the group asked (everyone, or the people under one or two tags), and the
 * reasons of those who declined. A sealed cycle not rolled yet (its stop could not roll it) is
 * rolled first.
 */
export async function campaignReport(campaignId: string, request: ReportRequest): Promise<CampaignReport> {
  const read = await readCampaign(campaignId);
  if (!read) throw new NotFoundError();
  const { campaign } = read;
  const known = new Map(read.cycles.map((c) => [c.cycleId, c]));
  if (request.cycleIds?.some((id) => !known.has(id)))
    throw new ValidationError([{ key: 'not-valid', field: 'body.cycleIds' }]);
  const [sphere, tagsKnown] = await Promise.all([
    findSphere(campaign.sphereId),
    request.tagIds.length ? areActiveTags(campaign.sphereId, request.tagIds) : Promise.resolve(true),
  ]);
  if (!sphere) throw new NotFoundError();
  if (!tagsKnown) throw new ValidationError([{ key: 'not-valid', field: 'body.tagIds' }]);
  const asked = new Set(request.cycleIds ?? read.cycles.map((c) => c.cycleId));
  const cycles = read.cycles.filter((c) => asked.has(c.cycleId) && c.status !== 'cancelled').sort(byStart);
  const measures = campaign.measures as Measure[];
  const measureOf = new Map(measures.map((m) => [m.id, m]));
  const forms = await formsOf(measures);
  return {
    campaignId,
    sphereId: campaign.sphereId,
    tagIds: request.tagIds,
    ...anonymityNotice(sphere),
    cycles: await Promise.all(
      cycles.map(async (cycle): Promise<CampaignCycleReport> => {
        const ready = SEALED.has(cycle.status);
        const head = {
          cycleId: cycle.cycleId,
          internalLabel: cycle.internalLabel,
          ...(cycle.start ? { start: cycle.start } : {}),
          ...(cycle.end ? { end: cycle.end } : {}),
          status: cycle.status,
          ready,
        };
        if (!ready) return { ...head, steps: [] };
        // Who took part is kept by the roll: the participations no longer change once it stopped.
        const participation =
          cycle.rolledAt && cycle.participation
            ? cycle.participation
            : (await rollCycle(campaign, cycle))?.participation;
        const steps: {
          stepId: string;
          measureId: string;
          type: CampaignStepReport['type'];
          how: StepKind;
        }[] = [];
        for (const d of stepDefinitions(campaign, cycle, campaign.defaultLocale)) {
          const measure = measureOf.get(d.measureId);
          if (measure) steps.push({ ...d, how: await stepShape(measure, d.kind, campaign.sphereId, forms) });
        }
        if (cycle.allowRefuse)
          steps.push({
            stepId: REFUSAL_STEP_ID,
            measureId: REFUSAL_STEP_ID,
            type: 'refusal',
            how: { kind: 'questions', shape: REFUSAL_SHAPE },
          });
        const figures = await cycleStepFigures(
          cycleScope(cycle),
          steps.map(({ stepId, how }): CycleStepShape => {
            const period = stepPeriod(stepId);
            return how.kind === 'questions'
              ? { period, kind: how.kind, shape: how.shape, textQuestions: how.textQuestions ?? [] }
              : { period, kind: how.kind };
          }),
          request.tagIds,
        );
        return {
          ...head,
          ...(participation ? { participation } : {}),
          steps: steps.map(({ stepId, measureId, type, how }, i) => {
            const names =
              how.kind === 'questions'
                ? { ...(how.form ? { form: how.form } : {}), ...(how.items ? { items: how.items } : {}) }
                : {};
            return { stepId, measureId, type, ...figures[i], ...names } as CampaignStepReport;
          }),
        };
      }),
    ),
  };
}

/**
 * GET /v1/campaigns/{campaignId}/custom-reports: the custom reports of the campaign's sphere that
 * name the campaign (decision 0036).
 */
export async function campaignCustomReports(campaignId: string): Promise<{ reports: CustomReport[] }> {
  const read = await readCampaign(campaignId);
  if (!read) throw new NotFoundError();
  return listCustomReports(read.campaign.sphereId, { campaignId });
}

/** POST /v1/campaigns/{campaignId}/custom-reports: a draft report of the campaign, about one cycle if given. */
export async function createCampaignCustomReport(
  campaignId: string,
  body: z.output<typeof CampaignCustomReportCreateSchema>,
): Promise<CustomReport> {
  const read = await readCampaign(campaignId);
  if (!read) throw new NotFoundError();
  const { cycleId, ...fields } = body;
  if (cycleId !== undefined && !read.cycles.some((c) => c.cycleId === cycleId))
    throw new ValidationError([{ key: 'not-valid', field: 'body.cycleId' }]);
  return createCustomReport(read.campaign.sphereId, fields, {
    campaignId,
    ...(cycleId !== undefined ? { cycleId } : {}),
  });
}
