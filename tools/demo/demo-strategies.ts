import {
  importAssessments,
  importStrategies,
  type ImportedAssessment,
  type StrategyFields,
} from '../../functions/strategies/seeding';
import { heldTagIds, membersOf } from '../../functions/spheres';
import type { StrategyType } from '@shared/domain/strategies';
import { SYNTHETIC_PEOPLE, type SyntheticPerson } from './demo-spheres';

/** One item of a demo strategy: its kind, level (indent), title, description, and life goals. */
export interface DemoStrategyItem {
  type: StrategyType;
  indent: number;
  title: string;
  description: string;
  goalsLinked?: readonly string[];
  isHidden?: boolean;
}

const item = (
  type: StrategyType,
  indent: number,
  title: string,
  description: string,
  extra: Pick<DemoStrategyItem, 'goalsLinked' | 'isHidden'> = {},
): DemoStrategyItem => ({ type, indent, title, description, ...extra });

/** Camille's life compass (she writes in French): where she wants her life to go, and how. */
export const CAMILLE_LIFE_COMPASS: readonly DemoStrategyItem[] = [
  item(
    'vision',
    0,
    'Une vie à mon rythme, entourée des miens',
    'Avoir du temps pour ma famille et mes amis, un travail qui a du sens, et garder l’énergie de faire ce que j’aime.',
    { goalsLinked: ['family', 'social'] },
  ),
  item(
    'mission',
    0,
    'Prendre soin de moi pour prendre soin des autres',
    'Je protège mon sommeil et mes soirées, et je dis non quand il le faut, pour rester disponible pour ceux qui comptent.',
  ),
  item('strategicAxis', 0, 'Santé', 'Bouger, bien dormir, manger simplement.', { goalsLinked: ['health'] }),
  item(
    'goal',
    1,
    'Courir 10 km en juin',
    'Reprendre la course progressivement et participer aux 10 km de Bruxelles avec Léa.',
    { goalsLinked: ['health'] },
  ),
  item('action', 2, 'Trois sorties par semaine', 'Mardi et jeudi après le travail, dimanche matin avec Léa.'),
  item(
    'goal',
    1,
    'Dormir sept heures par nuit',
    'Écrans éteints à 22 h 30 en semaine, même les soirs de match.',
  ),
  item('strategicAxis', 0, 'Famille et amis', 'Être présente, pas seulement là.', {
    goalsLinked: ['family', 'social'],
  }),
  item(
    'goal',
    1,
    'Un dîner par mois avec les amis de l’université',
    'Je lance l’invitation le premier lundi du mois ; chacun apporte un plat.',
  ),
  item('strategicAxis', 0, 'Travail', 'Faire grandir l’atelier sans m’y perdre.', {
    goalsLinked: ['success'],
  }),
  item(
    'goal',
    1,
    'Déléguer le planning de la production',
    'Former Sam à préparer le planning hebdomadaire d’ici l’automne.',
  ),
  item(
    'action',
    2,
    'Préparer le planning à deux chaque vendredi',
    'Pendant six semaines, puis Sam le prépare seul et je le relis.',
  ),
];

/**
 * Atelier Horizon's strategy, in French, its primary language: a furniture workshop of some sixty
 * people in Brussels and Ghent. The last item is not announced yet: hidden, only its admins see it.
 */
