import type { Language } from '../contracts/headers';

/**
 * The rules of a feeling (spec 01 §3 Feeling, §4, §9): two ten-step histograms give its value
 * (intensity, signed by good or bad) and its energy; both place it in one of four colour quadrants.
 */

/** Each histogram has 10 steps, 0 to 9, worth 0.1 each. */
export const HISTOGRAM_STEPS = 10;

export type Mood = 'good' | 'bad';

/** Whether `step` is one of the histogram's steps (an integer from 0 to 9). */
export function isStep(step: number): boolean {
  return Number.isInteger(step) && step >= 0 && step < HISTOGRAM_STEPS;
}

function checkStep(step: number): void {
  if (!isStep(step)) throw new RangeError(`A histogram step is an integer from 0 to 9, not ${step}`);
}

/** One decimal, without the binary noise of (step + 1) / 10. */
const tenths = (n: number) => Math.round(n) / 10;

/** The feeling's value: (step + 1) / 10, negative for a bad feeling (0.1 … 1, or −0.1 … −1). */
export function feelingValue(step: number, mood: Mood): number {
  checkStep(step);
  return (mood === 'bad' ? -1 : 1) * tenths(step + 1);
}

/** The feeling's energy: (step + 1) / 10 (0.1 … 1). */
export function feelingEnergy(step: number): number {
  checkStep(step);
  return tenths(step + 1);
}

/** The histogram step and mood a stored value came from (the inverse of `feelingValue`). */
export function stepOfValue(value: number): { step: number; mood: Mood } {
  const step = Math.round(Math.abs(value) * 10) - 1;
  if (value === 0 || !isStep(step)) throw new RangeError(`${value} is not a feeling value`);
  return { step, mood: value < 0 ? 'bad' : 'good' };
}

/** The histogram step an energy came from (the inverse of `feelingEnergy`). */
export function stepOfEnergy(energy: number): number {
  const step = Math.round(energy * 10) - 1;
  if (!isStep(step)) throw new RangeError(`${energy} is not a feeling energy`);
  return step;
}

/**
 * High energy is an energy above one half: the five upper steps of the energy histogram (0.6 to
 * 1) are high, the five lower ones (0.1 to 0.5) are not. Defined here only.
 */
export const HIGH_ENERGY_ABOVE = 0.5;

export function isHighEnergy(energy: number): boolean {
  return energy > HIGH_ENERGY_ABOVE;
}

export const FEELING_COLORS = ['yellow', 'green', 'red', 'blue'] as const;
export type FeelingColor = (typeof FEELING_COLORS)[number];

/**
 * The quadrants (spec 01 §3): yellow positive with high energy, green positive, red negative with
 * high energy, blue negative. Each also has a symbol and a name, so that no screen tells them by
 * colour alone.
 */
export const QUADRANTS: Record<
  FeelingColor,
  { mood: Mood; highEnergy: boolean; symbol: string; label: Record<Language, string> }
> = {
  yellow: {
    mood: 'good',
    highEnergy: true,
    symbol: '▲',
    label: { fr: 'Agréable et énergique', en: 'Pleasant, high energy', nl: 'Aangenaam en energiek' },
  },
  green: {
    mood: 'good',
    highEnergy: false,
    symbol: '●',
    label: { fr: 'Agréable et calme', en: 'Pleasant, low energy', nl: 'Aangenaam en rustig' },
  },
  red: {
    mood: 'bad',
    highEnergy: true,
    symbol: '◆',
    label: { fr: 'Désagréable et énergique', en: 'Unpleasant, high energy', nl: 'Onaangenaam en energiek' },
  },
  blue: {
    mood: 'bad',
    highEnergy: false,
    symbol: '■',
    label: { fr: 'Désagréable et calme', en: 'Unpleasant, low energy', nl: 'Onaangenaam en rustig' },
  },
};

/** The quadrant of a value and an energy; the server computes it, never trusting a client's colour. */
export function feelingColor(value: number, energy: number): FeelingColor {
  if (value === 0 || !Number.isFinite(value)) throw new RangeError(`${value} is not a feeling value`);
  const high = isHighEnergy(energy);
  if (value > 0) return high ? 'yellow' : 'green';
  return high ? 'red' : 'blue';
}

/** A feeling without a freeze date may be changed for one hour after its timestamp (spec 01 §4, §9). */
export const FEELING_EDIT_WINDOW_MS = 60 * 60 * 1000;

/**
 * Whether a feeling may still be changed at `now`: while its freeze date is in the future, or,
 * when it has none, until one hour after its timestamp (exclusive: at exactly one hour it is frozen).
 */
export function isFeelingEditable(
  feeling: { timestamp: string | number; freezeDate?: string | number | undefined },
  now: number,
): boolean {
  if (feeling.freezeDate !== undefined) return now < new Date(feeling.freezeDate).getTime();
  return now < new Date(feeling.timestamp).getTime() + FEELING_EDIT_WINDOW_MS;
}

/** The error key of a change refused because the window has closed, or undefined when it is open. */
export function feelingEditProblem(
  feeling: { timestamp: string | number; freezeDate?: string | number | undefined },
  now: number,
): 'feeling-frozen' | undefined {
  return isFeelingEditable(feeling, now) ? undefined : 'feeling-frozen';
}

/** The time a feeling speaks about (spec 01 §9): none (right now), or the past day … year. */
export const EVALUATION_PERIODS = ['none', 'day', 'week', 'month', 'quarter', 'year'] as const;
export type EvaluationPeriodType = (typeof EVALUATION_PERIODS)[number];

/** A feeling's evaluation period as stored: always one unit (`{ value: 1, type: 'week' }`). */
export interface EvaluationPeriod {
  value: number;
  type: EvaluationPeriodType;
}

export function evaluationPeriod(type: EvaluationPeriodType): EvaluationPeriod {
  return { value: type === 'none' ? 0 : 1, type };
}

/**
 * When the time a feeling speaks about begins: its own timestamp for `none`, else one day, week,
 * month, quarter or year earlier (calendar months in local time; the 31st steps back to the last
 * day of a shorter month).
 */
export function evaluationStart(period: EvaluationPeriod, timestamp: Date): Date {
  const start = new Date(timestamp);
  const months = { month: 1, quarter: 3, year: 12 } as const;
  switch (period.type) {
    case 'none':
      return start;
    case 'day':
      start.setDate(start.getDate() - period.value);
      return start;
    case 'week':
      start.setDate(start.getDate() - 7 * period.value);
      return start;
    default: {
      const day = start.getDate();
      start.setDate(1);
      start.setMonth(start.getMonth() - months[period.type] * period.value);
      const lastDay = new Date(start.getFullYear(), start.getMonth() + 1, 0).getDate();
      start.setDate(Math.min(day, lastDay));
      return start;
    }
  }
}
