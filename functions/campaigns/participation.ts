import { randomUUID } from 'node:crypto';
import type {
  CampaignAccess,
  Measure,
  ParticipationAction,
  ParticipationView,
  StepAnswer,
  StepDefinition,
  StepView,
} from '@shared/contracts/campaigns';
import type { Language } from '@shared/contracts/headers';
import type { MultilingualText } from '@shared/contracts/text';
import {
  QUESTIONNAIRE_EDIT_WINDOW_MS,
  QUESTIONNAIRE_MEASURE_TYPES,
  answerEditProblem,
  canOpenStep,
  completionPercent,
  currentCycle,
  currentStepId,
  isParticipationActive,
  participantScreen,
  participationStatusOf,
  type StepState,
  type StepStatus,
} from '@shared/domain/campaigns';
import { REFUSAL_STEP_ID } from '@shared/domain/campaign-rollups';
import { textIn } from '@shared/domain/sessions';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/errors';
import { findStoredForm } from '../forms';
import { sessionMembershipsOf } from '../sessions';
import {
  activeTagsOf,
  findSphere,
  heldTagIds,
  isSphereLinkCode,
  membershipIn,
  type MemberItem,
  type SphereItem,
} from '../spheres';
import { readList } from '../strategies';
import { findAxis } from '../thinkings';
import {
  findAnswer,
  findParticipant,
  insertParticipant,
  readCampaign,
  saveProgress,
  type AnswerItem,
  type CampaignItem,
  type CycleItem,
  type ParticipantItem,
} from './repository';
import { shownLogoUrl } from './shown-logo';
import { answerKeyOf } from './keys';
import { answerProblems } from './validation';

/** Who is asking, as the participant routes know them. */
export interface Participant {
  userId: string;
  language: Language;
}

/** How long a participation stays open without a cycle end: the cycle's end, else 90 days. */
const OPEN_PARTICIPATION_MS = 90 * 24 * 60 * 60 * 1000;

const day = (now: Date) => now.toISOString().slice(0, 10);

/** The steps a cycle asks, measure by measure: each measure's own step, then its tag questions. */
export function stepDefinitions(
  campaign: CampaignItem,
  cycle: CycleItem,
  language: Language,
): StepDefinition[] {
  const measures = campaign.measures as Measure[];
  const asked =
    cycle.measureIds.length > 0 ? measures.filter((m) => cycle.measureIds.includes(m.id)) : measures;
  const primary = campaign.defaultLocale;
  return asked.flatMap((m) => {
    const main: StepDefinition = {
      stepId: m.id,
      measureId: m.id,
      kind: 'main',
      type: m.type,
      title: textIn(m.title, language, primary),
      message: textIn(m.message, language, primary),
      ...(m.sessionId !== undefined ? { sessionId: m.sessionId } : {}),
    };
    if (m.tagQuestions.length === 0) return [main];
    return [
      main,
      {
        stepId: `${m.id}.tags`,
        measureId: m.id,
        kind: 'tags' as const,
        type: 'tags' as const,
        title: main.title,
        message: '',
      },
    ];
  });
}

/** The steps with the participant's statuses (a step the cycle added since is still to do). */
function stepStates(
  definitions: readonly StepDefinition[],
  participant: ParticipantItem | null,
): StepState[] {
  const statuses = new Map((participant?.steps ?? []).map((s) => [s.stepId, s.status]));
  return definitions.map((d) => ({
    stepId: d.stepId,
    measureId: d.measureId,
    status: statuses.get(d.stepId) ?? 'todo',
  }));
}

interface Access {
  campaign: CampaignItem;
  cycles: CycleItem[];
  sphere: SphereItem;
  member: MemberItem | null;
  contributor: boolean;
  admin: boolean;
}

/**
 * Whether the caller may open the campaign's participant screen: the sphere's contributors in the
 * campaign's targets, its admins (who see "admin access denied" unless they also contribute), and,
 * when the campaign allows guests, anyone with its code. Anything else: `campaign-forbidden`, the
 * same answer for a campaign that does not exist (spec 02 §8).
 */
