import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SubscriptionsReport } from '@shared/contracts/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import WebSocket from 'ws';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { licenceDayOf } from '@shared/domain/licence-history';
import { enqueueNotification } from '../../functions/lib/queue';
import { publish } from '../../functions/realtime';
import { localS3Client } from '../../tools/local-stack/s3';
import { DEMO_USERS, seedDemoData, type DemoUser } from '../../tools/demo/seed';
import type { CustomReportDetail, ReportPartDetail } from '@shared/contracts/custom-reports';
import type { FormReport } from '@shared/contracts/form-reports';
import type { StrategyReport } from '@shared/contracts/strategy-reports';
import type { CampaignReport } from '@shared/contracts/campaign-reports';
import { rebuildSphereCampaignRollups } from '../../functions/campaigns';
import type { SphereReport, ThinkingReport } from '@shared/contracts/reports';
import { rebuildSphereFormRollups } from '../../functions/forms';
import { rebuildSphereStrategyRollups } from '../../functions/strategies';
import { rebuildSphereThinkingRollups } from '../../functions/thinkings';
import { rebuildSphereRollups } from '../../functions/feelings';
import { feelingsDb } from '../../functions/feelings/store';
import { formsDb } from '../../functions/forms/store';
import { mailTo } from '../../tools/local-stack/ses';
import { freePort } from '../../tools/local-stack/net';
import { localSqsClient } from '../../tools/local-stack/sqs';
import { eventually, startTestStack, type TestStack, type Tokens } from './harness';

/** Opens a WebSocket; resolves with the socket once open, or with the HTTP status that refused it. */
function connect(url: string): Promise<{ socket?: WebSocket; refusedWith?: number }> {
  return new Promise((resolveConnect, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolveConnect({ socket }));
    socket.once('unexpected-response', (_req, res) => {
      resolveConnect({ refusedWith: res.statusCode });
      socket.terminate();
    });
    socket.once('error', (error) => reject(error));
  });
}

