import type { ValidationKey } from '../contracts/errors';

/**
 * The pure rules of campaigns (spec 02 §3 Campaign, Measure, Cycle, Participation; §4 states and
 * transitions; §5 cycle rules; §8 errors; §9 limits): the cycle and test-mode state machines, the
 * campaign's list and preparation statuses derived from its cycles, the cycle's date and
 * notification rules, and a participation's steps, completion and screens. The transitions are
 * summed up as tables in docs/campaign-states.md.
 *
 * Dates are ISO 8601 instants (`2026-03-02T10:00:00.000Z`); a date that does not parse counts as
 * missing, except where a rule says otherwise.
 */

// ---------------------------------------------------------------------------------------------
// Enumerations and limits
// ---------------------------------------------------------------------------------------------

/** How cycles are run (spec 02 §3): simple, managed (planned by the scheduler) or manual. */
export const CAMPAIGN_MODES = ['simple', 'managed', 'manual'] as const;
export type CampaignMode = (typeof CAMPAIGN_MODES)[number];

/** The template models a campaign starts from (spec 02 §3), offered per the sphere's entitlement. */
export const CAMPAIGN_TEMPLATES = ['checkup', 'blank', 'simple', 'aripso'] as const;
export type CampaignTemplate = (typeof CAMPAIGN_TEMPLATES)[number];

/** The campaign's preparation status (spec 02 §4), shown while it is set up and run. */
export const PREPARATION_STATUSES = ['making', 'scheduled', 'collecting', 'closed', 'cancelled'] as const;
export type PreparationStatus = (typeof PREPARATION_STATUSES)[number];

/** The campaign's status in lists (spec 02 §4). */
export const CAMPAIGN_STATUSES = [
  'draft',
  'inProgress',
  'collectionClosed',
  'analysisInProgress',
  'analysisClosed',
  'cancelled',
  'closed',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** A cycle's status (spec 02 §4): inProgress collects answers, processing is the analysis. */
export const CYCLE_STATUSES = [
  'draft',
  'scheduled',
  'inProgress',
  'processing',
  'closed',
  'cancelled',
] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];

/** The points of a custom Likert theme's questions (spec 02 §3 custom-form): 1 … 5. */
export const CUSTOM_LIKERT_POINTS = 5;

export const MEASURE_TYPES = ['feeling', 'thinking', 'profile', 'form', 'assessment', 'custom-form'] as const;
export type MeasureType = (typeof MEASURE_TYPES)[number];

export const PARTICIPATION_STATUSES = ['blank', 'inProgress', 'done', 'refused'] as const;
export type ParticipationStatus = (typeof PARTICIPATION_STATUSES)[number];

