import type { Language } from '../contracts/headers';

/**
 * Life goals (spec 01 §3 Goal, spec 02 §3 and §9): a feeling can move the person closer to or away
 * from some of their goals. The taxonomy is fixed: 14 goal axes, each with three sub-goals; a goal
 * on a feeling has a level from −2 to 2 and the person's ranking of that goal.
 */

type Labels = Record<Language, string>;

interface GoalAxis {
  id: string;
  label: Labels;
  subs: readonly { id: string; label: Labels }[];
}

const axis = (id: string, label: Labels, subs: [string, Labels][]): GoalAxis => ({
  id,
  label,
  subs: subs.map(([subId, subLabel]) => ({ id: subId, label: subLabel })),
});

export const GOAL_AXES: readonly GoalAxis[] = [
  axis('social', { fr: 'Liens sociaux', en: 'Social ties', nl: 'Sociale banden' }, [
    ['friendship', { fr: 'Amitiés', en: 'Friendships', nl: 'Vriendschappen' }],
    ['helping_others', { fr: 'Aider les autres', en: 'Helping others', nl: 'Anderen helpen' }],
    ['being_appreciated', { fr: 'Être apprécié', en: 'Being appreciated', nl: 'Gewaardeerd worden' }],
  ]),
  axis(
    'virtuous',
    { fr: 'Vivre selon ses valeurs', en: 'Living by my values', nl: 'Leven volgens mijn waarden' },
    [
      ['honesty', { fr: 'Honnêteté', en: 'Honesty', nl: 'Eerlijkheid' }],
      ['kindness', { fr: 'Bienveillance', en: 'Kindness', nl: 'Vriendelijkheid' }],
      [
        'responsibility',
        { fr: 'Sens des responsabilités', en: 'Responsibility', nl: 'Verantwoordelijkheid' },
      ],
    ],
  ),
  axis('belief', { fr: 'Convictions', en: 'Beliefs', nl: 'Overtuigingen' }, [
    ['spirituality', { fr: 'Spiritualité', en: 'Spirituality', nl: 'Spiritualiteit' }],
    ['meaning', { fr: 'Donner du sens', en: 'Finding meaning', nl: 'Zingeving' }],
    [
      'commitment',
      { fr: 'Engagement pour une cause', en: 'Standing for a cause', nl: 'Inzet voor een doel' },
    ],
  ]),
  axis('to_come_true', { fr: 'Se réaliser', en: 'Fulfilling myself', nl: 'Mezelf ontplooien' }, [
    ['creativity', { fr: 'Créativité', en: 'Creativity', nl: 'Creativiteit' }],
    ['personal_growth', { fr: 'Développement personnel', en: 'Personal growth', nl: 'Persoonlijke groei' }],
    ['passions', { fr: 'Passions', en: 'Passions', nl: 'Passies' }],
  ]),
  axis('open_mind', { fr: 'Ouverture d’esprit', en: 'Open mind', nl: 'Open geest' }, [
    ['curiosity', { fr: 'Curiosité', en: 'Curiosity', nl: 'Nieuwsgierigheid' }],
    ['new_experiences', { fr: 'Nouvelles expériences', en: 'New experiences', nl: 'Nieuwe ervaringen' }],
    ['tolerance', { fr: 'Tolérance', en: 'Tolerance', nl: 'Verdraagzaamheid' }],
  ]),
  axis('protect_yourself', { fr: 'Me protéger', en: 'Protecting myself', nl: 'Mezelf beschermen' }, [
    ['safety', { fr: 'Sécurité', en: 'Safety', nl: 'Veiligheid' }],
    ['rest', { fr: 'Repos', en: 'Rest', nl: 'Rust' }],
    ['boundaries', { fr: 'Poser mes limites', en: 'Setting boundaries', nl: 'Grenzen stellen' }],
  ]),
  axis('avoid_hassle', { fr: 'Éviter les tracas', en: 'Avoiding hassle', nl: 'Gedoe vermijden' }, [
    ['peace_of_mind', { fr: 'Tranquillité d’esprit', en: 'Peace of mind', nl: 'Gemoedsrust' }],
    ['simplicity', { fr: 'Simplicité', en: 'Simplicity', nl: 'Eenvoud' }],
    ['avoiding_conflict', { fr: 'Éviter les conflits', en: 'Avoiding conflict', nl: 'Conflicten vermijden' }],
  ]),
  axis('belonging', { fr: 'Appartenance', en: 'Belonging', nl: 'Ergens bij horen' }, [
    ['community', { fr: 'Communauté', en: 'Community', nl: 'Gemeenschap' }],
    ['team', { fr: 'Équipe', en: 'Team', nl: 'Team' }],
    ['roots', { fr: 'Racines', en: 'Roots', nl: 'Wortels' }],
  ]),
  axis('power', { fr: 'Influence', en: 'Influence', nl: 'Invloed' }, [
    ['autonomy', { fr: 'Autonomie', en: 'Autonomy', nl: 'Autonomie' }],
    ['leadership', { fr: 'Leadership', en: 'Leadership', nl: 'Leiderschap' }],
    ['status', { fr: 'Statut', en: 'Status', nl: 'Status' }],
  ]),
  axis('health', { fr: 'Santé', en: 'Health', nl: 'Gezondheid' }, [
    ['physical_health', { fr: 'Santé physique', en: 'Physical health', nl: 'Lichamelijke gezondheid' }],
    ['mental_health', { fr: 'Santé mentale', en: 'Mental health', nl: 'Mentale gezondheid' }],
    ['sleep', { fr: 'Sommeil', en: 'Sleep', nl: 'Slaap' }],
  ]),
  axis('family', { fr: 'Famille', en: 'Family', nl: 'Gezin en familie' }, [
    ['partner', { fr: 'Couple', en: 'Partner', nl: 'Partner' }],
    ['children', { fr: 'Enfants', en: 'Children', nl: 'Kinderen' }],
    ['relatives', { fr: 'Parents et proches', en: 'Parents and relatives', nl: 'Ouders en familie' }],
  ]),
  axis('ambition', { fr: 'Ambition', en: 'Ambition', nl: 'Ambitie' }, [
    ['career', { fr: 'Carrière', en: 'Career', nl: 'Loopbaan' }],
    ['challenges', { fr: 'Relever des défis', en: 'Taking on challenges', nl: 'Uitdagingen aangaan' }],
    [
      'financial_security',
      { fr: 'Sécurité financière', en: 'Financial security', nl: 'Financiële zekerheid' },
    ],
  ]),
  axis(
    'intellectual_skills',
    { fr: 'Compétences intellectuelles', en: 'Intellectual skills', nl: 'Intellectuele vaardigheden' },
    [
      ['learning', { fr: 'Apprendre', en: 'Learning', nl: 'Leren' }],
      ['expertise', { fr: 'Expertise', en: 'Expertise', nl: 'Deskundigheid' }],
      ['problem_solving', { fr: 'Résoudre des problèmes', en: 'Solving problems', nl: 'Problemen oplossen' }],
    ],
  ),
  axis('success', { fr: 'Réussite', en: 'Success', nl: 'Succes' }, [
    ['achievements', { fr: 'Accomplissements', en: 'Achievements', nl: 'Prestaties' }],
    ['recognition', { fr: 'Reconnaissance', en: 'Recognition', nl: 'Erkenning' }],
    [
      'reaching_goals',
      { fr: 'Atteindre mes objectifs', en: 'Reaching my goals', nl: 'Mijn doelen bereiken' },
    ],
  ]),
];

