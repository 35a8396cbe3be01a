import { feelingColor, feelingEnergy, feelingValue, isStep, type FeelingColor, type Mood } from './feelings';
import type { SphereRole } from './spheres';

/**
 * Terminals (spec 01 §1, §3, §6; issue 12 point 11): a kiosk of a consumer session where anonymous
 * visitors tap good or bad, then the steps the terminal asks. The rules the API and the SPA share
 * (docs/decisions/0028-terminals.md).
 */

export const TERMINAL_DEVICE_NAME_MAX_LENGTH = 100;
/** Terminals of one sphere (one Query lists them). */
export const TERMINALS_PER_SPHERE_MAX = 200;

/**
 * What a terminal asks after good or bad: nothing more (`mood`), the intensity and energy
 * histograms (`histograms`), or those and an emotion word (`word`).
 */
export const TERMINAL_STEPS = ['mood', 'histograms', 'word'] as const;
export type TerminalSteps = (typeof TERMINAL_STEPS)[number];

/** Whether a terminal with these steps asks the histograms, and the word. */
export const asksHistograms = (steps: TerminalSteps) => steps !== 'mood';
export const asksWord = (steps: TerminalSteps) => steps === 'word';

/**
 * The histogram step a feeling takes when the terminal does not ask it: the middle of the scale
 * (0.5), so a good-only answer is green and a bad-only one blue (pleasant or unpleasant, calm).
 */
export const TERMINAL_DEFAULT_STEP = 4;

/** How far back a queued answer may be sent (a kiosk offline over a weekend), and the clock skew allowed ahead. */
export const TERMINAL_RECORDED_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const TERMINAL_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** Seconds the thank-you screen counts down before the start screen comes back. */
export const TERMINAL_THANKS_SECONDS = 8;

/** The problem of an answer's `recordedAt` at `now`: in the future, or too old to be counted. */
export function recordedAtProblem(recordedAt: string, now: number): 'not-valid' | undefined {
  const at = Date.parse(recordedAt);
  if (!Number.isFinite(at)) return 'not-valid';
  if (at > now + TERMINAL_CLOCK_SKEW_MS) return 'not-valid';
  if (at < now - TERMINAL_RECORDED_MAX_AGE_MS) return 'not-valid';
  return undefined;
}

/** A visitor's answer as the kiosk sends it. */
export interface TerminalAnswer {
  good: boolean;
  intensityStep?: number | undefined;
  energyStep?: number | undefined;
  wordId?: string | undefined;
}

/**
 * The feeling an answer makes on a terminal asking `steps` (spec 01 §3: value (step + 1) / 10,
 * negative for bad; energy (step + 1) / 10; the colour from both). Steps the terminal does not ask
 * are ignored, and those it asks but the visitor skipped take the middle step.
 */
export function terminalFeeling(
  answer: TerminalAnswer,
  steps: TerminalSteps,
): { value: number; energy: number; color: FeelingColor; wordId?: string } {
  const mood: Mood = answer.good ? 'good' : 'bad';
  const pick = (step: number | undefined) =>
    asksHistograms(steps) && step !== undefined && isStep(step) ? step : TERMINAL_DEFAULT_STEP;
  const value = feelingValue(pick(answer.intensityStep), mood);
  const energy = feelingEnergy(pick(answer.energyStep));
  return {
    value,
    energy,
    color: feelingColor(value, energy),
    ...(asksWord(steps) && answer.wordId ? { wordId: answer.wordId } : {}),
  };
}

/**
 * Who sets terminals up (spec 01 §6, spec 02 §6): a sphere's admins, and its sales-up members
 * (terminal admins) while the sphere's salesUp entitlement is active.
 */
export function mayManageTerminals(
  roles: readonly SphereRole[],
  sphere: { entitlements: { salesUp: { active: boolean } } },
): boolean {
  if (roles.includes('admin')) return true;
  return roles.includes('sales-up') && sphere.entitlements.salesUp.active;
}

/**
 * Whether a sphere takes terminal feelings (spec 01 §6, §8 `unauth-feeling-forbidden`): its
 * terminal flag is on and its salesUp entitlement active.
 */
export function takesTerminalFeelings(sphere: {
  isTerminalEnabled: boolean;
  entitlements: { salesUp: { active: boolean } };
}): boolean {
  return sphere.isTerminalEnabled && sphere.entitlements.salesUp.active;
}

/** Device codes: six characters without look-alikes (0/O, 1/I/L), read aloud or typed by an admin. */
export const DEVICE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const DEVICE_CODE_LENGTH = 6;

/** A device code from random bytes (at least DEVICE_CODE_LENGTH of them). */
export function deviceCodeOf(bytes: Uint8Array): string {
  if (bytes.length < DEVICE_CODE_LENGTH) throw new RangeError('Too few bytes for a device code');
  let code = '';
  for (let i = 0; i < DEVICE_CODE_LENGTH; i++)
    code += DEVICE_CODE_ALPHABET[(bytes[i] as number) % DEVICE_CODE_ALPHABET.length];
  return code;
}

/** The kiosk page of a terminal; its key travels in the fragment, which no server log sees. */
export const KIOSK_PATH_PREFIX = '/terminal';
export function kioskPath(terminalId: string, key: string): string {
  return `${KIOSK_PATH_PREFIX}/${encodeURIComponent(terminalId)}#key=${encodeURIComponent(key)}`;
}