/** A step's status (spec 02 §4); `cancelled` marks a step taken out of the cycle, left out of the ring. */
export const STEP_STATUSES = ['todo', 'inProgress', 'done', 'cancelled'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/** Why a participant refuses (spec 02 §3), given with a free comment. */
export const REFUSAL_REASONS = [
  'frequency',
  'not-relevant',
  'not-in-the-mood',
  'no-time',
  'not-concerned',
  'no-trust',
  'other',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const NOTIFICATION_PROTOCOLS = ['email', 'sms'] as const;
export type NotificationProtocol = (typeof NOTIFICATION_PROTOCOLS)[number];
export const NOTIFICATION_TARGETS = ['admin', 'participant'] as const;
export type NotificationTarget = (typeof NOTIFICATION_TARGETS)[number];
/** The cycle date a notification's delay counts from. */
export const NOTIFICATION_ANCHORS = ['start', 'end'] as const;
export type NotificationAnchor = (typeof NOTIFICATION_ANCHORS)[number];

/** The placeholder a notification message must contain; replaced by the participant's link. */
export const URL_CODE_PLACEHOLDER = '{url}';

/**
 * At most 12 measures in a campaign: the participant's step menu stays readable and a participation
 * stays a few minutes long (the spec gives no number).
 */
export const CAMPAIGN_MEASURES_MAX = 12;
/**
 * At most 10 notifications per cycle: an invitation, a few reminders and the admin notices, well
 * under what a participant would accept (the spec gives no number). Each is one schedule.
 */
export const CYCLE_NOTIFICATIONS_MAX = 10;
/** Questionnaire answers can be changed for 24 hours after saving (spec 02 §4, §9). */
export const QUESTIONNAIRE_EDIT_HOURS = 24;
/** The same window as a form survey's outside campaigns (`SURVEY_EDIT_WINDOW_MS`). */
export const QUESTIONNAIRE_EDIT_WINDOW_MS = QUESTIONNAIRE_EDIT_HOURS * 60 * 60 * 1000;

/** The measure types whose answers freeze 24 hours after saving: the questionnaires. */
export const QUESTIONNAIRE_MEASURE_TYPES: readonly MeasureType[] = ['form', 'custom-form'];

/** A field problem: a validation or error key and the field it concerns. */
export interface FieldProblem<K extends string = string> {
  key: K;
  field: string;
}

/** Milliseconds of an ISO instant, or undefined when it is missing or does not parse. */
function instant(iso: string | undefined): number | undefined {
  if (iso === undefined) return undefined;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : undefined;
}

// ---------------------------------------------------------------------------------------------
// Cycle state machine
// ---------------------------------------------------------------------------------------------

export const CYCLE_ACTIONS = [
  'schedule',
  'unschedule',
  'startCollection',
  'stopCollection',
  'closeAnalysis',
  'cancel',
  'enable',
] as const;
export type CycleAction = (typeof CYCLE_ACTIONS)[number];

/** The statuses a cycle collects or has collected real answers in. */
const COLLECTED_STATUSES: readonly CycleStatus[] = ['inProgress', 'processing', 'closed'];

/**
 * The status after `action`, or null when the action is not allowed from `status` (the caller
 * answers `cycle-transition-not-allowed`):
 *
 * - draft → schedule → scheduled (the caller checks that the cycle has its dates);
 * - scheduled → unschedule → draft;
 * - draft or scheduled → startCollection → inProgress (a manual start, or the scheduler's);
 * - inProgress → stopCollection → processing (the analysis);
 * - processing → closeAnalysis → closed;
 * - draft, scheduled or inProgress → cancel → cancelled;
 * - cancelled → enable → draft, or processing when the cycle had collected answers before it was
 *   cancelled (`history.collected`): its answers are kept and analysed, and it never collects
 *   again, so its schedules stay deleted.
 *
 * A closed cycle never changes again, and a processing cycle cannot be cancelled (its collection is
 * over: close its analysis instead).
 */
export function nextCycleStatus(
  status: CycleStatus,
  action: CycleAction,
  history: { collected: boolean } = { collected: false },
): CycleStatus | null {
  switch (action) {
    case 'schedule':
      return status === 'draft' ? 'scheduled' : null;
    case 'unschedule':
      return status === 'scheduled' ? 'draft' : null;
    case 'startCollection':
      return status === 'draft' || status === 'scheduled' ? 'inProgress' : null;
    case 'stopCollection':
      return status === 'inProgress' ? 'processing' : null;
    case 'closeAnalysis':
      return status === 'processing' ? 'closed' : null;
    case 'cancel':
      return status === 'draft' || status === 'scheduled' || status === 'inProgress' ? 'cancelled' : null;
    case 'enable':
      if (status !== 'cancelled') return null;
      return history.collected ? 'processing' : 'draft';
  }
}

/** Whether a cycle in this status has collected (or is collecting) real answers. */
export function hasCollected(status: CycleStatus): boolean {
  return COLLECTED_STATUSES.includes(status);
}

// ---------------------------------------------------------------------------------------------
// Test mode
// ---------------------------------------------------------------------------------------------

export const TEST_ACTIONS = [
  'startTest',
  'stopTest',
  'enableTestMode',
  'disableTestMode',
  'resetTestMode',
] as const;
export type TestAction = (typeof TEST_ACTIONS)[number];

export interface TestState {
  testMode: boolean;
  testRunning: boolean;
}

export const TEST_STATE_OFF: TestState = { testMode: false, testRunning: false };

/** Test mode is for trying a cycle before its real collection: while it is draft or scheduled. */
function beforeCollection(status: CycleStatus): boolean {
  return status === 'draft' || status === 'scheduled';
}

/**
 * The test state after the action, or null when it is not allowed (spec 02 §4; test data is
 * deleted and never reaches a report):
 *
 * - enableTestMode: when the mode is off and the cycle is draft or scheduled → mode on, not running;
 * - startTest: when the mode is on, no test runs and the cycle is draft or scheduled → running;
 * - stopTest: when a test runs → not running; its data is kept (to be looked at) until a reset;
 * - resetTestMode: when the mode is on → same state, and the test data is deleted;
 * - disableTestMode: when the mode is on, in any status (so a forgotten mode can always be turned
 *   off) → off, a running test stopped, and the test data deleted.
 *
 * The real start of collection ends test mode too: see `testStateOnCollectionStart`.
 */
export function nextTestState(
  status: CycleStatus,
  state: TestState,
  action: TestAction,
): { state: TestState; deleteTestData: boolean } | null {
  switch (action) {
    case 'enableTestMode':
      return !state.testMode && beforeCollection(status)
        ? { state: { testMode: true, testRunning: false }, deleteTestData: false }
        : null;
    case 'startTest':
      return state.testMode && !state.testRunning && beforeCollection(status)
        ? { state: { testMode: true, testRunning: true }, deleteTestData: false }
        : null;
    case 'stopTest':
      return state.testRunning ? { state: { ...state, testRunning: false }, deleteTestData: false } : null;
    case 'resetTestMode':
      return state.testMode ? { state: { ...state }, deleteTestData: true } : null;
    case 'disableTestMode':
      return state.testMode ? { state: { ...TEST_STATE_OFF }, deleteTestData: true } : null;
  }
}

/**
 * What starting the real collection does to test mode: it ends, and the data of any test is
 * deleted so that it never reaches a report (nothing to delete when the mode was off).
 */
export function testStateOnCollectionStart(state: TestState): { state: TestState; deleteTestData: boolean } {
  return { state: { ...TEST_STATE_OFF }, deleteTestData: state.testMode || state.testRunning };
}

// ---------------------------------------------------------------------------------------------
// Campaign statuses
// ---------------------------------------------------------------------------------------------

export interface CampaignFlags {
  cancelled: boolean;
  closed: boolean;
}

/** The cycles that count for a campaign's status: all but the cancelled ones. */
function liveStatuses(cycles: readonly { status: CycleStatus }[]): CycleStatus[] {
  return cycles.map((c) => c.status).filter((s) => s !== 'cancelled');
}

/**
 * The campaign's status in lists (spec 02 §4), from its own flags and its cycles, cancelled cycles
 * left out, in this order:
 *
 * 1. the cancelled flag → cancelled; 2. the closed flag → closed;
 * 3. no cycle has collected yet (none left, or all draft or scheduled) → draft;
 * 4. a cycle collects → inProgress;
 * 5. a cycle is in analysis (processing) → analysisInProgress;
 * 6. every cycle is closed → analysisClosed;
 * 7. otherwise some cycles are closed and others are still to come (draft or scheduled): the
 *    collection so far is closed, the next one has not started → collectionClosed.
 */
export function campaignStatus(
  campaign: CampaignFlags,
  cycles: readonly { status: CycleStatus }[],
): CampaignStatus {
  if (campaign.cancelled) return 'cancelled';
  if (campaign.closed) return 'closed';
  const live = liveStatuses(cycles);
  if (!live.some(hasCollected)) return 'draft';
  if (live.includes('inProgress')) return 'inProgress';
  if (live.includes('processing')) return 'analysisInProgress';
  if (live.every((s) => s === 'closed')) return 'analysisClosed';
  return 'collectionClosed';
}

/**
 * The campaign's preparation status (spec 02 §4), cancelled cycles left out, in this order:
 * the cancelled flag → cancelled; the closed flag → closed; a cycle collects → collecting; a cycle
 * is scheduled → scheduled; at least one cycle and all of them past their collection (processing
 * or closed) → closed (nothing is left to prepare); otherwise (no cycle, or some still draft) →
 * making.
 */
export function preparationStatus(
  campaign: CampaignFlags,
  cycles: readonly { status: CycleStatus }[],
): PreparationStatus {
  if (campaign.cancelled) return 'cancelled';
  if (campaign.closed) return 'closed';
  const live = liveStatuses(cycles);
  if (live.includes('inProgress')) return 'collecting';
  if (live.includes('scheduled')) return 'scheduled';
  if (live.length > 0 && live.every((s) => s === 'processing' || s === 'closed')) return 'closed';
  return 'making';
}

export const CAMPAIGN_ACTIONS = ['cancel', 'close', 'reopen'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/**
 * The campaign's flags after the action, or null when it is not allowed (the caller answers
 * `campaign-transition-not-allowed`):
 *
 * - cancel: unless the campaign is already cancelled or closed (a collecting campaign can be
 *   cancelled: the caller cancels its draft, scheduled and collecting cycles and their schedules);
 * - close: unless cancelled or closed, and only when no cycle collects (stop it first);
 * - reopen: from cancelled or closed → neither; its cycles keep their own statuses.
 */
export function nextCampaignFlags(
  flags: CampaignFlags,
  action: CampaignAction,
  cycles: readonly { status: CycleStatus }[],
): CampaignFlags | null {
  switch (action) {
    case 'cancel':
      return flags.cancelled || flags.closed ? null : { cancelled: true, closed: false };
    case 'close':
      if (flags.cancelled || flags.closed) return null;
      return cycles.some((c) => c.status === 'inProgress') ? null : { cancelled: false, closed: true };
    case 'reopen':
      return flags.cancelled || flags.closed ? { cancelled: false, closed: false } : null;
  }
}

// ---------------------------------------------------------------------------------------------
// Cycle dates (spec 02 §5)
// ---------------------------------------------------------------------------------------------

/** A cycle's dates (ISO instants); a cycle without a start does not occupy time yet. */
export interface CycleDates {
  id: string;
  start?: string | undefined;
  end?: string | undefined;
}

/**
 * What is wrong with a cycle's dates against the campaign's other cycles (the caller leaves out the
 * cancelled ones; the candidate itself, by id, is skipped):
 *
 * - a date that does not parse → `not-a-date` on `start` or `end` (and nothing more is checked);
 * - a start not strictly before the end → `value-out-of-range-error` on `end`;
 * - `cycle-overlap` on `start` when a cycle that starts before it, or at the same instant, has not
 *   ended by its start (a cycle without an end never ends): a cycle cannot start before the
 *   previous one ends; ending exactly when it starts is fine;
 * - `cycle-overlap` on `end` when a later cycle starts before the candidate ends (the candidate
 *   would make that cycle start before its previous one ends; no end means it never ends).
 *
 * Without a start the candidate is not checked for overlap; other cycles without a start are
 * ignored.
 */
export function cycleDateProblems(
  candidate: CycleDates,
  others: readonly CycleDates[],
): FieldProblem<ValidationKey | 'cycle-overlap'>[] {
  const problems: FieldProblem<ValidationKey | 'cycle-overlap'>[] = [];
  const start = instant(candidate.start);
  const end = instant(candidate.end);
  if (candidate.start !== undefined && start === undefined)
    problems.push({ key: 'not-a-date', field: 'start' });
  if (candidate.end !== undefined && end === undefined) problems.push({ key: 'not-a-date', field: 'end' });
  if (problems.length > 0) return problems;
  if (start !== undefined && end !== undefined && start >= end)
    problems.push({ key: 'value-out-of-range-error', field: 'end' });
  if (start === undefined) return problems;
  let startOverlaps = false;
  let endOverlaps = false;
  for (const other of others) {
    if (other.id === candidate.id) continue;
    const otherStart = instant(other.start);
    if (otherStart === undefined) continue;
    const otherEnd = instant(other.end) ?? Infinity;
    if (otherStart <= start) {
      if (start < otherEnd) startOverlaps = true;
    } else if (otherStart < (end ?? Infinity)) endOverlaps = true;
  }
  if (startOverlaps) problems.push({ key: 'cycle-overlap', field: 'start' });
  if (endOverlaps) problems.push({ key: 'cycle-overlap', field: 'end' });
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Notifications (spec 02 §3 Cycle, §5)
// ---------------------------------------------------------------------------------------------

export interface CycleNotification {
  id: string;
  protocol: NotificationProtocol;
  target: NotificationTarget;
  subject: string;
  message: string;
  anchor: NotificationAnchor;
  /** Minutes after the anchor date; negative for "before". */
  delayMinutes: number;
  /** A fixed date (a reminder), used instead of anchor and delay. */
  reminderDate?: string | undefined;
}

export type NotificationProblemKey =
  | 'cycle-missing-url-placeholder'
  | 'cycle-reminder-no-dates'
  | 'cycle-admin-reminder'
  | 'cycle-participant-reminder'
  | 'cycle-sms-not-allowed'
  | 'not-a-date';

/**
 * What is wrong with one notification of a cycle (spec 02 §5), in this order:
 *
 * - an SMS while the sphere's SMS flag is off → `cycle-sms-not-allowed` on `protocol`;
 * - a message without `{url}` → `cycle-missing-url-placeholder` on `message` (every notification,
 *   admin ones included: the admin gets the same link to try the participant screen);
 * - a reminder date (the `reminderDate` field) that does not parse → `not-a-date`; on a cycle
 *   without a start or an end → `cycle-reminder-no-dates`; for an admin, not strictly before the
 *   start → `cycle-admin-reminder`; for a participant, outside [start, end] (both ends included) →
 *   `cycle-participant-reminder`.
 *
 * Notifications timed by anchor and delay are not held to the reminder windows (an admin notice an
 * hour after the end is legitimate). Fields are `protocol`, `message`, `reminderDate`, prefixed by
 * `notifications.{index}.` when `options.index` is given.
 */
export function notificationProblems(
  n: CycleNotification,
  cycle: { start?: string | undefined; end?: string | undefined },
  options: { smsAllowed: boolean; index?: number | undefined },
): FieldProblem<NotificationProblemKey>[] {
  const prefix = options.index === undefined ? '' : `notifications.${options.index}.`;
  const problems: FieldProblem<NotificationProblemKey>[] = [];
  const add = (key: NotificationProblemKey, field: string) => problems.push({ key, field: prefix + field });
  if (n.protocol === 'sms' && !options.smsAllowed) add('cycle-sms-not-allowed', 'protocol');
  if (!n.message.includes(URL_CODE_PLACEHOLDER)) add('cycle-missing-url-placeholder', 'message');
  if (n.reminderDate !== undefined) {
    const at = instant(n.reminderDate);
    const start = instant(cycle.start);
    const end = instant(cycle.end);
    if (at === undefined) add('not-a-date', 'reminderDate');
    else if (start === undefined || end === undefined) add('cycle-reminder-no-dates', 'reminderDate');
    else if (n.target === 'admin') {
      if (at >= start) add('cycle-admin-reminder', 'reminderDate');
    } else if (at < start || at > end) add('cycle-participant-reminder', 'reminderDate');
  }
  return problems;
}

/** The problems of all of a cycle's notifications, each field prefixed by `notifications.{index}.`. */
export function cycleNotificationsProblems(
  notifications: readonly CycleNotification[],
  cycle: { start?: string | undefined; end?: string | undefined },
  options: { smsAllowed: boolean },
): FieldProblem<NotificationProblemKey>[] {
  return notifications.flatMap((n, index) => notificationProblems(n, cycle, { ...options, index }));
}

/**
 * When a notification fires: its reminder date if it has one, else its anchor date plus
 * `delayMinutes` (negative: before). Undefined when the date it needs is missing or does not parse.
 */
export function notificationFireTime(
  n: CycleNotification,
  cycle: { start?: string | undefined; end?: string | undefined },
): Date | undefined {
  if (n.reminderDate !== undefined) {
    const at = instant(n.reminderDate);
    return at === undefined ? undefined : new Date(at);
  }
  const anchor = instant(n.anchor === 'start' ? cycle.start : cycle.end);
  return anchor === undefined ? undefined : new Date(anchor + n.delayMinutes * 60_000);
}

/**
 * Whether a participant notification reaches a participant in this status when it fires
 * (decided at fire time, not when it was planned):
 *
 * - an admin notification never reaches participants (it goes to the campaign's admins);
 * - someone who refused is never notified;
 * - the invitation — a participant notification fired at or before the cycle's start — reaches
 *   every other participant;
 * - a reminder — fired after the start, or on a cycle without a start — reaches only those who
 *   have not finished (blank or inProgress).
 */
export function notificationReaches(
  n: CycleNotification,
  participantStatus: ParticipationStatus,
  firedAt: Date,
  cycle: { start?: string | undefined; end?: string | undefined },
): boolean {
  if (n.target === 'admin' || participantStatus === 'refused') return false;
  const start = instant(cycle.start);
  const isInvitation = start !== undefined && firedAt.getTime() <= start;
  return isInvitation || participantStatus === 'blank' || participantStatus === 'inProgress';
}

/** The message with every `{url}` replaced by the participant's link. */
export function fillUrlPlaceholder(message: string, url: string): string {
  return message.split(URL_CODE_PLACEHOLDER).join(url);
}

/**
 * The wording of the stop-collection confirmation: 'none' (0, or anything below 1), 'one' (1),
 * 'many' (2 or more). The logbook is written only when the count is at least 1.
 */
export function participantCountKey(count: number): 'none' | 'one' | 'many' {
  if (!(count >= 1)) return 'none';
  return count < 2 ? 'one' : 'many';
}

// ---------------------------------------------------------------------------------------------
// Participation (spec 02 §4)
// ---------------------------------------------------------------------------------------------

/** One step of a participation, in the order the participant goes through them. */
export interface StepState {
  stepId: string;
  measureId: string;
  status: StepStatus;
}

const countable = (steps: readonly StepState[]) => steps.filter((s) => s.status !== 'cancelled');

/**
 * A measure's status from its steps (spec 02 §4), cancelled steps left out: done when every step
 * is done; inProgress when any step is started or done; otherwise todo (also when it has no step
 * left to count).
 */
export function measureStatus(steps: readonly StepState[]): 'todo' | 'inProgress' | 'done' {
  const counted = countable(steps);
  if (counted.length === 0) return 'todo';
  if (counted.every((s) => s.status === 'done')) return 'done';
  return counted.some((s) => s.status !== 'todo') ? 'inProgress' : 'todo';
}

/** Each measure's status, in the order its first step appears: for the grouped step menu. */
export function measureStatuses(
  steps: readonly StepState[],
): { measureId: string; status: 'todo' | 'inProgress' | 'done' }[] {
  const ids = [...new Set(steps.map((s) => s.measureId))];
  return ids.map((measureId) => ({
    measureId,
    status: measureStatus(steps.filter((s) => s.measureId === measureId)),
  }));
}

/**
 * Whether a step can be opened (spec 02 §4): it exists, is not cancelled, and is not a todo step
 * whose previous step is todo too (cancelled steps are skipped when looking for the previous one;
 * the first step always opens). Otherwise the caller answers `participation-step-locked`.
 */
export function canOpenStep(steps: readonly StepState[], stepId: string): boolean {
  const index = steps.findIndex((s) => s.stepId === stepId);
  const step = steps[index];
  if (!step || step.status === 'cancelled') return false;
  if (step.status !== 'todo') return true;
  const previous = countable(steps.slice(0, index)).at(-1);
  return previous === undefined || previous.status !== 'todo';
}

/** The step to go on with: the first step, not cancelled, that is not done; undefined once all are. */
export function currentStepId(steps: readonly StepState[]): string | undefined {
  return countable(steps).find((s) => s.status !== 'done')?.stepId;
}

/**
 * The completion ring (spec 02 §4), in whole percent: done steps over all steps, cancelled steps
 * left out of both; started steps count as not done. Rounded down, so it reads 100 only when every
 * step is done; 0 when there is no step to count.
 */
export function completionPercent(steps: readonly StepState[]): number {
  const counted = countable(steps);
  if (counted.length === 0) return 0;
  const done = counted.filter((s) => s.status === 'done').length;
  return Math.floor((done * 100) / counted.length);
}

/**
 * A participation's status: refused when the participant refused (a refusal is final for the
 * cycle, whatever was answered before); done when every step is done (cancelled ones left out, at
 * least one step); inProgress when any step is started or done; otherwise blank.
 */
export function participationStatusOf(steps: readonly StepState[], refused: boolean): ParticipationStatus {
  if (refused) return 'refused';
  const status = measureStatus(steps);
  if (status === 'done') return 'done';
  return status === 'inProgress' ? 'inProgress' : 'blank';
}

export type ParticipationSystemStatus = 'active' | 'closed';

/**
 * Whether a participation is active (spec 02 §4): blank or inProgress, system status active, and an
 * expiry date strictly in the future (an expiry that does not parse counts as past).
 */
export function isParticipationActive(
  p: { status: ParticipationStatus; systemStatus: ParticipationSystemStatus; expirationDate: string },
  now: Date,
): boolean {
  const expiry = instant(p.expirationDate);
  return (
    (p.status === 'blank' || p.status === 'inProgress') &&
    p.systemStatus === 'active' &&
    expiry !== undefined &&
    expiry > now.getTime()
  );
}

/**
 * Whether an answer to a measure of this type may be given or changed at `now` (spec 02 §4):
 *
 * - only while the cycle collects (inProgress, or draft or scheduled during a running test when
 *   `options.testRunning`) → otherwise `participation-closed`;
 * - a questionnaire answer (form, custom-form) saved at `savedAt` can be changed until 24 hours
 *   after (exclusive: at exactly 24 hours it is frozen) → otherwise `survey-frozen`; a first answer
 *   (no `savedAt`) is always allowed;
 * - other answers (feeling, thinking, profile, assessment) can be changed while the cycle collects.
 *
 * Returns null when the answer may be saved.
 */
export function answerEditProblem(
  type: MeasureType,
  savedAt: string | undefined,
  now: Date,
  cycleStatus: CycleStatus,
  options: { testRunning?: boolean | undefined } = {},
): 'survey-frozen' | 'participation-closed' | null {
  const collecting =
    cycleStatus === 'inProgress' || (options.testRunning === true && beforeCollection(cycleStatus));
  if (!collecting) return 'participation-closed';
  if (!QUESTIONNAIRE_MEASURE_TYPES.includes(type) || savedAt === undefined) return null;
  const saved = instant(savedAt);
  if (saved === undefined) return null;
  return now.getTime() < saved + QUESTIONNAIRE_EDIT_WINDOW_MS ? null : 'survey-frozen';
}

// ---------------------------------------------------------------------------------------------
// The participant screen (spec 02 §2)
// ---------------------------------------------------------------------------------------------

export const PARTICIPANT_SCREENS = [
  'no-cycle',
  'too-early',
  'too-late',
  'no-collection',
  'admin-denied',
  'already-done',
  'refused',
  'welcome',
  'steps',
  'thanks',
] as const;
export type ParticipantScreen = (typeof PARTICIPANT_SCREENS)[number];

export interface ParticipantScreenInput {
  /** The cycle of `currentCycle`, if any. */
  cycle?: { status: CycleStatus; start?: string | undefined; end?: string | undefined } | undefined;
  now: Date;
  /** The caller administers the sphere without being a contributor: they cannot take part. */
  adminWithoutContributorRole: boolean;
  /** The caller's participation in that cycle, if they have one. */
  participation?:
    | { status: ParticipationStatus; systemStatus: ParticipationSystemStatus; expirationDate: string }
    | undefined;
  /** The participant finished the last step during this visit (thanks rather than already done). */
  justFinished?: boolean | undefined;
  /** A test of the cycle runs and the caller tries it: the cycle counts as collecting. */
  testRunning?: boolean | undefined;
}

/**
 * What the participant screen shows before (or instead of) the steps, first match wins:
 *
 * 1. no cycle → no-cycle;
 * 2. an admin without the contributor role → admin-denied;
 * 3. a refused participation → refused;
 * 4. a done participation → thanks right after finishing, else already-done (whatever the cycle
 *    has become since);
 * 5. a cycle that does not collect: draft or scheduled with a start still ahead → too-early;
 *    processing or closed → too-late; anything else (draft or scheduled without a start or past
 *    it, cancelled) → no-collection;
 * 6. a collecting cycle past its end (the scheduler has not stopped it yet) → too-late;
 * 7. no participation yet → welcome;
 * 8. a participation that is not active (closed by the system or expired) → too-late;
 * 9. an active blank participation → welcome; an active one in progress → steps.
 *
 * A collecting cycle started by hand before its planned start is open: no too-early then.
 */
export function participantScreen(input: ParticipantScreenInput): ParticipantScreen {
  const { cycle, now, participation } = input;
  if (!cycle) return 'no-cycle';
  if (input.adminWithoutContributorRole) return 'admin-denied';
  if (participation?.status === 'refused') return 'refused';
  if (participation?.status === 'done') return input.justFinished === true ? 'thanks' : 'already-done';
  const collecting =
    cycle.status === 'inProgress' || (input.testRunning === true && beforeCollection(cycle.status));
  if (!collecting) {
    const start = instant(cycle.start);
    if (beforeCollection(cycle.status) && start !== undefined && now.getTime() < start) return 'too-early';
    if (cycle.status === 'processing' || cycle.status === 'closed') return 'too-late';
    return 'no-collection';
  }
  const end = instant(cycle.end);
  if (cycle.status === 'inProgress' && end !== undefined && now.getTime() >= end) return 'too-late';
  if (!participation) return 'welcome';
  if (!isParticipationActive(participation, now)) return 'too-late';
  return participation.status === 'blank' ? 'welcome' : 'steps';
}

/**
 * The cycle a campaign's participant screen is about, cancelled cycles left out and test cycles
 * only in test mode: the collecting one; else the next scheduled one (earliest start, undated
 * ones last); else the last one collected (processing or closed, latest start, undated ones
 * first); else undefined (draft cycles are not shown). Ties keep the later one in the list for the
 * past, the earlier one for the future.
 */
export function currentCycle<
  C extends {
    status: CycleStatus;
    start?: string | undefined;
    end?: string | undefined;
    isTest?: boolean | undefined;
  },
>(cycles: readonly C[], options: { testMode?: boolean | undefined } = {}): C | undefined {
  const shown = cycles.filter((c) => options.testMode === true || c.isTest !== true);
  const collecting = shown.find((c) => c.status === 'inProgress');
  if (collecting) return collecting;
  let next: C | undefined;
  for (const c of shown) {
    if (c.status !== 'scheduled') continue;
    if (!next || (instant(c.start) ?? Infinity) < (instant(next.start) ?? Infinity)) next = c;
  }
  if (next) return next;
  let last: C | undefined;
  for (const c of shown) {
    if (c.status !== 'processing' && c.status !== 'closed') continue;
    if (!last || (instant(c.start) ?? -Infinity) >= (instant(last.start) ?? -Infinity)) last = c;
  }
  return last;
}
