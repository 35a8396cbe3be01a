import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type {
  Campaign,
  Cycle,
  CycleParticipants,
  ParticipationView,
  StepView,
} from '@shared/contracts/campaigns';
import type { Sphere } from '@shared/contracts/spheres';
import { campaignsDb } from '../../functions/campaigns/store';
import { spheresDb } from '../../functions/spheres/store';
import { advanceSchedulerClock, pendingSchedules } from '../../tools/local-stack/scheduler';
import { mailTo, type OutboxMail } from '../../tools/local-stack/ses';
import { localSqsClient } from '../../tools/local-stack/sqs';
import { ReceiveMessageCommand, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { eventually, startTestStack, type TestStack, type Tokens } from './harness';
import { wholeTable } from './table-scan';

/**
 * A whole campaign over HTTP on the local stack (issue 12): definitions and their rules, a cycle
 * run by the local scheduler with its clock moved forward, invitations read from the SES
 * emulator's outbox with a working link, answers, a refusal, a reminder that reaches only those
 * who have not finished, the stop and `participation closed`, test mode and its data deleted, the
 * error keys of spec 02 §8, and the anonymity of answers (decision 0025).
 */
let stack: TestStack;
/** Admin of the sphere (not a contributor). */
let ada: Tokens;
/** Contributors of the sphere. */
let zoe: Tokens;
let lou: Tokens;
let sam: Tokens;
/** The admin of another sphere. */
let yann: Tokens;
let sphere: Sphere;
let elsewhere: Sphere;
let campaign: Campaign;
let cycle: Cycle;
const emails = {
  zoe: 'zoe.campaigns@example.be',
  lou: 'lou.campaigns@example.be',
  sam: 'sam.campaigns@example.be',
};
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;
const hour = 60 * 60 * 1000;

const api = <T>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T>(path, { method, token: tokens.accessToken, ...(body !== undefined ? { body } : {}) });

async function newSphere(tokens: Tokens, name: string) {
  const created = await api<Sphere>(tokens, '/v1/spheres', 'POST', {
    name,
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'en' },
  });
  expect(created.status).toBe(201);
  return created.body;
}

async function join(tokens: Tokens, target: Sphere, admin: Tokens) {
  const key = await api<{ sphereKey: string }>(admin, `/v1/spheres/${target.id}/join-key`);
  expect(
    (await api(tokens, `/v1/spheres/${target.id}/join`, 'POST', { sphereKey: key.body.sphereKey })).status,
  ).toBe(200);
}

const advance = (seconds: number) =>
  advanceSchedulerClock(stack.endpoints.scheduler, { advanceSeconds: seconds });
const cycleOf = async () =>
  (await api<{ items: Cycle[] }>(ada, `/v1/campaigns/${campaign.campaignId}/cycles`)).body.items.find(
    (c) => c.cycleId === cycle.cycleId,
  ) as Cycle;
const mails = (email: string, subject: string) =>
  mailTo(stack.endpoints.outbox, email).then((all) => all.filter((m) => m.subject.includes(subject)));
const participation = (tokens: Tokens, code?: string) =>
  api<ParticipationView>(
    tokens,
    `/v1/campaigns/${campaign.campaignId}/participation${code ? `?code=${code}` : ''}`,
  );

const measures = [
  { id: 'mood', type: 'feeling', title: { en: 'How do you feel at work?' }, period: 'week' },
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
];

