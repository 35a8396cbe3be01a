import type { AxisFields, NewThinking } from '../../functions/thinkings/seeding';
import { THINKING_VALUES } from '@shared/domain/thinkings';
import { generator } from './demo-feelings';

type DemoAxis = AxisFields & { axisId: string };

const axis = (
  axisId: string,
  name: Required<AxisFields['name']>,
  description: Required<AxisFields['description']>,
  keywords: string[],
  options: Partial<Pick<DemoAxis, 'modules' | 'required' | 'allowComment'>> = {},
): DemoAxis => ({
  axisId,
  name,
  description,
  keywords,
  modules: options.modules ?? ['myself', 'sphere', 'session', 'campaign'],
  required: options.required ?? false,
  allowComment: options.allowComment ?? false,
});

/**
 * The catalogue of the local stack: statements a person rates from "not at all" to "fully". On a
 * deployed stack super-admins write the catalogue in `/apps/thinking-axes`.
 */
export const DEMO_AXES: readonly DemoAxis[] = [
  axis(
    'workload',
    {
      fr: 'Ma charge de travail est tenable',
      en: 'My workload is manageable',
      nl: 'Mijn werkdruk is haalbaar',
    },
    {
      fr: 'Ce que j’ai à faire tient dans le temps dont je dispose.',
      en: 'What I have to do fits in the time I have.',
      nl: 'Wat ik moet doen, past in de tijd die ik heb.',
    },
    ['work', 'stress'],
    { allowComment: true },
  ),
  axis(
    'meaning',
    { fr: 'Ce que je fais a du sens', en: 'What I do has meaning', nl: 'Wat ik doe, heeft zin' },
    {
      fr: 'Je vois à quoi sert ce que je fais, pour moi ou pour les autres.',
      en: 'I can see what my work is for, for me or for others.',
      nl: 'Ik zie waarvoor mijn werk dient, voor mezelf of voor anderen.',
    },
    ['purpose'],
    { allowComment: true },
  ),
  axis(
    'recognition',
    {
      fr: 'Je me sens reconnu·e pour ce que je fais',
      en: 'I feel recognised for what I do',
      nl: 'Ik voel me erkend voor wat ik doe',
    },
    {
      fr: 'Mes efforts sont vus et appréciés.',
      en: 'My efforts are noticed and appreciated.',
      nl: 'Mijn inzet wordt gezien en gewaardeerd.',
    },
    ['work', 'relations'],
  ),
  axis(
    'autonomy',
    {
      fr: 'J’ai mon mot à dire sur ma façon de faire',
      en: 'I have a say in how I do things',
      nl: 'Ik heb inspraak in hoe ik dingen doe',
    },
    {
      fr: 'Je peux organiser mon temps et choisir mes méthodes.',
      en: 'I can organise my time and choose my methods.',
      nl: 'Ik kan mijn tijd indelen en mijn werkwijze kiezen.',
    },
    ['work'],
  ),
  axis(
    'balance',
    {
      fr: 'Ma vie pro et ma vie perso sont en équilibre',
      en: 'My work and private life are in balance',
      nl: 'Mijn werk en privéleven zijn in evenwicht',
    },
    {
      fr: 'J’ai du temps et de l’énergie pour ce qui compte en dehors du travail.',
      en: 'I have time and energy for what matters outside work.',
      nl: 'Ik heb tijd en energie voor wat buiten het werk belangrijk is.',
    },
    ['health', 'stress'],
  ),
  axis(
    'support',
    {
      fr: 'Je peux compter sur les personnes autour de moi',
      en: 'I can count on the people around me',
      nl: 'Ik kan rekenen op de mensen om me heen',
    },
    {
      fr: 'Quand c’est difficile, je sais à qui m’adresser.',
      en: 'When things get hard, I know who to turn to.',
      nl: 'Als het moeilijk wordt, weet ik bij wie ik terechtkan.',
    },
    ['relations'],
  ),
  axis(
    'future',
    {
      fr: 'J’envisage l’avenir avec confiance',
      en: 'I look to the future with confidence',
      nl: 'Ik kijk met vertrouwen naar de toekomst',
    },
    {
      fr: 'Les mois qui viennent me semblent plutôt prometteurs.',
      en: 'The coming months look rather promising to me.',
      nl: 'De komende maanden lijken me eerder veelbelovend.',
    },
    ['outlook'],
  ),
  axis(
    'team-spirit',
    {
      fr: 'On s’entraide dans l’équipe',
      en: 'We help each other in the team',
      nl: 'We helpen elkaar in het team',
    },
    {
      fr: 'Chez %SPHERE_NAME%, on se donne un coup de main sans qu’il faille le demander.',
      en: 'At %SPHERE_NAME%, people lend a hand without being asked.',
      nl: 'Bij %SPHERE_NAME% steken mensen een handje toe zonder dat je het moet vragen.',
    },
    ['relations', 'team'],
    { modules: ['sphere', 'session', 'campaign'] },
  ),
];

