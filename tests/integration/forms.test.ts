import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { strFromU8, unzipSync } from 'fflate';
import type {
  AvailableForm,
  Form,
  FormEntitlement,
  FormMyselfReport,
  FormSummary,
  FormSurvey,
  GoalRankings,
  MeasureType,
} from '@shared/contracts/forms';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';
import { GOAL_IDS } from '@shared/domain/goals';
import { SURVEY_EDIT_WINDOW_MS } from '@shared/domain/form-surveys';
import { usersDb } from '../../functions/users/store';
import { sessionsDb } from '../../functions/sessions/store';
import { spheresDb } from '../../functions/spheres/store';
import { formsDb } from '../../functions/forms/store';
import { openRealtime, startTestStack, type TestStack, type Tokens } from './harness';
import { wholeTable } from './table-scan';

/**
 * Forms over HTTP (spec 01 §3, §4, §5, §6, §7; spec 02 §3, §5, §7, §9; decision 0020): the
 * catalogue and its measure types, entitlements of spheres and who they reach, surveys checked
 * against their form and frozen after 24 hours, my centre, my forms report, the goal ranking, and
 * "my data".
 */
let stack: TestStack;
/** A super-admin: the catalogue is theirs (with the super-admin header). */
let alex: Tokens;
/** The admin of Horizon (Essentials). */
let camille: Tokens;
/** A contributor of Horizon and a member of its team (Essentials). */
let zoe: Tokens;
/** A contributor of Horizon and a member of its team, on the starter plan. */
let sam: Tokens;
/** The admin of another sphere (Essentials). */
let olga: Tokens;
let guest: Tokens;
let horizon: Sphere;
let elsewhere: Sphere;
let team: Session;
let otherTeam: Session;
const idOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sub as string;
const asSuperAdmin = { 'x-super-admin': 'true' };

const api = <T>(
  tokens: Tokens,
  path: string,
  method = 'GET',
  body?: unknown,
  headers?: Record<string, string>,
) =>
  stack.api<T>(path, {
    method,
    token: tokens.accessToken,
    ...(body !== undefined ? { body } : {}),
    ...(headers ? { headers } : {}),
  });
const admin = <T>(path: string, method = 'GET', body?: unknown) =>
  api<T>(alex, path, method, body, asSuperAdmin);

const choices = [
  { title: { en: 'Rest' }, value: 'rest' },
  { title: { en: 'My team' }, value: 'team' },
  { title: { en: 'Sport' }, value: 'sport' },
];
/** Two pages; `q3` shows when `q1` is 1; `q2` takes at most two choices; the score averages q1 and q4. */
const wellbeing = {
  title: { fr: 'Bien-être au travail', en: 'Wellbeing at work' },
  languages: ['fr', 'en'],
  steps: [
    {
      id: 'mood',
      title: { en: 'Mood' },
      description: { en: 'How are you these days?' },
      answers: [
        {
          id: 'q1',
          type: 'likert',
          title: { en: 'I feel good at work' },
          required: true,
          measureType: 'mood',
        },
        {
          id: 'q2',
          type: 'choice',
          title: { en: 'What helps' },
          multiChoice: true,
          multiChoiceMax: 2,
          values: choices,
        },
        {
          id: 'q3',
          type: 'text',
          title: { en: 'What weighs on you?' },
          required: true,
          displayCondition: { operator: 'equals', answerId: 'q1', value: 1 },
        },
      ],
    },
    {
      id: 'energy',
      title: { en: 'Energy' },
      description: { en: 'And your energy?' },
      answers: [{ id: 'q4', type: 'histo', title: { en: 'My energy' }, enableNotApplicable: true }],
    },
  ],
  additionalResults: [
    { id: 'score', title: { en: 'Score' }, computeType: 'average', sources: { questions: ['q1', 'q4'] } },
  ],
};
let wellbeingId: string;
let privateId: string;

async function subscribe(tokens: Tokens, subscription: 'starter' | 'essentials') {
  await usersDb()
    .entities.user.patch({ userId: idOf(tokens) })
    .set({ subscription })
    .go();
}

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

async function newGroup(tokens: Tokens, sphere: Sphere, name: string) {
  const created = await api<Session>(tokens, `/v1/spheres/${sphere.id}/sessions`, 'POST', {
    category: 'contributor',
    name: { en: name },
    publicName: { en: name },
    isPublic: true,
  });
  expect(created.status).toBe(201);
  return created.body;
}

async function join(tokens: Tokens, sphere: Sphere, session?: Session) {
  const key = await api<{ sphereKey: string }>(camille, `/v1/spheres/${sphere.id}/join-key`);
  expect(
    (await api(tokens, `/v1/spheres/${sphere.id}/join`, 'POST', { sphereKey: key.body.sphereKey })).status,
  ).toBe(200);
  if (!session) return;
  const { sessionKey } = (await api<{ sessionKey: string }>(camille, `/v1/sessions/${session.id}/join-key`))
    .body;
  expect((await api(tokens, `/v1/sessions/${session.id}/join`, 'POST', { sessionKey })).status).toBe(200);
}

const entitle = (sphereId: string, formId: string, availabilitiesThrough?: string, tokens = camille) =>
  api<FormEntitlement>(tokens, `/v1/forms/spheres/${sphereId}/entitlements`, 'POST', {
    formId,
    ...(availabilitiesThrough ? { availabilitiesThrough } : {}),
  });
const setEntitlement = (formId: string, availabilitiesThrough: string, sessionIds: string[] = []) =>
  api<FormEntitlement>(camille, `/v1/forms/spheres/${horizon.id}/entitlements/${formId}`, 'PUT', {
    sphereId: horizon.id,
    formId,
    availabilitiesThrough,
    sessionIds,
  });