export const GOAL_IDS: readonly string[] = GOAL_AXES.map((g) => g.id);

/** How a feeling moves a goal: −2 strongly away … 2 strongly closer, 0 touched without moving it. */
export const GOAL_LEVELS = [-2, -1, 0, 1, 2] as const;
export type GoalLevel = (typeof GOAL_LEVELS)[number];

export const GOAL_LEVEL_NAMES: Record<GoalLevel, string> = {
  [-2]: 'stronglyAway',
  [-1]: 'away',
  0: 'touched',
  1: 'closer',
  2: 'stronglyCloser',
};

export function isGoalLevel(level: number): level is GoalLevel {
  return (GOAL_LEVELS as readonly number[]).includes(level);
}

/** A goal nobody ranked yet ranks 20; a ranking of 5 or less is highlighted with a badge. */
export const DEFAULT_GOAL_RANKING = 20;
export const HIGHLIGHTED_RANKING_MAX = 5;

export function isHighlightedRanking(ranking: number | undefined): boolean {
  return (ranking ?? DEFAULT_GOAL_RANKING) <= HIGHLIGHTED_RANKING_MAX;
}

/** Sub-goals are laid out three per row. */
export const SUB_GOALS_PER_ROW = 3;

export interface FeelingGoal {
  id: string;
  level: number;
  ranking?: number | undefined;
  subs?: readonly { id: string; level: number }[] | undefined;
}

