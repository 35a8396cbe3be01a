import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONTEXT_AXES_MAX,
  contextAxesProblem,
  contextAxisIds,
  THINKING_EDIT_WINDOW_MS,
  axisDescription,
  axisIdProblem,
  isBlankThinking,
  isThinkingEditable,
  isThinkingValue,
  thinkingAnswersProblem,
  thinkingContext,
  thinkingFreezeDate,
  thinkingId,
} from './thinkings';

describe('axis ids: at least 2 characters of a-z 0-9 - _ .', () => {
  it.each(['ab', 'work-load', 'team_spirit', 'v1.2', '42', 'a.b-c_d'])('%s is accepted', (id) => {
    expect(axisIdProblem(id)).toBeUndefined();
  });
  it.each([
    ['', 'required'],
    ['a', 'length-out-of-range-error'],
    ['x'.repeat(65), 'length-out-of-range-error'],
    ['Work', 'not-valid'],
    ['work load', 'not-valid'],
    ['café', 'not-valid'],
    ['a/b', 'not-valid'],
    ['a%', 'not-valid'],
  ])('%j is refused with %s', (id, key) => {
    expect(axisIdProblem(id)).toBe(key);
  });
});

describe('thinking values: −1 to 1 in steps of 0.5', () => {
  it.each([-1, -0.5, 0, 0.5, 1])('%d is a value', (v) => expect(isThinkingValue(v)).toBe(true));
  it.each([-2, -0.75, 0.25, 0.1, 1.5, Number.NaN])('%d is not', (v) =>
    expect(isThinkingValue(v)).toBe(false),
  );
});

describe('axis description: %SPHERE_NAME% is replaced', () => {
  it('replaces every occurrence', () => {
    expect(axisDescription('At %SPHERE_NAME%, I feel heard by %SPHERE_NAME%.', 'Acme')).toBe(
      'At Acme, I feel heard by Acme.',
    );
  });
  it('leaves a description without the placeholder alone', () => {
    expect(axisDescription('My workload', 'Acme')).toBe('My workload');
  });
});

describe('thinking edit window: editable while the freeze date is in the future', () => {
  afterEach(() => vi.useRealTimers());

  it('a new thinking freezes one hour after it was created', () => {
    const created = Date.parse('2026-11-24T10:00:00.000Z');
    expect(thinkingFreezeDate(created)).toBe('2026-11-24T11:00:00.000Z');
    expect(THINKING_EDIT_WINDOW_MS).toBe(3_600_000);
  });

  it('is editable a millisecond before its freeze date and frozen at it', () => {
    vi.useFakeTimers();
    const thinking = { freezeDate: '2026-11-24T11:00:00.000Z' };
    vi.setSystemTime(Date.parse('2026-11-24T10:59:59.999Z'));
    expect(isThinkingEditable(thinking, Date.now())).toBe(true);
    vi.setSystemTime(Date.parse('2026-11-24T11:00:00.000Z'));
    expect(isThinkingEditable(thinking, Date.now())).toBe(false);
  });

  it('a thinking without a freeze date is not editable', () => {
    expect(isThinkingEditable({}, Date.now())).toBe(false);
  });
});

describe('thinking ids: {sessionId}_{x}_0', () => {
  it('a personal thinking uses myself as its context and sorts by time', () => {
    const a = thinkingId('myself', '2026-11-24T10:15:00.123Z', 'a1b2c3');
    const b = thinkingId('myself', '2026-11-24T10:15:01.000Z', '000000');
    expect(a).toBe('myself_20261124T101500123Z-a1b2c3_0');
    expect(a < b).toBe(true);
    expect(thinkingContext(a)).toBe('myself');
  });
  it('a session id with underscores stays whole', () => {
    expect(thinkingContext(thinkingId('s_1_x', '2026-01-01T00:00:00.000Z', 'ff'))).toBe('s_1_x');
  });
  it('a malformed id has no context', () => {
    expect(thinkingContext('myself_whatever_0')).toBeUndefined();
    expect(thinkingContext('x')).toBeUndefined();
  });
});