const COMMENTS: Record<'fr' | 'en' | 'nl', readonly string[]> = {
  fr: ['Semaine chargée mais on avance', 'Le nouveau projet me motive', 'Trop de réunions'],
  en: ['Busy week but moving forward', 'The new project motivates me', 'Too many meetings'],
  nl: ['Drukke week, maar we gaan vooruit', 'Het nieuwe project motiveert me', 'Te veel vergaderingen'],
};

/**
 * About one thinking a week over the last year for a demo user, the same on every run: three to
 * five of the personal axes each time, values drifting slowly rather than jumping.
 */
export function demoThinkings(
  email: string,
  language: 'fr' | 'en' | 'nl',
  now = Date.now(),
): Omit<NewThinking, 'userId'>[] {
  const random = generator(`thinkings:${email}`);
  const personal = DEMO_AXES.filter((a) => a.modules.includes('myself'));
  const level = new Map(personal.map((a) => [a.axisId, Math.floor(random() * 5)]));
  const thinkings: Omit<NewThinking, 'userId'>[] = [];
  for (let week = 52; week >= 1; week--) {
    if (random() < 0.15) continue;
    const created = now - week * 7 * 86_400_000 + Math.floor(random() * 5 * 86_400_000);
    const chosen = personal.filter(() => random() < 0.7).slice(0, 5);
    const asked = chosen.length >= 3 ? chosen : personal.slice(0, 3);
    const axes = asked.map((a) => {
      const drift = Math.round((random() - 0.5) * 2);
      const index = Math.min(4, Math.max(0, (level.get(a.axisId) ?? 2) + drift));
      level.set(a.axisId, index);
      const comment =
        a.allowComment && random() < 0.2 ? COMMENTS[language][Math.floor(random() * 3)] : undefined;
      return { id: a.axisId, value: THINKING_VALUES[index] as number, ...(comment ? { comment } : {}) };
    });
    const creationDate = new Date(created).toISOString();
    thinkings.push({
      axes,
      geoPoint: { latitude: 0, longitude: 0 },
      locale: 'Europe/Brussels',
      creationDate,
      freezeDate: new Date(created + 3_600_000).toISOString(),
    });
  }
  return thinkings;
}

type Tone = 'low' | 'middle' | 'high';

/**
 * What a team member writes beside a statement, by how they rated it: a value under "partly" is
 * `low`, above it `high`.
 */
