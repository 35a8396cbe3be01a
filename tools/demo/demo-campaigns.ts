import { createHash, randomBytes } from 'node:crypto';
import {
  rollCampaign,
  type AnswerItem,
  type CampaignItem,
  type CycleItem,
  type ParticipantItem,
} from '../../functions/campaigns';
import {
  answerKeyOf,
  importCampaign,
  importCycle,
  importParticipations,
  stepDefinitions,
} from '../../functions/campaigns/seeding';
import { EMOTION_WORDS } from '../../functions/feelings';
import { importLink } from '../../functions/links/seeding';
import { heldTagIds, membersOf, type MemberItem } from '../../functions/spheres';
import {
  CampaignCreateSchema,
  CycleCreateSchema,
  MeasureSchema,
  type CycleCreateInput,
  type Measure,
  type StepAnswer,
} from '@shared/contracts/campaigns';
import type { Form, FormAnswer, SurveyValues } from '@shared/contracts/forms';
import {
  QUESTIONNAIRE_EDIT_WINDOW_MS,
  participationStatusOf,
  type RefusalReason,
} from '@shared/domain/campaigns';
import { feelingColor, feelingEnergy, feelingValue, type Mood } from '@shared/domain/feelings';
import { visibleAnswers } from '@shared/domain/forms';
import { defaultExpiry } from '@shared/domain/links';
import { generator } from './demo-feelings';
import { DEMO_FORMS } from './demo-forms';
import { DEMO_SPHERES, SYNTHETIC_PEOPLE, type DemoSphere } from './demo-spheres';

/**
 * The demo campaign (issue 12 point 12): Atelier Horizon's seasonal "Pulse", where Camille is
 * admin. Three measures (the feeling of the week with a word and the site, a team-climate theme,
 * the wellbeing check); an autumn cycle collected some weeks ago, with the synthetic members'
 * answers as a real run leaves them (their salt gone: nobody can tell whose answer is whose), and a
 * winter cycle collecting now, where a few people have answered and see their own answers; and a
 * campaign link whose QR code opens the current cycle. Ids are fixed and every item is written
 * only when missing, so seeding again writes nothing new.
 */
export const DEMO_CAMPAIGN_SPHERE: DemoSphere = DEMO_SPHERES.find(
  (d) => d.owner === 'camille@demo.wellbeing.local',
) as DemoSphere;
export const DEMO_CAMPAIGN_ID = 'demo-horizon-pulse';
export const DEMO_AUTUMN_CYCLE_ID = 'demo-horizon-pulse-autumn';
export const DEMO_WINTER_CYCLE_ID = 'demo-horizon-pulse-winter';
/** The campaign link's id: short like a real one (it is typed on the scan page), fixed for the demo. */
export const DEMO_CAMPAIGN_LINK_ID = createHash('sha256')
  .update('demo-horizon-pulse-link')
  .digest('base64url')
  .slice(0, 11);
export const DEMO_CAMPAIGN_FORM_ID = 'demo-wellbeing-check';
const SAM = 'sam@demo.wellbeing.local';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// The campaign and its measures

const CLIMATE_QUESTIONS = [
  {
    id: 'support',
    fr: 'Je peux compter sur mon équipe quand j’ai besoin d’aide',
    en: 'I can count on my team when I need help',
    nl: 'Ik kan op mijn ploeg rekenen als ik hulp nodig heb',
    lean: 0.5,
  },
  {
    id: 'recognition',
    fr: 'Mon travail est reconnu à sa juste valeur',
    en: 'My work is recognised for what it is worth',
    nl: 'Mijn werk wordt naar waarde geschat',
    lean: -0.3,
  },
  {
    id: 'workload',
    fr: 'Ma charge de travail est tenable sur la durée',
    en: 'My workload is sustainable over time',
    nl: 'Mijn werklast is op lange termijn haalbaar',
    lean: -0.7,
  },
  {
    id: 'voice',
    fr: 'Je peux donner mon avis sans crainte',
    en: 'I can speak my mind without fear',
    nl: 'Ik kan zonder angst mijn mening geven',
    lean: 0.1,
  },
  {
    id: 'information',
    fr: 'Je reçois les informations dont j’ai besoin pour bien travailler',
    en: 'I get the information I need to do my work well',
    nl: 'Ik krijg de informatie die ik nodig heb om goed te werken',
    lean: -0.2,
  },
] as const;