describe('local stack', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  describe('REST gateway', () => {
    it('answers 404 not-found on a route that is not in the contracts', async () => {
      const answer = await stack.api('/v1/nothing-here');
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ key: 'not-found' });
    });

    it('answers the CORS preflight of the API', async () => {
      const response = await fetch(`${stack.endpoints.api}/v1/me`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://127.0.0.1:5173',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization,x-language,x-source,x-super-admin',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-headers')).toContain('x-super-admin');
    });

    it('refuses GET /v1/me without a token and with a forged one: 401', async () => {
      expect((await stack.api('/v1/me')).status).toBe(401);
      const { privateKey } = await generateKeyPair('RS256');
      const forged = await new SignJWT({
        sub: 'someone',
        token_use: 'access',
        client_id: stack.endpoints.auth.clientId,
        scope: 'aws.cognito.signin.user.admin',
        username: 'someone',
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
        .setIssuer(stack.services.issuer)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);
      const answer = await stack.api('/v1/me', { token: forged });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: 'Unauthorized' });
    });

    it('serves GET /v1/me to a user signed in with an email code, not to their id token', async () => {
      const tokens = await stack.signInWithCode('camille.rest@example.be', { firstName: 'Camille' });
      const me = await stack.api<{ userId: string; profile: { firstName: string } }>('/v1/me', {
        token: tokens.accessToken,
      });
      expect(me.status).toBe(200);
      expect(me.body.userId).toBe(decodeJwt(tokens.accessToken).sub);
      expect(me.body.profile.firstName).toBe('Camille');
      expect((await stack.api('/v1/me', { token: `Bearer ${tokens.accessToken}` })).status).toBe(200);
      expect((await stack.api('/v1/me', { token: tokens.idToken })).status).toBe(401);
    });
  });

  describe('demo data', () => {
    // The seed writes sixty members with a year of feelings, forms, strategies, campaigns and a
    // rendered report: over a minute alone, and more beside other test files on two cores.
    it('seeds the demo users once, and each signs in with an email code to their account', async () => {
      const first = await seedDemoData(stack.endpoints);
      expect(first.created).toEqual(DEMO_USERS.map((u) => u.email));
      const second = await seedDemoData(stack.endpoints);
      expect(second).toEqual({ created: [], existing: DEMO_USERS.map((u) => u.email) });
      const lotte = DEMO_USERS.find((u) => u.locale === 'nl') as DemoUser;
      const tokens = await stack.signInWithCode(lotte.email);
      const me = await stack.api<{ profile: { firstName: string; lastName: string; locale: string } }>(
        '/v1/me',
        {
          token: tokens.accessToken,
        },
      );
      expect(me.status).toBe(200);
      expect(me.body.profile).toMatchObject({ firstName: 'Lotte', lastName: 'Janssens', locale: 'nl' });
      // A demo user with a password is offered password sign-in; the others sign in with codes only.
      for (const user of DEMO_USERS) {
        const answer = await stack.api<{ methods: string[] }>('/users/sign-in', {
          method: 'POST',
          body: { email: user.email },
        });
        expect(answer.body.methods).toEqual(user.password ? ['code', 'password'] : ['code']);
      }
      expect(DEMO_USERS.some((u) => u.password)).toBe(true);
    }, 300_000);

    it('gives the demo users a year of feelings (written once), one Essentials user with goals and one starter', async () => {
      expect(DEMO_USERS.map((u) => u.subscription)).toEqual(
        expect.arrayContaining(['essentials', 'starter']),
      );
      const camille = DEMO_USERS.find((u) => u.subscription === 'essentials') as DemoUser;
      const tokens = await stack.signInWithCode(camille.email);
      const today = new Date().toISOString().slice(0, 10);
      const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
      const list = await stack.api<{ count: number }>('/v1/feelings?_max=1', { token: tokens.accessToken });
      expect(list.body.count).toBeGreaterThan(400);
      const report = await stack.api<{
        count: number;
        activeDays: number;
        colors: Record<string, number>;
        goals: unknown[];
        topWords: unknown[];
      }>('/v1/feelings/myself-reports', {
        method: 'POST',
        token: tokens.accessToken,
        body: { start: yearAgo, end: today },
      });
      expect(report.body.activeDays).toBeGreaterThan(250);
      for (const color of ['yellow', 'green', 'red', 'blue'])
        expect(report.body.colors[color]).toBeGreaterThan(10);
      expect(report.body.goals.length).toBeGreaterThan(2);
      expect(report.body.topWords).toHaveLength(10);
      // The summaries add up to the feelings (the import wrote both).
      expect(report.body.count).toBeLessThanOrEqual(list.body.count);
      expect(list.body.count - report.body.count).toBeLessThan(10);
      await seedDemoData(stack.endpoints);
      const again = await stack.api<{ count: number }>('/v1/feelings?_max=1', { token: tokens.accessToken });
      expect(again.body.count).toBe(list.body.count);
    });

    it('gives the Essentials user about a thinking a week on the catalogue’s personal axes, and a super-admin manages the catalogue', async () => {
      const camille = DEMO_USERS.find((u) => u.subscription === 'essentials') as DemoUser;
      const tokens = await stack.signInWithCode(camille.email);
      const axes = await stack.api<{ items: { id: string }[] }>(
        '/v1/thinkings/definitions/axes?module=myself',
        {
          token: tokens.accessToken,
        },
      );
      expect(axes.body.items.length).toBeGreaterThanOrEqual(5);
      const thinkings = await stack.api<{ count: number; items: { axes: { id: string }[] }[] }>(
        '/v1/thinkings',
        { token: tokens.accessToken },
      );
      expect(thinkings.body.count).toBeGreaterThan(30);
      const offered = new Set(axes.body.items.map((a) => a.id));
      for (const thinking of thinkings.body.items)
        for (const answer of thinking.axes) expect(offered.has(answer.id)).toBe(true);
      const superAdmin = DEMO_USERS.find((u) => u.globalRoles?.includes('super-admin')) as DemoUser;
      const adminTokens = await stack.signInWithCode(superAdmin.email);
      const facets = await stack.api('/v1/thinkings/definitions/axes/facets', {
        token: adminTokens.accessToken,
        headers: { 'x-super-admin': 'true' },
      });
      expect(facets.status).toBe(200);
    });

    it('puts Sam in Atelier Horizon as a contributor, and keeps Clinique des Tilleuls out of his sight', async () => {
      const sam = DEMO_USERS.find((u) => u.email.startsWith('sam@')) as DemoUser;
      const tokens = await stack.signInWithCode(sam.email);
      const me = await stack.api<{ spheres: { id: string; name: string; roles: string[] }[] }>('/v1/me', {
        token: tokens.accessToken,
      });
      expect(me.body.spheres).toEqual([
        expect.objectContaining({
          id: 'demo-atelier-horizon',
          name: 'Atelier Horizon',
          roles: ['contributor'],
        }),
      ]);
      expect(
        (await stack.api('/v1/spheres/demo-atelier-horizon', { token: tokens.accessToken })).status,
      ).toBe(200);
      const hidden = await stack.api('/v1/spheres/demo-clinique-tilleuls', { token: tokens.accessToken });
      expect(hidden.status).toBe(403);
      // A contributor may not change the sphere's settings.
      const put = await stack.api('/v1/spheres/demo-atelier-horizon', {
        method: 'PUT',
        token: tokens.accessToken,
        body: {
          name: 'Mine now',
          category: 'company',
          address: { country: 'BE' },
          languages: { primary: 'fr', extras: ['en', 'nl'] },
          updateDate: new Date().toISOString(),
        },
      });
      expect(put.status).toBe(403);
      // His groups, by the names members see; the group of Clinique des Tilleuls stays out of reach.
      const groups = await stack.api<{ items: { id: string; name: string; roles: string[] }[] }>(
        '/v1/me/sessions',
        {
          token: tokens.accessToken,
        },
      );
      expect(groups.body.items.map((s) => [s.name, s.roles])).toEqual([
        ['Bureau', ['member']],
        ['Équipe Nord', ['member']],
      ]);
      expect(
        (await stack.api('/v1/sessions/demo-tilleuls-soins', { token: tokens.accessToken })).status,
      ).toBe(403);
      expect((await stack.api('/v1/sessions/demo-horizon-sud', { token: tokens.accessToken })).status).toBe(
        403,
      );
    });
    // Camille signs in once for the checks of her sphere (sign-in codes are limited per address).
    let camilleTokens: Tokens | undefined;
    const camilleSignedIn = async () =>
      (camilleTokens ??= await stack.signInWithCode('camille@demo.wellbeing.local'));
    // Signed in once: codes asked again and again for one address are slowed down.
    let samTokens: Tokens | undefined;
    const samSignedIn = async () => (samTokens ??= await stack.signInWithCode('sam@demo.wellbeing.local'));

    it('puts Atelier Horizon and Boulangerie Soleil in Groupe Horizon, Camille its admin, its members’ quota past its alert and her request pending', async () => {
      const tokens = await camilleSignedIn();
      const me = await stack.api<{ galaxies: { id: string; name: string }[] }>('/v1/me', {
        token: tokens.accessToken,
      });
      expect(me.body.galaxies).toEqual([expect.objectContaining({ name: 'Groupe Horizon' })]);
      const galaxyId = me.body.galaxies[0]!.id;
      const spheres = await stack.api<{ items: { name: string }[] }>(`/v1/galaxies/${galaxyId}/spheres`, {
        token: tokens.accessToken,
      });
      expect(spheres.body.items.map((s) => s.name)).toEqual(['Atelier Horizon', 'Boulangerie Soleil']);
      const quotas = await stack.api<{ kind: string; state: string; usage: number }[]>(
        `/v1/galaxies/${galaxyId}/quotas`,
        { token: tokens.accessToken },
      );
      expect(quotas.body.find((q) => q.kind === 'engagement-up-members')).toMatchObject({ state: 'alert' });
      expect(quotas.body.find((q) => q.kind === 'spheres')).toMatchObject({ usage: 2 });
      const superAdmin = DEMO_USERS.find((u) => u.globalRoles?.includes('super-admin')) as DemoUser;
      const adminTokens = await stack.signInWithCode(superAdmin.email);
      const pending = await stack.api<{ items: { galaxyName: string; status: string }[] }>(
        '/v1/quota-requests',
        {
          token: adminTokens.accessToken,
          headers: { 'x-super-admin': 'true' },
        },
      );
      expect(pending.body.items).toEqual([
        expect.objectContaining({ galaxyName: 'Groupe Horizon', status: 'pending' }),
      ]);
      // The demo's super-admin is on the global members page.
      const vips = await stack.api<{ items: { email: string; roles: string[] }[] }>('/v1/global/members', {
        token: adminTokens.accessToken,
        headers: { 'x-super-admin': 'true' },
      });
      const ambassador = DEMO_USERS.find((u) => u.globalRoles?.includes('ambassador')) as DemoUser;
      expect(vips.body.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ email: superAdmin.email, roles: ['super-admin'] }),
          expect.objectContaining({ email: ambassador.email, roles: ['ambassador'] }),
        ]),
      );
      expect(vips.body.items).toHaveLength(2);
    });

    it('gives Atelier Horizon five months of Essentials licences: the count raised from 10 to 20, given by turns', async () => {
      const tokens = await camilleSignedIn();
      const day = (n: number) => licenceDayOf(new Date(Date.now() - n * 86_400_000).toISOString());
      const report = await stack.api<{
        licences: { tier: string; count: number; used: number }[];
        series: { tier: string; points: { day: string; count: number; used: number }[] }[];
      }>(`/v1/spheres/demo-atelier-horizon/subscriptions/report?from=${day(200)}&interval=day`, {
        token: tokens.accessToken,
      });
      expect(report.status).toBe(200);
      const now = report.body.licences.find((l) => l.tier === 'essentials')!;
      const points = new Map(
        report.body.series.find((s) => s.tier === 'essentials')!.points.map((p) => [p.day, p]),
      );
      expect(points.get(day(200))).toMatchObject({ count: 0, used: 0 });
      expect(points.get(day(100))).toMatchObject({ count: 10, used: 3 });
      expect(points.get(day(30))).toMatchObject({ count: 20, used: 4 });
      expect(points.get(day(0))).toMatchObject({ count: now.count, used: now.used });
      expect(now).toMatchObject({ count: 20 });
      expect(now.used).toBeGreaterThanOrEqual(5);
    });

    it('gives the demo ambassador two numbered promotion codes of his own, valid on the day they were made', async () => {
      const hugo = DEMO_USERS.find((u) => u.globalRoles?.includes('ambassador')) as DemoUser;
      const tokens = await stack.signInWithCode(hugo.email);
      const codes = await stack.api<{
        count: number;
        items: { code: string; number: number; name: string; count: number; used: number; validOn: string }[];
      }>('/users/subscriptions/promotion-codes', { token: tokens.accessToken });
      expect(codes.status).toBe(200);
      expect(codes.body.count).toBe(2);
      expect(codes.body.items.map((c) => c.name).sort()).toEqual(
        ['Conférence RH Namur', 'Salon Bien-être au travail'].sort(),
      );
      for (const code of codes.body.items) expect(code.code).toMatch(/^P\d{4,}-[A-Z2-9]{5}$/);
      expect(new Set(codes.body.items.map((c) => c.number)).size).toBe(2);
      // Lotte redeemed one: the code counts her, and the super-admins' report of plans counts a code
      // redeemed and a free month running, naming nobody.
      expect(codes.body.items.reduce((sum, c) => sum + c.used, 0)).toBe(1);
      // Nobody else sees them: the super-admin's own list (outside the super-admin mode) is refused.
      const superAdmin = DEMO_USERS.find((u) => u.globalRoles?.includes('super-admin')) as DemoUser;
      const alex = await stack.signInWithCode(superAdmin.email);
      expect(
        (await stack.api('/users/subscriptions/promotion-codes', { token: alex.accessToken })).status,
      ).toBe(403);
      const report = await stack.api<SubscriptionsReport>('/v1/users/subscriptions/report', {
        token: alex.accessToken,
        headers: { 'x-super-admin': 'true' },
      });
      expect(report.status).toBe(200);
      expect(report.body.holders.freeMonth).toBe(1);
      expect(report.body.periods.reduce((sum, p) => sum + p.counts['code-redeemed'], 0)).toBe(1);
      expect(report.body.codes.map((c) => [c.ambassadorName, c.used]).sort()).toEqual([
        ['Hugo Peeters', 0],
        ['Hugo Peeters', 1],
      ]);
    });

    it('gives Atelier Horizon its tags and tag rules: its members are tagged by hand and by age and seniority', async () => {
      const camille = await camilleSignedIn();
      const tags = await stack.api<{ items: { id: string; autoTag: boolean }[] }>(
        '/v1/spheres/demo-atelier-horizon/tags?archived=false',
        { token: camille.accessToken },
      );
      expect(tags.body.items.map((t) => t.id)).toEqual(
        expect.arrayContaining(['demo-dept-production', 'demo-office-gand', 'age-25-34', 'seniority-5-9']),
      );
      expect(tags.body.items.find((t) => t.id === 'age-25-34')?.autoTag).toBe(true);
      const members = await stack.api<{ items: { name: string; tagIds: string[]; autoTagIds: string[] }[] }>(
        '/v1/spheres/demo-atelier-horizon/members?q=lotte',
        { token: camille.accessToken },
      );
      const lotte = members.body.items[0];
      expect(lotte?.tagIds).toEqual(['demo-dept-production', 'demo-office-gand']);
      // Born in 2002, at Atelier Horizon since January 2024.
      const age = new Date().getUTCFullYear() - 2002;
      expect(lotte?.autoTagIds).toEqual([age < 25 ? 'age-under-25' : 'age-25-34', 'seniority-1-4']);
    });

    it('gives Atelier Horizon an active context: its members read the sphere’s own words', async () => {
      const camille = await camilleSignedIn();
      const contexts = await stack.api<{
        items: {
          name: { fr?: string };
          active: boolean;
          substitutions: { fr?: { from: string; to: string }[] };
        }[];
      }>('/v1/spheres/demo-atelier-horizon/contexts?active=true', { token: camille.accessToken });
      expect(contexts.status).toBe(200);
      expect(contexts.body.items).toEqual([
        expect.objectContaining({ name: expect.objectContaining({ fr: 'L’Atelier' }), active: true }),
      ]);
      expect(contexts.body.items[0]?.substitutions.fr).toContainEqual({ from: 'groupe', to: 'équipe' });
    });

    it('lets Jef enter the demo campaign with his staff number alone', async () => {
      const page = await stack.api<{ label: Record<string, string> }>(
        '/v1/campaigns/demo-horizon-pulse/delegation',
      );
      expect(page.status).toBe(200);
      expect(page.body.label).toMatchObject({ fr: 'Matricule', en: 'Staff number' });
      const entry = await stack.api<{ oneTime: boolean }>('/users/guests', {
        method: 'POST',
        body: {
          link: 'http://localhost/demo',
          delegation: { accessCode: 'HZ-1042', campaignId: 'demo-horizon-pulse' },
        },
      });
      expect(entry.status).toBe(201);
      expect(entry.body.oneTime).toBe(true);
    });

    it('gives the demo campaign results: its autumn cycle, stopped, shows its feelings and its team theme', async () => {
      const camille = await camilleSignedIn();
      const answer = await stack.api<CampaignReport>('/v1/campaigns/demo-horizon-pulse/reports', {
        method: 'POST',
        token: camille.accessToken,
        body: {},
      });
      expect(answer.status).toBe(200);
      const autumn = answer.body.cycles.find((c) => c.cycleId === 'demo-horizon-pulse-autumn');
      expect(autumn?.ready).toBe(true);
      const shown = autumn?.steps.filter((s) => s.figure.shown) ?? [];
      expect(shown.map((s) => s.kind)).toEqual(expect.arrayContaining(['feeling', 'questions']));
      expect(shown.find((s) => s.kind === 'feeling')?.figure).toMatchObject({ people: expect.any(Number) });
      // The winter cycle still collects: no figure moves under the eyes of its readers.
      expect(answer.body.cycles.find((c) => c.cycleId === 'demo-horizon-pulse-winter')).toMatchObject({
        ready: false,
        steps: [],
      });
      const { differences } = await rebuildSphereCampaignRollups('demo-atelier-horizon', 'check');
      expect(differences).toEqual([]);
    });

    it('gives Atelier Horizon sixty synthetic members, twenty in each team, with a year of feelings there', async () => {
      const camille = await camilleSignedIn();
      const members = await stack.api<{ count: number }>('/v1/spheres/demo-atelier-horizon/members', {
        token: camille.accessToken,
      });
      // Camille, Sam, Lotte, the sixty, and Jef, who waits for his first entry with his staff number.
      expect(members.body.count).toBe(64);
      const nord = await stack.api<{ items: unknown[] }>('/v1/sessions/demo-horizon-nord/members', {
        token: camille.accessToken,
      });
      expect(nord.body.items.length).toBeGreaterThanOrEqual(20);
      const { data } = await feelingsDb()
        .entities.feeling.query.byUser({ userId: 'demo-synthetic-01' })
        .go({ pages: 'all' });
      expect(data.length).toBeGreaterThan(60);
      expect(
        data.every((f) => f.sphereId === 'demo-atelier-horizon' && f.sessionId === 'demo-horizon-nord'),
      ).toBe(true);
      expect(data.every((f) => (f.personalNotes ?? []).length === 0)).toBe(true);
    });

    it('gives Atelier Horizon a sphere report of its members’ feelings, whose rollups equal a rebuild', async () => {
      const camille = await camilleSignedIn();
      const end = new Date().toISOString().slice(0, 10);
      const start = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
      const report = await stack.api<SphereReport>('/v1/feelings/sphere-reports', {
        method: 'POST',
        token: camille.accessToken,
        body: { sphereId: 'demo-atelier-horizon', start, end },
      });
      expect(report.status).toBe(200);
      expect(report.body.total).toMatchObject({ shown: true });
      expect(report.body.total.shown && report.body.total.people).toBeGreaterThanOrEqual(40);
      expect(report.body.series.filter((s) => s.figure.shown).length).toBeGreaterThanOrEqual(10);
      expect(await rebuildSphereRollups('demo-atelier-horizon', 'check')).toMatchObject({ differences: [] });
      // Its members' thinkings in their teams, axis by axis.
      const thinking = await stack.api<ThinkingReport>('/v1/thinkings/sphere-reports', {
        method: 'POST',
        token: camille.accessToken,
        body: { sphereId: 'demo-atelier-horizon', start, end },
      });
      expect(thinking.status).toBe(200);
      expect(thinking.body.total.shown && thinking.body.total.axes.map((a) => a.axisId)).toEqual(
        expect.arrayContaining(['recognition', 'support', 'team-spirit', 'workload']),
      );
      expect(await rebuildSphereThinkingRollups('demo-atelier-horizon', 'check')).toMatchObject({
        differences: [],
      });
      // A group's report is its members' alone (spec 02 §6): Sam reads his team's; Camille, the
      // sphere's admin, reads neither the team she is not in nor the one she only leads.
      const groupReport = (tokens: Tokens, sessionId: string) =>
        stack.api<SphereReport>('/v1/feelings/session-reports', {
          method: 'POST',
          token: tokens.accessToken,
          body: { sessionId, start, end },
        });
      const sam = await samSignedIn();
      const nord = await groupReport(sam, 'demo-horizon-nord');
      expect(nord.status).toBe(200);
      expect(nord.body.total).toMatchObject({ shown: true });
      expect((await groupReport(camille, 'demo-horizon-sud')).status).toBe(403);
      expect((await groupReport(camille, 'demo-horizon-production')).status).toBe(403);
    });

    it('gives Atelier Horizon questionnaire reports: its wellbeing checks over the year and its teams’ Big Five, equal to a rebuild', async () => {
      const camille = await camilleSignedIn();
      const end = new Date().toISOString().slice(0, 10);
      const start = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
      const formReport = (formId: string) =>
        stack.api<FormReport>('/v1/forms/sphere-reports', {
          method: 'POST',
          token: camille.accessToken,
          body: { sphereId: 'demo-atelier-horizon', formId, start, end, interval: 'month' },
        });
      const wellbeing = await formReport('demo-wellbeing-check');
      expect(wellbeing.status).toBe(200);
      const total = wellbeing.body.total;
      expect(total.shown && total.people).toBeGreaterThanOrEqual(40);
      expect(total.shown && total.questions.find((q) => q.answerId === 'mood')).toMatchObject({
        shown: true,
      });
      expect(total.shown && total.results).toEqual([
        expect.objectContaining({ resultId: 'wellbeing', shown: true }),
      ]);
      expect(wellbeing.body.series.filter((s) => s.figure.shown).length).toBeGreaterThanOrEqual(8);
      // The free text of those whose mood was low: never among the figures, and given with the whole
      // workshop's period only, the group being shown with at least 8 people.
      const { texts, ...figures } = wellbeing.body;
      expect(JSON.stringify(figures)).not.toContain('Moins de réunions');
      expect(texts?.[0]).toMatchObject({ answerId: 'help', shown: true });
      expect(JSON.stringify(texts)).toContain('Moins de réunions');
      // The teams' personality test, answered in a workshop week: every trait shown.
      const bigFive = await formReport('demo-big-five');
      const traits = bigFive.body.total.shown ? bigFive.body.total.results : [];
      expect(
        traits
          .filter((r) => r.shown)
          .map((r) => r.resultId)
          .sort(),
      ).toEqual(['a', 'c', 'e', 'n', 'o']);
      // A group's questionnaire report is its members' alone, as its feelings report is.
      const groupReport = (tokens: Tokens, sessionId: string) =>
        stack.api<FormReport>('/v1/forms/session-reports', {
          method: 'POST',
          token: tokens.accessToken,
          body: { sessionId, formId: 'demo-big-five', start, end },
        });
      const sam = await samSignedIn();
      const nord = await groupReport(sam, 'demo-horizon-nord');
      expect(nord.status).toBe(200);
      expect(nord.body.sessionId).toBe('demo-horizon-nord');
      expect((await groupReport(camille, 'demo-horizon-sud')).status).toBe(403);
      expect(await rebuildSphereFormRollups('demo-atelier-horizon', 'check')).toMatchObject({
        differences: [],
      });
    });

    it('gives Atelier Horizon strategy reports: its strategy and its north team’s, judged in the review week, equal to a rebuild', async () => {
      const camille = await camilleSignedIn();
      const end = new Date().toISOString().slice(0, 10);
      const start = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
      const sphere = await stack.api<StrategyReport>('/v1/strategies/sphere-reports', {
        method: 'POST',
        token: camille.accessToken,
        body: { sphereId: 'demo-atelier-horizon', start, end },
      });
      expect(sphere.status).toBe(200);
      expect(sphere.body.total.shown && sphere.body.total.people).toBeGreaterThanOrEqual(30);
      const items = sphere.body.total.shown ? sphere.body.total.questions : [];
      expect(items.filter((q) => q.shown && q.answers > 0).length).toBeGreaterThanOrEqual(10);
      // Its admin sees the hidden last item too, never judged.
      expect(sphere.body.strategies.at(-1)).toMatchObject({ isHidden: true });
      // The north team's own strategy, for its members alone.
      const groupReport = (tokens: Tokens, sessionId: string) =>
        stack.api<StrategyReport>('/v1/strategies/session-reports', {
          method: 'POST',
          token: tokens.accessToken,
          body: { sessionId, start, end },
        });
      const sam = await samSignedIn();
      const nord = await groupReport(sam, 'demo-horizon-nord');
      expect(nord.status).toBe(200);
      expect(nord.body.total).toMatchObject({ shown: true });
      expect((await groupReport(camille, 'demo-horizon-sud')).status).toBe(403);
      expect(await rebuildSphereStrategyRollups('demo-atelier-horizon', 'check')).toMatchObject({
        differences: [],
      });
    });

    it('gives Atelier Horizon a custom report of two parts and twenty-one cards over its year, rendered once to PDF', async () => {
      const camille = await camilleSignedIn();
      const base = '/v1/reports/spheres/demo-atelier-horizon/demo-horizon-year';
      const report = await stack.api<CustomReportDetail>(base, { token: camille.accessToken });
      expect(report.status).toBe(200);
      expect(report.body.parts.map((p) => p.cardCount)).toEqual([11, 10]);
      // Its questionnaire card (decision 0038): the wellbeing check's figures over the year.
      const overview = await stack.api<ReportPartDetail>(`${base}/parts/demo-part-overview`, {
        token: camille.accessToken,
      });
      const check = overview.body.cards.find((c) => c.cardId === 'demo-card-wellbeing-check')?.data;
      expect(check?.source).toBe('form');
      expect(check?.source === 'form' ? check.total : undefined).toMatchObject({ shown: true });
      // Its figures: the whole workshop shown, the youngest (3 people) hidden with the reason.
      const groups = await stack.api<ReportPartDetail>(`${base}/parts/demo-part-groups`, {
        token: camille.accessToken,
      });
      const card = (id: string) => {
        const data = groups.body.cards.find((c) => c.cardId === id)?.data;
        return data?.source === 'feelings' ? data.total : undefined;
      };
      expect(card('demo-card-senior-people')).toMatchObject({ shown: true });
      expect(card('demo-card-under25-people')).toEqual({
        shown: false,
        reason: 'too-few-people',
        threshold: 8,
      });
      const renders = await stack.api<{ renders: { renderId: string; status: string; format: string }[] }>(
        `${base}/renders`,
        { token: camille.accessToken },
      );
      expect(renders.body.renders).toEqual([
        expect.objectContaining({ renderId: 'demo-render-first', status: 'done', format: 'pdf' }),
      ]);
    });

    it('gives the north team a custom report of its own, for its members, with the team’s figures', async () => {
      const camille = await camilleSignedIn();
      const base = '/v1/reports/sessions/demo-horizon-nord';
      const list = await stack.api<{ reports: { reportId: string }[] }>(base, { token: camille.accessToken });
      expect(list.status).toBe(200);
      expect(list.body.reports.map((r) => r.reportId)).toEqual(['demo-horizon-nord-quarter']);
      const part = await stack.api<ReportPartDetail>(
        `${base}/demo-horizon-nord-quarter/parts/demo-nord-part-quarter`,
        { token: camille.accessToken },
      );
      const people = part.body.cards.find((c) => c.cardId === 'demo-nord-card-people')?.data;
      expect(people?.source === 'feelings' ? people.total : undefined).toMatchObject({ shown: true });
      // Not its sphere's: its admin reaches it through no sphere route, and it is not in the sphere's list.
      const sphereList = await stack.api<{ reports: { reportId: string }[] }>(
        '/v1/reports/spheres/demo-atelier-horizon',
        { token: camille.accessToken },
      );
      expect(sphereList.body.reports.map((r) => r.reportId)).not.toContain('demo-horizon-nord-quarter');
      // Sam is a member of the team, but his subscription is starter.
      const sam = await samSignedIn();
      const refused = await stack.api<{ key?: string }>(base, { token: sam.accessToken });
      expect(refused.status).toBe(403);
      expect(refused.body.key).toBe('essentials-required');
    });

    it('gives the Pulse campaign a custom report of its autumn cycle whose steps show the sealed figures', async () => {
      const camille = await camilleSignedIn();
      const list = await stack.api<{ reports: { reportId: string; cycleId?: string }[] }>(
        '/v1/campaigns/demo-horizon-pulse/custom-reports',
        { token: camille.accessToken },
      );
      expect(list.body.reports).toEqual([
        expect.objectContaining({
          reportId: 'demo-horizon-pulse-autumn-report',
          cycleId: 'demo-horizon-pulse-autumn',
        }),
      ]);
      const part = await stack.api<ReportPartDetail>(
        '/v1/reports/spheres/demo-atelier-horizon/demo-horizon-pulse-autumn-report/parts/demo-pulse-part-autumn',
        { token: camille.accessToken },
      );
      const result = (id: string) => {
        const data = part.body.cards.find((c) => c.cardId === id)?.data;
        return data?.source === 'campaign' ? data.result : undefined;
      };
      expect(result('demo-pulse-card-feeling')).toMatchObject({ kind: 'feeling', figure: { shown: true } });
      expect(result('demo-pulse-card-climate')).toMatchObject({
        kind: 'custom-form',
        figure: { shown: true },
      });
      // Its questionnaire step (decision 0038): the form as the cycle asked it.
      expect(result('demo-pulse-card-wellbeing')).toMatchObject({
        kind: 'form',
        figure: { shown: true },
        definition: { formId: 'demo-wellbeing-check' },
      });
    });

    it('gives Atelier Horizon three questionnaires its members answered, and Camille her goal ranking', async () => {
      const camille = await camilleSignedIn();
      const available = await stack.api<{ items: { form: { id: string }; reserved: boolean }[] }>(
        '/v1/forms/available',
        { token: camille.accessToken },
      );
      expect(available.body.items.map((i) => i.form.id).sort()).toEqual([
        'demo-big-five',
        'demo-self-esteem',
        'demo-wellbeing-check',
      ]);
      expect(available.body.items.every((i) => !i.reserved)).toBe(true);
      const report = await stack.api<{ count: number; items: { results: Record<string, number | null> }[] }>(
        '/v1/forms/myself-reports',
        { method: 'POST', token: camille.accessToken, body: { formId: 'demo-wellbeing-check' } },
      );
      expect(report.body.count).toBeGreaterThan(5);
      expect(report.body.items.every((i) => typeof i.results.wellbeing === 'number')).toBe(true);
      const rankings = await stack.api<{ surveyId?: string; rankings: Record<string, number> }>(
        '/v1/forms/goal-rankings',
        { token: camille.accessToken },
      );
      expect(rankings.body.surveyId).toBeDefined();
      expect(Object.values(rankings.body.rankings).some((r) => r <= 5)).toBe(true);
      const { data } = await formsDb()
        .entities.formSurvey.query.byUser({ userId: 'demo-synthetic-01' })
        .go({ pages: 'all' });
      expect(new Set(data.map((s) => s.formId))).toEqual(
        new Set(['demo-wellbeing-check', 'demo-self-esteem', 'demo-big-five']),
      );
      expect(data.every((s) => s.sphereId === 'demo-atelier-horizon')).toBe(true);
    });
  });

  describe('notifications', () => {
    const sqs = () => localSqsClient(stack.services.sqs.endpoint);

    async function queueDrained(): Promise<true | undefined> {
      const client = sqs();
      const { Attributes } = await client.send(
        new GetQueueAttributesCommand({
          QueueUrl: stack.services.sqs.notificationsQueueUrl,
          AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
        }),
      );
      client.destroy();
      return Attributes?.ApproximateNumberOfMessages === '0' &&
        Attributes.ApproximateNumberOfMessagesNotVisible === '0'
        ? true
        : undefined;
    }

    it('delivers an enqueued email to the outbox once, even when the same notification is enqueued twice', async () => {
      const notification = {
        id: 'welcome-sam-1',
        kind: 'email' as const,
        to: 'sam.notify@example.be',
        subject: 'Bienvenue',
        html: '<p>Bienvenue</p>',
        text: 'Bienvenue',
      };
      await enqueueNotification(notification);
      const first = await eventually(async () => (await mailTo(stack.endpoints.outbox, notification.to))[0], {
        what: 'The notification in the outbox',
      });
      expect(first.subject).toBe('Bienvenue');
      expect(first.from).toContain('no-reply@wellbeing.local');
      await enqueueNotification(notification);
      await eventually(queueDrained, { what: 'An empty notifications queue', tries: 400 });
      expect(await mailTo(stack.endpoints.outbox, notification.to)).toHaveLength(1);
    });

    it('moves a record the worker keeps failing out of the queue into the dead-letter queue', async () => {
      const client = sqs();
      await client.send(
        new SendMessageCommand({
          QueueUrl: stack.services.sqs.notificationsQueueUrl,
          MessageBody: '{"kind":"carrier-pigeon"}',
        }),
      );
      const dead = await eventually(
        async () => {
          const { Messages } = await client.send(
            new ReceiveMessageCommand({
              QueueUrl: stack.services.sqs.notificationsDlqUrl,
              WaitTimeSeconds: 0,
              AttributeNames: ['All'],
            }),
          );
          return Messages?.[0];
        },
        { what: 'The record in the DLQ', tries: 600 },
      );
      client.destroy();
      expect(dead.Body).toBe('{"kind":"carrier-pigeon"}');
      await eventually(queueDrained, { what: 'An empty notifications queue' });
    }, 60_000);
  });

  describe('realtime', () => {
    it('refuses a WebSocket without a token, or with a token that is not a valid id token', async () => {
      expect((await connect(stack.endpoints.ws)).refusedWith).toBe(401);
      expect((await connect(`${stack.endpoints.ws}?token=not-a-token`)).refusedWith).toBe(401);
    });

    it('accepts a WebSocket with an id token, delivers what publish() sends, and forgets it once closed', async () => {
      const tokens = await stack.signInWithCode('lotte.ws@example.be', { firstName: 'Lotte', locale: 'nl' });
      const userId = decodeJwt(tokens.idToken).sub as string;
      const { socket } = await connect(`${stack.endpoints.ws}?token=${encodeURIComponent(tokens.idToken)}`);
      expect(socket).toBeDefined();
      const ws = socket as WebSocket;
      const received = new Promise<unknown>((r) =>
        ws.once('message', (data: Buffer) => r(JSON.parse(data.toString()))),
      );
      ws.send(JSON.stringify({ action: 'myself' }));
      const result = await publish(userId, { type: 'profile', action: 'updated' });
      expect(result.delivered).toBe(1);
      expect(await received).toEqual({ type: 'profile', action: 'updated' });

      ws.close();
      await eventually(
        async () => {
          const after = await publish(userId, { type: 'profile', action: 'updated' });
          return after.delivered === 0 && after.gone === 0 ? true : undefined;
        },
        { what: 'The connection forgotten after $disconnect' },
      );
    });
  });
});