async function access(caller: Participant, campaignId: string, code: string | undefined): Promise<Access> {
  const read = await readCampaign(campaignId);
  if (!read || read.campaign.cancelled) throw new ForbiddenError('campaign-forbidden');
  const { campaign, cycles } = read;
  const [sphere, member] = await Promise.all([
    findSphere(campaign.sphereId),
    membershipIn(caller.userId, campaign.sphereId),
  ]);
  if (!sphere) throw new ForbiddenError('campaign-forbidden');
  const active = member?.active === true;
  const admin = active && member.roles.includes('admin');
  let contributor = active && member.roles.includes('contributor') && (await inTargets(campaign, member));
  if (!contributor && !admin) {
    const codeValid = code !== undefined && isSphereLinkCode(sphere, `campaign:${campaignId}`, code);
    if (!(campaign.allowGuest && codeValid)) throw new ForbiddenError('campaign-forbidden');
    // Its links stop letting outsiders in at the campaign's link expiration (spec 02 §3).
    if (campaign.linkExpiration !== undefined && Date.parse(campaign.linkExpiration) <= Date.now())
      throw new ForbiddenError('link-expired');
    contributor = true;
  }
  return { campaign, cycles, sphere, member: active ? member : null, contributor, admin };
}

async function inTargets(campaign: CampaignItem, member: MemberItem): Promise<boolean> {
  const targets = campaign.targets as { tagIds: string[]; sessionIds: string[] };
  if (targets.tagIds.length === 0 && targets.sessionIds.length === 0) return true;
  if (heldTagIds(member).some((t) => targets.tagIds.includes(t))) return true;
  if (targets.sessionIds.length === 0) return false;
  const sessions = await sessionMembershipsOf(member.userId);
  // Only the sphere's own groups, as in the cycle's targets (events.ts).
  return sessions.some((s) => s.sphereId === campaign.sphereId && targets.sessionIds.includes(s.sessionId));
}

export async function campaignAccess(
  caller: Participant,
  campaignId: string,
  code: string | undefined,
): Promise<CampaignAccess> {
  const { campaign, sphere } = await access(caller, campaignId, code);
  const primary = campaign.defaultLocale;
  const logoUrl = shownLogoUrl(campaign, sphere);
  return {
    campaignId,
    sphereId: campaign.sphereId,
    sphereName: sphere.name,
    publicName: textIn(campaign.publicName as MultilingualText, caller.language, primary) || campaign.name,
    welcomeMessage: textIn(campaign.welcomeMessage as MultilingualText, caller.language, primary),
    allowGuest: campaign.allowGuest,
    delegation: campaign.allowDelegation,
    ...(logoUrl !== undefined ? { logoUrl } : {}),
    isStudyProgram: sphere.isStudyProgram,
  };
}

/** The cycle the caller is shown, and whether it is their test of it (an admin while a test runs). */
function chosenCycle(a: Access, test: boolean) {
  const testCycle = a.admin ? a.cycles.find((c) => c.testRunning) : undefined;
  if (test && testCycle) return { cycle: testCycle, mode: 'test' as const };
  return { cycle: currentCycle(a.cycles), mode: 'live' as const };
}

function participationOf(
  participant: ParticipantItem,
  cycle: CycleItem,
  definitions: StepDefinition[],
): NonNullable<ParticipationView['participation']> {
  const steps = stepStates(definitions, participant);
  const current = currentStepId(steps);
  return {
    status: participant.status,
    systemStatus: systemStatusOf(cycle, participant),
    expirationDate: participant.expirationDate,
    ...(current !== undefined ? { currentStepId: current } : {}),
    estimatedCompletionInPercent: completionPercent(steps),
    values: steps.map((s) => ({ stepId: s.stepId, stepStatus: s.status })),
    stepDefinitions: definitions,
    isTest: participant.mode === 'test',
  };
}

/** A participation closes with its cycle's collection (spec 02 §4: participation closed). */
function systemStatusOf(cycle: CycleItem, participant: ParticipantItem): 'active' | 'closed' {
  if (participant.mode === 'test') return cycle.testRunning ? 'active' : 'closed';
  return cycle.status === 'inProgress' ? 'active' : 'closed';
}

