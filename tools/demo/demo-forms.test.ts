import { describe, expect, it } from 'vitest';
import type { Form, SurveyValues } from '@shared/contracts/forms';
import { LANGUAGES } from '@shared/contracts/headers';
import { computeAdditionalResults, formAnswers, validateSurvey } from '@shared/domain/forms';
import { goalRankingForm } from '@shared/contracts/goal-ranking';
import {
  DEMO_ENTITLEMENTS,
  DEMO_FORMS,
  demoBigFive,
  demoGoalRanking,
  demoSelfEsteem,
  demoWellbeingChecks,
} from './demo-forms';
import { SYNTHETIC_PEOPLE } from './demo-spheres';

const formOf = (id: string) => DEMO_FORMS.find((f) => f.id === id) as Form;
const respondents = SYNTHETIC_PEOPLE.map((p) => ({
  seed: p.email,
  pleasant: p.pleasant,
  sphereId: 'demo-atelier-horizon',
  sessionId: p.sessionId,
}));

describe('the demo questionnaires', () => {
  it('are a wellbeing check of 5 items, a personality form of 10 and a self-esteem scale of 10 from 1 to 5', () => {
    expect(DEMO_FORMS.map((f) => [f.id, formAnswers(f).filter((a) => a.required).length])).toEqual([
      ['demo-wellbeing-check', 5],
      ['demo-big-five', 10],
      ['demo-self-esteem', 10],
    ]);
    for (const answer of formAnswers(formOf('demo-self-esteem')))
      expect(answer.type === 'likert' && answer.options.map((o) => o.value).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('say every title of their forms, pages, questions and scales in French, English and Dutch', () => {
    for (const form of DEMO_FORMS) {
      const texts = [
        form.title,
        ...form.steps.flatMap((s) => [s.title, s.description]),
        ...formAnswers(form).flatMap((a) => [
          a.title,
          ...(a.type === 'likert' ? a.options.map((o) => o.legend) : []),
        ]),
        ...form.additionalResults.map((r) => r.title),
      ];
      for (const text of texts) expect(Object.keys(text).sort(), form.id).toEqual([...LANGUAGES].sort());
    }
  });

  it('score the Big Five traits a, c, e, n, o, each from one statement and one reversed', () => {
    const form = formOf('demo-big-five');
    expect(form.additionalResults.map((r) => r.id).sort()).toEqual(['a', 'c', 'e', 'n', 'o']);
    // Agreeing fully with "outgoing" and disagreeing fully with "prefers quiet time" is 5 on both.
    expect(computeAdditionalResults(form, { e1: 5, e2: 5 }).e).toBe(5);
  });

  it('are entitled to Atelier Horizon: two for every member, the personality form for two teams', () => {
    expect(DEMO_ENTITLEMENTS).toEqual([
      expect.objectContaining({ formId: 'demo-wellbeing-check', availabilitiesThrough: 'sphereMember' }),
      expect.objectContaining({
        formId: 'demo-big-five',
        availabilitiesThrough: 'sessionMember',
        sessionIds: ['demo-horizon-nord', 'demo-horizon-bureau'],
      }),
      expect.objectContaining({ formId: 'demo-self-esteem', availabilitiesThrough: 'sphereMember' }),
    ]);
  });
});

describe('the demo answers', () => {
  const now = Date.parse('2026-06-15T12:00:00Z');

  it.each([
    ['demo-wellbeing-check', demoWellbeingChecks],
    ['demo-big-five', demoBigFive],
    ['demo-self-esteem', demoSelfEsteem],
  ] as const)('to %s are surveys the server would accept, the same on every run', (formId, make) => {
    const form = formOf(formId);
    for (const respondent of respondents) {
      const surveys = make(respondent, now);
      expect(surveys.length).toBeGreaterThan(0);
      for (const s of surveys) {
        expect(validateSurvey(form, s.values)).toEqual([]);
        expect(Date.parse(s.creationDate)).toBeLessThan(now);
      }
      expect(make(respondent, now)).toEqual(surveys);
    }
  });

  it('to the goal-ranking form rank every goal, in no place', () => {
    const [survey] = demoGoalRanking('camille@demo.wellbeing.local', now);
    expect(validateSurvey(goalRankingForm(), survey?.values as SurveyValues)).toEqual([]);
    expect(survey?.sphereId).toBeUndefined();
  });

  it('some low moods open the page asking what would help', () => {
    const all = respondents.flatMap((r) => demoWellbeingChecks(r, now));
    expect(all.some((s) => 'help' in s.values)).toBe(true);
  });
});
