import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, Cycle } from '@shared/contracts/campaigns';
import type { ErrorBody } from '@shared/contracts/errors';
import { HEADER_QUOTA_ALERT } from '@shared/contracts/headers';
import type { Sphere } from '@shared/contracts/spheres';
import { campaignsDb } from '../../functions/campaigns/store';
import { tellAlertCrossing } from '../../functions/lib/quotas';
import { spheresDb } from '../../functions/spheres/store';
import { mailTo } from '../../tools/local-stack/ses';
import {
  changeQuotaValue,
  galaxyTally,
  putSphereInGalaxy,
  seedGalaxy,
  sphereTally,
  type QuotaSeed,
} from './galaxy-fixtures';
import { startTestStack, type ApiAnswer, type TestStack, type Tokens } from './harness';
import { wholeTable } from './table-scan';

/**
 * Galaxy quotas on the creates of a galaxy's spheres (decision 0045): every creating route of a
 * counted kind takes the galaxy's tally in the create's own transaction. Below the alert it passes
 * quietly; from the alert (80 % of the value) it passes with `x-quota-alert` naming the kind and
 * the galaxy's admins are mailed once per crossing; at the value it is refused (409
 * `quota-blocked`, one error per kind) and nothing is written, even under racing creates.
 *
 * The galaxies' routes are not served yet: galaxies, their admins and their quotas are written
 * straight into the table (./galaxy-fixtures.ts). The routes listed here are the creating routes
 * of counted kinds; a new one must be added (decision 0045, Consequences).
 */
let stack: TestStack;
let admin: Tokens;
const RACERS = 8;
/** Roomy sphere limits: only the galaxy's quotas refuse here. */
const SPHERE_LIMITS = { tags: 500, members: 500, groups: 500 };

const api = <T>(path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: admin.accessToken, ...(body !== undefined ? { body } : {}) });

let sphereCount = 0;
async function newSphere(): Promise<Sphere> {
  sphereCount++;
  const created = await api<Sphere>('/v1/spheres', 'POST', {
    name: `Sphère galactique ${sphereCount}`,
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'fr' },
  });
  expect(created.status).toBe(201);
  await spheresDb().entities.sphere.patch({ sphereId: created.body.id }).set({ limits: SPHERE_LIMITS }).go();
  return created.body;
}

/** A new sphere in a new galaxy holding the given quotas. */
async function sphereInGalaxy(
  quotas: Record<string, QuotaSeed>,
  adminEmail?: string,
): Promise<{ sphere: Sphere; galaxyId: string }> {
  const sphere = await newSphere();
  const { galaxyId } = await seedGalaxy({
    name: `Galaxie ${sphereCount}`,
    quotas,
    ...(adminEmail ? { admin: { email: adminEmail, name: 'Gaëlle' } } : {}),
  });
  await putSphereInGalaxy(sphere.id, galaxyId);
  return { sphere, galaxyId };
}

