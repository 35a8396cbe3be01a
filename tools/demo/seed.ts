import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { createAccount, getAccount, patchUser } from '../../functions/users';
import { importGlobalMember } from '../../functions/users/seeding';
import { DEFAULT_LEGAL_DOCUMENTS } from '../../functions/legal/seeding';
import { listAcceptances, listLegalDocuments, saveAcceptances } from '../../functions/legal';
import { importFeelings, importManyFeelings, type NewFeeling } from '../../functions/feelings/seeding';
import {
  importAxes,
  importContextAxes,
  importManyThinkings,
  importThinkings,
} from '../../functions/thinkings/seeding';
import { heldTagIds, membersOf, pendingUserId } from '../../functions/spheres';
import {
  importAccessCode,
  importContexts,
  importLicencePast,
  importSphere,
  importTags,
} from '../../functions/spheres/seeding';
import { importSession } from '../../functions/sessions/seeding';
import {
  importEntitlements,
  importForms,
  importManySurveys,
  importSurveys,
} from '../../functions/forms/seeding';
import { DEMO_SPHERES, SYNTHETIC_PEOPLE, demoSphereItem, type SyntheticPerson } from './demo-spheres';
import { seedDemoStrategies } from './demo-strategies';
import { seedDemoCampaigns } from './demo-campaigns';
import { seedDemoCustomReport } from './demo-custom-report';
import { seedDemoGalaxies } from './demo-galaxies';
import { DEMO_AMBASSADOR, seedDemoPromotionCodes } from './demo-promotion-codes';
import {
  DEMO_SALES_UP_USER,
  DEMO_TERMINAL_ADMIN,
  DEMO_TERMINAL_SPHERE,
  seedDemoTerminals,
} from './demo-terminals';
import { demoFeelings, type DemoTemperament } from './demo-feelings';
import { DEMO_AXES, contributorThinkings, demoThinkings } from './demo-thinkings';
import { DEFAULT_THINKING_GROUP } from '@shared/domain/thinkings';
import { GOAL_RANKING_FORM_ID } from '@shared/contracts/goal-ranking';
import {
  DEMO_ENTITLEMENTS,
  DEMO_FORMS,
  demoBigFive,
  demoGoalRanking,
  demoSelfEsteem,
  demoWellbeingChecks,
  type DemoRespondent,
} from './demo-forms';
import type { LocalEndpoints } from '../local-stack/stack';

/** Runs `work` on every item, a few at a time (the local table takes parallel writes well). */
async function inBatches<T>(
  items: readonly T[],
  work: (item: T) => Promise<unknown>,
  size = 8,
): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/** A synthetic member's account: written once, with no sign-in identity (nobody signs in as them). */
async function ensureSyntheticAccount(person: SyntheticPerson): Promise<void> {
  if (await getAccount(person.userId)) return;
  await createAccount({
    userId: person.userId,
    email: person.email,
    firstName: person.firstName,
    locale: 'fr',
  });
  await patchUser(person.userId, {
    lastName: person.lastName,
    birthYear: person.birthYear,
    gender: person.gender,
  });
}

/**
 * About a feeling every three days for a year, all recorded in the person's team (contributor
 * feelings), without personal notes: what a sphere's reports count.
 */
function contributorFeelings(
  person: SyntheticPerson,
  sphereId: string,
  reportTagIds: readonly string[],
): NewFeeling[] {
  return demoFeelings(person.email, {
    pleasant: person.pleasant,
    energy: person.energy,
    goals: false,
    language: 'fr',
    place: { latitude: 50.8466, longitude: 4.3528 },
  })
    .filter((_, i) => i % 5 === 0)
    .map((f) => ({
      ...f,
      userId: person.userId,
      sphereId,
      sessionId: person.sessionId,
      // The groups its sphere's reports count it under: the member's tags (decision 0030).
      reportTagIds: [...reportTagIds],
      personalNotes: [],
    }));
}

/**
 * The demo questionnaires (written once), Atelier Horizon's entitlements to them, and answers: the
 * synthetic members' and the demo users' where the forms reach them, and the demo users' goal
 * rankings. Each person's answers to a form are written once, so it runs on every start.
 */