const answer = (tokens: Tokens, body: Record<string, unknown>) =>
  api<FormSurvey>(tokens, '/v1/forms/surveys', 'POST', body);

beforeAll(async () => {
  stack = await startTestStack();
  alex = await stack.signInWithCode('alex.forms@example.be', { firstName: 'Alex', locale: 'en' });
  camille = await stack.signInWithCode('camille.forms@example.be', { firstName: 'Camille', locale: 'fr' });
  zoe = await stack.signInWithCode('zoe.forms@example.be', { firstName: 'Zoé', locale: 'fr' });
  sam = await stack.signInWithCode('sam.forms@example.be', { firstName: 'Sam', locale: 'en' });
  olga = await stack.signInWithCode('olga.forms@example.be', { firstName: 'Olga', locale: 'nl' });
  guest = await stack.signInAsGuest({ link: 'http://127.0.0.1/forms' });
  await usersDb()
    .entities.user.patch({ userId: idOf(alex) })
    .set({ globalRoles: ['super-admin'], subscription: 'essentials' })
    .go();
  for (const person of [camille, zoe, olga]) await subscribe(person, 'essentials');
  horizon = await newSphere(camille, 'Horizon forms');
  elsewhere = await newSphere(olga, 'Elsewhere forms');
  team = await newGroup(camille, horizon, 'Team forms');
  otherTeam = await newGroup(olga, elsewhere, 'Other team');
  await join(zoe, horizon, team);
  await join(sam, horizon, team);
});
afterAll(async () => {
  await stack?.stop();
});

describe('measure types (/v1/forms/measure-types)', () => {
  it('are created by a super-admin: an id not empty, each id once (409 exist)', async () => {
    const created = await admin<MeasureType>('/v1/forms/measure-types', 'POST', {
      id: 'mood',
      title: { en: 'Mood', fr: 'Humeur' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'mood', title: { en: 'Mood' }, usedBy: 0 });
    const again = await admin('/v1/forms/measure-types', 'POST', { id: 'mood' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ key: 'exist' });
    expect((await admin('/v1/forms/measure-types', 'POST', { id: 'energy' })).status).toBe(201);
  });

  it.each([
    [{ id: '' }, 'body.id', 'required'],
    [{ id: '   ' }, 'body.id', 'required'],
    [{ id: 'a/b' }, 'body.id', 'not-valid'],
    [{ id: 'x'.repeat(65) }, 'body.id', 'length-out-of-range-error'],
    [{ id: 'ok', usedBy: 3 }, 'body.usedBy', 'unexpected-value-error'],
  ])('refuses %j with 400 and the key of %s', async (body, field, key) => {
    const refused = await admin('/v1/forms/measure-types', 'POST', body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errors: expect.arrayContaining([expect.objectContaining({ field, key })]),
    });
  });

  it('are listed by id and changed by a super-admin; a sphere admin or a member may not', async () => {
    const list = await admin<{ count: number; items: MeasureType[] }>('/v1/forms/measure-types');
    expect(list.body.items.map((m) => m.id)).toEqual(['energy', 'mood']);
    const changed = await admin<MeasureType>('/v1/forms/measure-types/energy', 'PUT', {
      title: { en: 'Energy' },
    });
    expect(changed.body.title).toEqual({ en: 'Energy' });
    for (const who of [camille, sam]) {
      expect((await api(who, '/v1/forms/measure-types')).status).toBe(403);
      expect((await api(who, '/v1/forms/measure-types', 'POST', { id: 'mine' })).status).toBe(403);
    }
    // The super-admin's rights need the mode's header.
    expect((await api(alex, '/v1/forms/measure-types')).status).toBe(403);
    expect((await admin('/v1/forms/measure-types/nowhere', 'PUT', { title: {} })).status).toBe(404);
  });
});

