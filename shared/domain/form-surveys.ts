/**
 * Rules of a form survey (spec 01 §3 Form survey, §4 and spec 02 §9: a questionnaire answer can be
 * changed for 24 hours after saving), shared by the server and the SPA.
 */

/** A survey can be changed for 24 hours after it was saved, then it is frozen (`survey-frozen`). */
export const SURVEY_EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The moment a survey saved at `creationMs` stops being editable. */
export function surveyFreezeDate(creationMs: number): string {
  return new Date(creationMs + SURVEY_EDIT_WINDOW_MS).toISOString();
}

/** Whether a survey may still be changed at `now`: strictly before its freeze date. */
export function isSurveyEditable(survey: { freezeDate: string }, now: number): boolean {
  const freeze = Date.parse(survey.freezeDate);
  return Number.isFinite(freeze) && now < freeze;
}

/** An ISO instant as a compact, sortable key part: `2026-03-02T10:00:00.000Z` → `20260302T100000000Z`. */
export function compactInstant(iso: string): string {
  return iso.replace(/[-:.]/g, '');
}

/** A survey's id: its creation instant, compact, then random hex, so a person's surveys sort by time. */
export function surveyId(creationDate: string, random: string): string {
  return `${compactInstant(creationDate)}-${random}`;
}