/** What some people wrote in the climate theme's free text (the synthetic members write French). */
const CLIMATE_COMMENTS = [
  'Un point d’équipe le lundi matin nous aiderait à mieux répartir le travail.',
  'Plus de temps pour finir les pièces sans courir entre deux commandes.',
  'Merci pour le nouvel éclairage de l’atelier, ça change tout.',
  'Savoir plus tôt quelles commandes arrivent, pour s’organiser.',
  'Un vrai coin pause, loin des machines.',
  'Les échanges avec le bureau d’études se sont bien améliorés.',
];

const SITE_QUESTION_ID = 'site';

/** The campaign's measures: the feeling (with the site question when the sphere has office tags), the climate theme, the form. */
export function demoMeasures(demo: DemoSphere = DEMO_CAMPAIGN_SPHERE): Measure[] {
  const offices = (demo.tags ?? []).filter((t) => t.type === 'office').map((t) => t.demoId);
  return [
    MeasureSchema.parse({
      id: 'feeling',
      type: 'feeling',
      title: { fr: 'Votre semaine', en: 'Your week', nl: 'Je week' },
      message: {
        fr: 'Comment vous êtes-vous senti·e au travail cette semaine ?',
        en: 'How have you felt at work this week?',
        nl: 'Hoe voelde je je deze week op het werk?',
      },
      period: 'week',
      wordSelection: true,
      tagQuestions:
        offices.length > 0
          ? [
              {
                id: SITE_QUESTION_ID,
                title: { fr: 'Votre site', en: 'Your site', nl: 'Je vestiging' },
                description: {
                  fr: 'Où travaillez-vous le plus souvent ? Les résultats sont regroupés par site.',
                  en: 'Where do you work most often? Results are grouped by site.',
                  nl: 'Waar werk je het vaakst? De resultaten worden per vestiging gegroepeerd.',
                },
                multiChoice: false,
                required: false,
                tagIds: offices,
              },
            ]
          : [],
    }),
    MeasureSchema.parse({
      id: 'climate',
      type: 'custom-form',
      title: { fr: 'Climat d’équipe', en: 'Team climate', nl: 'Sfeer in de ploeg' },
      message: {
        fr: 'Cinq affirmations sur votre équipe, et une place pour vos idées.',
        en: 'Five statements about your team, and room for your ideas.',
        nl: 'Vijf uitspraken over je ploeg, en ruimte voor je ideeën.',
      },
      customTheme: {
        title: { fr: 'Climat d’équipe', en: 'Team climate', nl: 'Sfeer in de ploeg' },
        shortTitle: { fr: 'Climat', en: 'Climate', nl: 'Sfeer' },
        colour: 'colored',
        legend: 'agreement',
        direction: 'standard',
        questions: [
          ...CLIMATE_QUESTIONS.map((q) => ({
            id: q.id,
            kind: 'likert' as const,
            title: { fr: q.fr, en: q.en, nl: q.nl },
            required: true,
          })),
          {
            id: 'idea',
            kind: 'text' as const,
            title: {
              fr: 'Une chose qui améliorerait le climat de votre équipe ?',
              en: 'One thing that would improve your team’s climate?',
              nl: 'Eén ding dat de sfeer in je ploeg zou verbeteren?',
            },
            required: false,
          },
        ],
      },
    }),
    MeasureSchema.parse({
      id: 'wellbeing',
      type: 'form',
      title: { fr: 'Bilan de bien-être', en: 'Wellbeing check', nl: 'Welzijnscheck' },
      message: {
        fr: 'Cinq affirmations sur vos deux dernières semaines.',
        en: 'Five statements about your last two weeks.',
        nl: 'Vijf uitspraken over je voorbije twee weken.',
      },
      formId: DEMO_CAMPAIGN_FORM_ID,
    }),
  ];
}

/** Midnight UTC of the day `now` falls in: the demo's dates count from it. */
const dayStart = (now: number) => Math.floor(now / DAY_MS) * DAY_MS;
const iso = (at: number) => new Date(at).toISOString();

