import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { ERROR_KEYS, VALIDATION_KEYS } from '../contracts/errors';
import { SURVEY_EDIT_WINDOW_MS } from './form-surveys';
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
  QUESTIONNAIRE_EDIT_HOURS,
  QUESTIONNAIRE_EDIT_WINDOW_MS,
  REFUSAL_REASONS,
  STEP_STATUSES,
  TEST_ACTIONS,
  TEST_STATE_OFF,
  URL_CODE_PLACEHOLDER,
  answerEditProblem,
  campaignStatus,
  canOpenStep,
  completionPercent,
  currentCycle,
  currentStepId,
  cycleDateProblems,
  cycleNotificationsProblems,
  fillUrlPlaceholder,
  hasCollected,
  isParticipationActive,
  measureStatus,
  measureStatuses,
  nextCampaignFlags,
  nextCycleStatus,
  nextTestState,
  notificationFireTime,
  notificationProblems,
  notificationReaches,
  participantCountKey,
  participantScreen,
  participationStatusOf,
  preparationStatus,
  testStateOnCollectionStart,
  type CycleAction,
  type CycleNotification,
  type CycleStatus,
  type ParticipantScreenInput,
  type StepState,
  type StepStatus,
  type TestState,
} from './campaigns';

const HOUR = 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);
/** Cycles from a list of statuses. */
const cycles = (...statuses: CycleStatus[]) => statuses.map((status) => ({ status }));
const open = { cancelled: false, closed: false };

/** Steps written as `measure:status` pairs: `'a:done a:todo b:cancelled'`; ids are s0, s1, … */
const steps = (text: string): StepState[] =>
  text
    .split(' ')
    .filter((part) => part !== '')
    .map((part, index) => {
      const [measureId = '', status = 'todo'] = part.split(':');
      return { stepId: `s${index}`, measureId, status: status as StepStatus };
    });

describe('campaign constants (spec 02 §3, §4, §9)', () => {
  it('lists the modes, templates, statuses, measure types, refusal reasons and notification options of the spec', () => {
    expect(CAMPAIGN_MODES).toEqual(['simple', 'managed', 'manual']);
    expect(CAMPAIGN_TEMPLATES).toEqual(['checkup', 'blank', 'simple', 'aripso']);
    expect(PREPARATION_STATUSES).toEqual(['making', 'scheduled', 'collecting', 'closed', 'cancelled']);
    expect(CAMPAIGN_STATUSES).toEqual([
      'draft',
      'inProgress',
      'collectionClosed',
      'analysisInProgress',
      'analysisClosed',
      'cancelled',
      'closed',
    ]);
    expect(CYCLE_STATUSES).toEqual(['draft', 'scheduled', 'inProgress', 'processing', 'closed', 'cancelled']);
    expect(MEASURE_TYPES).toEqual(['feeling', 'thinking', 'profile', 'form', 'assessment', 'custom-form']);
    expect(PARTICIPATION_STATUSES).toEqual(['blank', 'inProgress', 'done', 'refused']);
    expect(STEP_STATUSES).toEqual(['todo', 'inProgress', 'done', 'cancelled']);
    expect(REFUSAL_REASONS).toEqual([
      'frequency',
      'not-relevant',
      'not-in-the-mood',
      'no-time',
      'not-concerned',
      'no-trust',
      'other',
    ]);
    expect(NOTIFICATION_PROTOCOLS).toEqual(['email', 'sms']);
    expect(NOTIFICATION_TARGETS).toEqual(['admin', 'participant']);
    expect(NOTIFICATION_ANCHORS).toEqual(['start', 'end']);
    expect(URL_CODE_PLACEHOLDER).toBe('{url}');
  });

  it('keeps the limits: 12 measures, 10 notifications, questionnaires editable 24 hours like a form survey', () => {
    expect(CAMPAIGN_MEASURES_MAX).toBe(12);
    expect(CYCLE_NOTIFICATIONS_MAX).toBe(10);
    expect(QUESTIONNAIRE_EDIT_HOURS).toBe(24);
    expect(QUESTIONNAIRE_EDIT_WINDOW_MS).toBe(24 * HOUR);
    expect(QUESTIONNAIRE_EDIT_WINDOW_MS).toBe(SURVEY_EDIT_WINDOW_MS);
  });

  it('uses only error keys that the error catalogue knows', () => {
    const known: readonly string[] = [...ERROR_KEYS, ...VALIDATION_KEYS];
    for (const key of [
      'cycle-overlap',
      'cycle-reminder-no-dates',
      'cycle-admin-reminder',
      'cycle-participant-reminder',
      'cycle-missing-url-placeholder',
      'cycle-sms-not-allowed',
      'survey-frozen',
      'participation-closed',
      'value-out-of-range-error',
      'not-a-date',
    ])
      expect(known).toContain(key);
  });
});

// ---------------------------------------------------------------------------------------------
// Cycle state machine
// ---------------------------------------------------------------------------------------------

/** Every allowed transition (without collected answers); everything else is refused. */
const CYCLE_TRANSITIONS: [CycleStatus, CycleAction, CycleStatus][] = [
  ['draft', 'schedule', 'scheduled'],
  ['scheduled', 'unschedule', 'draft'],
  ['draft', 'startCollection', 'inProgress'],
  ['scheduled', 'startCollection', 'inProgress'],
  ['inProgress', 'stopCollection', 'processing'],
  ['processing', 'closeAnalysis', 'closed'],
  ['draft', 'cancel', 'cancelled'],
  ['scheduled', 'cancel', 'cancelled'],
  ['inProgress', 'cancel', 'cancelled'],
  ['cancelled', 'enable', 'draft'],
];