describe('persistent local stack', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wellbeing-local-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finds the users, accounts, tokens and files of the previous run after a restart', async () => {
    // Free ports, except the issuer's: its URL is the tokens' `iss`, fixed like `npm start`'s.
    const freePorts = {
      api: 0,
      ws: 0,
      wsManagement: 0,
      outbox: 0,
      sqs: 0,
      s3: 0,
      dynamodb: 0,
      auth: await freePort(),
    };
    const first = await startTestStack({ persistent: true, dataDir, ports: freePorts });
    let tokens;
    let userId: string;
    try {
      tokens = await first.signInWithCode('sam.persist@example.be', { firstName: 'Sam', locale: 'en' });
      userId = decodeJwt(tokens.accessToken).sub as string;
      expect((await first.api('/v1/me', { token: tokens.accessToken })).status).toBe(200);
      const s3 = localS3Client(first.services.s3.endpoint);
      await s3.send(
        new PutObjectCommand({ Bucket: first.services.s3.reportsBucket, Key: 'kept.txt', Body: 'kept' }),
      );
      s3.destroy();
    } finally {
      await first.stop();
    }

    const second = await startTestStack({ persistent: true, dataDir, ports: freePorts });
    try {
      const me = await second.api<{ userId: string }>('/v1/me', { token: tokens.accessToken });
      expect(me.status).toBe(200);
      expect(me.body.userId).toBe(userId);
      const signIn = await second.api<{ exists: boolean }>('/users/sign-in', {
        method: 'POST',
        body: { email: 'sam.persist@example.be' },
      });
      expect(signIn.body.exists).toBe(true);
      const again = await second.signInWithCode('sam.persist@example.be');
      expect(decodeJwt(again.accessToken).sub).toBe(userId);
      const s3 = localS3Client(second.services.s3.endpoint);
      const object = await s3.send(
        new GetObjectCommand({ Bucket: second.services.s3.reportsBucket, Key: 'kept.txt' }),
      );
      expect(await object.Body?.transformToString()).toBe('kept');
      s3.destroy();
    } finally {
      await second.stop();
    }
  }, 120_000);
});
