import type { LicenceTier } from '@shared/domain/licences';
import type { SessionItem } from '../../functions/sessions';
import type { MemberItem, SphereItem } from '../../functions/spheres';
import { DEFAULT_SPHERE_LIMITS, sphereNameKey } from '@shared/domain/spheres';
import type { SessionRole } from '@shared/domain/sessions';
import type { TagCreate, TagSelectionSave } from '@shared/contracts/tags';
import type { SphereContextCreateInput } from '@shared/contracts/sphere-contexts';

type DemoMember = Omit<MemberItem, 'sphereId' | 'userId' | 'createdAt' | 'updatedAt'> & { email: string };

/** A demo sphere: its fields, and its members by their demo address. */
export interface DemoSphere {
  sphere: Omit<SphereItem, 'ownerId' | 'createdAt' | 'updatedAt' | 'nameKey'>;
  /** Demo address of the creator. */
  owner: string;
  members: readonly DemoMember[];
  sessions?: readonly DemoSession[];
  /**
   * Tags beyond the starter set (which every demo sphere gets), by their demo id, and the tag rules
   * the sphere runs; members name these ids in `tagIds`.
   */
  tags?: readonly (TagCreate & { demoId: string })[];
  tagRules?: readonly TagSelectionSave[];
  /** Its contexts, created as an admin would (the active one puts the members' texts in its words). */
  contexts?: readonly SphereContextCreateInput[];
  /**
   * The thinking axes the sphere asks its contributors and consumers, and those a group asks
   * instead of the sphere's (by session id).
   */
  thinkingAxes?: {
    contributor?: readonly string[];
    consumer?: readonly string[];
    sessions?: Readonly<Record<string, readonly string[]>>;
  };
  /** Whether the sixty synthetic members (SYNTHETIC_PEOPLE) belong to it. */
  synthetic?: boolean;
  /** Licences it holds per tier (decision 0046); `essentialsMembers` of the synthetic ones use one. */
  licences?: Partial<Record<LicenceTier, number>>;
  essentialsMembers?: number;
  /**
   * Members the admins added who have no account and no mailbox of their own yet: they enter with
   * the access code the sphere gave them (decisions 0014, 0029).
   */
  delegates?: readonly { memberId: string; name: string; email: string; accessCode: string }[];
}

/** A demo session of the sphere, and its members by their sphere member id. */
export interface DemoSession {
  session: Omit<SessionItem, 'sphereId' | 'createdAt' | 'updatedAt' | 'archived'>;
  members: readonly { memberId: string; roles: SessionRole[] }[];
}

const group = (
  sessionId: string,
  name: string,
  publicName: string,
  parentSessionIds: string[] = [],
  extra: Partial<DemoSession['session']> = {},
): DemoSession['session'] => ({
  sessionId,
  category: 'contributor',
  type: 'group',
  name: { fr: name },
  publicName: { fr: publicName },
  ...(parentSessionIds.length ? { parentSessionId: parentSessionIds[parentSessionIds.length - 1] } : {}),
  parentSessionIds,
  isLeaf: false,
  subscription: 'starter',
  isPublic: true,
  sessionKey: `${sessionId}-key`,
  ...extra,
});

const demoTag = (
  demoId: string,
  type: TagCreate['type'],
  name: TagCreate['name'],
  weight: number,
): TagCreate & { demoId: string } => ({
  demoId,
  type,
  name,
  weight,
  color: type === 'department' ? '#5c7cfa' : '#20c997',
  keywords: [],
  modules: ['member', 'session-contributor', 'campaign-contributor'],
});

const entitlements = {
  engagementUp: { active: true, campaignTemplatesAvailable: true },
  salesUp: { active: false },
};

/**
 * Two demo spheres of the local stack: Atelier Horizon, where Camille is admin and Sam and Lotte
 * contribute, and Clinique des Tilleuls, Alex's alone, which Atelier Horizon's members never see.
 */