/** The campaign, as an admin would have created it seven weeks ago. */
export function demoCampaign(now: number, demo: DemoSphere = DEMO_CAMPAIGN_SPHERE): CampaignItem {
  const fields = CampaignCreateSchema.parse({
    name: 'Pulse',
    internalLabel: 'Pouls saisonnier de l’Atelier',
    publicName: {
      fr: 'Le pouls de l’Atelier',
      en: 'The Workshop’s pulse',
      nl: 'De polsslag van het Atelier',
    },
    code: 'PULSE',
    description: {
      fr: 'À chaque saison, quelques minutes pour dire comment vous allez et comment va votre équipe.',
      en: 'Every season, a few minutes to say how you are and how your team is doing.',
      nl: 'Elk seizoen een paar minuten om te zeggen hoe het met jou en je ploeg gaat.',
    },
    timezone: 'Europe/Brussels',
    mode: 'managed',
    templateModel: 'blank',
    defaultLocale: 'fr',
    firstMessage: {
      fr: 'Le pouls de l’Atelier revient : trois questions courtes, environ cinq minutes.',
      en: 'The Workshop’s pulse is back: three short questions, about five minutes.',
      nl: 'De polsslag van het Atelier is terug: drie korte vragen, ongeveer vijf minuten.',
    },
    welcomeMessage: {
      fr: 'Bienvenue ! Dites-nous comment s’est passée votre semaine, comment va votre équipe, puis faites un court bilan de bien-être. Vos réponses comptent dans les chiffres de l’Atelier, jamais avec votre nom.',
      en: 'Welcome! Tell us how your week went and how your team is doing, then take a short wellbeing check. Your answers count in the Workshop’s figures, never with your name.',
      nl: 'Welkom! Vertel ons hoe je week was en hoe het met je ploeg gaat, en doe daarna een korte welzijnscheck. Je antwoorden tellen mee in de cijfers van het Atelier, nooit met je naam.',
    },
    endMessage: {
      fr: 'Merci ! Les résultats seront partagés par équipe à la fin de la collecte, dès que assez de personnes auront répondu.',
      en: 'Thank you! The results will be shared team by team when the collection ends, once enough people have answered.',
      nl: 'Bedankt! De resultaten worden per ploeg gedeeld als de bevraging afloopt, zodra genoeg mensen geantwoord hebben.',
    },
    allowGuest: false,
    // Jef, who has no mailbox, takes part with his staff number (decision 0029).
    allowDelegation: true,
  });
  const created = iso(dayStart(now) - 49 * DAY_MS + 9 * HOUR_MS);
  return {
    campaignId: DEMO_CAMPAIGN_ID,
    sphereId: demo.sphere.sphereId,
    ...fields,
    measures: demoMeasures(demo),
    cancelled: false,
    closed: false,
    creationDate: created,
    updateDate: created,
  } as CampaignItem;
}

function cycleItem(
  cycleId: string,
  fields: CycleCreateInput,
  rest: Pick<CycleItem, 'status' | 'version' | 'log' | 'creationDate'> & { answerSalt?: string },
): CycleItem {
  const parsed = CycleCreateSchema.parse(fields);
  return {
    campaignId: DEMO_CAMPAIGN_ID,
    cycleId,
    sphereId: DEMO_CAMPAIGN_SPHERE.sphere.sphereId,
    ...parsed,
    testMode: false,
    testRunning: false,
    scheduleNames: [],
    updateDate: rest.creationDate,
    ...rest,
  } as CycleItem;
}

const invitation = (season: string) => ({
  id: 'invitation',
  protocol: 'email' as const,
  target: 'participant' as const,
  subject: `Le pouls de l’Atelier – ${season}`,
  message: `Bonjour,\n\nLe pouls de l’Atelier est ouvert : trois questions courtes, environ cinq minutes. Vos réponses ne sont jamais reliées à votre nom.\n\nPour répondre : {url}\n\nMerci !`,
  anchor: 'start' as const,
  delayMinutes: 0,
});

const reminder = (at: number) => ({
  id: 'reminder',
  protocol: 'email' as const,
  target: 'participant' as const,
  subject: 'Rappel : le pouls de l’Atelier',
  message:
    'Bonjour,\n\nIl reste quelques jours pour donner votre avis sur votre semaine et votre équipe : {url}',
  anchor: 'start' as const,
  delayMinutes: 0,
  reminderDate: iso(at),
});

