import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { Campaign, Cycle, CycleParticipants } from '@shared/contracts/campaigns';
import type { CustomReport, ReportPart } from '@shared/contracts/custom-reports';
import { FormSchema } from '@shared/contracts/forms';
import type { Link } from '@shared/contracts/links';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import type { Strategy } from '@shared/contracts/strategies';
import { campaignsDb } from '../../functions/campaigns/store';
import { importEntitlements, importForms } from '../../functions/forms/seeding';
import { spheresDb } from '../../functions/spheres/store';
import { usersDb } from '../../functions/users/store';
import { startTestStack, type ApiAnswer, type TestStack, type Tokens } from '../integration/harness';

/**
 * Findings 3 and 4 of the security review, and the standing rule behind them: every id a body
 * names must belong to the sphere the route acts on, or the route answers exactly what it answers
 * for an id that does not exist, so that the reply never tells whether another sphere's id is real.
 *
 * - Finding 3: sphere A's admin read sphere B's group id (from B's poster link, which anyone signed
 *   in opens) and targeted it in A's campaign: the cycle's participant list then showed who of A's
 *   people are also in B's private group, and they would have got A's invitations.
 * - Finding 4: a campaign link of sphere A could name sphere B's campaign.
 *
 * Each case below sends the other sphere's real id, then an id that exists nowhere, and expects the
 * same refusal (never a success, never a 500).
 */
let stack: TestStack;
/** Admin of sphere A (not a contributor). */
let ada: Tokens;
/** Admin of sphere B. */
let bea: Tokens;
/** A contributor of A only. */
let ana: Tokens;
/** A contributor of both spheres, in B's private group. */
let lea: Tokens;
let alpha: Sphere;
let beta: Sphere;
/** A's own group (Ana is in it), and B's private group (Léa is in it). */
let alphaGroup: Session;
let betaGroup: Session;
/** B's consumer session, and one of A's. */
let betaShop: Session;
/** B's tag (a gender tag, offered to every module), B's campaign, its cycle and B's poster link. */
let betaTag: string;
let betaCampaign: Campaign;
let betaCycle: Cycle;
let betaLink: Link;
/** Léa's membership in B (a member id of B). */
let leaInBeta: string;
/** Léa's and Ana's memberships in A. */
let leaInAlpha: string;
/** A questionnaire entitled to A, and one entitled to B only. */
const alphaForm = `alpha-form-${randomUUID().slice(0, 8)}`;
const betaForm = `beta-form-${randomUUID().slice(0, 8)}`;

const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;
const unknownId = () => `unknown-${randomUUID().slice(0, 8)}`;
const today = () => new Date().toISOString().slice(0, 10);
const monthAgo = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

const api = <T = unknown>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: tokens.accessToken, ...(body !== undefined ? { body } : {}) });

/**
 * The route refuses the other sphere's id exactly as an id that exists nowhere: same status (a
 * refusal, not a server error), same body.
 */
async function refusedAsUnknown(
  call: (id: string) => Promise<ApiAnswer>,
  foreignId: string,
): Promise<ApiAnswer> {
  const foreign = await call(foreignId);
  const unknown = await call(unknownId());
  expect(
    foreign.status,
    `the other sphere's id answered ${JSON.stringify(foreign.body)}`,
  ).toBeGreaterThanOrEqual(400);
  expect(foreign.status).toBeLessThan(500);
  expect({ status: foreign.status, body: withoutRequestId(foreign.body) }).toEqual({
    status: unknown.status,
    body: withoutRequestId(unknown.body),
  });
  return foreign;
}

/** An error body without its request's own id (each answer has another). */
function withoutRequestId(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const { requestId: _requestId, ...rest } = body as Record<string, unknown>;
  return rest;
}

async function newSphere(tokens: Tokens, name: string, extra: Record<string, unknown> = {}): Promise<Sphere> {
  const made = await api<Sphere>(tokens, '/v1/spheres', 'POST', {
    name,
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'en' },
    ...extra,
  });
  expect(made.status).toBe(201);
  return made.body;
}