/** How many things a list route answers (its `items`), the route's answer checked. */
async function listed(path: string): Promise<number> {
  const answer = await api<{ items?: unknown[] }>(path);
  expect(answer.status, `GET ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.items?.length ?? 0;
}

const alertOf = (answer: ApiAnswer) => answer.headers.get(HEADER_QUOTA_ALERT);
const usedOf = async (galaxyId: string, kind: string) => (await galaxyTally(galaxyId, kind))?.used;
const statuses = (answers: readonly { status: number }[]) => answers.map((a) => a.status).sort();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A creating route of a counted kind: what it takes of the galaxy and how its things are listed. */
interface Take {
  what: string;
  kind: string;
  /** The status of a create that passes. */
  created: number;
  create(sphereId: string, n: number): Promise<ApiAnswer<ErrorBody>>;
  count(sphereId: string): Promise<number>;
}

let made = 0;
const next = () => ++made;

const tagCreation: Take = {
  what: 'tag creation (POST /v1/spheres/{id}/tags)',
  kind: 'tags',
  created: 201,
  create: (sphereId, n) =>
    api<ErrorBody>(`/v1/spheres/${sphereId}/tags`, 'POST', {
      name: { fr: `Étiquette ${n}` },
      type: 'department',
      color: '#336699',
      weight: 1,
    }),
  count: async (sphereId) => listed(`/v1/spheres/${sphereId}/tags?archived=false`),
};

const sessionsCount = async (sphereId: string) =>
  (await api<{ count: number }>(`/v1/spheres/${sphereId}/sessions?archived=false`)).body.count;

const groupCreation: Take = {
  what: 'group creation (POST /v1/spheres/{id}/sessions, contributor)',
  kind: 'engagement-up-groups',
  created: 201,
  create: (sphereId, n) =>
    api<ErrorBody>(`/v1/spheres/${sphereId}/sessions`, 'POST', {
      category: 'contributor',
      name: { fr: `Groupe ${n}` },
    }),
  count: sessionsCount,
};

const salesSessionCreation: Take = {
  what: 'sales session creation (POST /v1/spheres/{id}/sessions, consumer)',
  kind: 'sales-up-sessions',
  created: 201,
  create: (sphereId, n) =>
    api<ErrorBody>(`/v1/spheres/${sphereId}/sessions`, 'POST', {
      category: 'consumer',
      name: { fr: `Boutique ${n}` },
      publicName: { fr: `Boutique ${n}` },
    }),
  count: sessionsCount,
};

const memberCreation: Take = {
  what: 'member creation (POST /v1/members)',
  kind: 'engagement-up-members',
  created: 201,
  create: (sphereId, n) =>
    api<ErrorBody>('/v1/members', 'POST', {
      sphereId,
      roles: ['contributor'],
      name: `Membre ${n}`,
      email: `membre.${n}.galaxy-quotas@example.be`,
    }),
  count: async (sphereId) => listed(`/v1/spheres/${sphereId}/members`),
};

const campaignsCount = async (sphereId: string) => listed(`/v1/campaigns/spheres/${sphereId}`);

/** A blank campaign takes `diagnostic-blank` and `engagement-up-campaigns` (campaignQuotaKinds). */
const campaignCreation: Take = {
  what: 'campaign creation (POST /v1/campaigns/spheres/{id})',
  kind: 'engagement-up-campaigns',
  created: 201,
  create: (sphereId, n) =>
    api<ErrorBody>(`/v1/campaigns/spheres/${sphereId}`, 'POST', { name: `Campagne ${n}` }),
  count: campaignsCount,
};

/** Rules 1 to 4 of a creating route: quiet below the alert, said from it, refused at the value, exact under races. */
function quotaRules(take: Take) {
  it(`${take.what}: below the alert it passes without ${HEADER_QUOTA_ALERT} and takes exactly one of '${take.kind}'`, async () => {
    const { sphere, galaxyId } = await sphereInGalaxy({ [take.kind]: { value: 100, used: 10 } });
    const before = await take.count(sphere.id);
    const answer = await take.create(sphere.id, next());
    expect(answer.status, JSON.stringify(answer.body)).toBe(take.created);
    expect(alertOf(answer)).toBeNull();
    expect(await usedOf(galaxyId, take.kind)).toBe(11);
    expect(await take.count(sphere.id)).toBe(before + 1);
  });

  it(`${take.what}: the create that crosses 80 % of '${take.kind}' and the later ones below the block carry ${HEADER_QUOTA_ALERT}`, async () => {
    // Value 5: the alert is at 4, so the 4th create crosses it and the 5th still passes.
    const { sphere, galaxyId } = await sphereInGalaxy({ [take.kind]: { value: 5 } });
    const headers: (string | null)[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await take.create(sphere.id, next());
      expect(answer.status, JSON.stringify(answer.body)).toBe(take.created);
      headers.push(alertOf(answer));
    }
    expect(headers).toEqual([null, null, null, take.kind, take.kind]);
    expect(await usedOf(galaxyId, take.kind)).toBe(5);
  });

  it(`${take.what}: at the block of '${take.kind}' it answers 409 quota-blocked naming the kind and writes nothing`, async () => {
    const { sphere, galaxyId } = await sphereInGalaxy({ [take.kind]: { value: 3, used: 3 } });
    const before = await take.count(sphere.id);
    const tallyBefore = await galaxyTally(galaxyId, take.kind);
    const refused = await take.create(sphere.id, next());
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      key: 'quota-blocked',
      errors: [{ key: 'quota-blocked', field: take.kind }],
    });
    expect(alertOf(refused)).toBeNull();
    expect(await take.count(sphere.id)).toBe(before);
    expect(await galaxyTally(galaxyId, take.kind)).toEqual(tallyBefore);
  });

  it(`${take.what}: ${RACERS} racing creates with 2 left of '${take.kind}' leave exactly 2 created and the tally at its value`, async () => {
    const value = 10;
    const { sphere, galaxyId } = await sphereInGalaxy({ [take.kind]: { value, used: value - 2 } });
    const before = await take.count(sphere.id);
    const answers = await Promise.all(Array.from({ length: RACERS }, () => take.create(sphere.id, next())));
    expect(statuses(answers)).toEqual(
      [...Array(2).fill(take.created), ...Array(RACERS - 2).fill(409)].sort(),
    );
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body).toMatchObject({
        key: 'quota-blocked',
        errors: [{ key: 'quota-blocked', field: take.kind }],
      });
    for (const passed of answers.filter((a) => a.status === take.created))
      expect(alertOf(passed)).toBe(take.kind);
    expect(await usedOf(galaxyId, take.kind)).toBe(value);
    expect(await take.count(sphere.id)).toBe(before + 2);
  });
}

/** The quota-alert mails sent to an address about a kind (the local SES outbox). */
const alertMails = async (email: string, kind: string) =>
  (await mailTo(stack.endpoints.outbox, email)).filter((m) => m.subject.includes(`« ${kind} »`));

async function waitForMails(email: string, kind: string, count: number) {
  for (let i = 0; i < 200; i++) {
    const mails = await alertMails(email, kind);
    if (mails.length >= count) return mails;
    await sleep(50);
  }
  throw new Error(`${count} quota-alert mail(s) to ${email} about ${kind} not sent`);
}

/** Time for the notifications poller (one-second long poll) to deliver anything still queued. */
const QUEUE_SETTLES_MS = 3_000;

/** The galaxy tallies in the table (scope `galaxy#…`), as stored. */
async function galaxyTallyItems(): Promise<string[]> {
  return (await wholeTable())
    .filter((item) => item.includes('"__edb_e__":"quotatally"') && item.includes('"scope":"galaxy#'))
    .sort();
}

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('admin.galaxy-quotas@example.be', { firstName: 'Galia' });
});
afterAll(async () => {
  await stack?.stop();
});

