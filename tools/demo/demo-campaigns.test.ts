import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { configureHandlers } from '../../functions/lib/environment';
import { findLink } from '../../functions/links';
import { importSphere } from '../../functions/spheres/seeding';
import { answerKeyOf, answerProblems, stepDefinitions } from '../../functions/campaigns/seeding';
import { StepAnswerSchema, type Measure, type StepAnswer } from '@shared/contracts/campaigns';
import type { Form, SurveyValues } from '@shared/contracts/forms';
import { LANGUAGES } from '@shared/contracts/headers';
import { REFUSAL_REASONS, cycleNotificationsProblems, cycleDateProblems } from '@shared/domain/campaigns';
import { validateSurvey } from '@shared/domain/forms';
import {
  DEMO_CAMPAIGN_FORM_ID,
  DEMO_CAMPAIGN_ID,
  DEMO_CAMPAIGN_LINK_ID,
  DEMO_CAMPAIGN_SPHERE,
  demoAutumn,
  demoCampaign,
  demoCampaignMembers,
  demoWinter,
  demoWinterCycle,
  seedDemoCampaigns,
} from './demo-campaigns';
import { DEMO_FORMS } from './demo-forms';
import { SYNTHETIC_PEOPLE, demoSphereItem } from './demo-spheres';
import { ensureTable, startDynamoDb, type DynamoDbLocal } from '../local-stack/dynamodb';

const now = Date.parse('2026-11-26T10:30:00.000Z');
const campaign = demoCampaign(now);
const measures = campaign.measures as Measure[];
const form = DEMO_FORMS.find((f) => f.id === DEMO_CAMPAIGN_FORM_ID) as Form;
// The members as the sphere stores them: the synthetic ones, tagged by the rules, and one admin.
const stored = [
  ...SYNTHETIC_PEOPLE.map((p, i) => ({
    userId: p.userId,
    roles: ['contributor' as const],
    active: true,
    tagIds: [i % 2 ? 'age-25-34' : 'age-35-44', 'seniority-5-9'],
  })),
  { userId: 'camille', roles: ['admin' as const, 'contributor' as const], active: true, tagIds: [] },
];
const members = demoCampaignMembers(stored);
const sam = { userId: 'sam', tagIds: ['demo-office-bruxelles'], pleasant: 0.5, energy: 6 };
const winterCycle = { ...demoWinterCycle(now, 'salt-of-the-test') };
const autumn = demoAutumn(now, members, campaign);
const winter = demoWinter(now, winterCycle, members, sam, campaign);
const userIds = [...stored.map((m) => m.userId), sam.userId];

describe('the demo campaign', () => {
  it('is Pulse with a feeling of the week (word and site), a five-statement climate theme with a free text, and the wellbeing check', () => {
    expect(campaign.name).toBe('Pulse');
    expect(campaign.defaultLocale).toBe('fr');
    expect(campaign.allowGuest).toBe(false);
    expect(measures.map((m) => m.type)).toEqual(['feeling', 'custom-form', 'form']);
    const [feeling, climate, check] = measures as [Measure, Measure, Measure];
    expect(feeling).toMatchObject({ period: 'week', wordSelection: true });
    expect(feeling.tagQuestions.map((q) => q.tagIds)).toEqual([
      ['demo-office-bruxelles', 'demo-office-gand'],
    ]);
    const questions = climate.customTheme?.questions ?? [];
    expect(questions.filter((q) => q.kind === 'likert' && q.required)).toHaveLength(5);
    expect(questions.filter((q) => q.kind === 'text' && !q.required)).toHaveLength(1);
    expect(check.formId).toBe(DEMO_CAMPAIGN_FORM_ID);
  });

  it('says its names, messages, measures and questions in French, English and Dutch, as the API would accept them', () => {
    const texts = [
      campaign.publicName,
      campaign.description,
      campaign.firstMessage,
      campaign.welcomeMessage,
      campaign.endMessage,
      ...measures.flatMap((m) => [
        m.title,
        m.message,
        ...m.tagQuestions.flatMap((q) => [q.title, q.description]),
        ...(m.customTheme ? [m.customTheme.title, m.customTheme.shortTitle] : []),
        ...(m.customTheme?.questions ?? []).map((q) => q.title),
      ]),
      autumn.cycle.message,
      winterCycle.message,
    ] as Record<string, string>[];
    for (const text of texts) {
      expect(Object.keys(text).sort()).toEqual([...LANGUAGES].sort());
      for (const language of LANGUAGES) expect(text[language]?.trim()).not.toBe('');
    }
  });

  it('has an autumn cycle collected weeks ago, without its salt, and a winter one collecting that does not overlap it', () => {
    const day = 24 * 60 * 60 * 1000;
    expect(autumn.cycle.status).toBe('processing');
    expect(autumn.cycle.answerSalt).toBeUndefined();
    expect(now - Date.parse(autumn.cycle.start ?? '')).toBeGreaterThan(41 * day);
    expect(now - Date.parse(autumn.cycle.end ?? '')).toBeGreaterThan(27 * day);
    expect(winterCycle.status).toBe('inProgress');
    expect(winterCycle.scheduleNames).toEqual([]);
    expect(Date.parse(winterCycle.start ?? '')).toBeLessThan(now);
    expect(Date.parse(winterCycle.end ?? '')).toBeGreaterThan(now + 20 * day);
    const dated = (c: typeof winterCycle) => ({ id: c.cycleId, start: c.start, end: c.end });
    expect(cycleDateProblems(dated(winterCycle), [dated(autumn.cycle)])).toEqual([]);
    for (const cycle of [autumn.cycle, winterCycle]) {
      expect(cycle.notifications).toHaveLength(2);
      expect(cycleNotificationsProblems(cycle.notifications as never, cycle, { smsAllowed: false })).toEqual(
        [],
      );
    }
  });
});