/** Joins a sphere by its link and answers the member id. */
async function join(tokens: Tokens, sphere: Sphere, admin: Tokens): Promise<string> {
  const key = await api<{ sphereKey: string }>(admin, `/v1/spheres/${sphere.id}/join-key`);
  const joined = await api(tokens, `/v1/spheres/${sphere.id}/join`, 'POST', {
    sphereKey: key.body.sphereKey,
  });
  expect(joined.status).toBe(200);
  const me = await api<{ members: { id: string; sphereId: string }[] }>(tokens, '/v1/me');
  const member = me.body.members.find((m) => m.sphereId === sphere.id);
  if (!member) throw new Error(`no membership in ${sphere.id}`);
  return member.id;
}

async function newGroup(admin: Tokens, sphere: Sphere, name: string, category = 'contributor') {
  const made = await api<Session>(admin, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
    category,
    name: { en: name },
    publicName: { en: name },
  });
  expect(made.status).toBe(201);
  return made.body;
}

async function addToGroup(admin: Tokens, group: Session, memberId: string) {
  const added = await api(admin, `/v1/sessions/${group.id}/members`, 'POST', { memberId, roles: ['member'] });
  expect(added.status).toBe(201);
}

async function newTag(admin: Tokens, sphere: Sphere, name: string): Promise<string> {
  const made = await api<{ id: string }>(admin, `/v1/spheres/${sphere.id}/tags`, 'POST', {
    name: { en: name },
    type: 'gender',
    color: '#336699',
    weight: 1,
  });
  expect(made.status).toBe(201);
  return made.body.id;
}

async function newCampaign(admin: Tokens, sphere: Sphere, body: Record<string, unknown> = {}) {
  return api<Campaign>(admin, `/v1/campaigns/spheres/${sphere.id}`, 'POST', { name: 'Pulse', ...body });
}

async function newCycle(admin: Tokens, campaign: Campaign): Promise<Cycle> {
  const made = await api<Cycle>(admin, `/v1/campaigns/${campaign.campaignId}/cycles`, 'POST', {
    internalLabel: 'Spring',
  });
  expect(made.status).toBe(201);
  return made.body;
}

const campaignFields = (campaign: Campaign) => ({
  name: campaign.name,
  defaultLocale: campaign.defaultLocale,
  targets: campaign.targets,
  updateDate: campaign.updateDate,
});

const questionnaire = (id: string) =>
  FormSchema.parse({
    id,
    title: { en: 'Pulse check' },
    languages: ['en'],
    updateDate: '2026-01-01T00:00:00.000Z',
    steps: [
      {
        id: 's1',
        title: { en: 'Week' },
        description: { en: 'This week' },
        answers: [{ id: 'q1', type: 'likert', title: { en: 'Mood' } }],
      },
    ],
  });