export const HORIZON_STRATEGY: readonly DemoStrategyItem[] = [
  item(
    'vision',
    0,
    'Des meubles qui durent, fabriqués par une équipe qui aime y travailler',
    'D’ici 2030, Atelier Horizon est la référence belge du mobilier sur mesure durable : des pièces réparables, conçues avec nos clients et fabriquées à Bruxelles et à Gand par des artisans fiers de leur métier.',
  ),
  item(
    'mission',
    0,
    'Concevoir, fabriquer et entretenir le mobilier de nos clients',
    'Nous transformons les idées de nos clients en meubles solides et beaux, en bois certifié, avec des délais tenus et un service après-vente qui répare plutôt que de remplacer.',
  ),
  item(
    'strategicAxis',
    0,
    'Santé et sécurité à l’atelier',
    'Personne ne doit rentrer chez soi blessé ou épuisé : postes de travail, rythmes et prévention sont l’affaire de tous.',
  ),
  item(
    'goal',
    1,
    'Zéro accident avec arrêt en 2026',
    'Compter, analyser et partager chaque presque-accident ; viser aucune journée perdue pour accident sur l’année.',
  ),
  item(
    'action',
    2,
    'Un quart d’heure sécurité chaque lundi',
    'Chaque équipe de production commence la semaine par quinze minutes sur un risque concret, animées à tour de rôle.',
  ),
  item(
    'action',
    2,
    'Nouvelle aspiration des poussières sur la ligne 5',
    'Remplacer le système d’aspiration de la ligne 5 avant l’été, en mesurant la qualité de l’air avant et après.',
  ),
  item(
    'goal',
    1,
    'Des charges de travail soutenables',
    'Ramener les heures supplémentaires sous 5 % du temps de travail dans chaque équipe d’ici la fin de l’année.',
  ),
  item(
    'action',
    2,
    'Un planning partagé à trois semaines',
    'Le bureau d’études et la production fixent ensemble, chaque vendredi, la charge des trois semaines à venir.',
  ),
  item(
    'strategicAxis',
    0,
    'Fabriquer durable',
    'Réduire l’empreinte de chaque meuble, du choix du bois à sa seconde vie.',
  ),
  item(
    'goal',
    1,
    '100 % de bois certifié FSC ou PEFC',
    'Toutes les essences achetées certifiées ou issues du réemploi d’ici 2027.',
  ),
  item(
    'action',
    2,
    'Revoir la liste des fournisseurs',
    'Le service achats rencontre chaque fournisseur de bois massif et de panneaux d’ici septembre.',
  ),
  item(
    'goal',
    1,
    'Une seconde vie pour les chutes',
    'Valoriser 80 % des chutes de bois : petits objets, dons aux écoles, chauffage en dernier recours.',
  ),
  item(
    'action',
    2,
    'Un atelier « chutes » un vendredi par mois',
    'Les volontaires conçoivent de petites pièces vendues au showroom ; la recette finance la fête de fin d’année.',
  ),
  item(
    'strategicAxis',
    0,
    'Grandir ensemble',
    'Transmettre les savoir-faire et donner à chacun une perspective d’évolution.',
  ),
  item(
    'goal',
    1,
    'Un plan de formation pour chacun',
    'Un entretien par an avec son responsable et au moins deux jours de formation choisis.',
  ),
  item(
    'action',
    2,
    'Des binômes apprenti – artisan',
    'Chaque nouvel arrivant en production travaille ses trois premiers mois aux côtés d’un artisan confirmé.',
  ),
  item(
    'goal',
    1,
    'Des équipes qui se connaissent',
    'Que Bruxelles et Gand, l’atelier et le bureau se parlent et s’entraident.',
  ),
  item(
    'action',
    2,
    'Des visites croisées des deux sites',
    'Deux fois par an, chaque équipe passe une demi-journée sur l’autre site.',
  ),
  item(
    'custom',
    0,
    'Projet d’extension à Gand',
    'À l’étude par la direction : un second hall de production en 2027. Pas encore annoncé aux équipes.',
    { isHidden: true },
  ),
];

/** The strategy of Équipe Nord (line 2), written by Camille, who runs it. */
export const NORD_STRATEGY: readonly DemoStrategyItem[] = [
  item(
    'vision',
    0,
    'Une ligne 2 dont on est fier',
    'Des meubles qui sortent sans retouche en fin de ligne, et une équipe qui s’entraide.',
  ),
  item(
    'goal',
    0,
    'Moins de 3 % de retouches',
    'Mesurées chaque semaine au contrôle final et affichées au tableau de l’équipe.',
  ),
  item(
    'action',
    1,
    'Cinq minutes qualité après la pause',
    'Chaque jour, on regarde ensemble une pièce retouchée la veille et on en cherche la cause.',
  ),
  item(
    'goal',
    0,
    'Des rotations de poste choisies',
    'Chacun peut tenir au moins trois postes de la ligne, pour varier les gestes et se remplacer.',
  ),
  item(
    'action',
    1,
    'Un tableau des compétences au mur',
    'Mis à jour chaque mois avec l’équipe ; chacun y note le poste qu’il veut apprendre.',
  ),
];

const HORIZON = 'demo-atelier-horizon';
const NORD = 'demo-horizon-nord';

function fieldsOf(items: readonly DemoStrategyItem[]) {
  return items.map(
    ({ goalsLinked = [], isHidden = false, ...rest }): StrategyFields & { indent: number } => ({
      ...rest,
      goalsLinked: [...goalsLinked],
      isHidden,
    }),
  );
}

/** A number from 0 to 1 drawn from a text, the same on every run. */
function unit(seed: string): number {
  let hash = 2166136261;
  for (const char of seed) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return ((hash >>> 0) % 10_000) / 10_000;
}

