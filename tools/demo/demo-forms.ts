import { FormSchema, type Form, type FormInput, type SurveyValues } from '@shared/contracts/forms';
import type { MultilingualText } from '@shared/contracts/text';
import { surveyFreezeDate } from '@shared/domain/form-surveys';
import { GOAL_IDS } from '@shared/domain/goals';
import type { EntitlementFields, NewSurvey } from '../../functions/forms/seeding';
import { generator } from './demo-feelings';

/**
 * The questionnaires of the local stack, in French, English and Dutch, written for this product
 * (not copies of published instruments): a five-item wellbeing check, a ten-item Big Five short
 * form and a ten-item self-esteem scale from 1 to 5. Atelier Horizon is entitled to them and its
 * members have answered them; on a deployed stack super-admins write the catalogue in the editor.
 */

type Text = Required<MultilingualText>;
type StepInput = NonNullable<FormInput['steps']>[number];
type AnswerInput = NonNullable<StepInput['answers']>[number];
type LikertInput = Extract<AnswerInput, { type: 'likert' }>;
type ResultInput = NonNullable<FormInput['additionalResults']>[number];

const UPDATED = '2026-01-05T09:00:00.000Z';

/** A statement of a questionnaire, answered on a likert scale. */
interface Statement {
  id: string;
  title: Text;
}

const scale = (legends: readonly Text[], first: number) =>
  legends.map((legend, i) => ({ value: first + i, legend }));

/** A demo questionnaire: in French, English and Dutch, last changed on the same day as the others. */
const questionnaire = (form: Omit<FormInput, 'languages' | 'updateDate'>): FormInput => ({
  ...form,
  languages: ['fr', 'en', 'nl'],
  updateDate: UPDATED,
});

/** Every statement as a required likert answer, its scale (`options` and legends) from `scaleOf`. */
const likertStatements = <S extends Statement>(
  statements: readonly S[],
  scaleOf: (statement: S) => Omit<LikertInput, 'id' | 'type' | 'title' | 'required'>,
): AnswerInput[] =>
  statements.map((statement) => ({
    id: statement.id,
    type: 'likert',
    title: statement.title,
    required: true,
    ...scaleOf(statement),
  }));

/** The ids of the statements `keep` selects: the questions an additional result averages. */
const questionsOf = <S extends Statement>(statements: readonly S[], keep: (statement: S) => boolean) => ({
  questions: statements.filter(keep).map((statement) => statement.id),
});

/** An additional result averaging its sources (or children) between `boundaries`. */
const average = (
  result: Omit<ResultInput, 'computeType' | 'boundaries'>,
  boundaries: { min: number; max: number },
): ResultInput => ({ ...result, computeType: 'average', boundaries });

// ---------------------------------------------------------------------------------------------
// Wellbeing check: five statements about the last two weeks, from 0 (never) to 5 (all the time)
// ---------------------------------------------------------------------------------------------

const FREQUENCY: readonly Text[] = [
  { fr: 'Jamais', en: 'Never', nl: 'Nooit' },
  { fr: 'Rarement', en: 'Rarely', nl: 'Zelden' },
  { fr: 'Moins de la moitié du temps', en: 'Less than half the time', nl: 'Minder dan de helft van de tijd' },
  { fr: 'Plus de la moitié du temps', en: 'More than half the time', nl: 'Meer dan de helft van de tijd' },
  { fr: 'La plupart du temps', en: 'Most of the time', nl: 'Meestal' },
  { fr: 'Tout le temps', en: 'All the time', nl: 'Altijd' },
];

const WELLBEING_ITEMS: readonly Statement[] = [
  {
    id: 'mood',
    title: {
      fr: 'J’ai eu le moral la plupart des journées',
      en: 'My mood has been bright on most days',
      nl: 'Ik was de meeste dagen goedgezind',
    },
  },
  {
    id: 'ease',
    title: {
      fr: 'Je me suis senti·e serein·e, sans me presser',
      en: 'I have felt at ease, without rushing',
      nl: 'Ik voelde me rustig, zonder me te haasten',
    },
  },
  {
    id: 'energy',
    title: {
      fr: 'J’ai eu de l’énergie pour ce que je voulais faire',
      en: 'I have had energy for what I wanted to do',
      nl: 'Ik had energie voor wat ik wilde doen',
    },
  },
  {
    id: 'rested',
    title: {
      fr: 'Je me suis réveillé·e en me sentant reposé·e',
      en: 'I have woken up feeling rested',
      nl: 'Ik werd uitgerust wakker',
    },
  },
  {
    id: 'meaning',
    title: {
      fr: 'Mes journées contenaient des choses qui comptent pour moi',
      en: 'My days have held things that matter to me',
      nl: 'Mijn dagen bevatten dingen die voor mij tellen',
    },
  },
];