beforeAll(async () => {
  stack = await startTestStack();
  ada = await stack.signInWithCode('ada.campaigns@example.be', { firstName: 'Ada', locale: 'en' });
  zoe = await stack.signInWithCode(emails.zoe, { firstName: 'Zoé', locale: 'fr' });
  lou = await stack.signInWithCode(emails.lou, { firstName: 'Lou', locale: 'en' });
  sam = await stack.signInWithCode(emails.sam, { firstName: 'Sam', locale: 'nl' });
  yann = await stack.signInWithCode('yann.campaigns@example.be', { firstName: 'Yann', locale: 'nl' });
  sphere = await newSphere(ada, 'Maison Campagne');
  elsewhere = await newSphere(yann, 'Ailleurs');
  for (const person of [zoe, lou, sam]) await join(person, sphere, ada);
  // Ada runs the sphere without contributing: she may not take part (spec 02 §6).
  const { data } = await spheresDb()
    .entities.member.query.byUser({ userId: idOf(ada), sphereId: sphere.id })
    .go();
  const member = data[0];
  if (!member) throw new Error('Ada is no member of her sphere');
  await spheresDb()
    .entities.member.patch({ sphereId: sphere.id, memberId: member.memberId })
    .set({ roles: ['admin'] })
    .go();
  // Zoé is in a group by the sphere's rules only (an automatic tag), as an age group puts her.
  const zoeMember = (
    await spheresDb()
      .entities.member.query.byUser({ userId: idOf(zoe), sphereId: sphere.id })
      .go()
  ).data[0];
  if (!zoeMember) throw new Error('Zoé is no member of the sphere');
  await spheresDb()
    .entities.member.patch({ sphereId: sphere.id, memberId: zoeMember.memberId })
    .set({ autoTagIds: ['age-25-34'] })
    .go();
});
afterAll(async () => {
  await stack?.stop();
});