async function seedDemoForms(
  users: readonly DemoUser[],
  userIds: ReadonlyMap<string, string>,
): Promise<void> {
  await importForms(DEMO_FORMS);
  const horizon = DEMO_SPHERES.find((d) => d.synthetic);
  if (horizon && userIds.has(horizon.owner)) {
    const sphereId = horizon.sphere.sphereId;
    await importEntitlements(sphereId, DEMO_ENTITLEMENTS);
    const personalityTeams = DEMO_ENTITLEMENTS.find((e) => e.formId === 'demo-big-five')?.sessionIds ?? [];
    // The tags each member's surveys are recorded under (those its reports count them in).
    const tagged = new Map((await membersOf(sphereId)).map((m) => [m.userId, heldTagIds(m)]));
    const answersOf = (userId: string, respondent: DemoRespondent, teams: readonly string[]) => {
      const team = teams.find((t) => personalityTeams.includes(t));
      const tagIds = tagged.get(userId) ?? [];
      return [
        { userId, formId: 'demo-wellbeing-check', surveys: demoWellbeingChecks({ ...respondent, tagIds }) },
        { userId, formId: 'demo-self-esteem', surveys: demoSelfEsteem({ ...respondent, tagIds }) },
        ...(team
          ? [
              {
                userId,
                formId: 'demo-big-five',
                surveys: demoBigFive({ ...respondent, tagIds, sessionId: team }),
              },
            ]
          : []),
      ];
    };
    const answer = async (userId: string, respondent: DemoRespondent, teams: readonly string[]) => {
      await importManySurveys(answersOf(userId, respondent, teams));
    };
    // The synthetic members' answers, then their share of the rollups in one pass.
    await importManySurveys(
      SYNTHETIC_PEOPLE.flatMap((person) =>
        answersOf(person.userId, { seed: person.email, pleasant: person.pleasant, sphereId, direct: true }, [
          person.sessionId,
        ]),
      ),
    );
    // The demo users of the sphere answer where the forms reach them: the sphere-wide forms need
    // Essentials, the personality form comes through an Essentials team.
    for (const member of horizon.members) {
      const user = users.find((u) => u.email === member.email);
      const userId = userIds.get(member.email);
      if (!user || !userId) continue;
      const teams = (horizon.sessions ?? [])
        .filter((s) => s.members.some((m) => m.memberId === member.memberId && m.roles.includes('member')))
        .filter((s) => s.session.subscription !== 'starter' || user.subscription !== 'starter')
        .map((s) => s.session.sessionId);
      const respondent = { seed: user.email, pleasant: user.temperament?.pleasant ?? 0.5, sphereId };
      if (user.subscription && user.subscription !== 'starter') await answer(userId, respondent, teams);
      else if (teams.some((t) => personalityTeams.includes(t)))
        await importSurveys(
          userId,
          'demo-big-five',
          demoBigFive({
            ...respondent,
            tagIds: tagged.get(userId) ?? [],
            sessionId: teams.find((t) => personalityTeams.includes(t)),
          }),
        );
    }
  }
  // The goal-ranking form ships with the product: Essentials users have ranked their goals.
  for (const user of users) {
    const userId = userIds.get(user.email);
    if (userId && user.subscription && user.subscription !== 'starter')
      await importSurveys(userId, GOAL_RANKING_FORM_ID, demoGoalRanking(user.email));
  }
}

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  locale: 'fr' | 'en' | 'nl';
  /** A password the user can also sign in with; without one, codes only (like a new account). */
  password?: string;
  subscription?: 'starter' | 'essentials' | 'premium';
  /** Profile facts the spheres' tag rules read. */
  birthYear?: number;
  gender?: 'male' | 'female' | 'other';
  /** Global roles (spec 01 §6), such as super-admin. */
  globalRoles?: readonly string[];
  /** How their year of demo feelings leans (none: no feelings). */
  temperament?: Omit<DemoTemperament, 'language'>;
}