describe('the demo participations and answers', () => {
  const all = [
    { name: 'autumn', ...autumn },
    { name: 'winter', cycle: winterCycle, ...winter },
  ];

  it.each(all)('of $name are answers the server would accept for their steps', ({ cycle, answers }) => {
    const steps = stepDefinitions(campaign, cycle, 'fr');
    for (const answer of answers.filter((a) => a.type !== 'refusal')) {
      const step = steps.find((s) => s.stepId === answer.stepId);
      const measure = measures.find((m) => m.id === answer.measureId);
      expect(step && measure, answer.stepId).toBeTruthy();
      if (!step || !measure) continue;
      const value = StepAnswerSchema.parse(answer.value) as StepAnswer;
      expect(answerProblems(value, step, measure, { form })).toEqual([]);
      if (value.type === 'form') expect(validateSurvey(form, value.values as SurveyValues)).toEqual([]);
      expect(
        answer.day >= (cycle.start ?? '').slice(0, 10) && answer.day <= (cycle.end ?? '').slice(0, 10),
      ).toBe(true);
      expect(answer.isTest).toBe(false);
    }
  });

  it.each(all)(
    'of $name: no answer holds a userId, and each participation counts as many answers as its done steps',
    ({ participants, answers }) => {
      for (const answer of answers) {
        expect(Object.keys(answer)).not.toContain('userId');
        const written = JSON.stringify(answer);
        for (const userId of userIds) expect(written).not.toContain(`"${userId}"`);
        expect(answer.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      expect(new Set(answers.map((a) => a.answerKey)).size).toBe(answers.length);
      const doneSteps = new Map<string, number>();
      for (const p of participants)
        for (const s of p.steps)
          if (s.status === 'done') doneSteps.set(s.stepId, (doneSteps.get(s.stepId) ?? 0) + 1);
      const answered = new Map<string, number>();
      for (const a of answers.filter((a) => a.type !== 'refusal'))
        answered.set(a.stepId, (answered.get(a.stepId) ?? 0) + 1);
      expect(answered).toEqual(doneSteps);
      expect(answers.filter((a) => a.type === 'refusal')).toHaveLength(
        participants.filter((p) => p.status === 'refused').length,
      );
    },
  );

  it('in autumn: most synthetic members took part, some finished, a few half-way, two refused with a reason, the logbook counting them', () => {
    const count = (status: string) => autumn.participants.filter((p) => p.status === status).length;
    expect(autumn.participants.length).toBeGreaterThan(SYNTHETIC_PEOPLE.length / 2);
    expect(autumn.participants.every((p) => p.userId !== 'camille')).toBe(true);
    expect(count('done')).toBeGreaterThan(40);
    expect(count('inProgress')).toBeGreaterThanOrEqual(3);
    expect(count('refused')).toBe(2);
    for (const refusal of autumn.answers.filter((a) => a.type === 'refusal')) {
      const value = refusal.value as { reason: string; comment: string };
      expect(REFUSAL_REASONS).toContain(value.reason);
      expect(value.comment).not.toBe('');
    }
    const taking = autumn.participants.filter((p) => p.status !== 'blank').length;
    expect(autumn.cycle.log.at(-1)).toMatchObject({ action: 'stopCollection', participantCount: taking });
  });

  it('in autumn: moods and climate ratings spread as a real team’s would', () => {
    const feelings = autumn.answers
      .filter((a) => a.type === 'feeling')
      .map((a) => a.value as { mood: string; intensityStep: number });
    const good = feelings.filter((f) => f.mood === 'good').length / feelings.length;
    expect(good).toBeGreaterThan(0.4);
    expect(good).toBeLessThan(0.85);
    expect(new Set(feelings.map((f) => f.intensityStep)).size).toBeGreaterThan(5);
    const ratings = autumn.answers
      .filter((a) => a.type === 'custom-form')
      .flatMap((a) => Object.values((a.value as { values: Record<string, unknown> }).values))
      .filter((v): v is number => typeof v === 'number');
    for (const point of [2, 3, 4, 5]) expect(ratings.filter((r) => r === point).length).toBeGreaterThan(5);
  });

  it('in winter: a few took part, Sam among them, each finding their own answers under their key; Camille did not', () => {
    expect(winter.participants.length).toBeGreaterThan(3);
    expect(winter.participants.some((p) => p.userId === 'sam' && p.status === 'inProgress')).toBe(true);
    expect(winter.participants.some((p) => p.userId === 'camille')).toBe(false);
    const keys = new Set(winter.answers.map((a) => a.answerKey));
    for (const p of winter.participants)
      for (const s of p.steps.filter((s) => s.status === 'done'))
        expect(keys.has(answerKeyOf('salt-of-the-test', 'live', p.userId, s.stepId))).toBe(true);
    for (const a of winter.answers) expect(a.day <= new Date(now).toISOString().slice(0, 10)).toBe(true);
  });

  it('are the same on every run, so a second seed writes nothing new', () => {
    expect(demoCampaign(now)).toEqual(campaign);
    expect(demoAutumn(now, members, campaign)).toEqual(autumn);
    expect(demoWinter(now, winterCycle, members, sam, campaign)).toEqual(winter);
  });

  it('a winter cycle stopped since (its salt gone) gets no new participation', () => {
    const stopped = { ...winterCycle, status: 'processing' as const, answerSalt: undefined };
    expect(demoWinter(now, stopped, members, sam, campaign)).toEqual({ participants: [], answers: [] });
  });
});

describe('seeding the demo campaign in a table', () => {
  let ddb: DynamoDbLocal;
  let client: DynamoDBClient;
  const table = 'demo-campaigns-test';
  const scan = async () => (await client.send(new ScanCommand({ TableName: table }))).Items ?? [];

  beforeAll(async () => {
    ddb = await startDynamoDb();
    await ensureTable(ddb.endpoint, table);
    configureHandlers({
      TABLE_NAME: table,
      DYNAMODB_ENDPOINT: ddb.endpoint,
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
    });
    client = new DynamoDBClient({
      endpoint: ddb.endpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });
  afterAll(async () => {
    client?.destroy();
    await ddb?.stop();
  });

  it('writes the campaign, its cycles, participations, answers and link once: seeding again (later) writes nothing new', async () => {
    const member = { active: true, subscription: 'starter' as const };
    await importSphere(demoSphereItem(DEMO_CAMPAIGN_SPHERE, 'camille'), [
      {
        ...member,
        memberId: 'c',
        userId: 'camille',
        email: 'c@demo',
        name: 'C',
        roles: ['admin', 'contributor'],
      },
      { ...member, memberId: 's', userId: 'sam', email: 's@demo', name: 'S', roles: ['contributor'] },
      ...SYNTHETIC_PEOPLE.map((p) => ({
        ...member,
        memberId: p.memberId,
        userId: p.userId,
        email: p.email,
        name: p.firstName,
        roles: ['contributor' as const],
      })),
    ]);
    const ids = new Map([
      ['camille@demo.wellbeing.local', 'camille'],
      ['sam@demo.wellbeing.local', 'sam'],
    ]);
    const before = await scan();
    await seedDemoCampaigns(ids, now);
    const first = await scan();
    await seedDemoCampaigns(ids, now + 26 * 60 * 60 * 1000);
    expect(await scan()).toEqual(first);
    const written = first.filter((i) => !before.some((b) => b.pk?.S === i.pk?.S && b.sk?.S === i.sk?.S));
    const entities = written.map((i) => i.__edb_e__?.S);
    expect(entities.filter((e) => e === 'campaign')).toHaveLength(1);
    expect(entities.filter((e) => e === 'campaignCycle')).toHaveLength(2);
    expect(entities.filter((e) => e === 'campaignParticipant')).toHaveLength(
      autumn.participants.length + winter.participants.length,
    );
    expect(entities.filter((e) => e === 'campaignAnswer')).toHaveLength(
      autumn.answers.length + winter.answers.length,
    );
    for (const item of written.filter((i) => i.__edb_e__?.S === 'campaignAnswer'))
      expect(Object.keys(item)).not.toContain('userId');
    expect(await findLink(DEMO_CAMPAIGN_LINK_ID)).toMatchObject({
      category: 'campaign',
      campaignId: DEMO_CAMPAIGN_ID,
      place: 'sphere',
    });
  });
});