const wellbeingCheck = questionnaire({
  id: 'demo-wellbeing-check',
  title: { fr: 'Bilan de bien-être', en: 'Wellbeing check', nl: 'Welzijnscheck' },
  description: {
    fr: 'Cinq affirmations sur **les deux dernières semaines**. Il n’y a pas de bonne réponse.',
    en: 'Five statements about **the last two weeks**. There is no right answer.',
    nl: 'Vijf uitspraken over **de voorbije twee weken**. Er is geen goed antwoord.',
  },
  availability: 'sphereMember',
  steps: [
    {
      id: 'two-weeks',
      title: {
        fr: 'Ces deux dernières semaines',
        en: 'Over the last two weeks',
        nl: 'De voorbije twee weken',
      },
      description: {
        fr: 'Pour chaque phrase, choisissez ce qui décrit le mieux votre vécu.',
        en: 'For each statement, choose what best describes how it has been for you.',
        nl: 'Kies bij elke uitspraak wat het best beschrijft hoe het voor jou was.',
      },
      answers: likertStatements(WELLBEING_ITEMS, () => ({
        options: scale(FREQUENCY, 0),
        legendTop: { fr: 'Jamais', en: 'Never', nl: 'Nooit' },
        legendBottom: { fr: 'Tout le temps', en: 'All the time', nl: 'Altijd' },
      })),
    },
    {
      id: 'support',
      title: { fr: 'Un coup de main ?', en: 'A helping hand?', nl: 'Een handje hulp?' },
      description: {
        fr: 'Votre moral a été bas : dites-nous, si vous le souhaitez, ce qui vous aiderait.',
        en: 'Your mood has been low: tell us, if you wish, what would help.',
        nl: 'Je was niet goedgezind: vertel ons, als je wil, wat zou helpen.',
      },
      // Shown only to those whose mood was low most of the time.
      displayCondition: {
        operator: 'or',
        conditions: [
          { operator: 'equals', answerId: 'mood', value: 0 },
          { operator: 'equals', answerId: 'mood', value: 1 },
        ],
      },
      answers: [
        {
          id: 'help',
          type: 'text',
          multiline: true,
          max: 1000,
          title: {
            fr: 'Qu’est-ce qui vous aiderait cette semaine ?',
            en: 'What would help you this week?',
            nl: 'Wat zou je deze week helpen?',
          },
        },
      ],
    },
  ],
  additionalResults: [
    average(
      {
        id: 'wellbeing',
        title: { fr: 'Indice de bien-être', en: 'Wellbeing index', nl: 'Welzijnsindex' },
        shortTitle: { fr: 'Bien-être', en: 'Wellbeing', nl: 'Welzijn' },
        shortCode: 'WB',
        sources: questionsOf(WELLBEING_ITEMS, () => true),
      },
      { min: 0, max: 5 },
    ),
  ],
  completedPage: {
    title: { fr: 'Merci !', en: 'Thank you!', nl: 'Bedankt!' },
    description: {
      fr: 'Vos réponses rejoignent les chiffres de votre équipe, jamais avec votre nom.',
      en: 'Your answers join your team’s figures, never with your name.',
      nl: 'Je antwoorden tellen mee in de cijfers van je ploeg, nooit met je naam.',
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Big Five, short form: two statements per trait, one of them reversed
// ---------------------------------------------------------------------------------------------

const AGREEMENT: readonly Text[] = [
  { fr: 'Pas du tout d’accord', en: 'Disagree strongly', nl: 'Helemaal niet akkoord' },
  { fr: 'Plutôt pas d’accord', en: 'Disagree a little', nl: 'Eerder niet akkoord' },
  { fr: 'Ni l’un ni l’autre', en: 'Neither', nl: 'Neutraal' },
  { fr: 'Plutôt d’accord', en: 'Agree a little', nl: 'Eerder akkoord' },
  { fr: 'Tout à fait d’accord', en: 'Agree strongly', nl: 'Helemaal akkoord' },
];
/** Agreement from 1 to 5; reversed, "disagree strongly" is worth 5, so every item scores its trait. */
const agreement = ({ reversed }: { reversed: boolean }) => ({
  options: AGREEMENT.map((legend, i) => ({ value: reversed ? 5 - i : i + 1, legend })),
});
/** What an agreement scale's average lies between. */
const AGREEMENT_RANGE = { min: 1, max: 5 };

type Trait = 'e' | 'a' | 'c' | 'n' | 'o';
const BIG_FIVE_ITEMS: readonly (Statement & { trait: Trait; reversed: boolean })[] = [
  {
    id: 'e1',
    trait: 'e',
    reversed: false,
    title: {
      fr: '… qui prend de l’énergie à rencontrer du monde',
      en: '… who gets energy from meeting new people',
      nl: '… die energie haalt uit nieuwe mensen ontmoeten',
    },
  },
  {
    id: 'a1',
    trait: 'a',
    reversed: false,
    title: {
      fr: '… qui fait facilement confiance et rend service',
      en: '… who readily trusts and helps others',
      nl: '… die anderen makkelijk vertrouwt en helpt',
    },
  },
  {
    id: 'c1',
    trait: 'c',
    reversed: false,
    title: {
      fr: '… qui anticipe et garde ses affaires en ordre',
      en: '… who plans ahead and keeps things in order',
      nl: '… die vooruit plant en alles op orde houdt',
    },
  },
  {
    id: 'n1',
    trait: 'n',
    reversed: false,
    title: {
      fr: '… qui s’inquiète ou se contrarie vite',
      en: '… who gets anxious or upset quickly',
      nl: '… die snel ongerust of van streek is',
    },
  },
  {
    id: 'o1',
    trait: 'o',
    reversed: false,
    title: {
      fr: '… qui aime explorer des idées et des expériences nouvelles',
      en: '… who enjoys exploring new ideas and experiences',
      nl: '… die graag nieuwe ideeën en ervaringen verkent',
    },
  },
  {
    id: 'e2',
    trait: 'e',
    reversed: true,
    title: {
      fr: '… qui préfère le calme seul·e aux soirées animées',
      en: '… who prefers quiet time alone to lively gatherings',
      nl: '… die rustige tijd alleen verkiest boven drukke bijeenkomsten',
    },
  },
  {
    id: 'a2',
    trait: 'a',
    reversed: true,
    title: {
      fr: '… qui critique souvent les autres',
      en: '… who is often critical of other people',
      nl: '… die vaak kritisch is over anderen',
    },
  },
  {
    id: 'c2',
    trait: 'c',
    reversed: true,
    title: {
      fr: '… qui laisse des choses inachevées',
      en: '… who leaves things unfinished',
      nl: '… die dingen onafgewerkt laat',
    },
  },
  {
    id: 'n2',
    trait: 'n',
    reversed: true,
    title: {
      fr: '… qui garde la tête froide quand ça tourne mal',
      en: '… who keeps a cool head when things go wrong',
      nl: '… die het hoofd koel houdt als het misloopt',
    },
  },
  {
    id: 'o2',
    trait: 'o',
    reversed: true,
    title: {
      fr: '… qui préfère la routine à la nouveauté',
      en: '… who prefers routine to novelty',
      nl: '… die routine verkiest boven iets nieuws',
    },
  },
];

const TRAITS: Record<Trait, { title: Text; shortTitle: Text }> = {
  e: {
    title: { fr: 'Extraversion', en: 'Extraversion', nl: 'Extraversie' },
    shortTitle: { fr: 'Extra.', en: 'Extra.', nl: 'Extra.' },
  },
  a: {
    title: { fr: 'Agréabilité', en: 'Agreeableness', nl: 'Altruïsme' },
    shortTitle: { fr: 'Agréa.', en: 'Agree.', nl: 'Altr.' },
  },
  c: {
    title: { fr: 'Conscienciosité', en: 'Conscientiousness', nl: 'Consciëntieusheid' },
    shortTitle: { fr: 'Consc.', en: 'Consc.', nl: 'Consc.' },
  },
  n: {
    title: { fr: 'Névrosisme', en: 'Neuroticism', nl: 'Neuroticisme' },
    shortTitle: { fr: 'Névr.', en: 'Neur.', nl: 'Neur.' },
  },
  o: {
    title: { fr: 'Ouverture', en: 'Openness', nl: 'Openheid' },
    shortTitle: { fr: 'Ouv.', en: 'Open.', nl: 'Open.' },
  },
};

const bigFive = questionnaire({
  id: 'demo-big-five',
  title: {
    fr: 'Personnalité en dix questions',
    en: 'Personality in ten questions',
    nl: 'Persoonlijkheid in tien vragen',
  },
  description: {
    fr: 'Une courte mesure des cinq grands traits de personnalité. Répondez spontanément.',
    en: 'A short measure of the five broad personality traits. Answer on impulse.',
    nl: 'Een korte meting van de vijf grote persoonlijkheidstrekken. Antwoord spontaan.',
  },
  availability: 'sessionMember',
  steps: [
    {
      id: 'myself',
      title: {
        fr: 'Je me vois comme quelqu’un…',
        en: 'I see myself as someone…',
        nl: 'Ik zie mezelf als iemand…',
      },
      description: {
        fr: 'Dans quelle mesure êtes-vous d’accord avec chaque phrase ?',
        en: 'How much do you agree with each statement?',
        nl: 'In hoeverre ben je het eens met elke uitspraak?',
      },
      answers: likertStatements(BIG_FIVE_ITEMS, agreement),
    },
  ],
  additionalResults: (Object.keys(TRAITS) as Trait[]).map((trait) =>
    average(
      {
        id: trait,
        ...TRAITS[trait],
        shortCode: trait.toUpperCase(),
        sources: questionsOf(BIG_FIVE_ITEMS, (item) => item.trait === trait),
      },
      AGREEMENT_RANGE,
    ),
  ),
});

// ---------------------------------------------------------------------------------------------
// Self-esteem, from 1 to 5: worth (how I value myself) and competence (what I feel able to do)
// ---------------------------------------------------------------------------------------------

type Facet = 'worthiness' | 'competence';
const SELF_ESTEEM_ITEMS: readonly (Statement & { facet: Facet; reversed: boolean })[] = [
  {
    id: 'se1',
    facet: 'worthiness',
    reversed: false,
    title: { fr: 'J’apprécie la personne que je suis', en: 'I value who I am', nl: 'Ik waardeer wie ik ben' },
  },
  {
    id: 'se2',
    facet: 'worthiness',
    reversed: true,
    title: {
      fr: 'Il m’arrive de penser que je ne suis pas à la hauteur',
      en: 'At times I feel I am not up to it',
      nl: 'Soms denk ik dat ik het niet aankan',
    },
  },
  {
    id: 'se3',
    facet: 'competence',
    reversed: false,
    title: {
      fr: 'Je vois en moi plusieurs points forts',
      en: 'I can see several strengths in myself',
      nl: 'Ik zie verschillende sterke punten in mezelf',
    },
  },
  {
    id: 'se4',
    facet: 'competence',
    reversed: false,
    title: {
      fr: 'Je m’en sors aussi bien que la plupart des gens',
      en: 'I manage as well as most people do',
      nl: 'Ik red me even goed als de meeste mensen',
    },
  },
  {
    id: 'se5',
    facet: 'competence',
    reversed: true,
    title: {
      fr: 'Je trouve peu de choses en moi dont être fier·ère',
      en: 'I find little in myself to be proud of',
      nl: 'Ik vind weinig in mezelf om trots op te zijn',
    },
  },
  {
    id: 'se6',
    facet: 'competence',
    reversed: true,
    title: {
      fr: 'Certains jours, j’ai l’impression de n’apporter rien d’utile',
      en: 'Some days I feel I bring nothing useful',
      nl: 'Sommige dagen heb ik het gevoel dat ik niets nuttigs bijdraag',
    },
  },
  {
    id: 'se7',
    facet: 'worthiness',
    reversed: false,
    title: {
      fr: 'Je sens que je compte autant que les autres',
      en: 'I feel I matter as much as others do',
      nl: 'Ik voel dat ik evenveel tel als anderen',
    },
  },
  {
    id: 'se8',
    facet: 'worthiness',
    reversed: true,
    title: {
      fr: 'Je suis plus dur·e avec moi qu’avec un·e ami·e',
      en: 'I am harder on myself than I would be on a friend',
      nl: 'Ik ben strenger voor mezelf dan voor een vriend',
    },
  },
  {
    id: 'se9',
    facet: 'competence',
    reversed: true,
    title: {
      fr: 'Quand je regarde en arrière, je vois surtout mes erreurs',
      en: 'When I look back, I mostly see my mistakes',
      nl: 'Als ik terugkijk, zie ik vooral mijn fouten',
    },
  },
  {
    id: 'se10',
    facet: 'worthiness',
    reversed: false,
    title: {
      fr: 'Je suis en bons termes avec moi-même',
      en: 'I am on good terms with myself',
      nl: 'Ik ben goed bevriend met mezelf',
    },
  },
];

const selfEsteem = questionnaire({
  id: 'demo-self-esteem',
  title: { fr: 'Estime de soi', en: 'Self-esteem', nl: 'Zelfwaardering' },
  description: {
    fr: 'Dix phrases sur le regard que vous portez sur vous-même, de 1 (pas du tout d’accord) à 5 (tout à fait d’accord).',
    en: 'Ten statements about how you see yourself, from 1 (disagree strongly) to 5 (agree strongly).',
    nl: 'Tien uitspraken over hoe je naar jezelf kijkt, van 1 (helemaal niet akkoord) tot 5 (helemaal akkoord).',
  },
  availability: 'sphereMember',
  steps: [
    {
      id: 'me',
      title: { fr: 'Le regard sur soi', en: 'How I see myself', nl: 'Hoe ik mezelf zie' },
      description: {
        fr: 'Répondez en pensant à ces derniers mois.',
        en: 'Answer with the last few months in mind.',
        nl: 'Antwoord met de voorbije maanden in gedachten.',
      },
      answers: likertStatements(SELF_ESTEEM_ITEMS, agreement),
    },
  ],
  additionalResults: [
    average(
      {
        id: 'worthiness',
        title: { fr: 'Valeur de soi', en: 'Worthiness', nl: 'Eigenwaarde' },
        shortCode: 'W',
        sources: questionsOf(SELF_ESTEEM_ITEMS, (item) => item.facet === 'worthiness'),
      },
      AGREEMENT_RANGE,
    ),
    average(
      {
        id: 'competence',
        title: { fr: 'Compétence', en: 'Competence', nl: 'Bekwaamheid' },
        shortCode: 'C',
        sources: questionsOf(SELF_ESTEEM_ITEMS, (item) => item.facet === 'competence'),
      },
      AGREEMENT_RANGE,
    ),
    average(
      {
        id: 'selfEsteem',
        title: { fr: 'Estime de soi', en: 'Self-esteem', nl: 'Zelfwaardering' },
        children: ['worthiness', 'competence'],
      },
      AGREEMENT_RANGE,
    ),
  ],
});

/** The three demo questionnaires, checked by the form model. */
export const DEMO_FORMS: readonly Form[] = [wellbeingCheck, bigFive, selfEsteem].map((f) =>
  FormSchema.parse(f),
);

/**
 * What Atelier Horizon is entitled to: the wellbeing check and the self-esteem scale for all its
 * members, the personality form for the north team and the design office.
 */
export const DEMO_ENTITLEMENTS: readonly ({ formId: string } & EntitlementFields)[] = [
  { formId: 'demo-wellbeing-check', availabilitiesThrough: 'sphereMember', sessionIds: [] },
  {
    formId: 'demo-big-five',
    availabilitiesThrough: 'sessionMember',
    sessionIds: ['demo-horizon-nord', 'demo-horizon-bureau'],
  },
  { formId: 'demo-self-esteem', availabilitiesThrough: 'sphereMember', sessionIds: [] },
];

/** A demo person answering: how they lean (0 … 1) and where they answer. */
export interface DemoRespondent {
  seed: string;
  /** Share of good days: their answers lean the same way. */
  pleasant: number;
  sphereId: string;
  sessionId?: string | undefined;
  /** The member's tags in the sphere: the groups its reports count the answers in. */
  tagIds?: readonly string[];
  /**
   * Answered through a link of the organisation (`fromDirectLink`): how the synthetic members, on
   * the starter plan, took part (the sphere's forms are theirs in my centre only with Essentials).
   */
  direct?: boolean;
}

type DemoSurvey = Omit<NewSurvey, 'userId' | 'formId'>;
const DAY = 86_400_000;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));

/** A survey saved at `at` in the respondent's place, or in none (a form of one's own). */
function survey(at: number, values: SurveyValues, respondent?: DemoRespondent): DemoSurvey {
  return {
    values,
    locale: 'Europe/Brussels',
    fromDirectLink: respondent?.direct ?? false,
    ...(respondent ? { sphereId: respondent.sphereId } : {}),
    ...(respondent?.sessionId ? { sessionId: respondent.sessionId } : {}),
    tagIds: [...(respondent?.tagIds ?? [])],
    creationDate: new Date(at).toISOString(),
    freezeDate: surveyFreezeDate(at),
  };
}

/**
 * A wellbeing check about every month of the last year, the same on every run: answers around the
 * person's usual mood, drifting from month to month.
 */
export function demoWellbeingChecks(respondent: DemoRespondent, now = Date.now()): DemoSurvey[] {
  const random = generator(`wellbeing:${respondent.seed}`);
  let level = respondent.pleasant * 5;
  const surveys: DemoSurvey[] = [];
  for (let month = 12; month >= 1; month--) {
    if (random() < 0.2) continue;
    level = Math.min(5, Math.max(0, level + (random() - 0.5) * 1.2));
    const values: SurveyValues = Object.fromEntries(
      WELLBEING_ITEMS.map(({ id }) => [id, clamp(level + (random() - 0.5) * 2, 0, 5)]),
    );
    if (typeof values.mood === 'number' && values.mood <= 1 && random() < 0.5)
      values.help = 'Moins de réunions et une vraie pause à midi.';
    surveys.push(survey(now - month * 30 * DAY + Math.floor(random() * 5 * DAY), values, respondent));
  }
  return surveys;
}

/**
 * One answer to the personality form, during the teams' workshop week about three months ago (the
 * Monday of the week 13 weeks back): answered together, a team's answers make one week's figures.
 */
export function demoBigFive(respondent: DemoRespondent, now = Date.now()): DemoSurvey[] {
  const random = generator(`big-five:${respondent.seed}`);
  const today = new Date(now);
  const monday =
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) -
    ((today.getUTCDay() + 6) % 7) * DAY;
  const workshop = monday - 13 * 7 * DAY + 9 * 3_600_000;
  const trait = new Map((Object.keys(TRAITS) as Trait[]).map((t) => [t, 1 + random() * 4]));
  const values: SurveyValues = Object.fromEntries(
    BIG_FIVE_ITEMS.map((item) => [
      item.id,
      clamp((trait.get(item.trait) ?? 3) + (random() - 0.5) * 1.5, 1, 5),
    ]),
  );
  return [
    survey(
      workshop + Math.floor(random() * 4) * DAY + Math.floor(random() * 8) * 3_600_000,
      values,
      respondent,
    ),
  ];
}

/** Two answers to the self-esteem scale, half a year apart, leaning with the person's mood. */
export function demoSelfEsteem(respondent: DemoRespondent, now = Date.now()): DemoSurvey[] {
  const random = generator(`self-esteem:${respondent.seed}`);
  return [200, 20].map((daysAgo, round) => {
    const level = 1 + respondent.pleasant * 4 + round * 0.3;
    const values: SurveyValues = Object.fromEntries(
      SELF_ESTEEM_ITEMS.map((item) => [item.id, clamp(level + (random() - 0.5) * 1.6, 1, 5)]),
    );
    return survey(now - daysAgo * DAY, values, respondent);
  });
}

/** A goal ranking of this year: how much each goal matters to the person (the product's own form). */
export function demoGoalRanking(seed: string, now = Date.now()): DemoSurvey[] {
  const random = generator(`goal-ranking:${seed}`);
  const values: SurveyValues = Object.fromEntries(GOAL_IDS.map((id) => [id, 1 + Math.floor(random() * 5)]));
  return [survey(now - 10 * DAY, values)];
}