function view(
  a: Access,
  caller: Participant,
  chosen: { cycle: CycleItem | undefined; mode: 'live' | 'test' },
  participant: ParticipantItem | null,
  now: Date,
  justFinished = false,
): ParticipationView {
  const { campaign, sphere } = a;
  const primary = campaign.defaultLocale;
  const t = (text: unknown) => textIn(text as MultilingualText, caller.language, primary);
  const cycle = chosen.cycle;
  const definitions = cycle ? stepDefinitions(campaign, cycle, caller.language) : [];
  const participation = cycle && participant ? participationOf(participant, cycle, definitions) : undefined;
  const logoUrl = shownLogoUrl(campaign, sphere);
  const screen = participantScreen({
    cycle,
    now,
    adminWithoutContributorRole: a.admin && !a.contributor && chosen.mode === 'live',
    participation,
    justFinished,
    testRunning: chosen.mode === 'test',
  });
  return {
    campaign: {
      campaignId: campaign.campaignId,
      sphereId: campaign.sphereId,
      name: t(campaign.publicName) || campaign.name,
      ...(logoUrl !== undefined ? { logoUrl } : {}),
      firstMessage: t(campaign.firstMessage),
      welcomeMessage: t(campaign.welcomeMessage),
      endMessage: t(campaign.endMessage),
      ...(campaign.endRedirectUrl !== undefined ? { endRedirectUrl: campaign.endRedirectUrl } : {}),
      isStudyProgram: sphere.isStudyProgram,
    },
    ...(cycle
      ? {
          cycle: {
            cycleId: cycle.cycleId,
            ...(cycle.start !== undefined ? { start: cycle.start } : {}),
            ...(cycle.end !== undefined ? { end: cycle.end } : {}),
            status: cycle.status,
            message: t(cycle.message),
            allowRefuse: cycle.allowRefuse,
            testRunning: cycle.testRunning,
          },
        }
      : {}),
    screen,
    mayTest: a.admin && a.cycles.some((c) => c.testRunning),
    ...(participation ? { participation } : {}),
  };
}

async function participantIn(cycle: CycleItem | undefined, mode: 'live' | 'test', userId: string) {
  return cycle ? findParticipant({ cycleId: cycle.cycleId, mode, userId }) : null;
}

export async function getParticipation(
  caller: Participant,
  campaignId: string,
  code: string | undefined,
  now = new Date(),
): Promise<ParticipationView> {
  const a = await access(caller, campaignId, code);
  // An admin's own test participation, while the test runs, comes first.
  const test = chosenCycle(a, true);
  const testParticipant =
    test.mode === 'test' ? await participantIn(test.cycle, 'test', caller.userId) : null;
  if (testParticipant) return view(a, caller, test, testParticipant, now);
  const chosen = chosenCycle(a, false);
  return view(a, caller, chosen, await participantIn(chosen.cycle, 'live', caller.userId), now);
}

/** Accept (starts the participation, or the admin's test) or refuse with a reason (spec 02 §2). */
export async function actOnParticipation(
  caller: Participant,
  campaignId: string,
  code: string | undefined,
  action: ParticipationAction,
  now = new Date(),
): Promise<ParticipationView> {
  const a = await access(caller, campaignId, code);
  const wantsTest = action.action === 'accept' && action.test;
  const chosen = chosenCycle(a, wantsTest);
  const cycle = chosen.cycle;
  if (wantsTest && chosen.mode !== 'test') throw new ConflictError('cycle-not-active');
  if (!cycle) throw new ConflictError('cycle-not-active');
  const existing = await participantIn(cycle, chosen.mode, caller.userId);
  const screen = view(a, caller, chosen, existing, now).screen;
  if (screen === 'admin-denied') throw new ForbiddenError('participation-admin-denied');
  if (screen === 'refused') throw new ConflictError('participation-refused');
  if (screen === 'already-done' || screen === 'thanks') return view(a, caller, chosen, existing, now);
  if (screen === 'too-late') throw new ConflictError('participation-closed');
  if (screen !== 'welcome' && screen !== 'steps') throw new ConflictError('cycle-not-active');
  const definitions = stepDefinitions(a.campaign, cycle, caller.language);
  // A new live participation in a sphere of a galaxy takes the galaxy's participations quota in its
  // own transaction (refused with `quota-blocked` at the block); a second tab's takes nothing.
  const participant =
    existing ??
    (await insertParticipant(
      {
        cycleId: cycle.cycleId,
        mode: chosen.mode,
        userId: caller.userId,
        campaignId,
        sphereId: a.campaign.sphereId,
        status: 'blank',
        steps: definitions.map((d) => ({ stepId: d.stepId, status: 'todo' as const })),
        expirationDate: cycle.end ?? new Date(now.getTime() + OPEN_PARTICIPATION_MS).toISOString(),
      },
      a.sphere.galaxyId,
    ));
  if (action.action === 'accept') {
    if (participant.status !== 'blank') return view(a, caller, chosen, participant, now);
    const next = await saveProgress(participant, { status: 'inProgress', steps: participant.steps }, null);
    return view(a, caller, chosen, next, now);
  }
  if (!cycle.allowRefuse) throw new ConflictError('cycle-transition-not-allowed');
  if (participant.status === 'done') throw new ConflictError('participation-closed');
  // The reason is an answer: stored apart, under a random key, so nobody can tell whose it is.
  const refusal: AnswerItem = {
    cycleId: cycle.cycleId,
    answerKey: randomUUID(),
    campaignId,
    sphereId: a.campaign.sphereId,
    measureId: REFUSAL_STEP_ID,
    stepId: REFUSAL_STEP_ID,
    type: 'refusal',
    value: { reason: action.reason, comment: action.comment },
    tagIds: heldTagIds(a.member),
    day: day(now),
    isTest: chosen.mode === 'test',
  };
  const next = await saveProgress(
    participant,
    { status: 'refused', steps: participant.steps },
    refusal,
    cycle.stateShards,
  );
  return view(a, caller, chosen, next, now);
}