/** The dates of the two cycles, from the day `now` falls in. */
export function demoCycleDates(now: number) {
  const today = dayStart(now);
  return {
    autumn: { start: today - 42 * DAY_MS + 7 * HOUR_MS, end: today - 28 * DAY_MS + 16 * HOUR_MS },
    winter: { start: today - 3 * DAY_MS + 7 * HOUR_MS, end: today + 21 * DAY_MS + 16 * HOUR_MS },
  };
}

/**
 * The autumn cycle, collected some weeks ago and in analysis (`processing`): started at its planned
 * start, stopped at its end, the logbook saying how many took part; its salt is gone.
 */
export function demoAutumnCycle(now: number, participantCount: number): CycleItem {
  const { autumn } = demoCycleDates(now);
  return cycleItem(
    DEMO_AUTUMN_CYCLE_ID,
    {
      internalLabel: 'Automne',
      message: {
        fr: 'Le pouls d’automne : comment s’est passée la reprise ?',
        en: 'The autumn pulse: how has the return to work gone?',
        nl: 'De herfstpolsslag: hoe verliep de herstart?',
      },
      start: iso(autumn.start),
      end: iso(autumn.end),
      notifications: [invitation('automne'), reminder(autumn.start + 7 * DAY_MS + 2 * HOUR_MS)],
      allowRefuse: true,
    },
    {
      status: 'processing',
      version: 2,
      creationDate: iso(autumn.start - 9 * DAY_MS),
      log: [
        { at: iso(autumn.start), action: 'startCollection', participantCount: 0 },
        { at: iso(autumn.end), action: 'stopCollection', participantCount },
      ],
    },
  );
}

/**
 * The winter cycle, collecting since a few days. Its schedules (stop, reminder) are not put: the
 * seed runs before any scheduler listens, so an admin stops it from the campaign's scheduler (or
 * changes its dates, which plans them again). Its salt is drawn here once; seeding again keeps the
 * stored cycle and its salt.
 */