describe('form definitions (/v1/forms/definitions)', () => {
  it('a super-admin creates a form with its steps; its id is made and its updateDate set', async () => {
    const created = await admin<Form>('/v1/forms/definitions', 'POST', wellbeing);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: wellbeing.title, archived: false, isPrivate: false });
    expect(created.body.id).toMatch(/^[0-9a-f]{12}$/);
    expect(created.body.steps.map((s) => s.answers.length)).toEqual([3, 1]);
    wellbeingId = created.body.id;
    const read = await admin<Form>(`/v1/forms/definitions/${wellbeingId}`);
    expect(read.body).toEqual(created.body);
    // The measure type now counts the form.
    const types = await admin<{ items: MeasureType[] }>('/v1/forms/measure-types');
    expect(types.body.items.find((m) => m.id === 'mood')?.usedBy).toBe(1);
  });

  it('needs only a title to be created; its languages are those of the title', async () => {
    const created = await admin<Form>('/v1/forms/definitions', 'POST', {
      id: 'private-check',
      title: { nl: 'Intern' },
      isPrivate: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'private-check', languages: ['nl'], steps: [] });
    privateId = created.body.id;
    const taken = await admin('/v1/forms/definitions', 'POST', {
      id: 'private-check',
      title: { nl: 'Weer' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ key: 'exist' });
  });

  it.each([
    ['no title', { languages: ['en'] }, 'body.title', 'required'],
    ['a blank title', { title: { en: '   ' } }, 'body.title', 'required'],
    [
      'a page without a description',
      { ...wellbeing, steps: [{ id: 's', title: { en: 'P' }, answers: [] }] },
      'body.steps.0.description',
      'required',
    ],
    [
      'a question without a title',
      { ...wellbeing, steps: [{ ...wellbeing.steps[0], answers: [{ id: 'q', type: 'likert' }] }] },
      'body.steps.0.answers.0.title',
      'required',
    ],
    [
      'a condition on a later answer',
      {
        ...wellbeing,
        steps: [
          { ...wellbeing.steps[0], displayCondition: { operator: 'exists', answerId: 'q4' } },
          wellbeing.steps[1],
        ],
      },
      'body.steps.0.displayCondition',
      'not-valid',
    ],
    [
      'a measure type that does not exist',
      {
        ...wellbeing,
        steps: [
          {
            ...wellbeing.steps[0],
            answers: [{ id: 'q', type: 'likert', title: { en: 'Q' }, measureType: 'nope' }],
          },
        ],
        additionalResults: [],
      },
      'body.steps.0.answers.0.measureType',
      'not-valid',
    ],
    ['an archive flag', { title: { en: 'T' }, archived: true }, 'body.archived', 'unexpected-value-error'],
    ['an id that is not one', { id: 'not an id!', title: { en: 'T' } }, 'body.id', 'not-valid'],
    [
      'an unknown type of question',
      {
        ...wellbeing,
        steps: [{ ...wellbeing.steps[0], answers: [{ id: 'q', type: 'slider', title: { en: 'Q' } }] }],
      },
      'body.steps.0.answers.0.type',
      'not-valid',
    ],
  ])('refuses a form with %s: 400 with the key on its field', async (_, body, field, key) => {
    const refused = await admin('/v1/forms/definitions', 'POST', body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errors: expect.arrayContaining([expect.objectContaining({ field, key })]),
    });
  });

  it('refuses a form too large to be kept as one item with 400 too-many, never a server error', async () => {
    const steps = Array.from({ length: 80 }, (_, i) => ({
      id: `s${i}`,
      title: { en: `Page ${i}` },
      description: { en: 'x'.repeat(5_000) },
    }));
    const refused = await admin('/v1/forms/definitions', 'POST', { title: { en: 'Huge' }, steps });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errors: [expect.objectContaining({ field: 'body.steps', key: 'too-many' })],
    });
  });

  it('is saved under the updateDate read: a stale one is 409 conflict, and the form stays as it was', async () => {
    const read = await admin<Form>(`/v1/forms/definitions/${wellbeingId}`);
    const { id: _id, archived: _archived, ...fields } = read.body;
    const saved = await admin<Form>(`/v1/forms/definitions/${wellbeingId}`, 'PUT', {
      ...fields,
      description: { en: 'Five minutes about your week.' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.description).toEqual({ en: 'Five minutes about your week.' });
    expect(saved.body.updateDate).not.toBe(read.body.updateDate);
    const stale = await admin(`/v1/forms/definitions/${wellbeingId}`, 'PUT', {
      ...fields,
      title: { en: 'Lost' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ key: 'conflict' });
    expect((await admin<Form>(`/v1/forms/definitions/${wellbeingId}`)).body.title).toEqual(wellbeing.title);
    const missing = await admin('/v1/forms/definitions/nowhere', 'PUT', { ...fields });
    expect(missing.status).toBe(404);
  });

  it('is duplicated under a new id with "(copy)" in its title, not archived', async () => {
    const copy = await admin<Form>(`/v1/forms/definitions/${wellbeingId}/duplicate`, 'POST');
    expect(copy.status).toBe(201);
    expect(copy.body.id).not.toBe(wellbeingId);
    expect(copy.body.title).toEqual({ fr: 'Bien-être au travail (copie)', en: 'Wellbeing at work (copy)' });
    expect(copy.body.steps).toEqual((await admin<Form>(`/v1/forms/definitions/${wellbeingId}`)).body.steps);
    expect((await admin(`/v1/forms/definitions/nowhere/duplicate`, 'POST')).status).toBe(404);
    // The copy uses the measure type too.
    const types = await admin<{ items: MeasureType[] }>('/v1/forms/measure-types');
    expect(types.body.items.find((m) => m.id === 'mood')?.usedBy).toBe(2);
  });

  it('lists 200 at most by title, filtered by private=false, an id list, a search and the archive', async () => {
    const list = (query = '') =>
      admin<{ count: number; items: FormSummary[] }>(`/v1/forms/definitions${query}`).then((a) => a.body);
    // By title in the reader's language (French here), else the form's first language.
    const all = await list();
    expect(all.items.map((f) => f.title.fr ?? f.title.nl)).toEqual([
      'Bien-être au travail',
      'Bien-être au travail (copie)',
      'Intern',
    ]);
    expect(all.items[0]).toMatchObject({ id: wellbeingId, answersCount: 4, languages: ['fr', 'en'] });
    expect((await list('?_filters=private%3Dfalse')).items.map((f) => f.id)).not.toContain(privateId);
    expect(
      (await list(`?_filters=id%3D${privateId}%2C${wellbeingId}`)).items.map((f) => f.id).sort(),
    ).toEqual([privateId, wellbeingId].sort());
    expect((await list('?q=COPY')).count).toBe(1);
    expect((await list('?_max=1&_offset=2')).items.map((f) => f.id)).toEqual([privateId]);
  });

  it.each([
    ['?_filters=private%3Dmaybe', 'query._filters.private.0'],
    ['?_filters=colour%3Dred', 'query._filters.colour'],
    ['?_filters=id%3Dnot%20an%20id', 'query._filters.id.0'],
    ['?_max=201', 'query._max'],
    ['?sort=title', 'query.sort'],
  ])('refuses the list query %s with 400 on %s', async (query, field) => {
    const refused = await admin(`/v1/forms/definitions${query}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errors: expect.arrayContaining([expect.objectContaining({ field })]),
    });
  });

  it('is read by a sphere’s admin when it is not private; others read nothing (404), members cannot list', async () => {
    expect((await api(camille, `/v1/forms/definitions/${wellbeingId}`)).status).toBe(200);
    expect((await api(olga, `/v1/forms/definitions/${wellbeingId}`)).status).toBe(200);
    expect((await api(camille, `/v1/forms/definitions/${privateId}`)).status).toBe(404);
    // Not entitled to them yet: a member of a sphere reads nothing.
    expect((await api(zoe, `/v1/forms/definitions/${wellbeingId}`)).status).toBe(404);
    expect((await api(zoe, '/v1/forms/definitions/nowhere')).status).toBe(404);
    const offered = await api<{ items: FormSummary[] }>(camille, '/v1/forms/definitions');
    expect(offered.status).toBe(200);
    expect(offered.body.items.map((f) => f.id)).not.toContain(privateId);
    expect((await api(zoe, '/v1/forms/definitions')).status).toBe(403);
    expect((await api(camille, '/v1/forms/definitions', 'POST', { title: { en: 'Mine' } })).status).toBe(403);
    expect((await api(guest, '/v1/forms/definitions')).body).toMatchObject({ key: 'guest-not-allowed' });
    expect((await api(zoe, '/v1/forms/definitions/not%20an%20id')).status).toBe(400);
  });

  it('the goal-ranking form ships with the product: readable by all, never changed, its id never taken', async () => {
    const read = await api<Form>(sam, '/v1/forms/definitions/goal-ranking');
    expect(read.status).toBe(200);
    expect(read.body.steps[0]?.answers.map((a) => a.id)).toEqual(GOAL_IDS);
    const { id: _id, archived: _archived, ...fields } = read.body;
    for (const refused of [
      await admin('/v1/forms/definitions/goal-ranking', 'PUT', fields),
      await admin('/v1/forms/definitions/goal-ranking/archive', 'POST'),
    ]) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ key: 'form-frozen' });
    }
    const taken = await admin('/v1/forms/definitions', 'POST', { id: 'goal-ranking', title: { en: 'Mine' } });
    expect(taken.body).toMatchObject({ key: 'exist' });
  });
});

describe('entitlements (/v1/forms/spheres/{sphereId}/entitlements)', () => {
  it('a sphere’s admin entitles a form that is not private, with the form’s title, once (409 exist)', async () => {
    const added = await entitle(horizon.id, wellbeingId, 'sphereMember');
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      sphereId: horizon.id,
      formId: wellbeingId,
      availabilitiesThrough: 'sphereMember',
      sessionIds: [],
      title: wellbeing.title,
    });
    const again = await entitle(horizon.id, wellbeingId, 'none');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ key: 'exist' });
    const list = await api<{ items: FormEntitlement[] }>(
      camille,
      `/v1/forms/spheres/${horizon.id}/entitlements`,
    );
    expect(list.body.items.map((e) => e.formId)).toEqual([wellbeingId]);
  });

  it.each([
    ['a private form', () => privateId, 'body.formId', 'not-valid'],
    ['a form that does not exist', () => 'nowhere', 'body.formId', 'not-valid'],
    ['the goal-ranking form', () => 'goal-ranking', 'body.formId', 'not-valid'],
    ['no form', () => '', 'body.formId', 'not-valid'],
  ])('refuses %s with 400 on %s', async (_, formId, field, key) => {
    const refused = await entitle(horizon.id, formId());
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [expect.objectContaining({ field, key })] });
  });

  it('refuses an availability that is not one, and sessions unless the availability is sessionMember', async () => {
    const bad = await entitle(horizon.id, wellbeingId, 'everyone');
    expect(bad.body).toMatchObject({
      errors: [
        expect.objectContaining({ field: 'body.availabilitiesThrough', key: 'unexpected-value-error' }),
      ],
    });
    const sessions = await setEntitlement(wellbeingId, 'sphereMember', [team.id]);
    expect(sessions.status).toBe(400);
    expect(sessions.body).toMatchObject({
      errors: [expect.objectContaining({ field: 'body.sessionIds', key: 'unexpected-value-error' })],
    });
  });

  it('PUT names the entitlement of its path, and only sessions of its sphere', async () => {
    const wrongSphere = await api(
      camille,
      `/v1/forms/spheres/${horizon.id}/entitlements/${wellbeingId}`,
      'PUT',
      {
        sphereId: elsewhere.id,
        formId: wellbeingId,
        availabilitiesThrough: 'none',
      },
    );
    expect(wrongSphere.body).toMatchObject({
      errors: [expect.objectContaining({ field: 'body.sphereId', key: 'not-valid' })],
    });
    const foreign = await setEntitlement(wellbeingId, 'sessionMember', [team.id, otherTeam.id]);
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({
      errors: [expect.objectContaining({ field: 'body.sessionIds.1', key: 'not-valid' })],
    });
    const twice = await setEntitlement(wellbeingId, 'sessionMember', [team.id, team.id]);
    expect(twice.body).toMatchObject({
      errors: [expect.objectContaining({ field: 'body.sessionIds.1', key: 'exist' })],
    });
    const missing = await setEntitlement('nowhere', 'none');
    expect(missing.status).toBe(404);
  });

  it('another sphere’s admin and a member are refused on every entitlement route, and learn nothing', async () => {
    for (const who of [olga, zoe]) {
      const answers = [
        await api(who, `/v1/forms/spheres/${horizon.id}/entitlements`),
        await entitle(horizon.id, wellbeingId, 'none', who),
        await api(who, `/v1/forms/spheres/${horizon.id}/entitlements/${wellbeingId}`, 'PUT', {
          sphereId: horizon.id,
          formId: wellbeingId,
          availabilitiesThrough: 'none',
        }),
        await api(who, `/v1/forms/spheres/${horizon.id}/entitlements/${wellbeingId}`, 'DELETE'),
        await api(who, `/v1/forms/sessions/${team.id}/entitlements`),
      ];
      for (const refused of answers) {
        expect(refused.status).toBe(403);
        expect(JSON.stringify(refused.body)).not.toContain(wellbeingId);
      }
    }
    // Olga's own sphere has no entitlement of Horizon's.
    const hers = await api<{ count: number }>(olga, `/v1/forms/spheres/${elsewhere.id}/entitlements`);
    expect(hers.body.count).toBe(0);
  });
});

describe('surveys (/v1/forms/surveys) and my centre (/v1/forms/available)', () => {
  let zoeSurvey: FormSurvey;

  it('my centre lists a form entitled to my sphere once, with its place; reserved for a starter user', async () => {
    const mine = await api<{ items: AvailableForm[] }>(zoe, '/v1/forms/available');
    expect(mine.body.items).toEqual([
      {
        form: expect.objectContaining({ id: wellbeingId, title: wellbeing.title, answersCount: 4 }),
        places: [{ sphereId: horizon.id, reserved: false }],
        reserved: false,
      },
    ]);
    const sams = await api<{ items: AvailableForm[] }>(sam, '/v1/forms/available');
    expect(sams.body.items).toEqual([expect.objectContaining({ reserved: true })]);
    for (const outside of [olga, guest])
      expect((await api<{ count: number }>(outside, '/v1/forms/available')).body.count).toBe(0);
    // Entitled to them, the form is theirs to read.
    expect((await api(zoe, `/v1/forms/definitions/${wellbeingId}`)).status).toBe(200);
  });

  it('saves a survey checked against the form, with the place, the person’s tags and a 24-hour window', async () => {
    const { data: memberships } = await spheresDb()
      .entities.member.query.byUser({ userId: idOf(zoe), sphereId: horizon.id })
      .go();
    await spheresDb()
      .entities.member.patch({ sphereId: horizon.id, memberId: memberships[0]?.memberId ?? '' })
      .set({ tagIds: ['dept-north'] })
      .go();
    const before = Date.now();
    const saved = await answer(zoe, {
      formId: wellbeingId,
      values: { q1: 5, q2: ['rest', 'team'], q4: null },
      locale: 'Europe/Brussels',
    });
    expect(saved.status).toBe(201);
    zoeSurvey = saved.body;
    expect(saved.body).toMatchObject({
      formId: wellbeingId,
      values: { q1: 5, q2: ['rest', 'team'], q4: null },
      sphereId: horizon.id,
      tagIds: ['dept-north'],
      locale: 'Europe/Brussels',
      fromDirectLink: false,
      editable: true,
    });
    expect(saved.body.sessionId).toBeUndefined();
    const window = Date.parse(saved.body.freezeDate) - Date.parse(saved.body.creationDate);
    expect(window).toBe(SURVEY_EDIT_WINDOW_MS);
    expect(Date.parse(saved.body.creationDate)).toBeGreaterThanOrEqual(before - 1000);
    // What the creation answers is what is stored: read back, the survey is the same.
    expect((await api<FormSurvey>(zoe, `/v1/forms/surveys/${saved.body.id}`)).body).toEqual(saved.body);
  });

  it.each([
    ['a required answer missing', {}, 'body.values.q1', 'required'],
    ['a required answer its condition shows', { q1: 1 }, 'body.values.q3', 'required'],
    [
      'a value on an answer its condition hides',
      { q1: 5, q3: 'All of it' },
      'body.values.q3',
      'unexpected-value-error',
    ],
    ['a text for a likert', { q1: 'five' }, 'body.values.q1', 'not-valid'],
    ['a value off the scale', { q1: 9 }, 'body.values.q1', 'value-out-of-range-error'],
    ['more choices than the max', { q1: 5, q2: ['rest', 'team', 'sport'] }, 'body.values.q2', 'too-many'],
    ['a choice not offered', { q1: 5, q2: ['cake'] }, 'body.values.q2', 'unexpected-value-error'],
    ['an answer the form does not have', { q1: 5, q9: 1 }, 'body.values.q9', 'unexpected-value-error'],
    ['not applicable where it is not offered', { q1: null }, 'body.values.q1', 'not-valid'],
    ['an id that cannot be an answer’s', { q1: 5, 'bad id': 1 }, 'body.values.bad id', 'not-valid'],
  ])('refuses %s: 400 with the key on body.values.<answerId>', async (_, values, field, key) => {
    const refused = await answer(zoe, { formId: wellbeingId, values });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errors: expect.arrayContaining([expect.objectContaining({ field, key })]),
    });
  });

  it.each([
    [{ formId: wellbeingId }, 'body.values', 'required'],
    [{ formId: wellbeingId, values: 'q1=5' }, 'body.values', 'not-valid'],
    [
      { formId: wellbeingId, values: { q1: 5 }, fromDirectLink: 'yes' },
      'body.fromDirectLink',
      'not-a-boolean',
    ],
    [{ formId: wellbeingId, values: { q1: 5 }, locale: 'Mars/Olympus' }, 'body.locale', 'not-valid'],
    [{ formId: wellbeingId, values: { q1: 5 }, userId: 'someone' }, 'body.userId', 'unexpected-value-error'],
    [{ values: { q1: 5 } }, 'body.formId', 'required'],
  ])('refuses the body %j with 400 on %s', async (body, field, key) => {
    const refused = await answer(zoe, body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errors: expect.arrayContaining([expect.objectContaining({ field, key })]),
    });
  });

  it('refuses a form not available to the caller with 403, before looking at the values', async () => {
    for (const [who, body, key] of [
      [olga, { formId: wellbeingId, values: {} }, 'form-not-available'],
      [olga, { formId: wellbeingId, values: { q1: 5 }, sphereId: horizon.id }, 'form-not-available'],
      [zoe, { formId: wellbeingId, values: { q1: 5 }, sphereId: elsewhere.id }, 'form-not-available'],
      [zoe, { formId: wellbeingId, values: { q1: 5 }, sessionId: otherTeam.id }, 'form-not-available'],
      [zoe, { formId: privateId, values: {} }, 'form-not-available'],
      [zoe, { formId: 'nowhere', values: {} }, 'form-not-available'],
      [sam, { formId: wellbeingId, values: { q1: 5 } }, 'essentials-required'],
    ] as const) {
      const refused = await answer(who, body);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ key });
    }
  });

  it('a form for members of a session reaches its members only; a session with a plan opens it to starter users', async () => {
    expect((await setEntitlement(wellbeingId, 'sessionMember', [team.id])).status).toBe(200);
    const session = await api<{ items: FormEntitlement[] }>(
      camille,
      `/v1/forms/sessions/${team.id}/entitlements`,
    );
    expect(session.body.items).toEqual([
      expect.objectContaining({ formId: wellbeingId, sessionIds: [team.id] }),
    ]);
    // Olga's admin rights are on her sphere only.
    expect((await api(olga, `/v1/forms/sessions/${otherTeam.id}/entitlements`)).status).toBe(200);

    expect(
      (await answer(sam, { formId: wellbeingId, values: { q1: 4 }, sessionId: team.id })).body,
    ).toMatchObject({
      key: 'essentials-required',
    });
    await sessionsDb()
      .entities.session.patch({ sessionId: team.id })
      .set({ subscription: 'essentials', specificTagIds: ['team-tag'] })
      .go();
    const sams = await api<{ items: AvailableForm[] }>(sam, '/v1/forms/available');
    expect(sams.body.items[0]).toMatchObject({
      places: [{ sphereId: horizon.id, sessionId: team.id, reserved: false }],
      reserved: false,
    });
    const saved = await answer(sam, { formId: wellbeingId, values: { q1: 4 }, sessionId: team.id });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ sphereId: horizon.id, sessionId: team.id, tagIds: ['team-tag'] });
    // Without a place named, the server finds the open one.
    const found = await answer(sam, { formId: wellbeingId, values: { q1: 3 } });
    expect(found.body).toMatchObject({ sessionId: team.id });

    expect((await setEntitlement(wellbeingId, 'none')).status).toBe(200);
    expect((await api<{ count: number }>(zoe, '/v1/forms/available')).body.count).toBe(0);
    expect((await answer(zoe, { formId: wellbeingId, values: { q1: 5 } })).body).toMatchObject({
      key: 'form-not-available',
    });
    expect((await setEntitlement(wellbeingId, 'sphereMember')).status).toBe(200);
  });

  it('is changed within 24 hours, then refused with 409 survey-frozen and kept as it was', async () => {
    const changed = await api<FormSurvey>(zoe, `/v1/forms/surveys/${zoeSurvey.id}`, 'PUT', {
      values: { q1: 1, q3: 'Too many meetings' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.values).toEqual({ q1: 1, q3: 'Too many meetings' });
    const invalid = await api(zoe, `/v1/forms/surveys/${zoeSurvey.id}`, 'PUT', { values: { q1: 1 } });
    expect(invalid.body).toMatchObject({
      errors: [expect.objectContaining({ field: 'body.values.q3', key: 'required' })],
    });
    // A day has passed: the freeze date is moved back in the table (it is read-only to the API).
    const stored = await formsDb()
      .entities.formSurvey.get({ userId: idOf(zoe), surveyId: zoeSurvey.id })
      .go();
    await formsDb()
      .entities.formSurvey.put({ ...stored.data!, freezeDate: new Date(Date.now() - 1000).toISOString() })
      .go();
    const frozen = await api(zoe, `/v1/forms/surveys/${zoeSurvey.id}`, 'PUT', { values: { q1: 5 } });
    expect(frozen.status).toBe(409);
    expect(frozen.body).toMatchObject({ key: 'survey-frozen' });
    const kept = await api<FormSurvey>(zoe, `/v1/forms/surveys/${zoeSurvey.id}`);
    expect(kept.body).toMatchObject({ values: { q1: 1, q3: 'Too many meetings' }, editable: false });
  });

  it('is the caller’s own: another person’s survey is not found, to read or to change', async () => {
    for (const who of [sam, olga, guest]) {
      expect((await api(who, `/v1/forms/surveys/${zoeSurvey.id}`)).status).toBe(404);
      expect((await api(who, `/v1/forms/surveys/${zoeSurvey.id}`, 'PUT', { values: { q1: 5 } })).status).toBe(
        404,
      );
    }
  });

  it('lists my surveys of a form newest first, with their count, in a period', async () => {
    const more = await answer(zoe, { formId: wellbeingId, values: { q1: 2, q4: 8 } });
    expect(more.status).toBe(201);
    const list = await api<{ count: number; items: FormSurvey[] }>(
      zoe,
      `/v1/forms/surveys?formId=${wellbeingId}`,
    );
    expect(list.body.count).toBe(2);
    expect(list.body.items.map((s) => s.id)).toEqual([more.body.id, zoeSurvey.id]);
    const all = await api<{ count: number }>(zoe, '/v1/forms/surveys');
    expect(all.body.count).toBe(2);
    const future = await api<{ count: number }>(
      zoe,
      `/v1/forms/surveys?start=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`,
    );
    expect(future.body.count).toBe(0);
    expect((await api(zoe, '/v1/forms/surveys?start=yesterday')).status).toBe(400);
    expect((await api<{ count: number }>(olga, `/v1/forms/surveys?formId=${wellbeingId}`)).body.count).toBe(
      0,
    );
  });

  it('an archived form is answered no more and offered no more; restored, it is again', async () => {
    const archived = await admin<FormSummary>(`/v1/forms/definitions/${wellbeingId}/archive`, 'POST');
    expect(archived.body).toMatchObject({ id: wellbeingId, archived: true });
    expect((await answer(zoe, { formId: wellbeingId, values: { q1: 5 } })).body).toMatchObject({
      key: 'form-not-available',
    });
    expect((await api<{ count: number }>(zoe, '/v1/forms/available')).body.count).toBe(0);
    const listed = await admin<{ items: FormSummary[] }>('/v1/forms/definitions');
    expect(listed.body.items.map((f) => f.id)).not.toContain(wellbeingId);
    const archive = await admin<{ items: FormSummary[] }>('/v1/forms/definitions?_filters=archived%3Dtrue');
    expect(archive.body.items.map((f) => f.id)).toEqual([wellbeingId]);
    expect((await entitle(elsewhere.id, wellbeingId, 'sphereMember', olga)).status).toBe(400);
    const restored = await admin<FormSummary>(`/v1/forms/definitions/${wellbeingId}/restore`, 'POST');
    expect(restored.body.archived).toBe(false);
    expect((await api<{ count: number }>(zoe, '/v1/forms/available')).body.count).toBe(1);
    expect((await admin('/v1/forms/definitions/nowhere/archive', 'POST')).status).toBe(404);
  });

  it('tells the person’s open tabs, and only theirs, that a survey was saved (realtime formSurveys)', async () => {
    const [mine, theirs] = await Promise.all([openRealtime(stack, zoe), openRealtime(stack, sam)]);
    const heard: { mine: unknown[]; theirs: unknown[] } = { mine: [], theirs: [] };
    mine.on('message', (data: Buffer) => heard.mine.push(JSON.parse(data.toString())));
    theirs.on('message', (data: Buffer) => heard.theirs.push(JSON.parse(data.toString())));
    expect((await answer(zoe, { formId: wellbeingId, values: { q1: 4, q4: 6 } })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard.mine).toContainEqual({ type: 'formSurveys', action: 'created' });
    expect(heard.theirs).toEqual([]);
    mine.close();
    theirs.close();
  });
});

describe('measure types in use', () => {
  it('cannot be deleted while a form uses them (409 measure-type-in-use); unused, they can', async () => {
    const refused = await admin('/v1/forms/measure-types/mood', 'DELETE');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ key: 'measure-type-in-use' });
    expect((await admin('/v1/forms/measure-types/energy', 'DELETE')).status).toBe(204);
    expect((await admin('/v1/forms/measure-types/energy', 'DELETE')).status).toBe(404);
    // Once no form uses it, it goes.
    const forms = await admin<{ items: FormSummary[] }>('/v1/forms/definitions?q=wellbeing');
    for (const summary of forms.body.items) {
      const read = await admin<Form>(`/v1/forms/definitions/${summary.id}`);
      const { id: _id, archived: _archived, ...fields } = read.body;
      const steps = fields.steps.map((s) => ({
        ...s,
        answers: s.answers.map(({ measureType: _type, ...a }) => a),
      }));
      expect((await admin(`/v1/forms/definitions/${summary.id}`, 'PUT', { ...fields, steps })).status).toBe(
        200,
      );
    }
    expect((await admin('/v1/forms/measure-types/mood', 'DELETE')).status).toBe(204);
  });
});

describe('my forms report (/v1/forms/myself-reports)', () => {
  it('gives my answers to a form over time, oldest first, with its additional results', async () => {
    const report = await api<FormMyselfReport>(zoe, '/v1/forms/myself-reports', 'POST', {
      formId: wellbeingId,
    });
    expect(report.status).toBe(200);
    expect(report.body.form).toMatchObject({
      id: wellbeingId,
      additionalResults: [expect.objectContaining({ id: 'score', title: { en: 'Score' } })],
    });
    expect(report.body.form.answers.map((a) => a.id)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(report.body.count).toBe(3);
    expect(report.body.items.map((i) => i.results.score)).toEqual([1, 5, 5]);
    const dates = report.body.items.map((i) => i.creationDate);
    expect([...dates].sort()).toEqual(dates);
  });

  it('is kept from guests, refuses a bad period, and tells nothing of a form I may not read', async () => {
    expect(
      (await api(guest, '/v1/forms/myself-reports', 'POST', { formId: wellbeingId })).body,
    ).toMatchObject({
      key: 'guest-not-allowed',
    });
    const backwards = await api(zoe, '/v1/forms/myself-reports', 'POST', {
      formId: wellbeingId,
      start: '2026-02-01T00:00:00Z',
      end: '2026-01-01T00:00:00Z',
    });
    expect(backwards.body).toMatchObject({ errors: [expect.objectContaining({ field: 'body.end' })] });
    expect((await api(olga, '/v1/forms/myself-reports', 'POST', { formId: privateId })).status).toBe(404);
    expect((await api(olga, '/v1/forms/myself-reports', 'POST', { formId: 'nowhere' })).status).toBe(404);
  });
});

describe('goal ranking (/v1/forms/goal-rankings)', () => {
  const importance = (health: number) =>
    Object.fromEntries(GOAL_IDS.map((id) => [id, id === 'health' ? health : id === 'family' ? 4 : 2]));

  it('ranks every goal at 20 before the goal-ranking form is answered', async () => {
    const rankings = await api<GoalRankings>(zoe, '/v1/forms/goal-rankings');
    expect(rankings.status).toBe(200);
    expect(Object.values(rankings.body.rankings)).toEqual(GOAL_IDS.map(() => 20));
    expect(rankings.body.surveyId).toBeUndefined();
  });

  it('gives each goal its ranking from my latest goal-ranking survey in the look-back', async () => {
    const saved = await answer(zoe, { formId: 'goal-ranking', values: importance(5) });
    expect(saved.status).toBe(201);
    expect(saved.body.tagIds).toEqual([]);
    // An older survey of another year of the look-back does not count over the latest one.
    const year = new Date().getUTCFullYear();
    await formsDb()
      .entities.formSurvey.put({
        userId: idOf(zoe),
        surveyId: `${year - 2}0101T000000000Z-00000000`,
        formId: 'goal-ranking',
        values: importance(1),
        tagIds: [],
        fromDirectLink: false,
        creationDate: `${year - 2}-01-01T00:00:00.000Z`,
        freezeDate: `${year - 2}-01-02T00:00:00.000Z`,
      })
      .go();
    const rankings = await api<GoalRankings>(zoe, '/v1/forms/goal-rankings');
    expect(rankings.body).toMatchObject({
      surveyId: saved.body.id,
      start: `${year - 3}-01-01T00:00:00.000Z`,
      end: `${year}-12-31T23:59:59.999Z`,
    });
    expect(rankings.body.rankings).toMatchObject({ health: 1, family: 2, social: 3 });
  });

  it('a survey older than the look-back ranks nothing', async () => {
    const year = new Date().getUTCFullYear();
    await formsDb()
      .entities.formSurvey.put({
        userId: idOf(camille),
        surveyId: `${year - 4}0601T000000000Z-00000000`,
        formId: 'goal-ranking',
        values: importance(5),
        tagIds: [],
        fromDirectLink: false,
        creationDate: `${year - 4}-06-01T00:00:00.000Z`,
        freezeDate: `${year - 4}-06-02T00:00:00.000Z`,
      })
      .go();
    const rankings = await api<GoalRankings>(camille, '/v1/forms/goal-rankings');
    expect(rankings.body.rankings.health).toBe(20);
  });

  it('is an Essentials feature of one’s own: a starter user is refused, a place is not taken', async () => {
    expect((await answer(sam, { formId: 'goal-ranking', values: importance(3) })).body).toMatchObject({
      key: 'essentials-required',
    });
    const placed = await answer(zoe, { formId: 'goal-ranking', values: importance(3), sphereId: horizon.id });
    expect(placed.body).toMatchObject({
      errors: [expect.objectContaining({ field: 'body.sphereId', key: 'unexpected-value-error' })],
    });
    const missing = await answer(zoe, { formId: 'goal-ranking', values: { health: 5 } });
    expect(missing.body).toMatchObject({
      errors: expect.arrayContaining([expect.objectContaining({ key: 'required' })]),
    });
    expect((await api(guest, '/v1/forms/goal-rankings')).body).toMatchObject({ key: 'guest-not-allowed' });
  });
});

describe('surveys through a campaign link', () => {
  it('a survey answered through a campaign link takes the link’s tags; another sphere’s link is invalid-link', async () => {
    const tag = await api<{ id: string }>(camille, `/v1/spheres/${horizon.id}/tags`, 'POST', {
      name: { en: 'Poster' },
      type: 'department',
      color: '#336699',
      weight: 1,
    });
    expect(tag.status).toBe(201);
    const link = (place: Sphere, owner: Tokens, specificTagIds: string[]) =>
      api<{ id: string }>(owner, '/v1/shorten-urls', 'POST', {
        category: 'sphere',
        sphereId: place.id,
        name: 'Poster',
        defaultLanguage: 'en',
        stepNumber: 100,
        specificTagIds,
        wizards: [{ type: 'form', formId: wellbeingId }],
      });
    const ours = await link(horizon, camille, [tag.body.id]);
    // A link's form step opens a form entitled to its sphere (decision 0027).
    expect((await entitle(elsewhere.id, wellbeingId, undefined, olga)).status).toBe(201);
    const theirs = await link(elsewhere, olga, []);
    expect([ours.status, theirs.status]).toEqual([201, 201]);
    const body = { formId: wellbeingId, values: { q1: 4, q2: ['rest'] }, sphereId: horizon.id };
    const saved = await answer(camille, { ...body, linkId: ours.body.id });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ tagIds: [tag.body.id], fromDirectLink: true });
    const refused = await answer(camille, { ...body, linkId: theirs.body.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ key: 'invalid-link' });
  });
});

describe('my data', () => {
  it('surveys are in "download my data" and erased when their person leaves; forms and entitlements stay', async () => {
    const leaver = await stack.signInWithCode('leo.forms@example.be', { firstName: 'Léo', locale: 'en' });
    const leaverId = idOf(leaver);
    await subscribe(leaver, 'essentials');
    await join(leaver, horizon);
    const saved = await answer(leaver, { formId: wellbeingId, values: { q1: 6 } });
    expect(saved.status).toBe(201);

    const archive = await fetch(`${stack.endpoints.api}/v1/me/export`, {
      headers: { authorization: leaver.accessToken, accept: 'application/zip', 'x-language': 'en' },
    });
    const files = unzipSync(new Uint8Array(await archive.arrayBuffer()));
    expect(Object.keys(files)).toContain('form-surveys.csv');
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as { formSurveys: unknown[] };
    expect(data.formSurveys).toEqual([
      expect.objectContaining({
        id: saved.body.id,
        formId: wellbeingId,
        values: { q1: 6 },
        sphereId: horizon.id,
      }),
    ]);

    const left = await stack.api('/v1/me', {
      method: 'DELETE',
      token: leaver.accessToken,
      body: { confirmation: 'leo.forms@example.be' },
    });
    expect(left.status).toBe(204);
    expect((await wholeTable()).filter((i) => i.includes(leaverId.toLowerCase()))).toEqual([]);
    expect((await admin(`/v1/forms/definitions/${wellbeingId}`)).status).toBe(200);
    expect(
      (await api<{ count: number }>(camille, `/v1/forms/spheres/${horizon.id}/entitlements`)).body.count,
    ).toBe(1);
  });
});