describe('campaign definitions', () => {
  it('an admin creates a campaign; a template the sphere is not entitled to is refused', async () => {
    const refused = await api(ada, `/v1/campaigns/spheres/${sphere.id}`, 'POST', {
      name: 'Pulse',
      templateModel: 'checkup',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ key: 'campaign-template-not-available' });
    const created = await api<Campaign>(ada, `/v1/campaigns/spheres/${sphere.id}`, 'POST', {
      name: 'Pulse',
      publicName: { en: 'Pulse of the house', fr: 'Pouls de la maison' },
      welcomeMessage: { en: 'Five minutes, anonymous.' },
      defaultLocale: 'en',
    });
    expect(created.status).toBe(201);
    campaign = created.body;
    expect(campaign).toMatchObject({ status: 'draft', preparationStatus: 'making', measures: [] });
    expect(campaign.validationCode).toEqual(expect.any(String));
  });

  it('measures are saved in order; a form measure without its form is refused with the field', async () => {
    const missing = await api(ada, `/v1/campaigns/${campaign.campaignId}/measures`, 'PUT', {
      measures: [{ id: 'f', type: 'form', title: { en: 'Form' } }],
      updateDate: campaign.updateDate,
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('formId');
    const saved = await api<Campaign>(ada, `/v1/campaigns/${campaign.campaignId}/measures`, 'PUT', {
      measures,
      updateDate: campaign.updateDate,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.measures.map((m) => m.id)).toEqual(['mood', 'team']);
    campaign = saved.body;
    const stale = await api(ada, `/v1/campaigns/${campaign.campaignId}/measures`, 'PUT', {
      measures,
      updateDate: '2020-01-01T00:00:00.000Z',
    });
    expect(stale.status).toBe(409);
  });

  it('another sphere’s admin and a contributor cannot read or change the campaign', async () => {
    expect((await api(yann, `/v1/campaigns/${campaign.campaignId}`)).status).toBe(403);
    expect((await api(zoe, `/v1/campaigns/${campaign.campaignId}`)).status).toBe(403);
    expect((await api(yann, `/v1/campaigns/spheres/${sphere.id}`)).status).toBe(403);
    const list = await api<{ items: { campaignId: string; cyclesCount: number }[] }>(
      ada,
      `/v1/campaigns/spheres/${sphere.id}`,
    );
    expect(list.body.items).toEqual([
      expect.objectContaining({ campaignId: campaign.campaignId, cyclesCount: 0 }),
    ]);
    expect(
      (await api(zoe, `/v1/campaigns/${campaign.campaignId}/cycles`, 'POST', { internalLabel: 'x' })).status,
    ).toBe(403);
  });
});

describe('cycle rules (spec 02 §5) answer their keys', () => {
  const start = new Date(Date.now() + hour).toISOString();
  const end = new Date(Date.now() + 3 * hour).toISOString();
  const invitation = { id: 'invite', message: 'Your opinion counts: {url}', subject: 'Pulse is open' };

  it('a message without the link placeholder, SMS without the sphere’s option, reminders out of place', async () => {
    const answer = await api<{ errors: { key: string; field: string }[] }>(
      ada,
      `/v1/campaigns/${campaign.campaignId}/cycles`,
      'POST',
      {
        internalLabel: 'Wrong',
        start,
        end,
        notifications: [
          { id: 'a', message: 'No link here' },
          { id: 'b', protocol: 'sms', message: 'Go {url}' },
          { id: 'c', target: 'admin', message: 'Soon {url}', reminderDate: end },
          { id: 'd', message: 'Late {url}', reminderDate: new Date(Date.now() + 5 * hour).toISOString() },
        ],
      },
    );
    expect(answer.status).toBe(400);
    const keys = answer.body.errors.map((e) => `${e.field}:${e.key}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'notifications.0.message:cycle-missing-url-placeholder',
        'notifications.1.protocol:cycle-sms-not-allowed',
        'notifications.2.reminderDate:cycle-admin-reminder',
        'notifications.3.reminderDate:cycle-participant-reminder',
      ]),
    );
    const noDates = await api<{ errors: { key: string }[] }>(
      ada,
      `/v1/campaigns/${campaign.campaignId}/cycles`,
      'POST',
      {
        internalLabel: 'No dates',
        notifications: [{ id: 'r', message: 'Go {url}', reminderDate: start }],
      },
    );
    expect(noDates.body.errors.map((e) => e.key)).toContain('cycle-reminder-no-dates');
  });

  it('creates the cycle with an invitation, an admin reminder and a participant reminder', async () => {
    const created = await api<Cycle>(ada, `/v1/campaigns/${campaign.campaignId}/cycles`, 'POST', {
      internalLabel: 'Autumn',
      message: { en: 'Autumn pulse' },
      start,
      end,
      notifications: [
        invitation,
        {
          id: 'brief',
          target: 'admin',
          message: 'Starts soon: {url}',
          subject: 'Pulse starts soon',
          reminderDate: new Date(Date.now() + 0.5 * hour).toISOString(),
        },
        {
          id: 'nudge',
          message: 'Still time: {url}',
          subject: 'Pulse reminder',
          reminderDate: new Date(Date.now() + 2 * hour).toISOString(),
        },
      ],
    });
    expect(created.status).toBe(201);
    cycle = created.body;
    expect(cycle.status).toBe('draft');
  });

  it('a second cycle that starts before the first ends overlaps', async () => {
    const overlap = await api<{ errors: { key: string; field: string }[] }>(
      ada,
      `/v1/campaigns/${campaign.campaignId}/cycles`,
      'POST',
      {
        internalLabel: 'Overlap',
        start: new Date(Date.now() + 2 * hour).toISOString(),
        end: new Date(Date.now() + 4 * hour).toISOString(),
      },
    );
    expect(overlap.status).toBe(400);
    expect(overlap.body.errors).toContainEqual({ key: 'cycle-overlap', field: 'start' });
  });

  it('a command the status does not allow is refused', async () => {
    const stop = await api(
      ada,
      `/v1/campaigns/${campaign.campaignId}/cycles/${cycle.cycleId}/commands`,
      'POST',
      {
        action: 'stopCollection',
      },
    );
    expect(stop.status).toBe(409);
    expect(stop.body).toMatchObject({ key: 'cycle-transition-not-allowed' });
  });

  it('nobody can take part before the collection: too early, and accepting says no cycle is active', async () => {
    const view = await participation(zoe);
    expect(view.status).toBe(200);
    expect(view.body.screen).toBe('no-cycle');
    const accept = await api(zoe, `/v1/campaigns/${campaign.campaignId}/participation`, 'POST', {
      action: 'accept',
    });
    expect(accept.status).toBe(409);
    expect(accept.body).toMatchObject({ key: 'cycle-not-active' });
  });
});

describe('a cycle run by the scheduler', () => {
  let invitations: OutboxMail[];

  it('scheduling puts its start, stop and notifications; the admin reminder fires before the start', async () => {
    const scheduled = await api<{ cycle: Cycle }>(
      ada,
      `/v1/campaigns/${campaign.campaignId}/cycles/${cycle.cycleId}/commands`,
      'POST',
      { action: 'schedule' },
    );
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.cycle.status).toBe('scheduled');
    const pending = await pendingSchedules(stack.endpoints.scheduler);
    expect(
      pending.filter((p) => p.name.includes(cycle.cycleId.slice(0, 8)) || p.name.startsWith('cyc')).length,
    ).toBeGreaterThanOrEqual(4);
    expect((await participation(zoe)).body.screen).toBe('too-early');
    await advance(0.5 * 3600 + 5);
    const brief = await eventually(
      async () => {
        const sent = await mails('ada.campaigns@example.be', 'Pulse starts soon');
        return sent.length > 0 ? sent : undefined;
      },
      { what: 'the admin reminder', tries: 600 },
    );
    expect(brief).toHaveLength(1);
    expect((await mails(emails.zoe, 'Pulse')).length).toBe(0);
  });

  it('at its start the collection opens and every contributor is invited with a working link', async () => {
    await advance(0.5 * 3600 + 5);
    await eventually(async () => ((await cycleOf()).status === 'inProgress' ? true : undefined), {
      what: 'the start',
    });
    invitations = await eventually(
      async () => {
        const sent = await Promise.all(Object.values(emails).map((e) => mails(e, 'Pulse is open')));
        return sent.every((s) => s.length === 1) ? sent.flat() : undefined;
      },
      { what: 'the invitations', tries: 600 },
    );
    expect(await mails('ada.campaigns@example.be', 'Pulse is open')).toHaveLength(0);
    const link = /https?:\/\/\S+\/apps\/participation\/(\S+?)\?code=([\w-]+)/.exec(
      invitations[0]?.body.text ?? '',
    );
    expect(link?.[1]).toBe(campaign.campaignId);
    expect(link?.[2]).toBe(campaign.validationCode);
    const view = await participation(zoe, link?.[2]);
    expect(view.body.screen).toBe('welcome');
    expect(view.body.campaign.name).toBe('Pouls de la maison');
  });

  it('an admin who is not a contributor sees “admin access denied”', async () => {
    expect((await participation(ada)).body.screen).toBe('admin-denied');
    const accept = await api(ada, `/v1/campaigns/${campaign.campaignId}/participation`, 'POST', {
      action: 'accept',
    });
    expect(accept.status).toBe(403);
    expect(accept.body).toMatchObject({ key: 'participation-admin-denied' });
  });

  it('someone of another sphere is refused the campaign (Campaign Forbidden), even with a code when guests are not allowed', async () => {
    const answer = await participation(yann, campaign.validationCode);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ key: 'campaign-forbidden' });
  });

  it('Zoé accepts and completes both steps, the ring filling; a later step is locked until its turn', async () => {
    const accepted = await api<ParticipationView>(
      zoe,
      `/v1/campaigns/${campaign.campaignId}/participation`,
      'POST',
      {
        action: 'accept',
      },
    );
    expect(accepted.body.screen).toBe('steps');
    expect(accepted.body.participation?.estimatedCompletionInPercent).toBe(0);
    const locked = await api(zoe, `/v1/campaigns/${campaign.campaignId}/participation/steps/team`);
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({ key: 'participation-step-locked' });
    const wrong = await api(zoe, `/v1/campaigns/${campaign.campaignId}/participation/steps/mood`, 'PUT', {
      type: 'custom-form',
      values: {},
    });
    expect(wrong.status).toBe(400);
    const first = await api<ParticipationView>(
      zoe,
      `/v1/campaigns/${campaign.campaignId}/participation/steps/mood`,
      'PUT',
      {
        type: 'feeling',
        mood: 'good',
        intensityStep: 7,
        energyStep: 6,
      },
    );
    expect(first.status).toBe(200);
    expect(first.body.participation?.estimatedCompletionInPercent).toBe(50);
    const step = await api<StepView>(zoe, `/v1/campaigns/${campaign.campaignId}/participation/steps/team`);
    expect(step.body.editable).toBe(true);
    const outOfScale = await api(
      zoe,
      `/v1/campaigns/${campaign.campaignId}/participation/steps/team`,
      'PUT',
      {
        type: 'custom-form',
        values: { q1: 9 },
      },
    );
    expect(outOfScale.status).toBe(400);
    const done = await api<ParticipationView>(
      zoe,
      `/v1/campaigns/${campaign.campaignId}/participation/steps/team`,
      'PUT',
      {
        type: 'custom-form',
        values: { q1: 4, q2: 'More quiet rooms' },
      },
    );
    expect(done.body.participation?.status).toBe('done');
    expect(done.body.participation?.estimatedCompletionInPercent).toBe(100);
    expect(done.body.screen).toBe('thanks');
    expect((await participation(zoe)).body.screen).toBe('already-done');
    const again = await api<StepView>(zoe, `/v1/campaigns/${campaign.campaignId}/participation/steps/team`);
    expect(again.body.answer).toMatchObject({ values: { q1: 4 } });
    // Her answers count in the group the sphere's rules put her in, as her feelings do.
    const { data: answers } = await campaignsDb()
      .entities.campaignAnswer.query.byCycle({ cycleId: cycle.cycleId })
      .go();
    expect(answers.map((a) => a.tagIds)).toEqual([['age-25-34'], ['age-25-34']]);
  });

  it('Lou refuses with a reason; nothing more can be answered', async () => {
    const refused = await api<ParticipationView>(
      lou,
      `/v1/campaigns/${campaign.campaignId}/participation`,
      'POST',
      {
        action: 'refuse',
        reason: 'no-time',
        comment: 'Busy month',
      },
    );
    expect(refused.status).toBe(200);
    expect(refused.body.screen).toBe('refused');
    const step = await api(lou, `/v1/campaigns/${campaign.campaignId}/participation/steps/mood`, 'PUT', {
      type: 'feeling',
      mood: 'bad',
      intensityStep: 2,
      energyStep: 2,
    });
    expect(step.status).toBe(409);
    expect(step.body).toMatchObject({ key: 'participation-refused' });
  });

  it('the admins see who is invited and who finished, never an answer', async () => {
    const people = await api<CycleParticipants>(
      ada,
      `/v1/campaigns/${campaign.campaignId}/cycles/${cycle.cycleId}/participants`,
    );
    expect(people.body.counts).toMatchObject({ invited: 3, done: 1, refused: 1 });
    const byName = Object.fromEntries(people.body.people.map((p) => [p.name, p.status]));
    expect(byName).toMatchObject({ Zoé: 'done', Lou: 'refused', Sam: 'invited' });
    expect(JSON.stringify(people.body)).not.toContain('More quiet rooms');
    expect(JSON.stringify(people.body)).not.toContain('no-time');
  });

  it('the reminder reaches only those who have not finished, and never those who refused', async () => {
    await advance(3600 + 5);
    await eventually(
      async () => ((await mails(emails.sam, 'Pulse reminder')).length === 1 ? true : undefined),
      {
        what: 'the reminder',
        tries: 600,
      },
    );
    expect(await mails(emails.zoe, 'Pulse reminder')).toHaveLength(0);
    expect(await mails(emails.lou, 'Pulse reminder')).toHaveLength(0);
  });

  it('at its end the cycle stops; afterwards answers are refused with participation closed', async () => {
    await advance(3600 + 5);
    await eventually(async () => ((await cycleOf()).status === 'processing' ? true : undefined), {
      what: 'the stop',
    });
    const stopped = await cycleOf();
    expect(stopped.log.at(-1)).toMatchObject({ action: 'stopCollection', participantCount: 2 });
    expect((await participation(sam)).body.screen).toBe('too-late');
    const late = await api(sam, `/v1/campaigns/${campaign.campaignId}/participation`, 'POST', {
      action: 'accept',
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ key: 'participation-closed' });
  });

  it('no item read as an admin would leads from a participant to an answer (decision 0025)', async () => {
    const everything = await wholeTable();
    const answers = everything.filter((i) => i.includes('"__edb_e__":"campaignanswer"'));
    expect(answers.length).toBe(3);
    const people = [zoe, lou, sam].map(idOf).map((id) => id.toLowerCase());
    for (const answer of answers) {
      for (const id of people) expect(answer).not.toContain(id);
      for (const email of Object.values(emails)) expect(answer).not.toContain(email);
      expect(answer).not.toMatch(/\d{2}:\d{2}:\d{2}/);
    }
    // The key that joined a person to their answers is gone with the collection.
    const cycles = everything.filter((i) => i.includes('"__edb_e__":"campaigncycle"'));
    for (const item of cycles) expect(item).not.toContain('answersalt');
    // Who took part holds statuses, never what was answered.
    const roster = everything.filter((i) => i.includes('"__edb_e__":"campaignparticipant"'));
    expect(roster.length).toBe(2);
    for (const item of roster) {
      expect(item).not.toContain('quiet rooms');
      expect(item).not.toContain('no-time');
      expect(item).not.toContain('answerkey');
    }
  });
});

describe('test mode', () => {
  let trial: Cycle;

  it('an admin runs a test of a cycle; resetting test mode deletes what the test left', async () => {
    const created = await api<Cycle>(ada, `/v1/campaigns/${campaign.campaignId}/cycles`, 'POST', {
      internalLabel: 'Winter',
      start: new Date(Date.now() + 10 * hour).toISOString(),
      end: new Date(Date.now() + 12 * hour).toISOString(),
    });
    trial = created.body;
    const command = (action: string) =>
      api<{ cycle: Cycle }>(
        ada,
        `/v1/campaigns/${campaign.campaignId}/cycles/${trial.cycleId}/commands`,
        'POST',
        {
          action,
        },
      );
    expect((await command('startTest')).status).toBe(409);
    expect((await command('enableTestMode')).body.cycle.testMode).toBe(true);
    expect((await command('startTest')).body.cycle.testRunning).toBe(true);
    const test = await api<ParticipationView>(
      ada,
      `/v1/campaigns/${campaign.campaignId}/participation`,
      'POST',
      {
        action: 'accept',
        test: true,
      },
    );
    expect(test.status).toBe(200);
    expect(test.body.participation?.isTest).toBe(true);
    const saved = await api<ParticipationView>(
      ada,
      `/v1/campaigns/${campaign.campaignId}/participation/steps/mood`,
      'PUT',
      {
        type: 'feeling',
        mood: 'bad',
        intensityStep: 3,
        energyStep: 8,
      },
    );
    expect(saved.status).toBe(200);
    const count = async () =>
      (await campaignsDb().entities.campaignAnswer.query.byCycle({ cycleId: trial.cycleId }).go()).data
        .length;
    expect(await count()).toBe(1);
    expect((await command('resetTestMode')).status).toBe(200);
    expect(await count()).toBe(0);
    const testers = await campaignsDb()
      .entities.campaignParticipant.query.byCycle({ cycleId: trial.cycleId, mode: 'test' })
      .go();
    expect(testers.data).toHaveLength(0);
  });

  it('deleting a cycle that never collected is allowed; one that collected is not', async () => {
    expect(
      (await api(ada, `/v1/campaigns/${campaign.campaignId}/cycles/${trial.cycleId}`, 'DELETE')).status,
    ).toBe(204);
    const kept = await api(ada, `/v1/campaigns/${campaign.campaignId}/cycles/${cycle.cycleId}`, 'DELETE');
    expect(kept.status).toBe(409);
    expect(kept.body).toMatchObject({ key: 'cycle-transition-not-allowed' });
  });
});

describe('guests', () => {
  it('a guest takes part only when the campaign allows guests and with its code', async () => {
    const guest = await stack.signInAsGuest({ link: 'http://127.0.0.1/campaigns' });
    const refused = await participation(guest, campaign.validationCode);
    expect(refused.status).toBe(403);
    const read = await api<Campaign>(ada, `/v1/campaigns/${campaign.campaignId}`);
    const {
      campaignId: _id,
      sphereId: _s,
      status: _st,
      preparationStatus: _p,
      active: _a,
      validationCode: _v,
      creationDate: _c,
      measures: _m,
      logoUrl: _l,
      ...fields
    } = read.body;
    const opened = await api<Campaign>(ada, `/v1/campaigns/${campaign.campaignId}`, 'PUT', {
      ...fields,
      allowGuest: true,
    });
    expect(opened.status).toBe(200);
    expect((await participation(guest)).status).toBe(403);
    const allowed = await participation(guest, campaign.validationCode);
    expect(allowed.status).toBe(200);
    expect((await participation(guest, 'not-the-code')).status).toBe(403);
    const expired = await api<Campaign>(ada, `/v1/campaigns/${campaign.campaignId}`, 'PUT', {
      ...fields,
      allowGuest: true,
      linkExpiration: new Date(Date.now() - 60_000).toISOString(),
      updateDate: opened.body.updateDate,
    });
    expect(expired.status).toBe(200);
    const late = await participation(guest, campaign.validationCode);
    expect(late.status).toBe(403);
    expect(late.body).toMatchObject({ key: 'link-expired' });
    // The sphere's own contributors are not outsiders: its link expiring does not shut them out.
    expect((await participation(zoe)).status).toBe(200);
    void elsewhere;
  });
});

describe('the notifications worker', () => {
  it('sends a message delivered twice once, and moves a poison message to the DLQ while the rest of its batch is sent', async () => {
    const client = localSqsClient(stack.services.sqs.endpoint);
    const mail = (id: string, to: string) =>
      JSON.stringify({ id, kind: 'email', to, subject: 'Batch check', html: '<p>Hello</p>', text: 'Hello' });
    await client.send(
      new SendMessageBatchCommand({
        QueueUrl: stack.services.sqs.notificationsQueueUrl,
        Entries: [
          { Id: 'a', MessageBody: mail('batch-a', 'batch.a@example.be') },
          { Id: 'poison', MessageBody: '{"kind":"cycle-event","campaignId":42}' },
          { Id: 'a-again', MessageBody: mail('batch-a', 'batch.a@example.be') },
          { Id: 'b', MessageBody: mail('batch-b', 'batch.b@example.be') },
        ],
      }),
    );
    await eventually(
      async () =>
        (await mailTo(stack.endpoints.outbox, 'batch.b@example.be')).length === 1 ? true : undefined,
      { what: 'the rest of the batch', tries: 600 },
    );
    const dead = await eventually(
      async () => {
        const { Messages } = await client.send(
          new ReceiveMessageCommand({ QueueUrl: stack.services.sqs.notificationsDlqUrl, WaitTimeSeconds: 0 }),
        );
        return Messages?.find((m) => m.Body?.includes('"campaignId":42'));
      },
      { what: 'the poison message in the DLQ', tries: 600 },
    );
    expect(dead.Body).toContain('cycle-event');
    expect(await mailTo(stack.endpoints.outbox, 'batch.a@example.be')).toHaveLength(1);
    client.destroy();
  }, 60_000);
});