describe('galaxy quotas of the wired creates (tags, groups, sales sessions)', () => {
  describe('tags', () => quotaRules(tagCreation));
  describe('groups', () => quotaRules(groupCreation));
  describe('sales sessions', () => quotaRules(salesSessionCreation));

  it('the galaxy admins are mailed once per crossing of the alert, not once per create past it', async () => {
    const email = 'gaelle.once@example.be';
    const { sphere, galaxyId } = await sphereInGalaxy({ tags: { value: 10 } }, email);
    // Alert at 8: the 8th create crosses it, the 9th and 10th pass past it.
    for (let i = 0; i < 10; i++) {
      const answer = await tagCreation.create(sphere.id, next());
      expect(answer.status).toBe(201);
      expect(alertOf(answer)).toBe(i >= 7 ? 'tags' : null);
    }
    const mails = await waitForMails(email, 'tags', 1);
    expect(mails[0]?.body.text ?? mails[0]?.body.html).toContain('10');
    await sleep(QUEUE_SETTLES_MS);
    expect(await alertMails(email, 'tags')).toHaveLength(1);
    expect((await galaxyTally(galaxyId, 'tags'))?.alertedValue).toBe(10);
    // The crossing of this value is told: telling it again is refused.
    expect(await tellAlertCrossing(galaxyId, 'tags')).toBe(false);
    // Refused creates at the block tell nobody.
    expect((await tagCreation.create(sphere.id, next())).status).toBe(409);
    await sleep(QUEUE_SETTLES_MS);
    expect(await alertMails(email, 'tags')).toHaveLength(1);
  });

  it('a new value makes a new crossing: the next create past its alert mails the admins again', async () => {
    const email = 'gaelle.again@example.be';
    const { sphere, galaxyId } = await sphereInGalaxy({ 'engagement-up-groups': { value: 5 } }, email);
    for (let i = 0; i < 4; i++) expect((await groupCreation.create(sphere.id, next())).status).toBe(201);
    await waitForMails(email, 'engagement-up-groups', 1);
    expect((await galaxyTally(galaxyId, 'engagement-up-groups'))?.alertedValue).toBe(5);
    // Value 10: used 4, the alert moves to 8: creates 5 to 7 are quiet, the 8th crosses again.
    await changeQuotaValue(galaxyId, 'engagement-up-groups', 10);
    const headers: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await groupCreation.create(sphere.id, next());
      expect(answer.status).toBe(201);
      headers.push(alertOf(answer));
    }
    expect(headers).toEqual([null, null, null, 'engagement-up-groups']);
    const mails = await waitForMails(email, 'engagement-up-groups', 2);
    expect(mails[1]?.body.text ?? mails[1]?.body.html).toContain('10');
    expect((await galaxyTally(galaxyId, 'engagement-up-groups'))?.alertedValue).toBe(10);
    await sleep(QUEUE_SETTLES_MS);
    expect(await alertMails(email, 'engagement-up-groups')).toHaveLength(2);
  });

  it('a create takes only its own kind: a tag leaves the galaxy’s group quota alone, and a group its tag quota', async () => {
    const { sphere, galaxyId } = await sphereInGalaxy({
      tags: { value: 100, used: 1 },
      'engagement-up-groups': { value: 100, used: 2 },
      'sales-up-sessions': { value: 100, used: 3 },
    });
    expect((await tagCreation.create(sphere.id, next())).status).toBe(201);
    expect((await groupCreation.create(sphere.id, next())).status).toBe(201);
    expect(await usedOf(galaxyId, 'tags')).toBe(2);
    expect(await usedOf(galaxyId, 'engagement-up-groups')).toBe(3);
    expect(await usedOf(galaxyId, 'sales-up-sessions')).toBe(3);
  });

  it('the sphere’s own limit still answers its own key in a galaxy, and the galaxy keeps its usage', async () => {
    const { sphere, galaxyId } = await sphereInGalaxy({ tags: { value: 100, used: 7 } });
    const tags = await tagCreation.count(sphere.id);
    await spheresDb()
      .entities.sphere.patch({ sphereId: sphere.id })
      .set({ limits: { ...SPHERE_LIMITS, tags } })
      .go();
    const refused = await tagCreation.create(sphere.id, next());
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ key: 'sphere-max-tags-reached' });
    expect(await usedOf(galaxyId, 'tags')).toBe(7);
    expect((await sphereTally(sphere.id, 'tags'))?.used).toBe(tags);
  });

  it('a sphere in no galaxy is not affected: no alert header and no galaxy tally written', async () => {
    const sphere = await newSphere();
    // Another galaxy's quotas are there, so that "unchanged" compares something.
    await seedGalaxy({
      name: 'Galaxie voisine',
      quotas: { tags: { value: 100 }, 'engagement-up-groups': { value: 100 } },
    });
    const before = await galaxyTallyItems();
    expect(before.length).toBeGreaterThanOrEqual(2);
    const answers = [
      await tagCreation.create(sphere.id, next()),
      await groupCreation.create(sphere.id, next()),
      await salesSessionCreation.create(sphere.id, next()),
    ];
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    for (const answer of answers) expect(alertOf(answer)).toBeNull();
    expect(await galaxyTallyItems()).toEqual(before);
  });
});

