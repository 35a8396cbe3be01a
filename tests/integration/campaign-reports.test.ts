import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignReport, CampaignStepReport } from '@shared/contracts/campaign-reports';
import type { Campaign, Cycle } from '@shared/contracts/campaigns';
import type { CustomReport, ReportCard, ReportPartDetail } from '@shared/contracts/custom-reports';
import type { Sphere } from '@shared/contracts/spheres';
import { feelingColor, feelingEnergy, feelingValue } from '@shared/domain/feelings';
import { rebuildSphereCampaignRollups } from '../../functions/campaigns';
import { importParticipations } from '../../functions/campaigns/seeding';
import { rollCycle } from '../../functions/campaigns/reports';
import { findCycle, readCampaign, saveProgress, type AnswerItem } from '../../functions/campaigns/repository';
import { readScope, scopeOf } from '../../functions/rollups';
import { rollupsDb } from '../../functions/rollups/rollup-store';
import { ConflictError } from '../../functions/lib/errors';
import { spheresDb } from '../../functions/spheres/store';
import { decodeJwt } from 'jose';
import { startTestStack, type TestStack, type Tokens } from './harness';

/**
 * A campaign's reports (decision 0035): POST /v1/campaigns/{campaignId}/reports gives, for each
 * cycle that has stopped collecting, each step's figures from the rollups its stop wrote, under the
 * privacy rules of every report: a group under 8 (5 with two tags) is hidden with its reason, test
 * answers and free text never count, a cycle still collecting has no figures, and the rollups equal
 * a rebuild from the sealed answers however often they are rolled.
 */
let stack: TestStack;
let ada: Tokens;
let zoe: Tokens;
let sphere: Sphere;
let campaign: Campaign;
let cycle: Cycle;
let later: Cycle;
let atelier: string;
let nuit: string;

const PEOPLE = 20;
/** Atelier: people 0–8 (9); Nuit: people 7–12 (6); both: 7 and 8. */
const tagsOf = (i: number) => [...(i <= 8 ? ['atelier'] : []), ...(i >= 7 && i <= 12 ? ['nuit'] : [])];
const feelingOf = (i: number) => ({
  type: 'feeling' as const,
  mood: i % 2 === 0 ? ('good' as const) : ('bad' as const),
  intensityStep: i % 10,
  energyStep: (i * 3) % 10,
  ...(i < 5 ? { wordId: 'calm' } : {}),
});
const likertOf = (i: number) => 1 + (i % 5);
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

const api = <T>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: tokens.accessToken, ...(body !== undefined ? { body } : {}) });
const report = (body: Record<string, unknown> = {}, tokens = ada) =>
  api<CampaignReport>(tokens, `/v1/campaigns/${campaign.campaignId}/reports`, 'POST', body);
const stepOf = (r: CampaignReport, stepId: string, cycleId = cycle.cycleId) =>
  r.cycles.find((c) => c.cycleId === cycleId)?.steps.find((s) => s.stepId === stepId) as CampaignStepReport;

function answer(stepId: string, value: unknown, i: number, isTest = false): AnswerItem {
  const tagIds = tagsOf(i).map((t) => (t === 'atelier' ? atelier : nuit));
  return {
    cycleId: cycle.cycleId,
    answerKey: randomUUID(),
    campaignId: campaign.campaignId,
    sphereId: sphere.id,
    measureId: stepId === '-' ? '-' : stepId,
    stepId,
    type: (value as { type: AnswerItem['type'] }).type,
    value,
    tagIds,
    day: new Date().toISOString().slice(0, 10),
    isTest,
  };
}