describe('thinking answers', () => {
  const known = new Map([
    ['workload', { allowComment: false }],
    ['meaning', { allowComment: true }],
  ]);
  it('one axis with a value of 0 is enough (a 0 is an answer)', () => {
    expect(thinkingAnswersProblem([{ id: 'workload', value: 0 }], known)).toBeUndefined();
  });
  it('no value at all is required', () => {
    expect(thinkingAnswersProblem([], known)).toEqual({ key: 'required' });
  });
  it('an axis twice is refused', () => {
    expect(
      thinkingAnswersProblem(
        [
          { id: 'workload', value: 1 },
          { id: 'workload', value: -1 },
        ],
        known,
      ),
    ).toEqual({ key: 'exist', index: 1 });
  });
  it('an axis that is not offered is refused', () => {
    expect(thinkingAnswersProblem([{ id: 'other', value: 1 }], known)).toEqual({
      key: 'not-valid',
      index: 0,
    });
  });
  it('a value between the steps is refused', () => {
    expect(thinkingAnswersProblem([{ id: 'workload', value: 0.25 }], known)).toEqual({
      key: 'value-out-of-range-error',
      index: 0,
    });
  });
  it('a comment only where the axis allows one', () => {
    expect(thinkingAnswersProblem([{ id: 'meaning', value: 1, comment: 'yes' }], known)).toBeUndefined();
    expect(thinkingAnswersProblem([{ id: 'workload', value: 1, comment: 'no' }], known)).toEqual({
      key: 'not-valid',
      index: 0,
    });
  });
  it('blank means no values', () => {
    expect(isBlankThinking({ axes: [] })).toBe(true);
    expect(isBlankThinking({ axes: [{ id: 'workload', value: 0 }] })).toBe(false);
  });
});

describe("context axes: a session asks its own list when not empty, else its sphere's", () => {
  it('asks the session list when it has axes', () => {
    expect(contextAxisIds({ session: ['b'], sphere: ['a'] }, [])).toEqual({
      axisIds: ['b'],
      inherited: false,
    });
  });
  it('falls back to the sphere list when the session list is empty or missing', () => {
    expect(contextAxisIds({ session: [], sphere: ['a', 'c'] }, [])).toEqual({
      axisIds: ['a', 'c'],
      inherited: true,
    });
    expect(contextAxisIds({ sphere: ['a'] }, [])).toEqual({ axisIds: ['a'], inherited: true });
  });
  it('asks nothing when neither has axes and none is required', () => {
    expect(contextAxisIds({}, [])).toEqual({ axisIds: [], inherited: true });
  });
  it('puts required axes first and never twice', () => {
    expect(contextAxisIds({ session: ['b', 'r'] }, ['r'])).toEqual({ axisIds: ['r', 'b'], inherited: false });
    expect(contextAxisIds({}, ['r'])).toEqual({ axisIds: ['r'], inherited: true });
  });
});

describe('context axes lists: each axis once, offered to the module, at most 30', () => {
  const catalogue = new Map([
    ['team', { modules: ['sphere', 'session'] }],
    ['place', { modules: ['sphere'] }],
    ['me', { modules: ['myself'] }],
  ]);
  it('accepts known axes of the module, and an empty list', () => {
    expect(contextAxesProblem(['team', 'place'], catalogue, 'sphere')).toBeUndefined();
    expect(contextAxesProblem([], catalogue, 'session')).toBeUndefined();
  });
  it('refuses an axis twice with exist at its index', () => {
    expect(contextAxesProblem(['team', 'team'], catalogue, 'sphere')).toEqual({ key: 'exist', index: 1 });
  });
  it('refuses an unknown axis or one not offered to the module', () => {
    expect(contextAxesProblem(['nope'], catalogue, 'sphere')).toEqual({ key: 'not-valid', index: 0 });
    expect(contextAxesProblem(['team', 'place'], catalogue, 'session')).toEqual({
      key: 'not-valid',
      index: 1,
    });
    expect(contextAxesProblem(['me'], catalogue, 'sphere')).toEqual({ key: 'not-valid', index: 0 });
  });
  it('refuses more than the maximum, and accepts exactly the maximum', () => {
    const many = new Map(Array.from({ length: 31 }, (_, i) => [`a${i}`, { modules: ['sphere'] }]));
    const ids = [...many.keys()];
    expect(contextAxesProblem(ids, many, 'sphere')).toEqual({ key: 'too-many' });
    expect(contextAxesProblem(ids.slice(0, CONTEXT_AXES_MAX), many, 'sphere')).toBeUndefined();
  });
});