/** Demo users of the local stack: each signs in with an email code read from the outbox. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'camille@demo.wellbeing.local',
    birthYear: 1988,
    gender: 'female',
    firstName: 'Camille',
    lastName: 'Dubois',
    locale: 'fr',
    // A password too: the campaign browser tests sign her in with it, sparing her address's codes.
    password: 'Wellbeing1',
    subscription: 'essentials',
    temperament: { pleasant: 0.62, energy: 5, goals: true, place: { latitude: 50.8466, longitude: 4.3528 } },
  },
  {
    email: 'alex@demo.wellbeing.local',
    birthYear: 1979,
    gender: 'other',
    firstName: 'Alex',
    lastName: 'Martin',
    locale: 'en',
    // A password too: the forms browser test signs him in with it, sparing the codes of his address.
    password: 'Wellbeing1',
    subscription: 'premium',
    globalRoles: ['super-admin'],
    temperament: { pleasant: 0.58, energy: 6, goals: true, place: { latitude: 50.4674, longitude: 4.8718 } },
  },
  {
    email: 'sam@demo.wellbeing.local',
    birthYear: 1997,
    gender: 'male',
    firstName: 'Sam',
    lastName: 'Taylor',
    locale: 'en',
    password: 'Wellbeing1',
    subscription: 'starter',
    temperament: { pleasant: 0.5, energy: 6, goals: false, place: { latitude: 51.0543, longitude: 3.7174 } },
  },
  {
    email: 'lotte@demo.wellbeing.local',
    birthYear: 2002,
    gender: 'female',
    firstName: 'Lotte',
    lastName: 'Janssens',
    locale: 'nl',
    subscription: 'starter',
    temperament: { pleasant: 0.55, energy: 4, goals: false, place: { latitude: 51.2194, longitude: 4.4025 } },
  },
  // Boulangerie Soleil's admin and its Sales-Up member, who sets up its terminals
  // (tools/demo/demo-terminals.ts).
  {
    email: DEMO_TERMINAL_ADMIN,
    birthYear: 1983,
    gender: 'female',
    firstName: 'Inès',
    lastName: 'Lambert',
    locale: 'fr',
    password: 'Wellbeing1',
    subscription: 'starter',
  },
  {
    email: DEMO_SALES_UP_USER,
    birthYear: 1996,
    gender: 'male',
    firstName: 'Théo',
    lastName: 'Renard',
    locale: 'en',
    password: 'Wellbeing1',
    subscription: 'starter',
  },
  // On Essentials and in no sphere yet, with an address of Atelier Horizon's domain: the browser
  // tests' person for the life compass and for joining a sphere and assessing its strategy.
  {
    email: 'nora@demo.wellbeing.local',
    birthYear: 1991,
    gender: 'female',
    firstName: 'Nora',
    lastName: 'Willems',
    locale: 'en',
    subscription: 'essentials',
  },
  // An ambassador (spec 01 §6) with two promotion codes of his own (tools/demo/demo-promotion-codes.ts).
  {
    email: DEMO_AMBASSADOR,
    birthYear: 1985,
    gender: 'male',
    firstName: 'Hugo',
    lastName: 'Peeters',
    locale: 'fr',
    password: 'Wellbeing1',
    subscription: 'starter',
    globalRoles: ['ambassador'],
  },
  // On Starter, in no sphere: buys Essentials by card on the local checkout (decision 0051; the
  // local Stripe's pages, tests/e2e/payments.spec.ts).
  {
    email: 'jules@demo.wellbeing.local',
    birthYear: 1994,
    gender: 'male',
    firstName: 'Jules',
    lastName: 'Dupont',
    locale: 'fr',
    password: 'Wellbeing1',
    subscription: 'starter',
  },
];

export interface SeedReport {
  /** Emails of the users created by this run. */
  created: string[];
  /** Emails of the users that were already there (left as they were). */
  existing: string[];
}

function cognitoClient(auth: LocalEndpoints['auth']): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: auth.endpoint,
    region: auth.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** The user's `sub` (our userId) in the local pool, creating the user if needed. */
async function ensurePoolUser(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  user: DemoUser,
): Promise<{ userId: string; created: boolean }> {
  try {
    const found = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.email }),
    );
    const sub = found.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? found.Username;
    if (!sub) throw new Error(`The local pool answered no sub for ${user.email}`);
    return { userId: sub, created: false };
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
  const { User } = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: user.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: user.firstName },
        { Name: 'family_name', Value: user.lastName },
        { Name: 'locale', Value: user.locale },
      ],
    }),
  );
  const sub = User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? User?.Username;
  if (!sub) throw new Error(`The local pool created ${user.email} without a sub`);
  return { userId: sub, created: true };
}

/** Demo users have accepted version 1 of each legal document (an existing acceptance is kept). */
async function acceptDefaultLegalDocuments(userId: string, lang: DemoUser['locale']): Promise<void> {
  const accepted = await listAcceptances(userId);
  const missing = DEFAULT_LEGAL_DOCUMENTS.filter(
    (d) => !accepted.some((a) => a.documentType === d.documentType && a.version === d.version),
  );
  await saveAcceptances(
    userId,
    missing.map((d) => ({ ...d, lang })),
  );
}