beforeAll(async () => {
  stack = await startTestStack();
  ada = await stack.signInWithCode('ada.campaign-reports@example.be', { firstName: 'Ada', locale: 'en' });
  zoe = await stack.signInWithCode('zoe.campaign-reports@example.be', { firstName: 'Zoé', locale: 'fr' });
  const created = await api<Sphere>(ada, '/v1/spheres', 'POST', {
    name: 'Maison Résultats',
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'en' },
  });
  expect(created.status).toBe(201);
  sphere = created.body;
  const { sphereKey } = (await api<{ sphereKey: string }>(ada, `/v1/spheres/${sphere.id}/join-key`)).body;
  expect((await api(zoe, `/v1/spheres/${sphere.id}/join`, 'POST', { sphereKey })).status).toBe(200);
  const tag = async (name: string) =>
    (
      await api<{ id: string }>(ada, `/v1/spheres/${sphere.id}/tags`, 'POST', {
        name: { en: name },
        type: 'department',
        color: '#336699',
        weight: 1,
      })
    ).body.id;
  atelier = await tag('Atelier');
  nuit = await tag('Nuit');
  const made = await api<Campaign>(ada, `/v1/campaigns/spheres/${sphere.id}`, 'POST', {
    name: 'Pulse',
    defaultLocale: 'en',
  });
  expect(made.status).toBe(201);
  const measured = await api<Campaign>(ada, `/v1/campaigns/${made.body.campaignId}/measures`, 'PUT', {
    measures: [
      { id: 'mood', type: 'feeling', title: { en: 'How do you feel at work?' } },
      {
        id: 'team',
        type: 'custom-form',
        title: { en: 'Our team' },
        customTheme: {
          title: { en: 'Our team' },
          shortTitle: { en: 'Team' },
          questions: [
            { id: 'q1', kind: 'likert', title: { en: 'I can count on my colleagues.' } },
            { id: 'q2', kind: 'text', title: { en: 'What would help?' }, required: false },
          ],
        },
      },
    ],
    updateDate: made.body.updateDate,
  });
  expect(measured.status).toBe(200);
  campaign = measured.body;
  const first = await api<Cycle>(ada, `/v1/campaigns/${campaign.campaignId}/cycles`, 'POST', {
    internalLabel: 'Autumn',
  });
  expect(first.status).toBe(201);
  cycle = first.body;
  const second = await api<Cycle>(ada, `/v1/campaigns/${campaign.campaignId}/cycles`, 'POST', {
    internalLabel: 'Winter',
  });
  later = second.body;
  const command = (action: string) =>
    api<{ cycle: Cycle }>(
      ada,
      `/v1/campaigns/${campaign.campaignId}/cycles/${cycle.cycleId}/commands`,
      'POST',
      {
        action,
      },
    );
  expect((await command('startCollection')).status).toBe(200);
  // The answers as a run leaves them (decision 0025: no person in them), a tester's among them.
  const answers: AnswerItem[] = [];
  for (let i = 0; i < PEOPLE; i++) {
    answers.push(answer('mood', feelingOf(i), i));
    answers.push(answer('team', { type: 'custom-form', values: { q1: likertOf(i), q2: `secret ${i}` } }, i));
  }
  answers.push(answer('mood', feelingOf(3), 3, true));
  answers.push(answer('-', { reason: 'frequency', comment: 'trop souvent' }, 15));
  answers[answers.length - 1] = { ...(answers.at(-1) as AnswerItem), type: 'refusal' };
  // Who took part, as the participations say (people, never answers): two finished, one declined.
  const participant = (userId: string, status: 'done' | 'refused') => ({
    cycleId: cycle.cycleId,
    mode: 'live' as const,
    userId,
    campaignId: campaign.campaignId,
    sphereId: sphere.id,
    status,
    steps: [],
    expirationDate: new Date(Date.now() + 86_400_000).toISOString(),
    revision: 0,
  });
  await importParticipations(
    [participant('p-1', 'done'), participant('p-2', 'done'), participant('p-3', 'refused')],
    answers,
  );
  const stopped = await command('stopCollection');
  expect(stopped.status).toBe(200);
  cycle = stopped.body.cycle;
});
afterAll(async () => {
  await stack?.stop();
});