export const DEMO_SPHERES: readonly DemoSphere[] = [
  {
    owner: 'camille@demo.wellbeing.local',
    sphere: {
      sphereId: 'demo-atelier-horizon',
      name: 'Atelier Horizon',
      shortName: 'Horizon',
      category: 'company',
      email: 'contact@horizon.demo.wellbeing.local',
      address: { street1: 'Rue de la Loi 16', postalCode: '1000', city: 'Bruxelles', country: 'BE' },
      domains: ['demo.wellbeing.local'],
      isStudyProgram: false,
      isTerminalEnabled: false,
      customizableThinkingAxes: true,
      // Its strategy and its north team's are written and assessed (tools/demo/demo-strategies.ts).
      strategyEnabled: true,
      accessPolicy: 'DOMAINS_ONLY',
      // Workshop staff without a mailbox enter its campaign with their staff number.
      lowSecurityAccessOptions: {
        enabled: true,
        label: { fr: 'Matricule', en: 'Staff number', nl: 'Personeelsnummer' },
      },
      languages: { primary: 'fr', extras: ['en', 'nl'] },
      limits: { ...DEFAULT_SPHERE_LIMITS },
      entitlements,
      sphereKey: 'demo-horizon-key',
    },
    members: [
      {
        memberId: 'demo-horizon-camille',
        email: 'camille@demo.wellbeing.local',
        name: 'Camille Dubois',
        roles: ['admin', 'contributor'],
        active: true,
        subscription: 'essentials',
        firstDayOfWork: '2019-09-02',
        tagIds: ['demo-dept-production', 'demo-office-bruxelles'],
      },
      {
        memberId: 'demo-horizon-sam',
        email: 'sam@demo.wellbeing.local',
        name: 'Sam Taylor',
        roles: ['contributor'],
        active: true,
        subscription: 'starter',
        firstDayOfWork: '2022-03-14',
        tagIds: ['demo-dept-production', 'demo-office-bruxelles'],
      },
      {
        memberId: 'demo-horizon-lotte',
        email: 'lotte@demo.wellbeing.local',
        name: 'Lotte Janssens',
        roles: ['contributor'],
        active: true,
        subscription: 'starter',
        firstDayOfWork: '2024-01-08',
        tagIds: ['demo-dept-production', 'demo-office-gand'],
      },
    ],
    synthetic: true,
    // Twenty Essentials licences: Camille and four of the synthetic members use one, Sam can be given one.
    licences: { essentials: 20 },
    essentialsMembers: 4,
    delegates: [
      {
        memberId: 'demo-horizon-jef',
        name: 'Jef Peeters',
        email: 'jef@demo.wellbeing.local',
        accessCode: 'HZ-1042',
      },
    ],
    thinkingAxes: {
      contributor: ['team-spirit', 'workload', 'recognition', 'support'],
      consumer: ['meaning', 'future'],
      // The office team asks about its own ways of working.
      sessions: { 'demo-horizon-bureau': ['team-spirit', 'autonomy', 'balance'] },
    },
    tags: [
      demoTag(
        'demo-dept-production',
        'department',
        { fr: 'Production', en: 'Production', nl: 'Productie' },
        1,
      ),
      demoTag('demo-dept-ventes', 'department', { fr: 'Ventes', en: 'Sales', nl: 'Verkoop' }, 2),
      demoTag('demo-office-bruxelles', 'office', { fr: 'Bruxelles', en: 'Brussels', nl: 'Brussel' }, 1),
      demoTag('demo-office-gand', 'office', { fr: 'Gand', en: 'Ghent', nl: 'Gent' }, 2),
    ],
    tagRules: [
      {
        selectionId: 'user_age',
        selection: {
          rules: [
            { condition: 'if', operator: '<', value: 25, tagIds: ['age-under-25'] },
            { condition: 'elseIf', operator: '<', value: 35, tagIds: ['age-25-34'] },
            { condition: 'elseIf', operator: '<', value: 45, tagIds: ['age-35-44'] },
            { condition: 'elseIf', operator: '<', value: 55, tagIds: ['age-45-54'] },
            { condition: 'else', tagIds: ['age-55-plus'] },
          ],
        },
      },
      {
        selectionId: 'member_seniority',
        selection: {
          rules: [
            { condition: 'if', operator: '<', value: 1, tagIds: ['seniority-under-1'] },
            { condition: 'elseIf', operator: '<', value: 5, tagIds: ['seniority-1-4'] },
            { condition: 'elseIf', operator: '<', value: 10, tagIds: ['seniority-5-9'] },
            { condition: 'else', tagIds: ['seniority-10-plus'] },
          ],
        },
      },
    ],
    // The workshop's own words: its people say "team" and "workshop lead", and it welcomes them so.
    contexts: [
      {
        name: { fr: 'L’Atelier', en: 'The Workshop', nl: 'Het Atelier' },
        description: {
          fr: 'Atelier Horizon fabrique du mobilier sur mesure à Bruxelles et à Gand : une soixantaine de personnes en production, à la vente et au bureau.',
          en: 'Atelier Horizon makes furniture to measure in Brussels and Ghent: some sixty people in production, sales and the office.',
          nl: 'Atelier Horizon maakt meubels op maat in Brussel en Gent: een zestigtal mensen in productie, verkoop en op kantoor.',
        },
        substitutions: {
          // The longer pairs keep French grammar: « du groupe » is « de l’équipe », not « du équipe ».
          fr: [
            { from: 'groupe', to: 'équipe' },
            { from: 'groupes', to: 'équipes' },
            { from: 'le groupe', to: 'l’équipe' },
            { from: 'du groupe', to: 'de l’équipe' },
            { from: 'un groupe', to: 'une équipe' },
            { from: 'aucun groupe', to: 'aucune équipe' },
            { from: 'responsable', to: 'chef d’atelier' },
          ],
          en: [
            { from: 'group', to: 'team' },
            { from: 'groups', to: 'teams' },
            { from: 'manager', to: 'workshop lead' },
          ],
          nl: [
            { from: 'groep', to: 'ploeg' },
            { from: 'groepen', to: 'ploegen' },
            { from: 'verantwoordelijke', to: 'ploegbaas' },
          ],
        },
        overrides: {
          sphereWelcome: {
            fr: 'Bienvenue à l’Atelier ! Dites-nous comment vous allez : vos réponses comptent dans les chiffres de votre équipe, jamais avec votre nom.',
            en: 'Welcome to the Workshop! Tell us how you are: your answers count in your team’s figures, never with your name.',
            nl: 'Welkom in het Atelier! Vertel ons hoe het met je gaat: je antwoorden tellen mee in de cijfers van je ploeg, nooit met je naam.',
          },
        },
        active: true,
      },
    ],
    // Production holds two teams; Camille runs the north team and is in it with Sam; Lotte is in
    // the south team. The showroom's visitors are a consumer session.
    sessions: [
      {
        session: group('demo-horizon-production', 'Production', 'Atelier', [], { childNumber: 1 }),
        members: [{ memberId: 'demo-horizon-camille', roles: ['owner'] }],
      },
      {
        session: group(
          'demo-horizon-nord',
          'Équipe Nord – ligne 2',
          'Équipe Nord',
          ['demo-horizon-production'],
          {
            childNumber: 1,
            subscription: 'essentials',
          },
        ),
        members: [
          { memberId: 'demo-horizon-camille', roles: ['owner', 'member'] },
          { memberId: 'demo-horizon-sam', roles: ['member'] },
        ],
      },
      {
        session: group(
          'demo-horizon-sud',
          'Équipe Sud – ligne 5',
          'Équipe Sud',
          ['demo-horizon-production'],
          {
            childNumber: 2,
          },
        ),
        members: [{ memberId: 'demo-horizon-lotte', roles: ['member'] }],
      },
      {
        session: group('demo-horizon-bureau', 'Bureau d’études', 'Bureau', [], {
          childNumber: 2,
          isLeaf: true,
        }),
        members: [{ memberId: 'demo-horizon-sam', roles: ['member'] }],
      },
      {
        session: {
          ...group('demo-horizon-showroom', 'Showroom – visiteurs', 'Visiteurs du showroom'),
          category: 'consumer',
          stepNumber: 0,
        },
        members: [{ memberId: 'demo-horizon-camille', roles: ['owner'] }],
      },
    ],
  },
  {
    owner: 'alex@demo.wellbeing.local',
    sphere: {
      sphereId: 'demo-clinique-tilleuls',
      name: 'Clinique des Tilleuls',
      category: 'healthcare',
      address: { city: 'Namur', postalCode: '5000', country: 'BE' },
      domains: [],
      isStudyProgram: true,
      isTerminalEnabled: true,
      customizableThinkingAxes: false,
      accessPolicy: 'AUTH',
      languages: { primary: 'en', extras: ['fr'] },
      limits: { ...DEFAULT_SPHERE_LIMITS },
      entitlements,
      sphereKey: 'demo-tilleuls-key',
    },
    members: [
      {
        memberId: 'demo-tilleuls-alex',
        email: 'alex@demo.wellbeing.local',
        name: 'Alex Martin',
        roles: ['admin', 'contributor'],
        active: true,
        subscription: 'essentials',
      },
    ],
    sessions: [
      {
        session: {
          ...group('demo-tilleuls-soins', 'Soins intensifs', 'Service A'),
          name: { en: 'Intensive care' },
        },
        members: [{ memberId: 'demo-tilleuls-alex', roles: ['owner', 'member'] }],
      },
    ],
  },
];