export function demoWinterCycle(now: number, answerSalt: string): CycleItem {
  const { winter } = demoCycleDates(now);
  return cycleItem(
    DEMO_WINTER_CYCLE_ID,
    {
      internalLabel: 'Hiver',
      message: {
        fr: 'Le pouls d’hiver : comment abordez-vous la fin d’année ?',
        en: 'The winter pulse: how are you facing the end of the year?',
        nl: 'De winterpolsslag: hoe ga je het jaareinde tegemoet?',
      },
      start: iso(winter.start),
      end: iso(winter.end),
      notifications: [invitation('hiver'), reminder(winter.start + 10 * DAY_MS + 2 * HOUR_MS)],
      allowRefuse: true,
    },
    {
      status: 'inProgress',
      version: 1,
      creationDate: iso(winter.start - 12 * DAY_MS),
      log: [{ at: iso(winter.start), action: 'startCollection', participantCount: 0 }],
      answerSalt,
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Participations and answers

/** A member who may take part, with the sphere tags they hold and how they lean. */
export interface DemoCampaignMember {
  userId: string;
  tagIds: readonly string[];
  /** Their team, for the site question. */
  sessionId?: string | undefined;
  /** Share of good days (0 … 1), and usual energy step (0 … 9). */
  pleasant: number;
  energy: number;
}

interface Plan {
  member: DemoCampaignMember;
  /** How many steps they answered, in order; refused with a reason; or opened without accepting. */
  answered: number;
  refusal?: { reason: RefusalReason; comment: string };
  blank?: boolean;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));
const dayOf = (at: number) => iso(at).slice(0, 10);

/** The site tag a member of a team would choose (the south team works in Ghent), or none. */
function siteOf(member: DemoCampaignMember, measure: Measure): string[] {
  const question = measure.tagQuestions.find((q) => q.id === SITE_QUESTION_ID);
  if (!question) return [];
  const ghent = member.sessionId === 'demo-horizon-sud';
  const wanted = ghent ? 'demo-office-gand' : 'demo-office-bruxelles';
  const held = member.tagIds.find((t) => question.tagIds.includes(t));
  const chosen = held ?? (question.tagIds.includes(wanted) ? wanted : question.tagIds[0]);
  return chosen ? [chosen] : [];
}

/** Values a form would accept from someone in this mood (0 … 1): its likert scales, a text at times. */
export function demoFormValues(form: Form, level: number, random: () => number): SurveyValues {
  const values: Record<string, unknown> = {};
  for (let round = 0; round < 3; round++) {
    for (const answer of visibleAnswers(form, values) as FormAnswer[]) {
      if (answer.id in values) continue;
      if (answer.type === 'likert') {
        const options = answer.options.map((o) => o.value).sort((a, b) => a - b);
        const index = clamp(level * (options.length - 1) + (random() - 0.5) * 2, 0, options.length - 1);
        values[answer.id] = options[index];
      } else if (answer.type === 'text') {
        // Some say what would help, when the form asks them.
        if (answer.required || random() < 0.6)
          values[answer.id] = 'Moins de réunions et une vraie pause à midi.';
      } else if (answer.required) {
        throw new Error(`The demo campaign cannot answer ${answer.type} answers (${form.id})`);
      }
    }
  }
  return values as SurveyValues;
}

/** One person's answer to a step, as the participant screen would send it. */
function stepAnswer(
  measure: Measure,
  kind: 'main' | 'tags',
  member: DemoCampaignMember,
  random: () => number,
  form: Form | undefined,
): StepAnswer {
  if (kind === 'tags') return { type: 'tags', values: { [SITE_QUESTION_ID]: siteOf(member, measure) } };
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  switch (measure.type) {
    case 'feeling': {
      const mood: Mood = random() < member.pleasant ? 'good' : 'bad';
      const intensityStep = mood === 'good' ? between(3, 9) : between(1, 7);
      const energyStep = clamp(member.energy + between(-3, 3), 0, 9);
      const color = feelingColor(feelingValue(intensityStep, mood), feelingEnergy(energyStep));
      const words = EMOTION_WORDS.filter((w) => w.color === color);
      const word = measure.wordSelection && random() < 0.85 ? words[between(0, words.length - 1)] : undefined;
      return { type: 'feeling', mood, intensityStep, energyStep, ...(word ? { wordId: word.id } : {}) };
    }
    case 'custom-form': {
      const base = 1 + member.pleasant * 4;
      const values: Record<string, number | string> = {};
      for (const q of CLIMATE_QUESTIONS) values[q.id] = clamp(base + q.lean + (random() - 0.5) * 2.2, 1, 5);
      if (random() < 0.3) values.idea = CLIMATE_COMMENTS[between(0, CLIMATE_COMMENTS.length - 1)] as string;
      return { type: 'custom-form', values };
    }
    case 'form': {
      if (!form) throw new Error(`The demo form ${measure.formId ?? ''} is missing`);
      return { type: 'form', values: demoFormValues(form, member.pleasant, random) };
    }
    default:
      throw new Error(`The demo campaign does not answer ${measure.type} measures`);
  }
}

interface Written {
  participants: ParticipantItem[];
  answers: AnswerItem[];
}

/**
 * The participations and answers a run of `cycle` leaves for these plans. Each answer is dated by
 * its day only; the participation keeps the questionnaires' freeze dates. `keyOf` gives an answer's
 * key: the HMAC of the person while the cycle collects, else a key nobody can trace back.
 */
function run(
  campaign: CampaignItem,
  cycle: CycleItem,
  plans: readonly Plan[],
  window: { from: number; to: number },
  keyOf: (userId: string, stepId: string) => string,
): Written {
  const definitions = stepDefinitions(campaign, cycle, campaign.defaultLocale);
  const measures = new Map((campaign.measures as Measure[]).map((m) => [m.id, m]));
  const form = DEMO_FORMS.find((f) => f.id === DEMO_CAMPAIGN_FORM_ID);
  const participants: ParticipantItem[] = [];
  const answers: AnswerItem[] = [];
  const base = {
    cycleId: cycle.cycleId,
    campaignId: campaign.campaignId,
    sphereId: campaign.sphereId,
    isTest: false,
  };
  for (const plan of plans) {
    const { member } = plan;
    const random = generator(`${cycle.cycleId}:${member.userId}`);
    // When they came: somewhere in the window, in working hours.
    const at = Math.min(
      window.to - HOUR_MS,
      window.from + Math.floor(random() * Math.max(1, window.to - window.from - 10 * HOUR_MS)),
    );
    const steps = definitions.map((d, i) => {
      const done = !plan.refusal && !plan.blank && i < plan.answered;
      const questionnaire = d.kind === 'main' && (d.type === 'form' || d.type === 'custom-form');
      return {
        stepId: d.stepId,
        status: done ? ('done' as const) : ('todo' as const),
        ...(done && questionnaire ? { freezeDate: iso(at + i * 60_000 + QUESTIONNAIRE_EDIT_WINDOW_MS) } : {}),
      };
    });
    // Accepting makes a participation in progress, even before a step is answered.
    const progress = participationStatusOf(
      steps.map((s) => ({ ...s, measureId: '' })),
      false,
    );
    const status = plan.blank
      ? 'blank'
      : plan.refusal
        ? 'refused'
        : progress === 'blank'
          ? 'inProgress'
          : progress;
    const answered = steps.filter((s) => s.status === 'done').length;
    participants.push({
      ...base,
      mode: 'live',
      userId: member.userId,
      status,
      steps,
      expirationDate: cycle.end ?? iso(window.to),
      // Opening, accepting (or refusing), then one write per step answered.
      revision: plan.blank ? 0 : 1 + answered,
    });
    const tagIds = [...member.tagIds];
    // A refusal's reason is under a random key (only the autumn plans refuse: keys are dealt below).
    if (plan.refusal)
      answers.push({
        ...base,
        answerKey: '',
        measureId: '-',
        stepId: '-',
        type: 'refusal',
        value: { reason: plan.refusal.reason, comment: plan.refusal.comment },
        tagIds,
        day: dayOf(at),
      });
    definitions.forEach((d, i) => {
      if (steps[i]?.status !== 'done') return;
      const measure = measures.get(d.measureId) as Measure;
      const value = stepAnswer(measure, d.kind, member, random, form);
      answers.push({
        ...base,
        answerKey: keyOf(member.userId, d.stepId),
        measureId: d.measureId,
        stepId: d.stepId,
        type: value.type,
        value,
        tagIds,
        day: dayOf(at),
      });
    });
  }
  return { participants, answers };
}

/** A key that names nobody: the n-th of a cycle's answers, mixed. */
const sealedKey = (cycleId: string, n: number) =>
  createHash('sha256').update(`demo-sealed:${cycleId}:${n}`).digest('base64url');

/** The synthetic members of the sphere, in a fixed order, with the tags they hold there. */
export function demoCampaignMembers(
  members: readonly Pick<MemberItem, 'userId' | 'tagIds' | 'autoTagIds' | 'roles' | 'active'>[],
) {
  const synthetic = new Map(SYNTHETIC_PEOPLE.map((p) => [p.userId, p]));
  return members
    .filter((m) => m.active && m.roles.includes('contributor') && synthetic.has(m.userId))
    .map((m): DemoCampaignMember => {
      const person = synthetic.get(m.userId);
      return {
        userId: m.userId,
        // The groups their answers are filed under: by hand and by the sphere's rules.
        tagIds: heldTagIds(m),
        sessionId: person?.sessionId,
        pleasant: person?.pleasant ?? 0.6,
        energy: person?.energy ?? 5,
      };
    })
    .sort((a, b) => a.userId.localeCompare(b.userId));
}

const REFUSALS: readonly { at: number; reason: RefusalReason; comment: string }[] = [
  { at: 13, reason: 'no-time', comment: 'Grosse période de livraisons, désolé·e.' },
  { at: 41, reason: 'frequency', comment: 'Beaucoup de questionnaires ces temps-ci.' },
];

/**
 * Autumn: most synthetic members took part. Of every ten, one never opened it; two refused with a
 * reason; a few stopped half-way; one opened it without accepting; the others finished.
 */
export function demoAutumn(
  now: number,
  members: readonly DemoCampaignMember[],
  campaign: CampaignItem = demoCampaign(now),
): Written & { cycle: CycleItem } {
  const stepCount = stepDefinitions(campaign, demoAutumnCycle(now, 0), 'fr').length;
  const plans: Plan[] = members.flatMap((member, i): Plan[] => {
    if (i % 10 === 9) return [];
    const refusal = REFUSALS.find((r) => r.at === i);
    if (refusal) return [{ member, answered: 0, refusal }];
    if (i === 27) return [{ member, answered: 0, blank: true }];
    if (i % 12 === 4) return [{ member, answered: 1 + (i % 3) }];
    return [{ member, answered: stepCount }];
  });
  const taking = plans.filter((p) => !p.blank).length;
  const cycle = demoAutumnCycle(now, taking);
  const { autumn } = demoCycleDates(now);
  // The salt went with the stop: answers are under keys that name nobody, in no person's order.
  const written = run(campaign, cycle, plans, { from: autumn.start, to: autumn.end }, () => '');
  const mixed = generator(`${cycle.cycleId}:keys`);
  const order = written.answers.map((_, i) => ({ i, r: mixed() })).sort((a, b) => a.r - b.r);
  order.forEach(({ i }, n) => {
    (written.answers[i] as AnswerItem).answerKey = sealedKey(cycle.cycleId, n);
  });
  return { ...written, cycle };
}

/**
 * Winter, collecting: five members finished, three are half-way, and Sam (a demo user who signs
 * in) has told his feeling and site, so he finds his own answers. Camille, admin and contributor,
 * has not answered: she can take part herself.
 */
export function demoWinter(
  now: number,
  cycle: CycleItem,
  members: readonly DemoCampaignMember[],
  sam: DemoCampaignMember | undefined,
  campaign: CampaignItem = demoCampaign(now),
): Written {
  const salt = cycle.answerSalt;
  if (!salt || cycle.status !== 'inProgress') return { participants: [], answers: [] };
  const stepCount = stepDefinitions(campaign, cycle, 'fr').length;
  const plans: Plan[] = [
    ...members.flatMap((member, i): Plan[] => {
      if ([0, 5, 10, 15, 20].includes(i)) return [{ member, answered: stepCount }];
      if ([2, 11, 23].includes(i)) return [{ member, answered: 1 + (i % 2) }];
      return [];
    }),
    ...(sam ? [{ member: sam, answered: Math.min(2, stepCount) }] : []),
  ];
  const start = Date.parse(cycle.start ?? '');
  const today = dayStart(now);
  return run(
    campaign,
    cycle,
    plans,
    { from: start, to: Math.max(start + HOUR_MS, today) },
    (userId, stepId) => answerKeyOf(salt, 'live', userId, stepId),
  );
}

// ---------------------------------------------------------------------------------------------
// Seeding

/**
 * Writes the demo campaign, its cycles, its participations and answers and its link, once the
 * sphere and its members exist (seed.ts writes them first). Anything already there stays as it is.
 */
export async function seedDemoCampaigns(
  userIds: ReadonlyMap<string, string>,
  now = Date.now(),
): Promise<void> {
  const demo = DEMO_CAMPAIGN_SPHERE;
  if (!userIds.has(demo.owner)) return;
  const sphereId = demo.sphere.sphereId;
  const stored = await membersOf(sphereId);
  if (stored.length === 0) return;
  const members = demoCampaignMembers(stored);
  const samId = userIds.get(SAM);
  const samMember = stored.find((m) => m.userId === samId && m.active && m.roles.includes('contributor'));
  const sam = samMember
    ? { userId: samMember.userId, tagIds: heldTagIds(samMember), pleasant: 0.5, energy: 6 }
    : undefined;

  const campaign = demoCampaign(now, demo);
  await importCampaign(campaign);
  const autumn = demoAutumn(now, members, campaign);
  await importCycle(autumn.cycle);
  await importParticipations(autumn.participants, autumn.answers);
  // Its answers are sealed: rolled up for the campaign's reports as a stop rolls them.
  await rollCampaign(DEMO_CAMPAIGN_ID);
  const winter = await importCycle(demoWinterCycle(now, randomBytes(32).toString('base64url')));
  const winterWritten = demoWinter(now, winter, members, sam, campaign);
  await importParticipations(winterWritten.participants, winterWritten.answers);

  // The campaign's link: its QR code (in the link's overlay) opens the current cycle.
  await importLink({
    linkId: DEMO_CAMPAIGN_LINK_ID,
    category: 'campaign',
    place: 'sphere',
    placeId: sphereId,
    sphereId,
    campaignId: DEMO_CAMPAIGN_ID,
    name: 'Pulse – affiche de l’atelier',
    description: 'Le QR code affiché à l’atelier et au bureau : il ouvre le pouls en cours.',
    expiredAt: defaultExpiry(now, campaign.timezone),
    messageForUser: 'Merci de prendre le pouls de l’Atelier !',
    defaultLanguage: 'fr',
    specificTagIds: [],
    stepNumber: 0,
    wizards: [],
  });
}
