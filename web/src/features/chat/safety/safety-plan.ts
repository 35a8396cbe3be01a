/**
 * A personal safety plan (decision 0054's safety step): what the person writes to get through a
 * crisis. It is kept in this browser's localStorage only, never sent: it is theirs, it must work
 * without a connection, and nobody at the product should read it. One plan per account on a shared
 * browser (and one for whoever is not signed in).
 */
export const SAFETY_PLAN_FIELDS = ['warningSigns', 'whatHelps', 'people', 'safePlaces'] as const;
export type SafetyPlanField = (typeof SAFETY_PLAN_FIELDS)[number];
export type SafetyPlan = Record<SafetyPlanField, string>;

/** What one field may hold. */
export const SAFETY_PLAN_FIELD_MAX = 2000;

const STORAGE_PREFIX = 'wellbeing.safety-plan';

export const emptySafetyPlan = (): SafetyPlan => ({
  warningSigns: '',
  whatHelps: '',
  people: '',
  safePlaces: '',
});

export const safetyPlanStorageKey = (userId: string | undefined) =>
  userId ? `${STORAGE_PREFIX}.${userId}` : STORAGE_PREFIX;

export const isEmptySafetyPlan = (plan: SafetyPlan) => SAFETY_PLAN_FIELDS.every((f) => plan[f].trim() === '');

/** The plan kept under `key`, or undefined when there is none (or storage is off or damaged). */
export function readSafetyPlan(key: string): SafetyPlan | undefined {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return undefined;
    const plan = emptySafetyPlan();
    for (const field of SAFETY_PLAN_FIELDS) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string') plan[field] = value.slice(0, SAFETY_PLAN_FIELD_MAX);
    }
    return plan;
  } catch {
    return undefined;
  }
}

/** Keeps the plan; false when the browser refuses (private mode, storage full). */
export function writeSafetyPlan(key: string, plan: SafetyPlan): boolean {
  try {
    window.localStorage.setItem(key, JSON.stringify(plan));
    return true;
  } catch {
    return false;
  }
}

export function clearSafetyPlan(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage off: there was nothing kept.
  }
}

/** The plan as a plain text file: a title, then each heading and what was written under it. */
export function safetyPlanText(plan: SafetyPlan, labels: { title: string } & SafetyPlan): string {
  const sections = SAFETY_PLAN_FIELDS.map((field) => `${labels[field]}\n${plan[field].trim() || '—'}`);
  return `${labels.title}\n\n${sections.join('\n\n')}\n`;
}