/**
 * The takes wired after tags and groups (members, campaigns, participations): a route that does not
 * call `createWithGalaxyQuotas` fails these with its create passing and no tally moved.
 */
describe('galaxy quotas of the creates being wired (members, campaigns, participations)', () => {
  describe('members', () => quotaRules(memberCreation));
  describe('campaigns', () => quotaRules(campaignCreation));

  it('campaign creation also takes its model’s diagnostic quota: diagnostic-blank at its block refuses the campaign', async () => {
    const { sphere, galaxyId } = await sphereInGalaxy({
      'diagnostic-blank': { value: 2, used: 2 },
      'engagement-up-campaigns': { value: 100 },
    });
    const refused = await campaignCreation.create(sphere.id, next());
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      key: 'quota-blocked',
      errors: [{ key: 'quota-blocked', field: 'diagnostic-blank' }],
    });
    expect(await campaignsCount(sphere.id)).toBe(0);
    expect(await usedOf(galaxyId, 'engagement-up-campaigns')).toBe(0);
    expect(await usedOf(galaxyId, 'diagnostic-blank')).toBe(2);
  });

  it('campaign creation past the alert of diagnostic-blank names that kind only in the header, and takes both kinds', async () => {
    const { sphere, galaxyId } = await sphereInGalaxy({
      'diagnostic-blank': { value: 5, used: 3 },
      'engagement-up-campaigns': { value: 100 },
    });
    const created = await campaignCreation.create(sphere.id, next());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(alertOf(created)).toBe('diagnostic-blank');
    expect(await usedOf(galaxyId, 'diagnostic-blank')).toBe(4);
    expect(await usedOf(galaxyId, 'engagement-up-campaigns')).toBe(1);
  });

  /** A campaign of the sphere with a cycle collecting now (the scheduler's start written directly). */
  async function collectingCampaign(sphere: Sphere): Promise<{ campaign: Campaign; cycleId: string }> {
    if (!sphere.roles.includes('contributor')) {
      const { data } = await spheresDb().entities.member.query.sphere({ sphereId: sphere.id }).go();
      for (const member of data)
        await spheresDb()
          .entities.member.patch({ sphereId: sphere.id, memberId: member.memberId })
          .set({ roles: ['admin', 'contributor'] })
          .go();
    }
    const campaign = await api<Campaign>(`/v1/campaigns/spheres/${sphere.id}`, 'POST', { name: 'Pouls' });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    const cycle = await api<Cycle>(`/v1/campaigns/${campaign.body.campaignId}/cycles`, 'POST', {
      internalLabel: 'Maintenant',
    });
    expect(cycle.status, JSON.stringify(cycle.body)).toBe(201);
    await campaignsDb()
      .entities.campaignCycle.patch({ campaignId: campaign.body.campaignId, cycleId: cycle.body.cycleId })
      .set({ status: 'inProgress' })
      .go();
    return { campaign: campaign.body, cycleId: cycle.body.cycleId };
  }

  const participate = (campaign: Campaign) =>
    api<ErrorBody>(`/v1/campaigns/${campaign.campaignId}/participation`, 'POST', { action: 'accept' });
  const participantsOf = async (cycleId: string) =>
    (await campaignsDb().entities.campaignParticipant.query.byCycle({ cycleId }).go()).data.length;

  it('participation (POST /v1/campaigns/{id}/participation): below the alert it passes quietly and takes exactly one', async () => {
    const { sphere, galaxyId } = await sphereInGalaxy({
      'engagement-up-participations': { value: 100, used: 10 },
    });
    const { campaign } = await collectingCampaign(sphere);
    const answer = await participate(campaign);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(alertOf(answer)).toBeNull();
    expect(await usedOf(galaxyId, 'engagement-up-participations')).toBe(11);
  });

  it('participation: the one that crosses 80 % of engagement-up-participations carries the alert header', async () => {
    const { sphere, galaxyId } = await sphereInGalaxy({
      'engagement-up-participations': { value: 5, used: 3 },
    });
    const { campaign } = await collectingCampaign(sphere);
    const answer = await participate(campaign);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(alertOf(answer)).toBe('engagement-up-participations');
    expect(await usedOf(galaxyId, 'engagement-up-participations')).toBe(4);
  });

  it('participation: at the block of engagement-up-participations it answers 409 quota-blocked and no participation is written', async () => {
    const { sphere, galaxyId } = await sphereInGalaxy({
      'engagement-up-participations': { value: 3, used: 3 },
    });
    const { campaign, cycleId } = await collectingCampaign(sphere);
    const refused = await participate(campaign);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      key: 'quota-blocked',
      errors: [{ key: 'quota-blocked', field: 'engagement-up-participations' }],
    });
    expect(await participantsOf(cycleId)).toBe(0);
    expect(await usedOf(galaxyId, 'engagement-up-participations')).toBe(3);
  });
});