interface OpenStep {
  a: Access;
  chosen: { cycle: CycleItem; mode: 'live' | 'test' };
  participant: ParticipantItem;
  definition: StepDefinition;
  definitions: StepDefinition[];
  measure: Measure;
  states: StepState[];
}

async function openStep(
  caller: Participant,
  campaignId: string,
  code: string | undefined,
  stepId: string,
  now: Date,
): Promise<OpenStep> {
  const a = await access(caller, campaignId, code);
  const test = chosenCycle(a, true);
  const testParticipant =
    test.mode === 'test' ? await participantIn(test.cycle, 'test', caller.userId) : null;
  const chosen = testParticipant ? test : chosenCycle(a, false);
  const cycle = chosen.cycle;
  if (!cycle) throw new ConflictError('cycle-not-active');
  const participant = testParticipant ?? (await participantIn(cycle, 'live', caller.userId));
  if (!participant) throw new NotFoundError();
  if (participant.status === 'refused') throw new ConflictError('participation-refused');
  const definitions = stepDefinitions(a.campaign, cycle, caller.language);
  const definition = definitions.find((d) => d.stepId === stepId);
  const measure = (a.campaign.measures as Measure[]).find((m) => m.id === definition?.measureId);
  if (!definition || !measure) throw new NotFoundError();
  const states = stepStates(definitions, participant);
  if (!canOpenStep(states, stepId)) throw new ConflictError('participation-step-locked');
  if (
    participant.status !== 'done' &&
    !isParticipationActive({ ...participant, systemStatus: systemStatusOf(cycle, participant) }, now)
  )
    throw new ConflictError('participation-closed');
  return { a, chosen: { cycle, mode: chosen.mode }, participant, definition, definitions, measure, states };
}

async function stepContext(measure: Measure, sphereId: string, kind: 'main' | 'tags') {
  if (kind === 'tags') return {};
  if (measure.type === 'form' && measure.formId) {
    const stored = await findStoredForm(measure.formId);
    return { form: stored?.form };
  }
  if (measure.type === 'assessment') {
    const key =
      measure.context === 'session' && measure.sessionId
        ? { linkTo: 'session' as const, linkId: measure.sessionId }
        : { linkTo: 'sphere' as const, linkId: sphereId };
    const list = await readList(key);
    return { strategies: list.items.filter((s) => !s.isHidden) };
  }
  return {};
}

/** The freeze date of the caller's answer to a step, kept with their participation. */
function freezeDateOf(o: OpenStep, stepId: string): string | undefined {
  return o.participant.steps.find((s) => s.stepId === stepId)?.freezeDate;
}

function editProblem(o: OpenStep, stepId: string, now: Date) {
  const freezeDate = freezeDateOf(o, stepId);
  const savedAt =
    freezeDate !== undefined
      ? new Date(Date.parse(freezeDate) - QUESTIONNAIRE_EDIT_WINDOW_MS).toISOString()
      : undefined;
  return answerEditProblem(o.measure.type, savedAt, now, o.chosen.cycle.status, {
    testRunning: o.chosen.mode === 'test' && o.chosen.cycle.testRunning,
  });
}

export async function getStep(
  caller: Participant,
  campaignId: string,
  code: string | undefined,
  stepId: string,
  now = new Date(),
): Promise<StepView> {
  const o = await openStep(caller, campaignId, code, stepId, now);
  const salt = o.chosen.cycle.answerSalt;
  const existing = salt
    ? await findAnswer(o.chosen.cycle.cycleId, answerKeyOf(salt, o.chosen.mode, caller.userId, stepId))
    : null;
  const context = await stepContext(o.measure, o.a.campaign.sphereId, o.definition.kind);
  const problem = salt ? editProblem(o, stepId, now) : 'participation-closed';
  const items = await stepItems(
    o.measure,
    o.definition.kind,
    context.strategies,
    caller.language,
    o.a.campaign.sphereId,
  );
  return {
    step: o.definition,
    measure: o.measure,
    ...(context.form ? { form: context.form } : {}),
    items,
    ...(existing && problem === null ? { answer: existing.value as StepAnswer } : {}),
    editable: problem === null,
    ...(freezeDateOf(o, stepId) !== undefined ? { freezeDate: freezeDateOf(o, stepId) } : {}),
    ...(problem !== null ? { frozenReason: problem } : {}),
  };
}

