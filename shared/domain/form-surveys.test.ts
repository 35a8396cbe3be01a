import { describe, expect, it } from 'vitest';
import {
  SURVEY_EDIT_WINDOW_MS,
  compactInstant,
  isSurveyEditable,
  surveyFreezeDate,
  surveyId,
} from './form-surveys';

describe('the questionnaire answer window', () => {
  const saved = Date.parse('2026-03-02T10:00:00.000Z');

  it('lasts 24 hours after the survey is saved', () => {
    expect(SURVEY_EDIT_WINDOW_MS).toBe(24 * 3600 * 1000);
    expect(surveyFreezeDate(saved)).toBe('2026-03-03T10:00:00.000Z');
  });

  it('a survey is editable until a moment before its freeze date, and frozen from it on', () => {
    const survey = { freezeDate: surveyFreezeDate(saved) };
    expect(isSurveyEditable(survey, saved)).toBe(true);
    expect(isSurveyEditable(survey, saved + SURVEY_EDIT_WINDOW_MS - 1)).toBe(true);
    expect(isSurveyEditable(survey, saved + SURVEY_EDIT_WINDOW_MS)).toBe(false);
    expect(isSurveyEditable({ freezeDate: 'not a date' }, saved)).toBe(false);
  });
});

describe('survey ids', () => {
  it('begin with the compact creation instant, so they sort by time', () => {
    expect(compactInstant('2026-03-02T10:00:00.000Z')).toBe('20260302T100000000Z');
    const first = surveyId('2026-03-02T10:00:00.000Z', 'ffff');
    const later = surveyId('2026-03-02T10:00:00.001Z', '0000');
    expect(first).toBe('20260302T100000000Z-ffff');
    expect([later, first].sort()).toEqual([first, later]);
  });
});