describe('POST /v1/campaigns/{campaignId}/reports', () => {
  it('gives a stopped cycle’s feelings, counted independently here, and none of the test answers', async () => {
    const answered = await report();
    expect(answered.status).toBe(200);
    const mood = stepOf(answered.body, 'mood');
    expect(mood.kind).toBe('feeling');
    const values = Array.from({ length: PEOPLE }, (_, i) => {
      const f = feelingOf(i);
      const value = feelingValue(f.intensityStep, f.mood);
      const energy = feelingEnergy(f.energyStep);
      return { value, energy, color: feelingColor(value, energy) };
    });
    const colors = { yellow: 0, green: 0, red: 0, blue: 0 };
    for (const v of values) colors[v.color]++;
    expect(mood.figure).toMatchObject({
      shown: true,
      people: PEOPLE,
      answers: PEOPLE,
      colors,
      averageValue: round3(values.reduce((s, v) => s + Math.round(v.value * 10), 0) / PEOPLE / 10),
      words: [{ wordId: 'calm', count: 5 }],
    });
  });

  it('gives a custom theme’s numbers and never its free text', async () => {
    const answered = await report();
    const team = stepOf(answered.body, 'team');
    if (team.kind !== 'questions' || !team.figure.shown) throw new Error('the team step is not shown');
    const figure = team.figure;
    const average = Array.from({ length: PEOPLE }, (_, i) => likertOf(i)).reduce((a, b) => a + b, 0) / PEOPLE;
    expect(figure.questions).toEqual([
      expect.objectContaining({ answerId: 'q1', shown: true, answers: PEOPLE, average: round3(average) }),
    ]);
  });

  it('gives a custom theme’s free texts only to a group of at least 8, and never a refusal’s comment', async () => {
    const textsOf = async (tagIds: string[]) => {
      const step = stepOf((await report({ tagIds })).body, 'team');
      if (step.kind !== 'questions') throw new Error('the team step is not a questions step');
      return step.texts?.find((t) => t.answerId === 'q2');
    };
    const everyone = await textsOf([]);
    if (!everyone?.shown) throw new Error('the texts of everyone are hidden');
    expect([...everyone.texts].sort()).toEqual(
      Array.from({ length: PEOPLE }, (_, i) => `secret ${i}`).sort(),
    );
    const ofAtelier = await textsOf([atelier]);
    if (!ofAtelier?.shown) throw new Error('the texts of the 9 people of Atelier are hidden');
    expect([...ofAtelier.texts].sort()).toEqual(Array.from({ length: 9 }, (_, i) => `secret ${i}`).sort());
    expect(await textsOf([nuit])).toEqual({
      answerId: 'q2',
      shown: false,
      reason: 'too-few-people',
      threshold: 8,
    });
    const nuitReport = JSON.stringify((await report({ tagIds: [nuit] })).body);
    expect(nuitReport).not.toContain('secret');
    expect(JSON.stringify((await report()).body)).not.toContain('trop souvent');
  });

  it('shows a tag of 9 people, hides one of 6 and a pair of 2 with their thresholds', async () => {
    const ofAtelier = await report({ tagIds: [atelier] });
    expect(stepOf(ofAtelier.body, 'mood').figure).toMatchObject({ shown: true, people: 9 });
    const ofNuit = await report({ tagIds: [nuit] });
    expect(stepOf(ofNuit.body, 'mood').figure).toEqual({
      shown: false,
      reason: 'too-few-people',
      threshold: 8,
    });
    const both = await report({ tagIds: [atelier, nuit] });
    expect(stepOf(both.body, 'mood').figure).toEqual({
      shown: false,
      reason: 'too-few-people',
      threshold: 5,
    });
    expect(JSON.stringify(both.body)).not.toMatch(/"people":2\b/);
  });

  it('hides the reasons of the one person who declined, and a cycle still to run has no figures', async () => {
    const answered = await report();
    expect(stepOf(answered.body, '-')).toMatchObject({ type: 'refusal', figure: { shown: false } });
    expect(answered.body.cycles.find((c) => c.cycleId === later.cycleId)).toMatchObject({
      ready: false,
      steps: [],
    });
    expect(answered.body.cycles.find((c) => c.cycleId === later.cycleId)?.participation).toBeUndefined();
    expect(answered.body.cycles[0]?.participation).toEqual({ blank: 0, inProgress: 0, done: 2, refused: 1 });
    expect(answered.body.cycles.map((c) => c.cycleId)).toEqual([cycle.cycleId, later.cycleId]);
  });

  it('refuses unknown cycles and tags with 400, and a member without smartReport with 403', async () => {
    const unknownCycle = await report({ cycleIds: ['nope'] });
    expect(unknownCycle.status).toBe(400);
    const unknownTag = await report({ tagIds: ['nope'] });
    expect(unknownTag.status).toBe(400);
    expect((await report({}, zoe)).status).toBe(403);
  });

  it('rolls the same items however often, equal to a rebuild from the sealed answers', async () => {
    const scope = scopeOf(`campaign:${campaign.campaignId}`, 'cycle', cycle.cycleId);
    const before = await readScope(scope);
    expect(before.length).toBeGreaterThan(0);
    const read = await readCampaign(campaign.campaignId);
    const stored = read?.cycles.find((c) => c.cycleId === cycle.cycleId);
    if (!read || !stored) throw new Error('the cycle is not stored');
    // A retried stop, a second roll: the same items, never twice the answers.
    await rollCycle(read.campaign, stored);
    await Promise.all([rollCycle(read.campaign, stored), rollCycle(read.campaign, stored)]);
    expect(await readScope(scope)).toEqual(before);
    expect((await rebuildSphereCampaignRollups(sphere.id, 'check')).differences).toEqual([]);
    expect((await findCycle(campaign.campaignId, cycle.cycleId))?.rolledAt).toEqual(expect.any(String));
  });

  it('decides a group of a sealed step once and keeps it; a new roll takes the kept decisions away', async () => {
    const scope = scopeOf(`campaign:${campaign.campaignId}`, 'cycle', cycle.cycleId);
    const kept = async () =>
      (await rollupsDb().entities.reportRollup.query.byScope({ scope, kind: 'release' }).go({ pages: 'all' }))
        .data;
    const first = await report({ tagIds: [atelier] });
    expect((await kept()).length).toBeGreaterThan(0);
    // Read again from the kept decisions alone: the same figures.
    expect((await report({ tagIds: [atelier] })).body).toEqual(first.body);
    const read = await readCampaign(campaign.campaignId);
    const stored = read?.cycles.find((c) => c.cycleId === cycle.cycleId);
    if (!read || !stored) throw new Error('the cycle is not stored');
    await rollCycle(read.campaign, stored);
    expect(await kept()).toEqual([]);
    expect((await report({ tagIds: [atelier] })).body).toEqual(first.body);
  });

  it('takes no live answer once the cycle has stopped: it could never count', async () => {
    const { data } = await spheresDb()
      .entities.member.query.byUser({ userId: idOf(zoe), sphereId: sphere.id })
      .go();
    expect(data).toHaveLength(1);
    const participant = {
      cycleId: cycle.cycleId,
      mode: 'live' as const,
      userId: idOf(zoe),
      campaignId: campaign.campaignId,
      sphereId: sphere.id,
      status: 'inProgress' as const,
      steps: [{ stepId: 'mood', status: 'todo' as const }],
      expirationDate: new Date(Date.now() + 86_400_000).toISOString(),
      revision: 0,
    };
    await importParticipations([participant], []);
    await expect(
      saveProgress(
        participant,
        { status: 'done', steps: [{ stepId: 'mood', status: 'done' }] },
        answer('mood', feelingOf(1), 1),
      ),
    ).rejects.toBeInstanceOf(ConflictError);
  });
});

