import { describe, expect, it } from 'vitest';
import {
  FEELING_COLORS,
  FEELING_EDIT_WINDOW_MS,
  HIGH_ENERGY_ABOVE,
  QUADRANTS,
  evaluationPeriod,
  evaluationStart,
  feelingColor,
  feelingEditProblem,
  feelingEnergy,
  feelingValue,
  isFeelingEditable,
  isHighEnergy,
  isStep,
  stepOfEnergy,
  stepOfValue,
} from './feelings';

describe('feeling value: (step + 1) / 10, negative for a bad feeling', () => {
  it.each([
    [0, 0.1],
    [1, 0.2],
    [2, 0.3],
    [4, 0.5],
    [6, 0.7],
    [9, 1],
  ])('step %i of a good feeling is %d', (step, value) => {
    expect(feelingValue(step, 'good')).toBe(value);
  });

  it.each([
    [0, -0.1],
    [2, -0.3],
    [5, -0.6],
    [9, -1],
  ])('step %i of a bad feeling is %d', (step, value) => {
    expect(feelingValue(step, 'bad')).toBe(value);
  });

  it.each([-1, 10, 2.5, Number.NaN])('refuses step %d, which no histogram has', (step) => {
    expect(() => feelingValue(step, 'good')).toThrow(RangeError);
  });

  it('gives back the step and mood of every value it makes', () => {
    for (let step = 0; step < 10; step++)
      for (const mood of ['good', 'bad'] as const)
        expect(stepOfValue(feelingValue(step, mood))).toEqual({ step, mood });
  });

  it.each([0, 1.1, -1.5, 0.04])('has no step for the value %d', (value) => {
    expect(() => stepOfValue(value)).toThrow(RangeError);
  });
});