const DAY_MS = 86_400_000;

/**
 * A synthetic member's assessment of a strategy's visible items: their mood of the year sets how
 * happy they tend to be, each item leans its own way (`leanings`, from −1.5 to 1.5), and some items
 * (`skip`, about three in ten) are left unanswered. Given during the organisation's strategy review
 * week, five weeks back (Monday to Thursday): answered together, a team's assessments make one
 * week's figures in the strategy reports.
 */
export function demoAssessment(
  person: SyntheticPerson,
  list: string,
  leanings: readonly number[],
  now = Date.now(),
  skip = 0.3,
): ImportedAssessment {
  const mood = 1 + ((person.pleasant - 0.45) / 0.3) * 3;
  const answers = leanings.map((leaning, at): number | null => {
    if (unit(`${person.userId}:${list}:${at}:skip`) < skip) return null;
    const spread = (unit(`${person.userId}:${list}:${at}`) - 0.5) * 2;
    return Math.max(1, Math.min(5, Math.round(mood + leaning + spread)));
  });
  // At least one answer, as the product asks.
  if (!answers.some((a) => a !== null)) answers[0] = Math.max(1, Math.min(5, Math.round(mood)));
  const today = new Date(now);
  const monday =
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) -
    ((today.getUTCDay() + 6) % 7) * DAY_MS;
  const day = Math.floor(unit(`${person.userId}:${list}:day`) * 4);
  const hour = 8 + Math.floor(unit(`${person.userId}:${list}:hour`) * 9);
  return {
    userId: person.userId,
    creationDate: new Date(monday - 5 * 7 * DAY_MS + day * DAY_MS + hour * 3_600_000).toISOString(),
    answers,
  };
}

/**
 * How each visible item of Atelier Horizon's strategy tends to be judged (in order: vision, mission,
 * then each axis with its goals and actions): people like the workshop's vision and its sustainable
 * wood, and are less happy with workloads and the dust on line 5.
 */
export const HORIZON_LEANINGS = [
  0.8, 0.5, -0.3, 0, 0.4, -1.2, -1, -0.4, 0.6, 0.7, 0, 0.9, 0.5, 0, -0.2, 0.6, -0.5, 0.2,
];
export const NORD_LEANINGS = [0.5, -0.4, 0.3, 0.2, 0.6];

/**
 * The demo strategies, each written once (a list that has items is left as it is): Camille's life
 * compass, Atelier Horizon's strategy and its north team's; then assessments by the synthetic
 * members, two in three of the sphere's people and three in four of the north team, written once
 * each, under the tags each member has (those the strategy reports count them in). In the review
 * week everyone judges every item: an item skipped by more people than the week's groups can spare
 * is shown for no group (decision 0041).
 */
export async function seedDemoStrategies(userIds: ReadonlyMap<string, string>): Promise<void> {
  const camille = userIds.get('camille@demo.wellbeing.local');
  if (!camille) return;
  await importStrategies(
    { linkTo: 'user', linkId: camille },
    fieldsOf(CAMILLE_LIFE_COMPASS).map((s) => ({ ...s, userId: camille })),
  );
  await importStrategies(
    { linkTo: 'sphere', linkId: HORIZON },
    fieldsOf(HORIZON_STRATEGY).map((s) => ({ ...s, sphereId: HORIZON })),
  );
  await importStrategies(
    { linkTo: 'session', linkId: NORD },
    fieldsOf(NORD_STRATEGY).map((s) => ({ ...s, sphereId: HORIZON, sessionId: NORD })),
  );
  const tagged = new Map((await membersOf(HORIZON)).map((m) => [m.userId, heldTagIds(m)]));
  const withTags = (assessment: ImportedAssessment): ImportedAssessment => ({
    ...assessment,
    tagIds: tagged.get(assessment.userId) ?? [],
  });
  await importAssessments(
    { linkTo: 'sphere', linkId: HORIZON },
    { sphereId: HORIZON },
    SYNTHETIC_PEOPLE.filter((_, i) => i % 3 !== 2).map((p) =>
      withTags(demoAssessment(p, HORIZON, HORIZON_LEANINGS, Date.now(), 0)),
    ),
  );
  await importAssessments(
    { linkTo: 'session', linkId: NORD },
    { sphereId: HORIZON, sessionId: NORD },
    SYNTHETIC_PEOPLE.filter((p) => p.sessionId === NORD)
      .filter((_, i) => i % 4 !== 3)
      .map((p) => withTags(demoAssessment(p, NORD, NORD_LEANINGS, Date.now(), 0))),
  );
}