/** The sphere with its name key and owner, as `importSphere` takes it. */
export function demoSphereItem(demo: DemoSphere, ownerId: string) {
  return { ...demo.sphere, ownerId, nameKey: sphereNameKey(demo.sphere.name) };
}

/** A made-up member of Atelier Horizon: an account that never signs in, with a year of feelings in its team. */
export interface SyntheticPerson {
  userId: string;
  memberId: string;
  email: string;
  firstName: string;
  lastName: string;
  birthYear: number;
  gender: 'male' | 'female' | 'other';
  firstDayOfWork: string;
  /** Their team: one of Atelier Horizon's groups. */
  sessionId: string;
  /** Share of pleasant feelings on an ordinary day, and usual energy step. */
  pleasant: number;
  energy: number;
}

const FIRST_NAMES = [
  ['Amina', 'female'],
  ['Bram', 'male'],
  ['Chloé', 'female'],
  ['Dries', 'male'],
  ['Elif', 'female'],
  ['Florian', 'male'],
  ['Greet', 'female'],
  ['Hugo', 'male'],
  ['Inès', 'female'],
  ['Jonas', 'male'],
  ['Kenza', 'female'],
  ['Lucas', 'male'],
  ['Maëlle', 'female'],
  ['Nathan', 'male'],
  ['Oona', 'female'],
  ['Pieter', 'male'],
  ['Quinn', 'other'],
  ['Rania', 'female'],
  ['Sacha', 'other'],
  ['Thibault', 'male'],
] as const;
const LAST_NAMES = [
  'Peeters',
  'Lambert',
  'Maes',
  'Dupont',
  'Claes',
  'Leclercq',
  'Wouters',
  'Mertens',
  'Diallo',
  'Goossens',
];
const TEAMS = ['demo-horizon-nord', 'demo-horizon-sud', 'demo-horizon-bureau'] as const;

/**
 * Sixty synthetic members, twenty per team, the same on every run: enough people per group for
 * the organisation reports' privacy thresholds (8 per group), with ages, genders and seniority
 * spread so that the tag rules make groups too.
 */
export const SYNTHETIC_PEOPLE: readonly SyntheticPerson[] = Array.from({ length: 60 }, (_, i) => {
  const [firstName, gender] = FIRST_NAMES[i % FIRST_NAMES.length] as (typeof FIRST_NAMES)[number];
  const lastName = LAST_NAMES[(i * 7) % LAST_NAMES.length] as string;
  const n = String(i + 1).padStart(2, '0');
  return {
    userId: `demo-synthetic-${n}`,
    memberId: `demo-horizon-synthetic-${n}`,
    email: `membre${n}@demo.wellbeing.local`,
    firstName,
    lastName,
    birthYear: 1962 + ((i * 13) % 42),
    gender,
    firstDayOfWork: `${2008 + ((i * 5) % 18)}-${String(1 + ((i * 3) % 12)).padStart(2, '0')}-01`,
    sessionId: TEAMS[i % TEAMS.length] as string,
    pleasant: 0.45 + ((i * 17) % 30) / 100,
    energy: 3 + ((i * 11) % 5),
  };
});