/**
 * What is wrong with a feeling's goals (the spec's keys), or undefined: each goal once, from the
 * taxonomy, with a level from −2 to 2; its sub-goals its own, each once, with a level too.
 */
export function goalsProblem(
  goals: readonly FeelingGoal[],
): 'not-valid' | 'exist' | 'value-out-of-range-error' | undefined {
  const seen = new Set<string>();
  for (const goal of goals) {
    const definition = GOAL_AXES.find((g) => g.id === goal.id);
    if (!definition) return 'not-valid';
    if (seen.has(goal.id)) return 'exist';
    seen.add(goal.id);
    if (!isGoalLevel(goal.level)) return 'value-out-of-range-error';
    const subs = new Set<string>();
    for (const sub of goal.subs ?? []) {
      if (!definition.subs.some((s) => s.id === sub.id)) return 'not-valid';
      if (subs.has(sub.id)) return 'exist';
      subs.add(sub.id);
      if (!isGoalLevel(sub.level)) return 'value-out-of-range-error';
    }
  }
  return undefined;
}

/** What the feeling list's goal filters look for (spec 01 §7: goalIds, goalLevels, goalRankings). */
export interface GoalFilter {
  goalIds: readonly string[];
  goalLevels: readonly number[];
  goalRankings: readonly number[];
}

/**
 * A feeling's goals as one searchable text, `|id:health|level:1|rank:5|`: the feeling list filters
 * on it inside its Query (a goal matches on its id, its level, its ranking when it has one).
 */
export function goalText(
  goals: readonly { id: string; level: number; ranking?: number | undefined }[],
): string {
  const keys = new Set<string>();
  for (const goal of goals) {
    keys.add(`id:${goal.id}`);
    keys.add(`level:${goal.level}`);
    if (goal.ranking !== undefined) keys.add(`rank:${goal.ranking}`);
  }
  return keys.size ? `|${[...keys].join('|')}|` : '';
}

/** The alternatives of each goal filter as the pieces `goalText` holds; empty filters ask nothing. */
export function goalFilterTerms(filter: GoalFilter): string[][] {
  return [
    filter.goalIds.map((id) => `|id:${id}|`),
    filter.goalLevels.map((level) => `|level:${level}|`),
    filter.goalRankings.map((ranking) => `|rank:${ranking}|`),
  ].filter((terms) => terms.length > 0);
}

/** Whether a feeling's goals pass the filter: some goal for each kind of filter asked. */
export function matchesGoalFilter(text: string, filter: GoalFilter): boolean {
  return goalFilterTerms(filter).every((terms) => terms.some((term) => text.includes(term)));
}