async function stepItems(
  measure: Measure,
  kind: 'main' | 'tags',
  strategies: { strategyId: string; title: string; description: string; indent: number }[] | undefined,
  language: Language,
  sphereId: string,
): Promise<StepView['items']> {
  if (kind === 'tags') {
    // The tags the questions offer, with their names (a participant may not list the sphere's tags).
    const offered = new Set(measure.tagQuestions.flatMap((q) => q.tagIds));
    const tags = (await activeTagsOf([sphereId])).get(sphereId) ?? [];
    return tags
      .filter((tag) => offered.has(tag.tagId))
      .map((tag) => ({ id: tag.tagId, title: textIn(tag.name, language), description: '', indent: 0 }));
  }
  if (strategies)
    return strategies.map((s) => ({
      id: s.strategyId,
      title: s.title,
      description: s.description,
      indent: s.indent,
    }));
  if (measure.type === 'thinking') {
    const axes = await Promise.all(measure.axes.map((id) => findAxis(id)));
    return axes.flatMap((axis, i) =>
      axis
        ? [
            {
              id: axis.axisId,
              title: textIn(axis.name, language),
              description: textIn(axis.description, language),
              indent: 0,
            },
          ]
        : [{ id: measure.axes[i] as string, title: measure.axes[i] as string, description: '', indent: 0 }],
    );
  }
  return [];
}

/**
 * Saves a step's answer and moves the participation in one transaction (spec 02 §4): the step is
 * done, the participation in progress until every step is, then done. Changing an answer keeps its
 * key, so it replaces the one given before; a questionnaire's answer freezes 24 hours after its
 * first save (`survey-frozen`), every answer when the cycle stops (`participation-closed`).
 */
export async function saveStep(
  caller: Participant,
  campaignId: string,
  code: string | undefined,
  stepId: string,
  body: StepAnswer,
  now = new Date(),
): Promise<ParticipationView> {
  const o = await openStep(caller, campaignId, code, stepId, now);
  const cycle = o.chosen.cycle;
  const salt = cycle.answerSalt;
  if (!salt) throw new ConflictError('participation-closed');
  const answerKey = answerKeyOf(salt, o.chosen.mode, caller.userId, stepId);
  const [existing, context] = await Promise.all([
    findAnswer(cycle.cycleId, answerKey),
    stepContext(o.measure, o.a.campaign.sphereId, o.definition.kind),
  ]);
  const problem = editProblem(o, stepId, now);
  if (problem) throw new ConflictError(problem);
  const strategyIds = context.strategies ? new Set(context.strategies.map((s) => s.strategyId)) : undefined;
  const problems = answerProblems(body, o.definition, o.measure, { form: context.form, strategyIds });
  if (problems.length > 0) throw new ValidationError(problems);
  const questionnaire = QUESTIONNAIRE_MEASURE_TYPES.includes(o.measure.type) && o.definition.kind === 'main';
  const freezeDate = questionnaire
    ? (freezeDateOf(o, stepId) ?? new Date(now.getTime() + QUESTIONNAIRE_EDIT_WINDOW_MS).toISOString())
    : undefined;
  const answer: AnswerItem = {
    cycleId: cycle.cycleId,
    answerKey,
    campaignId,
    sphereId: o.a.campaign.sphereId,
    measureId: o.definition.measureId,
    stepId,
    type: body.type,
    value: body,
    tagIds: heldTagIds(o.a.member),
    day: existing?.day ?? day(now),
    isTest: o.chosen.mode === 'test',
  };
  const kept = new Map(o.participant.steps.map((s) => [s.stepId, s.freezeDate]));
  const steps = o.states.map((s) => {
    const frozen = s.stepId === stepId ? freezeDate : kept.get(s.stepId);
    return {
      stepId: s.stepId,
      status: (s.stepId === stepId ? 'done' : s.status) as StepStatus,
      ...(frozen !== undefined ? { freezeDate: frozen } : {}),
    };
  });
  const status = participationStatusOf(
    steps.map((s) => ({ ...s, measureId: '' })),
    false,
  );
  const before = o.participant.status;
  const next = await saveProgress(o.participant, { status, steps }, answer, cycle.stateShards);
  return view(o.a, caller, o.chosen, next, now, before !== 'done' && status === 'done');
}