describe('cycle state machine (spec 02 §4)', () => {
  it.each(CYCLE_TRANSITIONS)('%s --%s--> %s', (from, action, to) => {
    expect(nextCycleStatus(from, action)).toBe(to);
  });

  const refused = CYCLE_STATUSES.flatMap((status) =>
    CYCLE_ACTIONS.filter((action) => !CYCLE_TRANSITIONS.some(([f, a]) => f === status && a === action)).map(
      (action) => [status, action] as const,
    ),
  );
  it.each(refused)('refuses %s --%s', (status, action) => {
    expect(nextCycleStatus(status, action)).toBeNull();
    expect(nextCycleStatus(status, action, { collected: true })).toBeNull();
  });

  it('re-enables a cancelled cycle that had collected answers into processing, not draft', () => {
    expect(nextCycleStatus('cancelled', 'enable', { collected: true })).toBe('processing');
    expect(nextCycleStatus('cancelled', 'enable', { collected: false })).toBe('draft');
  });

  it('never leaves closed, and a processing cycle can only close its analysis', () => {
    for (const action of CYCLE_ACTIONS) expect(nextCycleStatus('closed', action)).toBeNull();
    expect(CYCLE_ACTIONS.filter((a) => nextCycleStatus('processing', a) !== null)).toEqual(['closeAnalysis']);
  });

  it('knows which statuses have collected answers', () => {
    expect(CYCLE_STATUSES.filter(hasCollected)).toEqual(['inProgress', 'processing', 'closed']);
  });

  test.prop([fc.array(fc.constantFrom(...CYCLE_ACTIONS), { maxLength: 30 })])(
    'a cycle that has collected never returns to draft or scheduled, and closed is final',
    (actions) => {
      let status: CycleStatus = 'draft';
      let collected = false;
      for (const action of actions) {
        const next = nextCycleStatus(status, action, { collected });
        if (next === null) continue;
        if (status === 'closed') throw new Error('left closed');
        // A cycle that has collected never goes back to draft or scheduled (it cannot collect twice).
        if (collected) expect(['draft', 'scheduled']).not.toContain(next);
        status = next;
        collected ||= hasCollected(status);
      }
      expect(CYCLE_STATUSES).toContain(status);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Test mode
// ---------------------------------------------------------------------------------------------

const OFF: TestState = { testMode: false, testRunning: false };
const ON: TestState = { testMode: true, testRunning: false };
const RUNNING: TestState = { testMode: true, testRunning: true };

describe('test mode (spec 02 §4)', () => {
  it.each<CycleStatus>(['draft', 'scheduled'])('enables test mode before collection (%s)', (status) => {
    expect(nextTestState(status, OFF, 'enableTestMode')).toEqual({ state: ON, deleteTestData: false });
  });

  it.each<CycleStatus>(['inProgress', 'processing', 'closed', 'cancelled'])(
    'does not enable test mode once the cycle is %s',
    (status) => {
      expect(nextTestState(status, OFF, 'enableTestMode')).toBeNull();
    },
  );

  it('does not enable test mode twice', () => {
    expect(nextTestState('draft', ON, 'enableTestMode')).toBeNull();
  });

  it.each<CycleStatus>(['draft', 'scheduled'])(
    'starts a test in test mode before collection (%s)',
    (status) => {
      expect(nextTestState(status, ON, 'startTest')).toEqual({ state: RUNNING, deleteTestData: false });
    },
  );

  it('starts no test outside test mode, while one runs, or once the real collection started', () => {
    expect(nextTestState('draft', OFF, 'startTest')).toBeNull();
    expect(nextTestState('draft', RUNNING, 'startTest')).toBeNull();
    expect(nextTestState('inProgress', ON, 'startTest')).toBeNull();
    expect(nextTestState('cancelled', ON, 'startTest')).toBeNull();
  });

  it('stops a running test and keeps its data until a reset', () => {
    expect(nextTestState('draft', RUNNING, 'stopTest')).toEqual({ state: ON, deleteTestData: false });
    expect(nextTestState('draft', ON, 'stopTest')).toBeNull();
    expect(nextTestState('draft', OFF, 'stopTest')).toBeNull();
  });

  it('resets test mode by keeping the state and deleting the test data', () => {
    expect(nextTestState('draft', ON, 'resetTestMode')).toEqual({ state: ON, deleteTestData: true });
    expect(nextTestState('scheduled', RUNNING, 'resetTestMode')).toEqual({
      state: RUNNING,
      deleteTestData: true,
    });
    expect(nextTestState('draft', OFF, 'resetTestMode')).toBeNull();
  });

  it('disables test mode in any status, stopping a running test and deleting its data', () => {
    for (const status of CYCLE_STATUSES) {
      expect(nextTestState(status, RUNNING, 'disableTestMode')).toEqual({ state: OFF, deleteTestData: true });
      expect(nextTestState(status, ON, 'disableTestMode')).toEqual({ state: OFF, deleteTestData: true });
      expect(nextTestState(status, OFF, 'disableTestMode')).toBeNull();
    }
  });

  it('ends test mode when the real collection starts, deleting test data only if there was a test mode', () => {
    expect(testStateOnCollectionStart(RUNNING)).toEqual({ state: OFF, deleteTestData: true });
    expect(testStateOnCollectionStart(ON)).toEqual({ state: OFF, deleteTestData: true });
    expect(testStateOnCollectionStart(OFF)).toEqual({ state: OFF, deleteTestData: false });
    expect(TEST_STATE_OFF).toEqual(OFF);
  });

  test.prop([
    fc.constantFrom(...CYCLE_STATUSES),
    fc.array(fc.constantFrom(...TEST_ACTIONS), { maxLength: 25 }),
  ])(
    'a test never runs outside test mode, and leaving test mode always deletes its data',
    (status, actions) => {
      let state = OFF;
      for (const action of actions) {
        const next = nextTestState(status, state, action);
        if (next === null) continue;
        if (state.testMode && !next.state.testMode) expect(next.deleteTestData).toBe(true);
        state = next.state;
        expect(!state.testRunning || state.testMode).toBe(true);
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Campaign statuses
// ---------------------------------------------------------------------------------------------

describe('campaign list status (spec 02 §4)', () => {
  it.each<[string, CycleStatus[], string]>([
    ['no cycle', [], 'draft'],
    ['only draft cycles', ['draft', 'draft'], 'draft'],
    ['draft and scheduled cycles (nothing collected yet)', ['draft', 'scheduled'], 'draft'],
    ['only cancelled cycles', ['cancelled', 'cancelled'], 'draft'],
    ['a collecting cycle', ['closed', 'inProgress', 'scheduled'], 'inProgress'],
    ['a collecting cycle beside one in analysis', ['processing', 'inProgress'], 'inProgress'],
    ['a cycle in analysis and none collecting', ['closed', 'processing', 'draft'], 'analysisInProgress'],
    ['every cycle closed', ['closed', 'closed'], 'analysisClosed'],
    ['every cycle closed or cancelled', ['closed', 'cancelled'], 'analysisClosed'],
    ['closed cycles and one still to come', ['closed', 'scheduled'], 'collectionClosed'],
    ['a closed cycle and a draft one', ['closed', 'draft', 'cancelled'], 'collectionClosed'],
  ])('%s → %s', (_label, statuses, expected) => {
    expect(campaignStatus(open, cycles(...statuses))).toBe(expected);
  });

  it('lets the cancelled flag win over everything, then the closed flag', () => {
    expect(campaignStatus({ cancelled: true, closed: true }, cycles('inProgress'))).toBe('cancelled');
    expect(campaignStatus({ cancelled: true, closed: false }, [])).toBe('cancelled');
    expect(campaignStatus({ cancelled: false, closed: true }, cycles('inProgress'))).toBe('closed');
  });

  test.prop([fc.array(fc.constantFrom(...CYCLE_STATUSES), { maxLength: 8 })])(
    'is inProgress exactly when a cycle collects, and draft exactly when none has collected',
    (statuses) => {
      const status = campaignStatus(open, cycles(...statuses));
      expect(status === 'inProgress').toBe(statuses.includes('inProgress'));
      expect(status === 'draft').toBe(!statuses.some(hasCollected));
    },
  );
});

describe('campaign preparation status (spec 02 §4)', () => {
  it.each<[string, CycleStatus[], string]>([
    ['no cycle', [], 'making'],
    ['only draft cycles', ['draft'], 'making'],
    ['only cancelled cycles', ['cancelled'], 'making'],
    ['a closed cycle and a draft one', ['closed', 'draft'], 'making'],
    ['a scheduled cycle', ['draft', 'scheduled'], 'scheduled'],
    ['a scheduled cycle after a closed one', ['closed', 'scheduled'], 'scheduled'],
    ['a collecting cycle beside a scheduled one', ['inProgress', 'scheduled'], 'collecting'],
    ['every cycle past its collection', ['processing', 'closed', 'cancelled'], 'closed'],
  ])('%s → %s', (_label, statuses, expected) => {
    expect(preparationStatus(open, cycles(...statuses))).toBe(expected);
  });

  it('follows the campaign flags first', () => {
    expect(preparationStatus({ cancelled: true, closed: false }, cycles('inProgress'))).toBe('cancelled');
    expect(preparationStatus({ cancelled: true, closed: true }, [])).toBe('cancelled');
    expect(preparationStatus({ cancelled: false, closed: true }, cycles('scheduled'))).toBe('closed');
  });
});

describe('campaign actions (spec 02 §4)', () => {
  const cancelled = { cancelled: true, closed: false };
  const closed = { cancelled: false, closed: true };

  it('cancels an open campaign, even while it collects', () => {
    expect(nextCampaignFlags(open, 'cancel', [])).toEqual(cancelled);
    expect(nextCampaignFlags(open, 'cancel', cycles('inProgress'))).toEqual(cancelled);
  });

  it('does not cancel a closed or already cancelled campaign', () => {
    expect(nextCampaignFlags(closed, 'cancel', [])).toBeNull();
    expect(nextCampaignFlags(cancelled, 'cancel', [])).toBeNull();
  });

  it('closes a campaign only when no cycle collects', () => {
    expect(nextCampaignFlags(open, 'close', cycles('closed', 'processing', 'draft'))).toEqual(closed);
    expect(nextCampaignFlags(open, 'close', cycles('closed', 'inProgress'))).toBeNull();
    expect(nextCampaignFlags(cancelled, 'close', [])).toBeNull();
    expect(nextCampaignFlags(closed, 'close', [])).toBeNull();
  });

  it('reopens a cancelled or closed campaign, and nothing else', () => {
    expect(nextCampaignFlags(cancelled, 'reopen', [])).toEqual(open);
    expect(nextCampaignFlags(closed, 'reopen', cycles('closed'))).toEqual(open);
    expect(nextCampaignFlags(open, 'reopen', [])).toBeNull();
  });

  test.prop([
    fc.array(fc.constantFrom(...CAMPAIGN_ACTIONS), { maxLength: 20 }),
    fc.array(fc.constantFrom(...CYCLE_STATUSES), { maxLength: 4 }),
  ])('a campaign is never both cancelled and closed', (actions, statuses) => {
    let flags = open;
    for (const action of actions) flags = nextCampaignFlags(flags, action, cycles(...statuses)) ?? flags;
    expect(flags.cancelled && flags.closed).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Cycle dates
// ---------------------------------------------------------------------------------------------

const JAN = { id: 'jan', start: '2026-01-01T00:00:00.000Z', end: '2026-01-31T00:00:00.000Z' };
const MAR = { id: 'mar', start: '2026-03-01T00:00:00.000Z', end: '2026-03-31T00:00:00.000Z' };

describe('cycle dates (spec 02 §5: a cycle cannot start before the previous one ends)', () => {
  it('accepts a cycle between two others, and one touching the previous end and the next start', () => {
    expect(
      cycleDateProblems({ id: 'feb', start: '2026-02-01T00:00:00Z', end: '2026-02-28T00:00:00Z' }, [
        JAN,
        MAR,
      ]),
    ).toEqual([]);
    expect(cycleDateProblems({ id: 'feb', start: JAN.end, end: MAR.start }, [JAN, MAR])).toEqual([]);
  });

  it('flags a start before the previous cycle ends (one millisecond is enough)', () => {
    expect(
      cycleDateProblems({ id: 'feb', start: '2026-01-30T23:59:59.999Z', end: '2026-02-10T00:00:00Z' }, [JAN]),
    ).toEqual([{ key: 'cycle-overlap', field: 'start' }]);
  });

  it('flags a start at the same instant as another cycle', () => {
    expect(cycleDateProblems({ id: 'x', start: JAN.start, end: '2026-01-02T00:00:00Z' }, [JAN])).toEqual([
      { key: 'cycle-overlap', field: 'start' },
    ]);
  });

  it('flags an end after the next cycle starts (one millisecond is enough)', () => {
    expect(
      cycleDateProblems({ id: 'feb', start: '2026-02-01T00:00:00Z', end: '2026-03-01T00:00:00.001Z' }, [MAR]),
    ).toEqual([{ key: 'cycle-overlap', field: 'end' }]);
  });

  it('flags both sides of a cycle that spans its neighbours, once each', () => {
    expect(
      cycleDateProblems({ id: 'big', start: '2026-01-15T00:00:00Z', end: '2026-04-01T00:00:00Z' }, [
        JAN,
        MAR,
        { ...MAR, id: 'mar2' },
      ]),
    ).toEqual([
      { key: 'cycle-overlap', field: 'start' },
      { key: 'cycle-overlap', field: 'end' },
    ]);
  });

  it('treats a previous cycle without an end as never ending', () => {
    expect(
      cycleDateProblems({ id: 'x', start: '2027-01-01T00:00:00Z' }, [{ id: 'open', start: JAN.start }]),
    ).toEqual([{ key: 'cycle-overlap', field: 'start' }]);
  });

  it('treats a candidate without an end as running into any later cycle', () => {
    expect(cycleDateProblems({ id: 'x', start: '2026-02-01T00:00:00Z' }, [MAR])).toEqual([
      { key: 'cycle-overlap', field: 'end' },
    ]);
  });

  it('ignores itself, undated cycles, and does not check a candidate without a start', () => {
    expect(cycleDateProblems(JAN, [JAN, { id: 'undated' }, { id: 'end-only', end: JAN.end }])).toEqual([]);
    expect(cycleDateProblems({ id: 'x', end: '2026-01-15T00:00:00Z' }, [JAN])).toEqual([]);
  });

  it('needs the start strictly before the end', () => {
    expect(cycleDateProblems({ id: 'x', start: MAR.start, end: MAR.start }, [])).toEqual([
      { key: 'value-out-of-range-error', field: 'end' },
    ]);
    expect(cycleDateProblems({ id: 'x', start: MAR.end, end: MAR.start }, [])).toEqual([
      { key: 'value-out-of-range-error', field: 'end' },
    ]);
    expect(cycleDateProblems({ id: 'x', start: MAR.start, end: '2026-03-01T00:00:00.001Z' }, [])).toEqual([]);
  });

  it('reports dates that do not parse and checks nothing else', () => {
    expect(cycleDateProblems({ id: 'x', start: 'soon', end: 'later' }, [JAN])).toEqual([
      { key: 'not-a-date', field: 'start' },
      { key: 'not-a-date', field: 'end' },
    ]);
    expect(cycleDateProblems({ id: 'x', start: JAN.start, end: 'later' }, [JAN])).toEqual([
      { key: 'not-a-date', field: 'end' },
    ]);
  });

  const dated = fc
    .tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 100 }))
    .map(([start, length]) => ({ start, end: start + length }));
  const iso = (day: number) => new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString();

  test.prop([dated, dated])(
    'two dated cycles overlap exactly when their intervals intersect, seen from either',
    (a, b) => {
      const ca = { id: 'a', start: iso(a.start), end: iso(a.end) };
      const cb = { id: 'b', start: iso(b.start), end: iso(b.end) };
      const intersect = a.start < b.end && b.start < a.end;
      expect(cycleDateProblems(ca, [cb]).some((p) => p.key === 'cycle-overlap')).toBe(intersect);
      expect(cycleDateProblems(cb, [ca]).some((p) => p.key === 'cycle-overlap')).toBe(intersect);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Notifications
// ---------------------------------------------------------------------------------------------

const CYCLE = { start: '2026-03-02T08:00:00.000Z', end: '2026-03-16T18:00:00.000Z' };
const note = (overrides: Partial<CycleNotification> = {}): CycleNotification => ({
  id: 'n1',
  protocol: 'email',
  target: 'participant',
  subject: 'Your opinion counts',
  message: 'Take part here: {url}',
  anchor: 'start',
  delayMinutes: 0,
  ...overrides,
});
const sms = { smsAllowed: true };

describe('notification rules (spec 02 §5)', () => {
  it('accepts an invitation at the start with the placeholder', () => {
    expect(notificationProblems(note(), CYCLE, sms)).toEqual([]);
  });

  it('needs the {url} placeholder in every message, admin ones included', () => {
    expect(notificationProblems(note({ message: 'Take part: url' }), CYCLE, sms)).toEqual([
      { key: 'cycle-missing-url-placeholder', field: 'message' },
    ]);
    expect(notificationProblems(note({ target: 'admin', message: 'Starting soon' }), CYCLE, sms)).toEqual([
      { key: 'cycle-missing-url-placeholder', field: 'message' },
    ]);
    expect(notificationProblems(note({ message: '{URL}' }), CYCLE, sms)).toEqual([
      { key: 'cycle-missing-url-placeholder', field: 'message' },
    ]);
  });

  it('refuses SMS when the sphere does not allow them, and allows them when it does', () => {
    expect(notificationProblems(note({ protocol: 'sms' }), CYCLE, { smsAllowed: false })).toEqual([
      { key: 'cycle-sms-not-allowed', field: 'protocol' },
    ]);
    expect(notificationProblems(note({ protocol: 'sms' }), CYCLE, sms)).toEqual([]);
    expect(notificationProblems(note(), CYCLE, { smsAllowed: false })).toEqual([]);
  });

  it('needs both start and end for a reminder date', () => {
    const reminder = note({ reminderDate: '2026-03-05T08:00:00.000Z' });
    expect(notificationProblems(reminder, { start: CYCLE.start }, sms)).toEqual([
      { key: 'cycle-reminder-no-dates', field: 'reminderDate' },
    ]);
    expect(notificationProblems(reminder, { end: CYCLE.end }, sms)).toEqual([
      { key: 'cycle-reminder-no-dates', field: 'reminderDate' },
    ]);
    expect(notificationProblems(reminder, {}, sms)).toEqual([
      { key: 'cycle-reminder-no-dates', field: 'reminderDate' },
    ]);
    expect(notificationProblems(note(), {}, sms)).toEqual([]);
  });

  it('puts an admin reminder strictly before the start', () => {
    const admin = (reminderDate: string) =>
      notificationProblems(note({ target: 'admin', reminderDate }), CYCLE, sms);
    expect(admin('2026-03-02T07:59:59.999Z')).toEqual([]);
    expect(admin(CYCLE.start)).toEqual([{ key: 'cycle-admin-reminder', field: 'reminderDate' }]);
    expect(admin('2026-03-03T08:00:00.000Z')).toEqual([
      { key: 'cycle-admin-reminder', field: 'reminderDate' },
    ]);
  });

  it('puts a participant reminder between start and end, both included', () => {
    const participant = (reminderDate: string) => notificationProblems(note({ reminderDate }), CYCLE, sms);
    expect(participant('2026-03-02T07:59:59.999Z')).toEqual([
      { key: 'cycle-participant-reminder', field: 'reminderDate' },
    ]);
    expect(participant(CYCLE.start)).toEqual([]);
    expect(participant('2026-03-09T12:00:00.000Z')).toEqual([]);
    expect(participant(CYCLE.end)).toEqual([]);
    expect(participant('2026-03-16T18:00:00.001Z')).toEqual([
      { key: 'cycle-participant-reminder', field: 'reminderDate' },
    ]);
  });

  it('reports a reminder date that does not parse', () => {
    expect(notificationProblems(note({ reminderDate: 'tomorrow' }), CYCLE, sms)).toEqual([
      { key: 'not-a-date', field: 'reminderDate' },
    ]);
  });

  it('does not hold anchor-and-delay notifications to the reminder windows', () => {
    expect(
      notificationProblems(note({ target: 'admin', anchor: 'end', delayMinutes: 60 }), CYCLE, sms),
    ).toEqual([]);
  });

  it('reports every problem of one notification, with indexed fields when asked', () => {
    expect(
      notificationProblems(
        note({ protocol: 'sms', message: 'no link', reminderDate: '2026-04-01T00:00:00Z' }),
        CYCLE,
        { smsAllowed: false, index: 2 },
      ),
    ).toEqual([
      { key: 'cycle-sms-not-allowed', field: 'notifications.2.protocol' },
      { key: 'cycle-missing-url-placeholder', field: 'notifications.2.message' },
      { key: 'cycle-participant-reminder', field: 'notifications.2.reminderDate' },
    ]);
  });

  it('checks a whole cycle list, each field under its index', () => {
    expect(
      cycleNotificationsProblems(
        [
          note(),
          note({ id: 'n2', message: 'none' }),
          note({ id: 'n3', target: 'admin', reminderDate: CYCLE.end }),
        ],
        CYCLE,
        sms,
      ),
    ).toEqual([
      { key: 'cycle-missing-url-placeholder', field: 'notifications.1.message' },
      { key: 'cycle-admin-reminder', field: 'notifications.2.reminderDate' },
    ]);
  });
});

describe('notification timing', () => {
  it('fires at the anchor plus the delay, before it with a negative delay', () => {
    expect(notificationFireTime(note(), CYCLE)).toEqual(at(CYCLE.start));
    expect(notificationFireTime(note({ delayMinutes: 90 }), CYCLE)).toEqual(at('2026-03-02T09:30:00.000Z'));
    expect(notificationFireTime(note({ anchor: 'end', delayMinutes: -24 * 60 }), CYCLE)).toEqual(
      at('2026-03-15T18:00:00.000Z'),
    );
  });

  it('fires at the reminder date when there is one, whatever the anchor', () => {
    expect(
      notificationFireTime(note({ reminderDate: '2026-03-05T10:00:00Z', delayMinutes: 30 }), CYCLE),
    ).toEqual(at('2026-03-05T10:00:00Z'));
    expect(notificationFireTime(note({ reminderDate: '2026-03-05T10:00:00Z' }), {})).toEqual(
      at('2026-03-05T10:00:00Z'),
    );
  });

  it('has no time when its date is missing or does not parse', () => {
    expect(notificationFireTime(note(), { end: CYCLE.end })).toBeUndefined();
    expect(notificationFireTime(note({ anchor: 'end' }), { start: CYCLE.start })).toBeUndefined();
    expect(notificationFireTime(note({ reminderDate: 'soon' }), CYCLE)).toBeUndefined();
  });
});

describe('who a notification reaches (reminders only to those who have not finished)', () => {
  const beforeStart = at('2026-03-02T07:00:00Z');
  const onStart = at(CYCLE.start);
  const later = at('2026-03-05T08:00:00Z');

  it.each([
    ['blank', true],
    ['inProgress', true],
    ['done', true],
    ['refused', false],
  ] as const)('the invitation at the start reaches a %s participant: %s', (status, expected) => {
    expect(notificationReaches(note(), status, onStart, CYCLE)).toBe(expected);
    expect(notificationReaches(note(), status, beforeStart, CYCLE)).toBe(expected);
  });

  it.each([
    ['blank', true],
    ['inProgress', true],
    ['done', false],
    ['refused', false],
  ] as const)('a reminder after the start reaches a %s participant: %s', (status, expected) => {
    expect(notificationReaches(note({ reminderDate: later.toISOString() }), status, later, CYCLE)).toBe(
      expected,
    );
    expect(notificationReaches(note(), status, new Date(onStart.getTime() + 1), CYCLE)).toBe(expected);
  });

  it('treats every notification of a cycle without a start as a reminder', () => {
    expect(notificationReaches(note(), 'done', later, { end: CYCLE.end })).toBe(false);
    expect(notificationReaches(note(), 'blank', later, {})).toBe(true);
  });

  it('never sends an admin notification to a participant', () => {
    for (const status of PARTICIPATION_STATUSES)
      expect(notificationReaches(note({ target: 'admin' }), status, beforeStart, CYCLE)).toBe(false);
  });
});

describe('message and confirmation texts', () => {
  it('replaces every placeholder by the link and leaves other text alone', () => {
    expect(fillUrlPlaceholder('Go: {url} (or {url})', 'https://x.test/p/abc')).toBe(
      'Go: https://x.test/p/abc (or https://x.test/p/abc)',
    );
    expect(fillUrlPlaceholder('No link', 'https://x.test')).toBe('No link');
    expect(fillUrlPlaceholder('{url}', '$&$1')).toBe('$&$1');
  });

  it.each([
    [0, 'none'],
    [-1, 'none'],
    [Number.NaN, 'none'],
    [1, 'one'],
    [2, 'many'],
    [2000, 'many'],
  ] as const)('%s participants → %s', (count, key) => {
    expect(participantCountKey(count)).toBe(key);
  });
});

// ---------------------------------------------------------------------------------------------
// Participation
// ---------------------------------------------------------------------------------------------

describe('measure status (spec 02 §4)', () => {
  it.each([
    ['a:todo a:todo', 'todo'],
    ['a:inProgress a:todo', 'inProgress'],
    ['a:done a:todo', 'inProgress'],
    ['a:done a:done', 'done'],
    ['a:done a:cancelled', 'done'],
    ['a:todo a:cancelled', 'todo'],
    ['a:cancelled', 'todo'],
    ['', 'todo'],
  ])('%s → %s', (text, expected) => {
    expect(measureStatus(steps(text))).toBe(expected);
  });

  it('gives each measure its status in menu order', () => {
    expect(measureStatuses(steps('a:done a:done b:inProgress b:todo c:todo a:done'))).toEqual([
      { measureId: 'a', status: 'done' },
      { measureId: 'b', status: 'inProgress' },
      { measureId: 'c', status: 'todo' },
    ]);
  });
});

describe('opening a step (spec 02 §4)', () => {
  it('opens the first step, and a todo step after a done or started one', () => {
    const s = steps('a:done a:todo b:inProgress b:todo');
    expect(canOpenStep(s, 's0')).toBe(true);
    expect(canOpenStep(s, 's1')).toBe(true);
    expect(canOpenStep(s, 's3')).toBe(true);
    expect(canOpenStep(steps('a:todo'), 's0')).toBe(true);
  });

  it('locks a todo step after a todo step', () => {
    const s = steps('a:todo a:todo b:todo');
    expect(canOpenStep(s, 's1')).toBe(false);
    expect(canOpenStep(s, 's2')).toBe(false);
  });

  it('always opens a started or done step, whatever comes before', () => {
    expect(canOpenStep(steps('a:todo a:inProgress'), 's1')).toBe(true);
    expect(canOpenStep(steps('a:todo a:done'), 's1')).toBe(true);
  });

  it('skips cancelled steps when looking for the previous one', () => {
    expect(canOpenStep(steps('a:done a:cancelled a:todo'), 's2')).toBe(true);
    expect(canOpenStep(steps('a:todo a:cancelled a:todo'), 's2')).toBe(false);
    expect(canOpenStep(steps('a:cancelled a:todo'), 's1')).toBe(true);
  });

  it('does not open a missing or cancelled step', () => {
    expect(canOpenStep(steps('a:todo'), 'nope')).toBe(false);
    expect(canOpenStep(steps('a:done a:cancelled'), 's1')).toBe(false);
    expect(canOpenStep([], 's0')).toBe(false);
  });

  it('goes on with the first step not done, skipping cancelled ones', () => {
    expect(currentStepId(steps('a:done a:cancelled b:todo b:todo'))).toBe('s2');
    expect(currentStepId(steps('a:done a:inProgress'))).toBe('s1');
    expect(currentStepId(steps('a:done a:cancelled'))).toBeUndefined();
    expect(currentStepId([])).toBeUndefined();
  });

  test.prop([fc.array(fc.constantFrom(...STEP_STATUSES), { maxLength: 12 })])(
    'the current step can always be opened',
    (statuses) => {
      const s = statuses.map((status, i) => ({ stepId: `s${i}`, measureId: 'a', status }));
      const current = currentStepId(s);
      if (current !== undefined) expect(canOpenStep(s, current)).toBe(true);
    },
  );
});

describe('completion ring (spec 02 §4: cancelled tasks excluded)', () => {
  it.each([
    ['', 0],
    ['a:cancelled', 0],
    ['a:todo', 0],
    ['a:inProgress', 0],
    ['a:done', 100],
    ['a:done a:todo', 50],
    ['a:done a:todo a:todo', 33],
    ['a:done a:done a:todo', 66],
    ['a:done a:cancelled', 100],
    ['a:done a:cancelled a:todo', 50],
  ])('%s → %s%%', (text, expected) => {
    expect(completionPercent(steps(text))).toBe(expected);
  });

  it('reads 99, not 100, with one step of many left', () => {
    const many = steps(`${'a:done '.repeat(199)}a:todo`);
    expect(completionPercent(many)).toBe(99);
  });

  const statuses = fc.array(fc.constantFrom(...STEP_STATUSES), { maxLength: 20 });
  const toSteps = (list: readonly StepStatus[]) =>
    list.map((status, i) => ({ stepId: `s${i}`, measureId: 'a', status }));

  test.prop([statuses])(
    'is an integer from 0 to 100, and 100 exactly when every countable step is done',
    (list) => {
      const percent = completionPercent(toSteps(list));
      const counted = list.filter((s) => s !== 'cancelled');
      expect(Number.isInteger(percent) && percent >= 0 && percent <= 100).toBe(true);
      expect(percent === 100).toBe(counted.length > 0 && counted.every((s) => s === 'done'));
    },
  );

  test.prop([statuses, fc.nat()])('never goes down when a step is completed', (list, pick) => {
    const open = list.flatMap((s, i) => (s === 'todo' || s === 'inProgress' ? [i] : []));
    if (open.length === 0) return;
    const index = open[pick % open.length] ?? 0;
    const after = list.map((s, i) => (i === index ? 'done' : s));
    expect(completionPercent(toSteps(after))).toBeGreaterThan(completionPercent(toSteps(list)));
  });

  test.prop([statuses])('is unchanged by adding a cancelled step', (list) => {
    expect(completionPercent(toSteps([...list, 'cancelled']))).toBe(completionPercent(toSteps(list)));
  });
});

describe('participation status (spec 02 §4)', () => {
  it.each([
    ['a:todo b:todo', false, 'blank'],
    ['', false, 'blank'],
    ['a:inProgress b:todo', false, 'inProgress'],
    ['a:done b:todo', false, 'inProgress'],
    ['a:done b:done b:cancelled', false, 'done'],
    ['a:todo', true, 'refused'],
    ['a:done', true, 'refused'],
  ] as const)('%s, refused %s → %s', (text, refused, expected) => {
    expect(participationStatusOf(steps(text), refused)).toBe(expected);
  });
});

describe('active participation (spec 02 §4)', () => {
  const now = at('2026-03-05T12:00:00.000Z');
  const p = (overrides: Partial<Parameters<typeof isParticipationActive>[0]> = {}) => ({
    status: 'blank' as const,
    systemStatus: 'active' as const,
    expirationDate: '2026-03-16T18:00:00.000Z',
    ...overrides,
  });

  it.each([
    ['blank', true],
    ['inProgress', true],
    ['done', false],
    ['refused', false],
  ] as const)('a %s participation is active: %s', (status, expected) => {
    expect(isParticipationActive(p({ status }), now)).toBe(expected);
  });

  it('needs the system status active', () => {
    expect(isParticipationActive(p({ systemStatus: 'closed' }), now)).toBe(false);
  });

  it('needs the expiry strictly in the future', () => {
    expect(isParticipationActive(p({ expirationDate: '2026-03-05T12:00:00.001Z' }), now)).toBe(true);
    expect(isParticipationActive(p({ expirationDate: '2026-03-05T12:00:00.000Z' }), now)).toBe(false);
    expect(isParticipationActive(p({ expirationDate: 'never' }), now)).toBe(false);
  });
});

describe('changing an answer (spec 02 §4: questionnaires 24 hours, others while the cycle collects)', () => {
  const saved = '2026-03-05T12:00:00.000Z';
  const plus = (ms: number) => new Date(Date.parse(saved) + ms);

  it.each(['form', 'custom-form'] as const)(
    'freezes a %s answer 24 hours after saving, not before',
    (type) => {
      expect(answerEditProblem(type, saved, plus(24 * HOUR - 1), 'inProgress')).toBeNull();
      expect(answerEditProblem(type, saved, plus(24 * HOUR), 'inProgress')).toBe('survey-frozen');
      expect(answerEditProblem(type, undefined, plus(48 * HOUR), 'inProgress')).toBeNull();
    },
  );

  it.each(['feeling', 'thinking', 'profile', 'assessment'] as const)(
    'lets a %s answer change while the cycle collects, however old',
    (type) => {
      expect(answerEditProblem(type, saved, plus(10 * 24 * HOUR), 'inProgress')).toBeNull();
    },
  );

  it.each<CycleStatus>(['draft', 'scheduled', 'processing', 'closed', 'cancelled'])(
    'closes participation when the cycle is %s',
    (status) => {
      expect(answerEditProblem('feeling', undefined, plus(0), status)).toBe('participation-closed');
      expect(answerEditProblem('form', saved, plus(48 * HOUR), status)).toBe('participation-closed');
    },
  );

  it('lets a running test collect before the real collection, but not after it', () => {
    expect(answerEditProblem('form', undefined, plus(0), 'draft', { testRunning: true })).toBeNull();
    expect(answerEditProblem('form', undefined, plus(0), 'scheduled', { testRunning: true })).toBeNull();
    expect(answerEditProblem('form', undefined, plus(0), 'processing', { testRunning: true })).toBe(
      'participation-closed',
    );
  });

  it('does not freeze an answer whose save date does not parse', () => {
    expect(answerEditProblem('form', 'garbage', plus(0), 'inProgress')).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Participant screen
// ---------------------------------------------------------------------------------------------

describe('participant screen (spec 02 §2)', () => {
  const now = at('2026-03-05T12:00:00.000Z');
  const collecting = { status: 'inProgress' as const, ...CYCLE };
  const participation = (status: 'blank' | 'inProgress' | 'done' | 'refused', overrides = {}) => ({
    status,
    systemStatus: 'active' as const,
    expirationDate: CYCLE.end,
    ...overrides,
  });
  const screen = (overrides: Partial<ParticipantScreenInput> = {}) =>
    participantScreen({ cycle: collecting, now, adminWithoutContributorRole: false, ...overrides });

  it('shows no-cycle without a cycle, before anything else', () => {
    expect(screen({ cycle: undefined, adminWithoutContributorRole: true })).toBe('no-cycle');
  });

  it('denies an admin without the contributor role, even with a participation', () => {
    expect(screen({ adminWithoutContributorRole: true })).toBe('admin-denied');
    expect(screen({ adminWithoutContributorRole: true, participation: participation('done') })).toBe(
      'admin-denied',
    );
  });

  it('shows refused to someone who refused, whatever the cycle', () => {
    expect(screen({ participation: participation('refused') })).toBe('refused');
    expect(screen({ cycle: { status: 'closed' }, participation: participation('refused') })).toBe('refused');
  });

  it('thanks right after finishing, and says already done on a later visit, even after the cycle stopped', () => {
    expect(screen({ participation: participation('done'), justFinished: true })).toBe('thanks');
    expect(screen({ participation: participation('done') })).toBe('already-done');
    expect(screen({ cycle: { status: 'processing' }, participation: participation('done') })).toBe(
      'already-done',
    );
  });

  it.each<CycleStatus>(['draft', 'scheduled'])('shows too-early before the start of a %s cycle', (status) => {
    expect(screen({ cycle: { status, ...CYCLE }, now: at('2026-03-02T07:59:59.999Z') })).toBe('too-early');
  });

  it.each<CycleStatus>(['draft', 'scheduled'])(
    'shows no-collection for a %s cycle past its start or without one',
    (status) => {
      expect(screen({ cycle: { status, ...CYCLE }, now: at(CYCLE.start) })).toBe('no-collection');
      expect(screen({ cycle: { status } })).toBe('no-collection');
    },
  );

  it('shows no-collection for a cancelled cycle', () => {
    expect(screen({ cycle: { status: 'cancelled', ...CYCLE }, now: at('2026-01-01T00:00:00Z') })).toBe(
      'no-collection',
    );
  });

  it.each<CycleStatus>(['processing', 'closed'])('shows too-late once the cycle is %s', (status) => {
    expect(screen({ cycle: { status, ...CYCLE } })).toBe('too-late');
    expect(screen({ cycle: { status, ...CYCLE }, participation: participation('inProgress') })).toBe(
      'too-late',
    );
  });

  it('shows too-late on a collecting cycle past its end, and is open until then', () => {
    expect(screen({ now: at(CYCLE.end) })).toBe('too-late');
    expect(screen({ now: at('2026-03-16T17:59:59.999Z') })).toBe('welcome');
  });

  it('opens a collecting cycle started by hand before its planned start', () => {
    expect(screen({ now: at('2026-03-01T00:00:00Z') })).toBe('welcome');
  });

  it('welcomes someone without a participation or with a blank one', () => {
    expect(screen()).toBe('welcome');
    expect(screen({ participation: participation('blank') })).toBe('welcome');
  });

  it('goes to the steps for a participation in progress', () => {
    expect(screen({ participation: participation('inProgress') })).toBe('steps');
  });

  it('shows too-late for a participation closed by the system or expired', () => {
    expect(screen({ participation: participation('inProgress', { systemStatus: 'closed' }) })).toBe(
      'too-late',
    );
    expect(
      screen({ participation: participation('blank', { expirationDate: '2026-03-05T12:00:00.000Z' }) }),
    ).toBe('too-late');
  });

  it('lets a tester into a draft or scheduled cycle while a test runs', () => {
    expect(screen({ cycle: { status: 'draft' }, testRunning: true })).toBe('welcome');
    expect(
      screen({
        cycle: { status: 'scheduled', ...CYCLE },
        testRunning: true,
        participation: participation('inProgress'),
      }),
    ).toBe('steps');
    expect(screen({ cycle: { status: 'closed' }, testRunning: true })).toBe('too-late');
  });

  test.prop([
    fc.option(fc.constantFrom(...CYCLE_STATUSES), { nil: undefined }),
    fc.boolean(),
    fc.option(fc.constantFrom(...PARTICIPATION_STATUSES), { nil: undefined }),
    fc.boolean(),
    fc.boolean(),
    fc.integer({ min: -30, max: 30 }),
  ])(
    'always answers one of the known screens, and steps only for an active participation in a collecting cycle',
    (status, admin, pStatus, justFinished, testRunning, day) => {
      const result = participantScreen({
        cycle: status === undefined ? undefined : { status, ...CYCLE },
        now: new Date(Date.parse(CYCLE.start) + day * 86_400_000),
        adminWithoutContributorRole: admin,
        participation: pStatus === undefined ? undefined : participation(pStatus),
        justFinished,
        testRunning,
      });
      expect(PARTICIPANT_SCREENS).toContain(result);
      if (result === 'steps') {
        expect(admin).toBe(false);
        expect(pStatus).toBe('inProgress');
      }
    },
  );
});

describe('current cycle for the participant screen', () => {
  const c = (id: string, status: CycleStatus, start?: string, isTest?: boolean) => ({
    id,
    status,
    start,
    isTest,
  });

  it('takes the collecting cycle first', () => {
    expect(
      currentCycle([
        c('a', 'closed', JAN.start),
        c('b', 'inProgress', MAR.start),
        c('c', 'scheduled', MAR.end),
      ])?.id,
    ).toBe('b');
  });

  it('else the next scheduled one, earliest start first and undated ones last', () => {
    expect(
      currentCycle([
        c('late', 'scheduled', MAR.start),
        c('undated', 'scheduled'),
        c('soon', 'scheduled', JAN.start),
        c('old', 'closed', JAN.start),
      ])?.id,
    ).toBe('soon');
    expect(currentCycle([c('undated', 'scheduled'), c('old', 'closed', JAN.start)])?.id).toBe('undated');
  });

  it('else the last one collected, processing or closed, latest start first', () => {
    expect(
      currentCycle([c('mar', 'closed', MAR.start), c('jan', 'processing', JAN.start), c('d', 'draft')])?.id,
    ).toBe('mar');
    expect(currentCycle([c('jan', 'closed', JAN.start), c('mar', 'processing', MAR.start)])?.id).toBe('mar');
    expect(currentCycle([c('undated', 'closed'), c('jan', 'closed', JAN.start)])?.id).toBe('jan');
  });

  it('keeps the later of two past cycles with the same start', () => {
    expect(currentCycle([c('first', 'closed', JAN.start), c('second', 'closed', JAN.start)])?.id).toBe(
      'second',
    );
  });

  it('shows no draft or cancelled cycle', () => {
    expect(currentCycle([c('d', 'draft', JAN.start), c('x', 'cancelled', MAR.start)])).toBeUndefined();
    expect(currentCycle([])).toBeUndefined();
  });

  it('shows test cycles only in test mode', () => {
    const list = [c('test', 'inProgress', MAR.start, true), c('real', 'closed', JAN.start)];
    expect(currentCycle(list)?.id).toBe('real');
    expect(currentCycle(list, { testMode: true })?.id).toBe('test');
    expect(currentCycle([c('test', 'scheduled', MAR.start, true)])).toBeUndefined();
  });
});