beforeAll(async () => {
  stack = await startTestStack();
  ada = await stack.signInWithCode('ada.cross@example.be', { firstName: 'Ada', locale: 'en' });
  bea = await stack.signInWithCode('bea.cross@example.be', { firstName: 'Bea', locale: 'en' });
  ana = await stack.signInWithCode('ana.cross@example.be', { firstName: 'Ana', locale: 'en' });
  lea = await stack.signInWithCode('lea.cross@example.be', { firstName: 'Léa', locale: 'en' });
  for (const person of [ada, lea]) {
    await usersDb()
      .entities.user.patch({ userId: idOf(person) })
      .set({ subscription: 'essentials' })
      .go();
  }
  alpha = await newSphere(ada, 'Alpha', { strategyEnabled: true, isTerminalEnabled: true });
  beta = await newSphere(bea, 'Beta');
  await spheresDb()
    .entities.sphere.patch({ sphereId: alpha.id })
    .set({ entitlements: { ...alpha.entitlements, salesUp: { active: true } } })
    .go();
  // Ada runs A without contributing, so that A's participant lists show only its contributors.
  const adaMember = (
    await spheresDb()
      .entities.member.query.byUser({ userId: idOf(ada), sphereId: alpha.id })
      .go()
  ).data[0];
  if (!adaMember) throw new Error('Ada is no member of A');
  await spheresDb()
    .entities.member.patch({ sphereId: alpha.id, memberId: adaMember.memberId })
    .set({ roles: ['admin'] })
    .go();
  const anaInAlpha = await join(ana, alpha, ada);
  leaInAlpha = await join(lea, alpha, ada);
  leaInBeta = await join(lea, beta, bea);
  alphaGroup = await newGroup(ada, alpha, 'Alpha team');
  await addToGroup(ada, alphaGroup, anaInAlpha);
  // B's private group: Léa is in it, nobody in A may learn it.
  betaGroup = await newGroup(bea, beta, 'Beta private circle');
  expect(betaGroup.isPublic).toBe(false);
  await addToGroup(bea, betaGroup, leaInBeta);
  betaShop = await newGroup(bea, beta, 'Beta shop', 'consumer');
  betaTag = await newTag(bea, beta, 'Beta only');
  const madeCampaign = await newCampaign(bea, beta, { name: 'Beta pulse' });
  expect(madeCampaign.status).toBe(201);
  betaCampaign = madeCampaign.body;
  betaCycle = await newCycle(bea, betaCampaign);
  // B's poster link: anyone signed in opens it, and it shows B's group id.
  const poster = await api<Link>(bea, '/v1/shorten-urls', 'POST', {
    category: 'session',
    sphereId: beta.id,
    sessionId: betaGroup.id,
    name: 'Beta poster',
    defaultLanguage: 'en',
    stepNumber: 99,
  });
  expect(poster.status).toBe(201);
  betaLink = poster.body;
  await importForms([questionnaire(alphaForm), questionnaire(betaForm)]);
  await importEntitlements(alpha.id, [
    { formId: alphaForm, availabilitiesThrough: 'sphereMember', sessionIds: [] },
  ]);
  await importEntitlements(beta.id, [
    { formId: betaForm, availabilitiesThrough: 'sphereMember', sessionIds: [] },
  ]);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe('finding 3: a campaign targets only its own sphere’s groups and tags', () => {
  it('B’s group id is readable by anyone signed in, from B’s poster link', async () => {
    const opened = await api<Link>(ana, `/v1/shorten-urls/${betaLink.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body.sessionId).toBe(betaGroup.id);
  });

  it('creating A’s campaign with B’s group or B’s tag as target is refused as an unknown id', async () => {
    await refusedAsUnknown(
      (id) => newCampaign(ada, alpha, { name: 'Leak by group', targets: { sessionIds: [id], tagIds: [] } }),
      betaGroup.id,
    );
    await refusedAsUnknown(
      (id) => newCampaign(ada, alpha, { name: 'Leak by tag', targets: { sessionIds: [], tagIds: [id] } }),
      betaTag,
    );
    const listed = await api<{ items: Campaign[] }>(ada, `/v1/campaigns/spheres/${alpha.id}`);
    expect(listed.body.items.map((c) => c.name)).not.toContain('Leak by group');
    expect(listed.body.items.map((c) => c.name)).not.toContain('Leak by tag');
  });

  it('updating A’s campaign to target B’s group or tag is refused, and no person of B’s group is then among its participants', async () => {
    const made = await newCampaign(ada, alpha, {
      name: 'Alpha pulse',
      targets: { sessionIds: [alphaGroup.id], tagIds: [] },
    });
    expect(made.status).toBe(201);
    const campaign = made.body;
    const path = `/v1/campaigns/${campaign.campaignId}`;
    // Each save with the campaign's `updateDate` as it is then (a save that went through moves it).
    const target = async (targets: Campaign['targets']) =>
      api(ada, path, 'PUT', { ...campaignFields((await api<Campaign>(ada, path)).body), targets });
    await refusedAsUnknown((id) => target({ sessionIds: [alphaGroup.id, id], tagIds: [] }), betaGroup.id);
    await refusedAsUnknown((id) => target({ sessionIds: [alphaGroup.id], tagIds: [id] }), betaTag);
    const read = await api<Campaign>(ada, path);
    expect(read.body.targets).toEqual({ sessionIds: [alphaGroup.id], tagIds: [] });
    // The cycle asks A's group alone: Ana; Léa, who is in B's private group, is not listed.
    const cycle = await newCycle(ada, campaign);
    const participants = await api<CycleParticipants>(
      ada,
      `/v1/campaigns/${campaign.campaignId}/cycles/${cycle.cycleId}/participants`,
    );
    expect(participants.status).toBe(200);
    expect(participants.body.people.map((p) => p.userId)).toEqual([idOf(ana)]);
    expect(participants.body.people.map((p) => p.userId)).not.toContain(idOf(lea));
    // Its own groups and tags stay allowed.
    const alphaTag = await newTag(ada, alpha, 'Alpha only');
    const changed = await target({ sessionIds: [alphaGroup.id], tagIds: [alphaTag] });
    expect(changed.status).toBe(200);
  });
});

describe('targets stored before their ids were checked', () => {
  it('a foreign group among them asks nobody of that group, in the cycle’s list or at the door', async () => {
    const made = await newCampaign(ada, alpha, {
      name: 'Alpha before the check',
      targets: { sessionIds: [alphaGroup.id], tagIds: [] },
    });
    expect(made.status).toBe(201);
    const campaign = made.body;
    // What a save before the check could store: B's private group beside A's.
    await campaignsDb()
      .entities.campaign.patch({ campaignId: campaign.campaignId })
      .set({ targets: { sessionIds: [alphaGroup.id, betaGroup.id], tagIds: [] } })
      .go({ response: 'none' });
    const cycle = await newCycle(ada, campaign);
    const participants = await api<CycleParticipants>(
      ada,
      `/v1/campaigns/${campaign.campaignId}/cycles/${cycle.cycleId}/participants`,
    );
    expect(participants.status).toBe(200);
    expect(participants.body.people.map((p) => p.userId)).toEqual([idOf(ana)]);
  });
});

describe('finding 4: a campaign link names a campaign of its own sphere', () => {
  it('POST /v1/shorten-urls in A naming B’s campaign is refused as an unknown campaign', async () => {
    await refusedAsUnknown(
      (id) =>
        api(ada, '/v1/shorten-urls', 'POST', {
          category: 'campaign',
          sphereId: alpha.id,
          campaignId: id,
          name: 'Poster',
          defaultLanguage: 'en',
        }),
      betaCampaign.campaignId,
    );
    const own = await newCampaign(ada, alpha, { name: 'Alpha poster campaign' });
    const made = await api<Link>(ada, '/v1/shorten-urls', 'POST', {
      category: 'campaign',
      sphereId: alpha.id,
      campaignId: own.body.campaignId,
      name: 'Poster',
      defaultLanguage: 'en',
    });
    expect(made.status).toBe(201);
  });
});

describe('campaign measures, reports and custom reports', () => {
  let campaign: Campaign;
  beforeAll(async () => {
    campaign = (await newCampaign(ada, alpha, { name: 'Alpha measures' })).body;
  });
  // Each save with the campaign's `updateDate` as it is then (a save that went through moves it).
  const measures = async (measure: Record<string, unknown>) =>
    api(ada, `/v1/campaigns/${campaign.campaignId}/measures`, 'PUT', {
      measures: [{ id: 'm1', title: { en: 'Step' }, ...measure }],
      updateDate: (await api<Campaign>(ada, `/v1/campaigns/${campaign.campaignId}`)).body.updateDate,
    });

  it('a form measure names a questionnaire entitled to the sphere', async () => {
    await refusedAsUnknown((formId) => measures({ type: 'form', formId }), betaForm);
  });

  it('a measure in a group’s context names a group of the sphere', async () => {
    await refusedAsUnknown(
      (sessionId) => measures({ type: 'assessment', context: 'session', sessionId }),
      betaGroup.id,
    );
  });

  it('a measure’s tag questions offer tags of the sphere', async () => {
    await refusedAsUnknown(
      (tagId) =>
        measures({
          type: 'feeling',
          tagQuestions: [{ id: 't1', title: { en: 'Your team' }, tagIds: [tagId] }],
        }),
      betaTag,
    );
    const own = await measures({ type: 'form', formId: alphaForm });
    expect(own.status).toBe(200);
    campaign = own.body as Campaign;
  });

  it('a campaign report names the campaign’s cycles and the sphere’s tags', async () => {
    const path = `/v1/campaigns/${campaign.campaignId}/reports`;
    await refusedAsUnknown((cycleId) => api(ada, path, 'POST', { cycleIds: [cycleId] }), betaCycle.cycleId);
    await refusedAsUnknown((tagId) => api(ada, path, 'POST', { tagIds: [tagId] }), betaTag);
  });

  it('a campaign’s custom report is about one of its own cycles', async () => {
    await refusedAsUnknown(
      (cycleId) =>
        api(ada, `/v1/campaigns/${campaign.campaignId}/custom-reports`, 'POST', {
          name: 'Spring',
          start: monthAgo(),
          end: today(),
          cycleId,
        }),
      betaCycle.cycleId,
    );
  });
});

describe('links', () => {
  const link = (fields: Record<string, unknown>) =>
    api(ada, '/v1/shorten-urls', 'POST', {
      category: 'sphere',
      sphereId: alpha.id,
      name: 'Poster',
      defaultLanguage: 'en',
      ...fields,
    });

  it('a session link names a session of its sphere: B’s group is refused as an unknown one', async () => {
    await refusedAsUnknown(
      (sessionId) => link({ category: 'session', sessionId, stepNumber: 99 }),
      betaGroup.id,
    );
  });

  it('a link’s tags and its form step name the sphere’s tags and questionnaires', async () => {
    await refusedAsUnknown((tagId) => link({ specificTagIds: [tagId] }), betaTag);
    await refusedAsUnknown((formId) => link({ wizards: [{ type: 'form', formId }] }), betaForm);
    const own = await link({ wizards: [{ type: 'form', formId: alphaForm }] });
    expect(own.status).toBe(201);
    const changed = (id: string, field: Record<string, unknown>) =>
      api(ada, `/v1/shorten-urls/${id}`, 'PUT', { name: 'Poster', defaultLanguage: 'en', ...field });
    const made = own.body as Link;
    await refusedAsUnknown((tagId) => changed(made.id, { specificTagIds: [tagId] }), betaTag);
    await refusedAsUnknown((formId) => changed(made.id, { wizards: [{ type: 'form', formId }] }), betaForm);
  });
});

describe('sessions and groups', () => {
  const create = (fields: Record<string, unknown>) =>
    api(ada, `/v1/spheres/${alpha.id}/sessions`, 'POST', {
      category: 'contributor',
      name: { en: 'New team' },
      ...fields,
    });

  it('a new group’s parent, owners and tags are the sphere’s', async () => {
    await refusedAsUnknown((parentSessionId) => create({ parentSessionId }), betaGroup.id);
    await refusedAsUnknown((memberId) => create({ ownerIds: [memberId] }), leaInBeta);
    await refusedAsUnknown((tagId) => create({ specificTagIds: [tagId] }), betaTag);
  });

  it('a group takes as member and as parent only the sphere’s', async () => {
    await refusedAsUnknown(
      (memberId) =>
        api(ada, `/v1/sessions/${alphaGroup.id}/members`, 'POST', { memberId, roles: ['member'] }),
      leaInBeta,
    );
    const group = (await api<Session>(ada, `/v1/sessions/${alphaGroup.id}`)).body;
    await refusedAsUnknown(
      (parentSessionId) =>
        api(ada, `/v1/sessions/${alphaGroup.id}`, 'PUT', {
          name: { en: 'Alpha team' },
          publicName: { en: 'Alpha team' },
          parentSessionId,
          updateDate: group.updateDate,
        }),
      betaGroup.id,
    );
  });
});

describe('members, tags and tag rules', () => {
  it('a member’s tags are the sphere’s, on update and on creation', async () => {
    await refusedAsUnknown(
      (tagId) =>
        api(ada, `/v1/spheres/${alpha.id}/members/${leaInAlpha}`, 'PUT', {
          name: 'Léa',
          roles: ['contributor'],
          subscription: 'starter',
          active: true,
          tagIds: [tagId],
        }),
      betaTag,
    );
    await refusedAsUnknown(
      (tagId) =>
        api(ada, '/v1/members', 'POST', {
          sphereId: alpha.id,
          name: 'Noé',
          email: `noe.${randomUUID().slice(0, 6)}@example.be`,
          roles: ['contributor'],
          tagIds: [tagId],
        }),
      betaTag,
    );
  });

  it('a tag rule gives only the sphere’s tags', async () => {
    await refusedAsUnknown(
      (tagId) =>
        api(ada, `/v1/spheres/${alpha.id}/tags-selections`, 'PUT', {
          selectionId: 'user_gender',
          selection: { defaultTagId: tagId, rules: [] },
        }),
      betaTag,
    );
    await refusedAsUnknown(
      (tagId) =>
        api(ada, `/v1/spheres/${alpha.id}/tags-selections`, 'PUT', {
          selectionId: 'user_gender',
          selection: { rules: [{ condition: 'if', operator: '=', value: 'female', tagIds: [tagId] }] },
        }),
      betaTag,
    );
  });
});

describe('forms and strategies', () => {
  it('an entitlement reaches sessions of its sphere only', async () => {
    await refusedAsUnknown(
      (sessionId) =>
        api(ada, `/v1/forms/spheres/${alpha.id}/entitlements/${alphaForm}`, 'PUT', {
          sphereId: alpha.id,
          formId: alphaForm,
          availabilitiesThrough: 'sessionMember',
          sessionIds: [sessionId],
        }),
      betaGroup.id,
    );
  });

  it('a survey in A through B’s link, or in B’s group, is refused as through an unknown one', async () => {
    const survey = (fields: Record<string, unknown>) =>
      api(lea, '/v1/forms/surveys', 'POST', { formId: alphaForm, values: { q1: 4 }, ...fields });
    await refusedAsUnknown((linkId) => survey({ sphereId: alpha.id, linkId }), betaLink.id);
    await refusedAsUnknown((sessionId) => survey({ sphereId: alpha.id, sessionId }), betaGroup.id);
  });

  it('an assessment of A’s strategy through B’s link is refused as through an unknown link', async () => {
    const made = await api<Strategy>(ada, `/v1/strategies/spheres/${alpha.id}`, 'POST', {
      type: 'vision',
      title: 'Our vision',
      description: 'Where we go',
    });
    expect(made.status).toBe(201);
    await refusedAsUnknown(
      (linkId) =>
        api(lea, `/v1/strategies/assessments/spheres/${alpha.id}`, 'POST', {
          values: { [made.body.id]: 4 },
          linkId,
        }),
      betaLink.id,
    );
  });
});

describe('custom reports and reports', () => {
  let report: CustomReport;
  let part: ReportPart;
  beforeAll(async () => {
    report = (
      await api<CustomReport>(ada, `/v1/reports/spheres/${alpha.id}`, 'POST', {
        name: 'Quarter',
        start: monthAgo(),
        end: today(),
      })
    ).body;
    part = (
      await api<ReportPart>(ada, `/v1/reports/spheres/${alpha.id}/${report.reportId}/parts`, 'POST', {
        name: 'Teams',
      })
    ).body;
  });
  const card = (dataShot: Record<string, unknown>) =>
    api(ada, `/v1/reports/spheres/${alpha.id}/${report.reportId}/cards`, 'POST', {
      type: 'dataShot',
      partId: part.partId,
      title: 'A group',
      dataShot,
    });

  it('a data shot shows the sphere’s tags, its questionnaires and its campaigns’ cycles', async () => {
    await refusedAsUnknown((tagId) => card({ source: 'feelings', tagIds: [tagId] }), betaTag);
    await refusedAsUnknown((formId) => card({ source: 'form', formId }), betaForm);
    await refusedAsUnknown(
      (cycleId) => card({ source: 'campaign', cycleId, stepId: 'm1' }),
      betaCycle.cycleId,
    );
  });

  it('a sphere’s feelings report is cut by the sphere’s tags', async () => {
    await refusedAsUnknown(
      (tagId) =>
        api(ada, '/v1/feelings/sphere-reports', 'POST', {
          sphereId: alpha.id,
          start: monthAgo(),
          end: today(),
          tagIds: [tagId],
        }),
      betaTag,
    );
  });
});

describe('terminals', () => {
  it('a terminal stands in a consumer session of its sphere', async () => {
    await refusedAsUnknown(
      (sessionId) =>
        api(ada, '/v1/terminals', 'POST', { sphereId: alpha.id, sessionId, deviceName: 'Counter' }),
      betaShop.id,
    );
  });
});

describe('feelings', () => {
  it('a feeling in A names neither B’s group (Léa is in it) nor B’s link', async () => {
    const feeling = (fields: Record<string, unknown>) =>
      api(lea, '/v1/feelings', 'POST', { value: 0.5, energy: 0.5, sphereId: alpha.id, ...fields });
    await refusedAsUnknown((sessionId) => feeling({ sessionId }), betaGroup.id);
    await refusedAsUnknown((linkId) => feeling({ linkId }), betaLink.id);
  });
});