const TEAM_COMMENTS: Record<'fr' | 'en' | 'nl', Record<Tone, readonly string[]>> = {
  fr: {
    low: [
      'Trop de dossiers en même temps, on court après le temps.',
      'Depuis un départ dans l’équipe, on est à deux pour faire le travail de trois.',
      'Les urgences passent toujours avant le reste, difficile de s’organiser.',
      'Beaucoup d’heures sup ce mois-ci, il faudrait revoir les plannings.',
      'On aimerait être consultés avant que les délais soient fixés.',
      'Les pannes de la ligne 2 nous font perdre des journées entières.',
    ],
    middle: [
      'Ça dépend des semaines, la fin de mois reste compliquée.',
      'Mieux depuis la nouvelle organisation, mais encore fragile.',
      'Les réunions du lundi prennent beaucoup de temps.',
      'Rien de grave, mais on sent la fatigue avant les congés.',
      'Le rythme va, tant que personne n’est absent.',
      'Un peu plus de visibilité sur les priorités aiderait.',
    ],
    high: [
      'Bonne répartition des tâches dans l’équipe ces derniers temps.',
      'Le renfort arrivé en septembre change vraiment la donne.',
      'On a enfin le temps de bien faire les choses.',
      'Merci pour le nouveau planning, c’est beaucoup plus clair.',
      'Semaine calme, on a pu avancer sur les projets de fond.',
      'L’entraide entre collègues fait toute la différence.',
    ],
  },
  en: {
    low: [
      'Too many projects at once, we are always catching up.',
      'Two of us are doing the work of three since the last departure.',
      'Urgent requests keep jumping the queue.',
      'Lots of overtime this month, the schedule needs another look.',
      'Deadlines are set without asking the people who do the work.',
    ],
    middle: [
      'Depends on the week, month-end is still hard.',
      'Better since the reorganisation, but still fragile.',
      'Manageable as long as nobody is off sick.',
      'Clearer priorities would help.',
      'Fine overall, a bit tired before the holidays.',
    ],
    high: [
      'Tasks are well shared in the team lately.',
      'The new colleague really makes a difference.',
      'We finally have time to do things properly.',
      'Quiet week, we could work on the bigger projects.',
      'Thanks for the new schedule, much clearer.',
    ],
  },
  nl: {
    low: [
      'Te veel dossiers tegelijk, we lopen altijd achter.',
      'Sinds het vertrek van een collega doen we met twee het werk van drie.',
      'Dringende vragen gaan altijd voor, plannen lukt zo niet.',
      'Veel overuren deze maand, de planning moet herbekeken worden.',
      'Deadlines worden vastgelegd zonder het ons te vragen.',
    ],
    middle: [
      'Hangt af van de week, het einde van de maand blijft zwaar.',
      'Beter sinds de nieuwe organisatie, maar nog wankel.',
      'Het gaat, zolang niemand ziek is.',
      'Wat meer duidelijkheid over de prioriteiten zou helpen.',
      'Niets ernstigs, maar de vermoeidheid is voelbaar voor de vakantie.',
    ],
    high: [
      'De taken zijn de laatste tijd goed verdeeld in het team.',
      'De nieuwe collega maakt echt het verschil.',
      'Eindelijk tijd om het werk goed te doen.',
      'Rustige week, we konden aan de grotere projecten werken.',
      'Bedankt voor de nieuwe planning, veel duidelijker.',
    ],
  },
};

/** The axes of the catalogue on which a person may write a comment. */
const COMMENTED = new Set(DEMO_AXES.filter((a) => a.allowComment).map((a) => a.axisId));

/**
 * A synthetic member's thinkings in their team, about one every two weeks for a year, on the axes
 * their sphere asks its contributors: what the sphere's thinking report counts. About one in four
 * carries a short comment on a statement that allows one, in the member's language (mostly
 * French, some Dutch and English), in tune with the value given; the comments are drawn apart
 * from the values, which stay those of earlier runs.
 */
export function contributorThinkings(
  member: { email: string; sphereId: string; sessionId: string; reportTagIds: readonly string[] },
  axisIds: readonly string[],
  now = Date.now(),
): Omit<NewThinking, 'userId'>[] {
  const random = generator(`team-thinkings:${member.email}`);
  const say = generator(`team-comments:${member.email}`);
  const draw = say();
  const language = draw < 0.7 ? 'fr' : draw < 0.85 ? 'nl' : 'en';
  const commented = axisIds.filter((id) => COMMENTED.has(id));
  const level = new Map(axisIds.map((id) => [id, 1 + Math.floor(random() * 3)]));
  const thinkings: Omit<NewThinking, 'userId'>[] = [];
  for (let week = 52; week >= 1; week--) {
    if (random() < 0.45) continue;
    const created = now - week * 7 * 86_400_000 + Math.floor(random() * 5 * 86_400_000);
    const about = commented.length && say() < 0.25 ? commented[Math.floor(say() * commented.length)] : null;
    const axes = axisIds.map((id) => {
      const index = Math.min(4, Math.max(0, (level.get(id) ?? 2) + Math.round((random() - 0.5) * 2)));
      level.set(id, index);
      const value = THINKING_VALUES[index] as number;
      if (id !== about) return { id, value };
      const said = TEAM_COMMENTS[language][value < 0 ? 'low' : value > 0 ? 'high' : 'middle'];
      return { id, value, comment: said[Math.floor(say() * said.length)] as string };
    });
    thinkings.push({
      axes,
      sphereId: member.sphereId,
      sessionId: member.sessionId,
      reportTagIds: [...member.reportTagIds],
      geoPoint: { latitude: 0, longitude: 0 },
      locale: 'Europe/Brussels',
      creationDate: new Date(created).toISOString(),
      freezeDate: new Date(created + 3_600_000).toISOString(),
    });
  }
  return thinkings;
}
