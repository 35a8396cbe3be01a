import { FormSchema, type Form } from './forms';
import { DEFAULT_GOAL_RANKING, GOAL_AXES } from '../domain/goals';
import { valueOf, type AnswerValues } from '../domain/forms';

/**
 * The goal-ranking form (spec 01 §3 Goal, spec 02 §7 and §9): a fixed form that ships with the
 * product, where a person says how much each life goal matters to them. The latest survey of it
 * within the look-back gives each goal its ranking; goals it does not rank keep the default 20, and
 * a ranking of 5 or less is highlighted in the feeling flow (shared/domain/goals.ts).
 */

export const GOAL_RANKING_FORM_ID = 'goal-ranking';

/** How much a goal matters: 1 not important … 5 essential. */
const IMPORTANCE = [
  { value: 1, legend: { fr: 'Pas important', en: 'Not important', nl: 'Niet belangrijk' } },
  { value: 2, legend: { fr: 'Un peu important', en: 'Slightly important', nl: 'Een beetje belangrijk' } },
  { value: 3, legend: { fr: 'Important', en: 'Important', nl: 'Belangrijk' } },
  { value: 4, legend: { fr: 'Très important', en: 'Very important', nl: 'Heel belangrijk' } },
  { value: 5, legend: { fr: 'Essentiel', en: 'Essential', nl: 'Essentieel' } },
] as const;

let built: Form | undefined;

/**
 * The form, built once from the goal taxonomy on first use (checking it with the form schema costs a
 * Lambda's init about 10 ms): one importance scale per goal, the answer id the goal's id.
 */
export function goalRankingForm(): Form {
  built ??= buildForm();
  return built;
}

function buildForm(): Form {
  return FormSchema.parse({
    id: GOAL_RANKING_FORM_ID,
    title: { fr: 'Mes objectifs de vie', en: 'My life goals', nl: 'Mijn levensdoelen' },
    description: {
      fr: 'Dites-nous ce qui compte le plus pour vous : vos émotions seront reliées à vos objectifs les plus importants.',
      en: 'Tell us what matters most to you: your feelings will be linked to your most important goals.',
      nl: 'Vertel ons wat voor jou het belangrijkst is: je gevoelens worden gekoppeld aan je belangrijkste doelen.',
    },
    languages: ['fr', 'en', 'nl'],
    updateDate: '2026-01-01T00:00:00.000Z',
    // Never offered to spheres: it is every person's own.
    isPrivate: true,
    steps: [
      {
        id: 'goals',
        title: {
          fr: 'Quelle place ont ces objectifs dans votre vie ?',
          en: 'How much do these goals matter in your life?',
          nl: 'Hoe belangrijk zijn deze doelen in je leven?',
        },
        description: {
          fr: 'Pour chaque objectif, choisissez son importance pour vous aujourd’hui.',
          en: 'For each goal, choose how important it is to you today.',
          nl: 'Kies voor elk doel hoe belangrijk het vandaag voor je is.',
        },
        answers: GOAL_AXES.map((goal) => ({
          id: goal.id,
          type: 'likert',
          title: goal.label,
          required: true,
          options: IMPORTANCE.map((o) => ({ value: o.value, legend: o.legend })),
        })),
      },
    ],
  });
}

/**
 * The look-back of the goal-ranking survey (spec 02 §9): from the start of the year three years
 * before this one to the end of this year, in UTC.
 */
export function goalRankingWindow(now: number): { start: string; end: string } {
  const year = new Date(now).getUTCFullYear();
  return {
    start: new Date(Date.UTC(year - 3, 0, 1)).toISOString(),
    end: new Date(Date.UTC(year + 1, 0, 1) - 1).toISOString(),
  };
}

/**
 * Each goal's ranking from a goal-ranking survey's values: 1 for the goals that matter most, each
 * goal ranked one more than the number of goals that matter strictly more (equal importance, equal
 * ranking); a goal without an importance keeps the default ranking (20).
 */
export function goalRankingsOf(values: AnswerValues): Record<string, number> {
  const importance = new Map<string, number>();
  for (const goal of GOAL_AXES) {
    const value = valueOf(values, goal.id);
    if (typeof value === 'number' && Number.isFinite(value)) importance.set(goal.id, value);
  }
  return Object.fromEntries(
    GOAL_AXES.map((goal) => {
      const own = importance.get(goal.id);
      if (own === undefined) return [goal.id, DEFAULT_GOAL_RANKING];
      const above = [...importance.values()].filter((other) => other > own).length;
      return [goal.id, above + 1];
    }),
  );
}

/** Every goal at the default ranking: what a person who never ranked their goals has. */
export function defaultGoalRankings(): Record<string, number> {
  return goalRankingsOf({});
}