/**
 * Creates the demo users in the local user pool and their accounts in the table; a user or
 * account already there is left alone, so it can run on every start. The handlers' environment
 * (TABLE_NAME, DYNAMODB_ENDPOINT) must point at the stack's table (see configureHandlers).
 */
export async function seedDemoData(
  endpoints: Pick<LocalEndpoints, 'auth'>,
  users: readonly DemoUser[] = DEMO_USERS,
): Promise<SeedReport> {
  const cognito = cognitoClient(endpoints.auth);
  const report: SeedReport = { created: [], existing: [] };
  // Version 1 of each legal document, in every language (published when missing).
  await listLegalDocuments();
  // The thinking catalogue, written once (an edited catalogue is kept).
  await importAxes(DEMO_AXES);
  const userIds = new Map<string, string>();
  try {
    for (const user of users) {
      const { userId, created: poolUserCreated } = await ensurePoolUser(
        cognito,
        endpoints.auth.userPoolId,
        user,
      );
      let accountCreated = false;
      if (!(await getAccount(userId))) {
        await createAccount({ userId, email: user.email, firstName: user.firstName, locale: user.locale });
        await patchUser(userId, {
          lastName: user.lastName,
          ...(user.birthYear ? { birthYear: user.birthYear } : {}),
          ...(user.gender ? { gender: user.gender } : {}),
        });
        accountCreated = true;
      }
      await acceptDefaultLegalDocuments(userId, user.locale);
      // A demo password is (re)set until the account records one, so older local data gets it too.
      if (user.password !== undefined && !(await getAccount(userId))?.user.hasPassword) {
        await cognito.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: endpoints.auth.userPoolId,
            Username: user.email,
            Password: user.password,
            Permanent: true,
          }),
        );
        await patchUser(userId, { hasPassword: true });
      }
      if (user.subscription) await patchUser(userId, { subscription: user.subscription });
      if (user.globalRoles) {
        await patchUser(userId, { globalRoles: [...user.globalRoles] });
        // Listed on the global members page too (once: a membership already there is kept).
        await importGlobalMember({
          userId,
          email: user.email,
          name: `${user.firstName} ${user.lastName}`,
          roles: [...user.globalRoles],
        });
      }
      // A year of feelings, written once (a user who already has feelings keeps them).
      if (user.temperament)
        await importFeelings(
          userId,
          demoFeelings(user.email, { ...user.temperament, language: user.locale }).map((f) => ({
            ...f,
            userId,
          })),
        );
      // About a thinking a week for those whose subscription includes thinking.
      if (user.temperament && user.subscription && user.subscription !== 'starter')
        await importThinkings(userId, demoThinkings(user.email, user.locale));
      userIds.set(user.email, userId);
      (poolUserCreated || accountCreated ? report.created : report.existing).push(user.email);
    }
    // The demo spheres and their members, written once, among the users seeded here.
    for (const demo of [...DEMO_SPHERES, DEMO_TERMINAL_SPHERE]) {
      const ownerId = userIds.get(demo.owner);
      if (!ownerId) continue;
      const synthetic = demo.synthetic ? SYNTHETIC_PEOPLE : [];
      await inBatches(synthetic, ensureSyntheticAccount);
      const members = [
        ...demo.members.flatMap(({ email, ...member }) => {
          const userId = userIds.get(email);
          return userId ? [{ ...member, email, userId }] : [];
        }),
        ...synthetic.map((p, index) => ({
          memberId: p.memberId,
          userId: p.userId,
          email: p.email,
          name: `${p.firstName} ${p.lastName}`,
          roles: ['contributor' as const],
          active: true,
          subscription:
            index < (demo.essentialsMembers ?? 0) ? ('essentials' as const) : ('starter' as const),
          firstDayOfWork: p.firstDayOfWork,
        })),
        // Waiting for their person, who enters with an access code (decision 0029).
        ...(demo.delegates ?? []).map((d) => ({
          memberId: d.memberId,
          userId: pendingUserId(d.email),
          email: d.email,
          name: d.name,
          roles: ['contributor' as const],
          active: false,
          inactiveReason: 'no-user' as const,
          lowSecurityAccessEnabled: true,
          subscription: 'starter' as const,
        })),
      ];
      const created = await importSphere(demoSphereItem(demo, ownerId), members, demo.licences);
      if (!created) continue;
      for (const d of demo.delegates ?? [])
        await importAccessCode(demo.sphere.sphereId, d.memberId, d.accessCode);
      // Its groups and sessions, with the demo users (and the synthetic members) among their members.
      for (const { session, members: inSession } of demo.sessions ?? []) {
        const listed = [
          ...inSession,
          ...synthetic
            .filter((p) => p.sessionId === session.sessionId)
            .map((p) => ({ memberId: p.memberId, roles: ['member' as const] })),
        ];
        const people = listed.flatMap(({ memberId, roles }) => {
          const member = members.find((m) => m.memberId === memberId);
          return member
            ? [
                {
                  memberId,
                  roles,
                  userId: member.userId,
                  name: member.name,
                  email: member.email,
                  sphereId: demo.sphere.sphereId,
                  category: session.category,
                  // The demo's member roles are the import's, not given by anyone to themselves
                  // through their own right: each demo member reads the group's report (decision
                  // 0012), Camille her north team's among them.
                  ...(roles.includes('member') ? { memberSelfGranted: false } : {}),
                },
              ]
            : [];
        });
        await importSession({ ...session, sphereId: demo.sphere.sphereId, archived: false }, people);
      }
      // Its tags and tag rules (the rules tag the members by age and seniority).
      if (demo.tags || demo.tagRules)
        await importTags(
          demo.sphere.sphereId,
          (demo.tags ?? []).map(({ demoId, ...tag }) => ({ ...tag, tagId: demoId })),
          demo.tagRules ?? [],
        );
      // Its contexts: the active one puts its members' texts in the sphere's own words.
      if (demo.contexts) await importContexts(demo.sphere.sphereId, demo.contexts);
      // The thinking axes it asks, and those a group asks instead.
      if (demo.thinkingAxes) {
        const { sessions = {}, ...categories } = demo.thinkingAxes;
        await importContextAxes([
          ...Object.entries(categories).map(([listKey, axisIds]) => ({
            scope: 'sphere' as const,
            ownerId: demo.sphere.sphereId,
            listKey,
            axisIds,
          })),
          ...Object.entries(sessions).map(([ownerId, axisIds]) => ({
            scope: 'session' as const,
            ownerId,
            listKey: DEFAULT_THINKING_GROUP,
            axisIds,
          })),
        ]);
      }
      // A year of the synthetic members' feelings in their team, for the organisation's figures.
      const tagged = new Map((await membersOf(demo.sphere.sphereId)).map((m) => [m.memberId, heldTagIds(m)]));
      await importManyFeelings(
        synthetic.map((person) => ({
          userId: person.userId,
          feelings: contributorFeelings(person, demo.sphere.sphereId, tagged.get(person.memberId) ?? []),
        })),
      );
      // And their thinkings in their team, on the statements the sphere (or the team) asks.
      const asked = demo.thinkingAxes?.contributor ?? [];
      if (asked.length)
        await importManyThinkings(
          synthetic.map((person) => ({
            userId: person.userId,
            thinkings: contributorThinkings(
              {
                email: person.email,
                sphereId: demo.sphere.sphereId,
                sessionId: person.sessionId,
                reportTagIds: tagged.get(person.memberId) ?? [],
              },
              // A team that asks its own statements is answered on those.
              demo.thinkingAxes?.sessions?.[person.sessionId] ?? asked,
            ),
          })),
        );
    }
    // Atelier Horizon's Essentials licences over the last months: the count raised twice, given by turns.
    await importLicencePast('demo-atelier-horizon', 'essentials', [
      { daysAgo: 150, count: 10, given: 2 },
      { daysAgo: 110, given: 1 },
      { daysAgo: 60, count: 20, given: 1 },
      { daysAgo: 20, given: 1 },
    ]);
    await seedDemoForms(users, userIds);
    // Camille's life compass, Atelier Horizon's strategy and its north team's, and their assessments.
    await seedDemoStrategies(userIds);
    // Boulangerie Soleil's counter kiosk and a few of its visitors' answers.
    await seedDemoTerminals(userIds);
    // Atelier Horizon's Pulse campaign: a cycle collected with its members' answers, one collecting, its link.
    await seedDemoCampaigns(userIds);
    // Atelier Horizon's year in a custom report of two parts and twenty cards, rendered once.
    await seedDemoCustomReport(userIds);
    // Groupe Horizon: Atelier Horizon and Boulangerie Soleil under one set of quotas, Camille its admin.
    await seedDemoGalaxies(userIds);
    // Hugo's promotion codes, made today: valid until midnight in Brussels.
    await seedDemoPromotionCodes(userIds);
  } finally {
    cognito.destroy();
  }
  return report;
}