describe('feeling energy: (step + 1) / 10', () => {
  it.each([
    [0, 0.1],
    [3, 0.4],
    [4, 0.5],
    [5, 0.6],
    [9, 1],
  ])('step %i is %d', (step, energy) => {
    expect(feelingEnergy(step)).toBe(energy);
    expect(stepOfEnergy(energy)).toBe(step);
  });

  it('refuses a step outside the histogram', () => {
    expect(() => feelingEnergy(10)).toThrow(RangeError);
    expect(() => stepOfEnergy(0)).toThrow(RangeError);
  });

  it('knows the ten steps and nothing else', () => {
    expect([...Array(12).keys()].map((n) => n - 1).filter(isStep)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('colour quadrants', () => {
  it('high energy starts above one half: 0.5 is low, 0.6 is high', () => {
    expect(HIGH_ENERGY_ABOVE).toBe(0.5);
    expect(isHighEnergy(feelingEnergy(4))).toBe(false);
    expect(isHighEnergy(feelingEnergy(5))).toBe(true);
  });

  it.each([
    [0.1, 0.6, 'yellow'],
    [1, 1, 'yellow'],
    [0.1, 0.5, 'green'],
    [1, 0.1, 'green'],
    [-0.1, 0.6, 'red'],
    [-1, 1, 'red'],
    [-0.1, 0.5, 'blue'],
    [-1, 0.1, 'blue'],
  ] as const)('value %d with energy %d is %s', (value, energy, color) => {
    expect(feelingColor(value, energy)).toBe(color);
  });

  it('every quadrant is reached by some pair of steps, and only by the right mood and energy', () => {
    const reached = new Set<string>();
    for (let v = 0; v < 10; v++)
      for (let e = 0; e < 10; e++)
        for (const mood of ['good', 'bad'] as const) {
          const color = feelingColor(feelingValue(v, mood), feelingEnergy(e));
          reached.add(color);
          expect(QUADRANTS[color].mood).toBe(mood);
          expect(QUADRANTS[color].highEnergy).toBe(e >= 5);
        }
    expect([...reached].sort()).toEqual([...FEELING_COLORS].sort());
  });

  it('a quadrant is never told by colour alone: each has its own symbol and a name in every language', () => {
    const symbols = FEELING_COLORS.map((c) => QUADRANTS[c].symbol);
    expect(new Set(symbols).size).toBe(4);
    for (const color of FEELING_COLORS)
      for (const language of ['fr', 'en', 'nl'] as const)
        expect(QUADRANTS[color].label[language]).not.toBe('');
  });

  it('a value of 0 has no quadrant', () => {
    expect(() => feelingColor(0, 0.5)).toThrow(RangeError);
  });
});

describe('edit window', () => {
  const timestamp = '2026-11-24T10:00:00.000Z';
  const at = (iso: string) => new Date(iso).getTime();

  it('without a freeze date, a feeling is editable for one hour after its timestamp', () => {
    expect(FEELING_EDIT_WINDOW_MS).toBe(3_600_000);
    expect(isFeelingEditable({ timestamp }, at('2026-11-24T10:00:00.000Z'))).toBe(true);
    expect(isFeelingEditable({ timestamp }, at('2026-11-24T10:59:59.999Z'))).toBe(true);
    expect(isFeelingEditable({ timestamp }, at('2026-11-24T11:00:00.000Z'))).toBe(false);
    expect(feelingEditProblem({ timestamp }, at('2026-11-24T11:00:00.000Z'))).toBe('feeling-frozen');
    expect(feelingEditProblem({ timestamp }, at('2026-11-24T10:30:00.000Z'))).toBeUndefined();
  });

  it('with a freeze date, it is editable while the freeze date is in the future, whatever its timestamp', () => {
    const feeling = { timestamp: '2026-01-01T00:00:00.000Z', freezeDate: '2026-11-30T00:00:00.000Z' };
    expect(isFeelingEditable(feeling, at('2026-11-29T23:59:59.999Z'))).toBe(true);
    expect(isFeelingEditable(feeling, at('2026-11-30T00:00:00.000Z'))).toBe(false);
    expect(feelingEditProblem(feeling, at('2026-12-01T00:00:00.000Z'))).toBe('feeling-frozen');
  });

  it('a freeze date in the past freezes a feeling even within its first hour', () => {
    const feeling = { timestamp, freezeDate: '2026-11-24T10:10:00.000Z' };
    expect(isFeelingEditable(feeling, at('2026-11-24T10:20:00.000Z'))).toBe(false);
  });

  it('reads epoch milliseconds as well as ISO dates', () => {
    const ms = at(timestamp);
    expect(isFeelingEditable({ timestamp: ms }, ms + FEELING_EDIT_WINDOW_MS - 1)).toBe(true);
    expect(isFeelingEditable({ timestamp: ms }, ms + FEELING_EDIT_WINDOW_MS)).toBe(false);
  });
});

describe('evaluation periods', () => {
  const moment = new Date(2026, 2, 31, 15, 30); // 31 March 2026, 15:30 local

  it('none, or one day, week, month, quarter or year', () => {
    expect(evaluationPeriod('none')).toEqual({ value: 0, type: 'none' });
    expect(evaluationPeriod('week')).toEqual({ value: 1, type: 'week' });
  });

  it.each([
    ['none', new Date(2026, 2, 31, 15, 30)],
    ['day', new Date(2026, 2, 30, 15, 30)],
    ['week', new Date(2026, 2, 24, 15, 30)],
    ['month', new Date(2026, 1, 28, 15, 30)],
    ['quarter', new Date(2025, 11, 31, 15, 30)],
    ['year', new Date(2025, 2, 31, 15, 30)],
  ] as const)('a feeling about the last %s begins at the right moment', (type, start) => {
    expect(evaluationStart(evaluationPeriod(type), moment)).toEqual(start);
  });

  it('steps back across a leap day to the last day of February', () => {
    expect(evaluationStart(evaluationPeriod('year'), new Date(2028, 1, 29, 9))).toEqual(
      new Date(2027, 1, 28, 9),
    );
  });
});