/**
 * A campaign's custom reports (decision 0036): created and listed through the campaign, edited
 * under the sphere's report routes, and their data shots show a stopped cycle's step with the very
 * figures of the campaign's results, through the same privacy rules.
 */
describe('a campaign’s custom reports', () => {
  const custom = (path = '', method = 'GET', body?: unknown, tokens = ada) =>
    api<CustomReport & { reports: CustomReport[] }>(
      tokens,
      `/v1/campaigns/${campaign.campaignId}/custom-reports${path}`,
      method,
      body,
    );
  const period = { start: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) };
  const fields = () => ({ name: 'Pulse d’automne', ...period, end: new Date().toISOString().slice(0, 10) });
  const base = () => `/v1/reports/spheres/${sphere.id}`;
  let made: CustomReport;
  let partId: string;
  const shotCard = (dataShot: Record<string, unknown>, reportId = made.reportId, part = partId) =>
    api<ReportCard>(ada, `${base()}/${reportId}/cards`, 'POST', {
      type: 'dataShot',
      partId: part,
      title: 'Step',
      dataShot: { source: 'campaign', ...dataShot },
    });

  it('creates a report of the campaign about one cycle, listed with the campaign and with the sphere', async () => {
    const created = await custom('', 'POST', { ...fields(), cycleId: cycle.cycleId });
    expect(created.status).toBe(201);
    made = created.body;
    expect(made).toMatchObject({
      sphereId: sphere.id,
      campaignId: campaign.campaignId,
      cycleId: cycle.cycleId,
    });
    expect((await custom()).body.reports.map((r) => r.reportId)).toEqual([made.reportId]);
    const sphereList = await api<{ reports: CustomReport[] }>(ada, base());
    expect(sphereList.body.reports.find((r) => r.reportId === made.reportId)?.campaignId).toBe(
      campaign.campaignId,
    );
    const part = await api<{ partId: string }>(ada, `${base()}/${made.reportId}/parts`, 'POST', {
      name: 'Steps',
    });
    expect(part.status).toBe(201);
    partId = part.body.partId;
  });

  it('refuses a cycle of no such campaign with 400 and a member without smartReport with 403', async () => {
    const wrong = await custom('', 'POST', { ...fields(), cycleId: 'nope' });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('body.cycleId');
    expect((await custom('', 'GET', undefined, zoe)).status).toBe(403);
    expect((await custom('', 'POST', fields(), zoe)).status).toBe(403);
  });

  it('shows a step with the same figures and texts as the campaign’s results, for everyone and for a tag', async () => {
    const results = (await report({ tagIds: [atelier] })).body;
    const all = (await report({})).body;
    const cards = {
      mood: await shotCard({ cycleId: cycle.cycleId, stepId: 'mood' }),
      team: await shotCard({ cycleId: cycle.cycleId, stepId: 'team', tagIds: [atelier] }),
      small: await shotCard({ cycleId: cycle.cycleId, stepId: 'team', tagIds: [nuit] }),
    };
    for (const c of Object.values(cards)) expect(c.status).toBe(201);
    const read = await api<ReportPartDetail>(ada, `${base()}/${made.reportId}/parts/${partId}`);
    expect(read.status).toBe(200);
    const dataOf = (id: string) => {
      const data = read.body.cards.find((c) => c.cardId === id)?.data;
      if (data?.source !== 'campaign') throw new Error(`card ${id} has no campaign data`);
      return data;
    };
    const mood = dataOf(cards.mood.body.cardId);
    expect(mood.cycle.internalLabel).toBe('Autumn');
    expect(mood.title).toEqual({ en: 'How do you feel at work?' });
    expect(mood.result).toEqual({ kind: 'feeling', figure: stepOf(all, 'mood').figure });
    const team = dataOf(cards.team.body.cardId);
    const teamStep = stepOf(results, 'team');
    if (team.result.kind !== 'custom-form' || teamStep.kind !== 'questions') throw new Error('not a theme');
    expect(team.result.figure).toEqual(teamStep.figure);
    expect(team.result.questions).toEqual([{ id: 'q1', title: { en: 'I can count on my colleagues.' } }]);
    expect(team.result.texts.map((t) => t.figure)).toEqual(teamStep.texts);
    expect(team.result.texts[0]?.question).toEqual({ id: 'q2', title: { en: 'What would help?' } });
    // Nuit has 6 people: hidden with its reason, and none of its texts anywhere.
    const small = dataOf(cards.small.body.cardId);
    expect(small.result.figure).toEqual({ shown: false, reason: 'too-few-people', threshold: 8 });
    expect(JSON.stringify(small)).not.toContain('secret');
  });

  it('refuses a campaign step in a report of no campaign, of a cycle still to stop, or of no such step', async () => {
    const plain = await api<CustomReport>(ada, base(), 'POST', fields());
    expect(plain.status).toBe(201);
    const plainPart = await api<{ partId: string }>(ada, `${base()}/${plain.body.reportId}/parts`, 'POST', {
      name: 'P',
    });
    const outside = await shotCard(
      { cycleId: cycle.cycleId, stepId: 'mood' },
      plain.body.reportId,
      plainPart.body.partId,
    );
    expect(outside.status).toBe(400);
    expect(JSON.stringify(outside.body)).toContain('body.dataShot.source');
    const collecting = await shotCard({ cycleId: later.cycleId, stepId: 'mood' });
    expect(collecting.status).toBe(400);
    expect(JSON.stringify(collecting.body)).toContain('body.dataShot.cycleId');
    const noStep = await shotCard({ cycleId: cycle.cycleId, stepId: 'nope' });
    expect(noStep.status).toBe(400);
    expect(JSON.stringify(noStep.body)).toContain('body.dataShot.stepId');
    // The refusals' reasons are no step a data shot shows.
    expect((await shotCard({ cycleId: cycle.cycleId, stepId: '-' })).status).toBe(400);
  });

  it('writes a card’s text from a step’s figures, never from its free texts', async () => {
    const read = await api<ReportPartDetail>(ada, `${base()}/${made.reportId}/parts/${partId}`);
    const team = read.body.cards.find(
      (c) =>
        c.dataShot?.source === 'campaign' &&
        c.dataShot.stepId === 'team' &&
        c.dataShot.tagIds.length === 1 &&
        c.dataShot.tagIds[0] === atelier,
    );
    if (!team) throw new Error('no team card');
    const written = await api<{ text: string; writtenBy: string }>(
      ada,
      `${base()}/${made.reportId}/cards/${team.cardId}/prompt`,
      'POST',
      { lang: 'en' },
    );
    expect(written.status).toBe(200);
    expect(written.body.text).toContain('I can count on my colleagues.');
    expect(written.body.text).not.toContain('secret');
  });
});
