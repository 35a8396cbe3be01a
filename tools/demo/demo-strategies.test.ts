import { describe, expect, it } from 'vitest';
import { GOAL_IDS } from '@shared/domain/goals';
import {
  isAssessmentValue,
  outlineProblem,
  strategyProblems,
  withoutHidden,
} from '@shared/domain/strategies';
import { isoWeekOf } from '@shared/domain/report-rollups';
import { SYNTHETIC_PEOPLE } from './demo-spheres';
import {
  CAMILLE_LIFE_COMPASS,
  HORIZON_LEANINGS,
  HORIZON_STRATEGY,
  NORD_LEANINGS,
  NORD_STRATEGY,
  demoAssessment,
  type DemoStrategyItem,
} from './demo-strategies';

const lists: [string, readonly DemoStrategyItem[], 'user' | 'sphere' | 'session'][] = [
  ['Camille’s life compass', CAMILLE_LIFE_COMPASS, 'user'],
  ['Atelier Horizon’s strategy', HORIZON_STRATEGY, 'sphere'],
  ['the north team’s strategy', NORD_STRATEGY, 'session'],
];

describe('the demo strategies', () => {
  it.each(lists)('%s keeps the rules the editor and the server keep', (_, items, linkTo) => {
    expect(outlineProblem(items)).toBeUndefined();
    for (const item of items) {
      expect(strategyProblems(item, linkTo), item.title).toEqual([]);
      for (const goal of item.goalsLinked ?? []) expect(GOAL_IDS).toContain(goal);
    }
  });

  it('Atelier Horizon’s strategy starts with a vision and a mission and has three strategic axes, each with goals and actions', () => {
    expect(HORIZON_STRATEGY.slice(0, 2).map((s) => s.type)).toEqual(['vision', 'mission']);
    const axes = HORIZON_STRATEGY.filter((s) => s.type === 'strategicAxis');
    expect(axes).toHaveLength(3);
    for (const axis of axes) {
      const at = HORIZON_STRATEGY.indexOf(axis);
      const next = HORIZON_STRATEGY.findIndex((s, i) => i > at && s.indent === 0);
      const under = HORIZON_STRATEGY.slice(at + 1, next < 0 ? undefined : next);
      expect(under.some((s) => s.type === 'goal')).toBe(true);
      expect(under.some((s) => s.type === 'action')).toBe(true);
    }
  });

  it('says how each item a member can assess tends to be judged, for each of them', () => {
    const visibleCount = (items: readonly DemoStrategyItem[]) =>
      withoutHidden(items.map((s, i) => ({ ...s, id: String(i), isHidden: !!s.isHidden }))).length;
    expect(HORIZON_LEANINGS).toHaveLength(visibleCount(HORIZON_STRATEGY));
    expect(NORD_LEANINGS).toHaveLength(visibleCount(NORD_STRATEGY));
    expect(HORIZON_STRATEGY.at(-1)).toMatchObject({ isHidden: true });
  });

  it('a synthetic member’s assessment answers each visible item at most once, on the five levels, with at least one answer, the same on every run', () => {
    const visible = withoutHidden(
      HORIZON_STRATEGY.map((s, i) => ({ ...s, id: String(i), isHidden: !!s.isHidden })),
    );
    const leanings = visible.map(() => 0);
    const now = Date.parse('2026-06-01T12:00:00.000Z');
    for (const person of SYNTHETIC_PEOPLE) {
      const assessment = demoAssessment(person, 'demo', leanings, now);
      expect(assessment.answers).toHaveLength(visible.length);
      const given = assessment.answers.filter((a): a is number => a !== null);
      expect(given.length).toBeGreaterThan(0);
      expect(given.every(isAssessmentValue)).toBe(true);
      expect(Date.parse(assessment.creationDate)).toBeLessThan(now);
      expect(demoAssessment(person, 'demo', leanings, now)).toEqual(assessment);
    }
  });

  it('the members’ assessments fall in one strategy review week, five weeks back, so the reports can show the teams', () => {
    const now = Date.parse('2026-11-26T19:00:00.000Z');
    const weeks = new Set(
      SYNTHETIC_PEOPLE.map((p) =>
        isoWeekOf(demoAssessment(p, 'demo', HORIZON_LEANINGS, now).creationDate.slice(0, 10)),
      ),
    );
    expect([...weeks]).toEqual([isoWeekOf('2026-10-19')]);
  });
});
