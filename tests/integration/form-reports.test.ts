import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormReport } from '@shared/contracts/form-reports';
import { FormSchema, type Form, type SurveyValues } from '@shared/contracts/forms';
import { isoWeekOf, weekBounds } from '@shared/domain/report-rollups';
import { rebuildSphereFormRollups } from '../../functions/forms';
import { importEntitlements, importForms } from '../../functions/forms/seeding';
import {
  changeSurvey,
  countsOf,
  eraseSurveys,
  findSurvey,
  insertSurvey,
  textsOf,
  type NewSurvey,
} from '../../functions/forms/repository';
import { readScope } from '../../functions/rollups';
import { usersDb } from '../../functions/users/store';
import { startTestStack, writtenAt, type TestStack, type Tokens } from './harness';

/**
 * Questionnaires in a sphere's reports (decision 0033): POST /v1/forms/sphere-reports gives each
 * number and choice question of a form and each additional result over the closed weeks, under the
 * privacy rules of every report, with a question too few people surely answered hidden; texts are
 * never counted, and given whole only to a group shown with at least 8 people. Its rollups are kept
 * by the surveys' own writes and equal a rebuild.
 */
let stack: TestStack;
let admin: Tokens;
let sphereId: string;
let tagId: string;

const DAY = 86_400_000;
const FORM_ID = `report-form-${randomUUID().slice(0, 8)}`;
const week = isoWeekOf(new Date(Date.now() - 14 * DAY).toISOString().slice(0, 10));
const at = (dayOfWeek: number) =>
  new Date(Date.parse(`${weekBounds(week).first}T10:00:00Z`) + dayOfWeek * DAY).toISOString();
const period = { start: weekBounds(week).first, end: weekBounds(week).last };

const form: Form = FormSchema.parse({
  id: FORM_ID,
  title: { en: 'Team pulse' },
  languages: ['en'],
  updateDate: '2026-01-01T00:00:00.000Z',
  steps: [
    {
      id: 'week',
      title: { en: 'This week' },
      description: { en: 'How was your week?' },
      answers: [
        { id: 'mood', type: 'likert', title: { en: 'My mood' }, required: true },
        { id: 'sleep', type: 'histo', title: { en: 'Hours of sleep' }, firstValue: 4, stepValue: 0.5 },
        {
          id: 'lunch',
          type: 'choice',
          title: { en: 'Where I had lunch' },
          multiChoice: true,
          values: [
            { value: 'desk', title: { en: 'At my desk' } },
            { value: 'canteen', title: { en: 'In the canteen' } },
            { value: 'outside', title: { en: 'Outside' } },
          ],
        },
        { id: 'comment', type: 'text', title: { en: 'Anything else?' } },
      ],
    },
  ],
  additionalResults: [
    {
      id: 'energy',
      title: { en: 'Energy' },
      computeType: 'average',
      boundaries: { min: 1, max: 7 },
      sources: { themes: [], dimensions: [], questions: ['mood', 'sleep'] },
    },
  ],
});

const survey = (userId: string, values: SurveyValues, tags: string[], day = 2, when = at): NewSurvey => ({
  userId,
  formId: FORM_ID,
  values,
  locale: 'Europe/Brussels',
  fromDirectLink: false,
  sphereId,
  tagIds: tags,
  reportCounts: countsOf(form, values),
  reportTexts: textsOf(form, values),
  creationDate: when(day),
  freezeDate: new Date(Date.now() + DAY).toISOString(),
});

/** A survey written when it was given (its week then open). */
const insertAt = (given: NewSurvey) => writtenAt(given.creationDate, () => insertSurvey(given));

const report = (body: Record<string, unknown>, tokens = admin) =>
  stack.api<FormReport>('/v1/forms/sphere-reports', {
    method: 'POST',
    token: tokens.accessToken,
    body: { sphereId, formId: FORM_ID, ...period, ...body },
  });

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('fiona.reports@example.be', { firstName: 'Fiona' });
  const sphere = await stack.api<{ id: string }>('/v1/spheres', {
    method: 'POST',
    token: admin.accessToken,
    body: {
      name: 'Questionnaire sphere',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'en' },
    },
  });
  sphereId = sphere.body.id;
  const tag = await stack.api<{ id: string }>(`/v1/spheres/${sphereId}/tags`, {
    method: 'POST',
    token: admin.accessToken,
    body: { name: { en: 'Night shift' }, type: 'department', color: '#336699', weight: 1 },
  });
  tagId = tag.body.id;
  await importForms([form]);
  await importEntitlements(sphereId, [
    { formId: FORM_ID, availabilitiesThrough: 'sphereMember', sessionIds: [] },
  ]);
});
afterAll(async () => {
  await stack?.stop();
});

describe('POST /v1/forms/sphere-reports', () => {
  // 12 people, the first 5 under the tag; 3 of them say how long they slept; all write a comment.
  const moods = [1, 2, 3, 4, 5, 6, 7, 4, 4, 5, 3, 6];
  const lunches = (i: number) => (i % 3 === 0 ? ['desk', 'outside'] : i % 3 === 1 ? ['canteen'] : []);

  it('gives each number and choice question and each result, hides a question 3 people answered, and counts no text', async () => {
    for (let i = 0; i < 12; i++) {
      const values: SurveyValues = {
        mood: moods[i] as number,
        ...(i < 3 ? { sleep: 6.5 } : {}),
        ...(lunches(i).length ? { lunch: lunches(i) } : {}),
        comment: `secret comment ${i}`,
      };
      await insertAt(survey(`user-${randomUUID()}`, values, i < 5 ? [tagId] : []));
    }
    const answer = await report({});
    expect(answer.status).toBe(200);
    const moodSum = moods.reduce((a, b) => a + b, 0);
    const energies = moods.map((m, i) => (i < 3 ? (m + 6.5) / 2 : m));
    const chosen = (value: string) =>
      Array.from({ length: 12 }, (_, i) => lunches(i)).filter((l) => l.includes(value)).length;
    expect(answer.body.total).toEqual({
      shown: true,
      people: 12,
      answers: 12,
      questions: [
        {
          answerId: 'mood',
          shown: true,
          answers: 12,
          average: Math.round((moodSum / 12) * 1000) / 1000,
          values: [1, 2, 3, 4, 5, 6, 7].map((value) => ({
            value,
            count: moods.filter((m) => m === value).length,
          })),
        },
        // 3 answers among 12 surveys of 12 people: fewer than 8 surely different people.
        { answerId: 'sleep', shown: false, reason: 'too-few-answers', threshold: 8 },
        {
          answerId: 'lunch',
          shown: true,
          answers: 8,
          choices: ['desk', 'canteen', 'outside'].map((value) => ({ value, count: chosen(value) })),
        },
      ],
      results: [
        {
          resultId: 'energy',
          shown: true,
          answers: 12,
          average: Math.round((energies.reduce((a, b) => a + b, 0) / 12) * 1000) / 1000,
        },
      ],
    });
    expect(JSON.stringify(answer.body.total)).not.toContain('secret comment');
    expect(JSON.stringify(answer.body.series)).not.toContain('secret comment');
    // The 12 comments are given whole beside the figures of the group of 12.
    expect(answer.body.texts).toEqual([
      {
        answerId: 'comment',
        shown: true,
        texts: expect.arrayContaining(Array.from({ length: 12 }, (_, i) => `secret comment ${i}`)) as unknown,
      },
    ]);
    expect(answer.body.form.id).toBe(FORM_ID);
    expect(answer.body.weeks).toEqual([week]);
    // A tag of 5 people is hidden whole, with its reason.
    const tagged = await report({ tagIds: [tagId] });
    expect(tagged.body.total).toEqual({ shown: false, reason: 'too-few-people', threshold: 8 });
    expect(tagged.body.texts).toEqual([
      { answerId: 'comment', shown: false, reason: 'too-few-people', threshold: 8 },
    ]);
  });

  it('keeps its rollups equal to a rebuild through writes, changes and erasures', async () => {
    const userId = `user-${randomUUID()}`;
    const written = await insertAt(survey(userId, { mood: 2, lunch: ['desk'] }, [tagId], 3));
    const values: SurveyValues = { mood: 6, sleep: 8, lunch: ['outside', 'canteen'] };
    const changed = await changeSurvey(
      written,
      { values, reportCounts: countsOf(form, values) },
      new Date().toISOString(),
    );
    expect(changed).not.toBeNull();
    // A stale change is refused and moves nothing.
    expect(
      await changeSurvey(
        written,
        { values: { mood: 1 }, reportCounts: countsOf(form, { mood: 1 }) },
        new Date().toISOString(),
      ),
    ).toBeNull();
    expect(await rebuildSphereFormRollups(sphereId, 'check')).toEqual({ surveys: 13, differences: [] });
    const after = await report({});
    expect(after.body.total).toMatchObject({ shown: true, people: 13, answers: 13 });
    await eraseSurveys([changed as NonNullable<typeof changed>]);
    await eraseSurveys([changed as NonNullable<typeof changed>]);
    expect(await findSurvey(userId, written.surveyId)).toBeNull();
    expect(await rebuildSphereFormRollups(sphereId, 'check')).toEqual({ surveys: 12, differences: [] });
  });

  it('counts a survey saved through the API by a member of the sphere', async () => {
    const member = await stack.signInWithCode('milo.reports@example.be', { firstName: 'Milo' });
    const me = await stack.api<{ userId: string }>('/v1/me', { token: member.accessToken });
    await usersDb().entities.user.patch({ userId: me.body.userId }).set({ subscription: 'essentials' }).go();
    const key = await stack.api<{ sphereKey: string }>(`/v1/spheres/${sphereId}/join-key`, {
      token: admin.accessToken,
    });
    const joined = await stack.api(`/v1/spheres/${sphereId}/join`, {
      method: 'POST',
      token: member.accessToken,
      body: { sphereKey: key.body.sphereKey },
    });
    expect(joined.status).toBe(200);
    const saved = await stack.api<{ id: string }>('/v1/forms/surveys', {
      method: 'POST',
      token: member.accessToken,
      body: { formId: FORM_ID, sphereId, values: { mood: 5, comment: 'fine' } },
    });
    expect(saved.status).toBe(201);
    const stored = await findSurvey(me.body.userId, saved.body.id);
    expect(stored?.reportCounts).toEqual({
      count: 1,
      'q|mood|n': 1,
      'q|mood|sum': 5000,
      'q|mood|v|5000': 1,
      'r|energy|n': 1,
      'r|energy|sum': 5000,
    });
    expect(await rebuildSphereFormRollups(sphereId, 'check')).toEqual({ surveys: 13, differences: [] });
  });

  it('is refused with 403 to someone who is not the sphere’s admin, and 404 for a form not entitled to it', async () => {
    const other = await stack.signInWithCode('otto.reports@example.be', { firstName: 'Otto' });
    expect((await report({}, other)).status).toBe(403);
    const unknown = await report({ formId: 'not-entitled-here' });
    expect(unknown.status).toBe(404);
  });
});

describe('free texts in a form’s report', () => {
  // Weeks of their own: 10 people under tag A, 5 of them also under tag B; then a week of 7.
  const tenWeek = isoWeekOf(new Date(Date.now() - 28 * DAY).toISOString().slice(0, 10));
  const sevenWeek = isoWeekOf(new Date(Date.now() - 35 * DAY).toISOString().slice(0, 10));
  // A week where the pair A+B truly needs two tags: 8 under A alone, 8 under B alone, 5 under both.
  const pairWeek = isoWeekOf(new Date(Date.now() - 49 * DAY).toISOString().slice(0, 10));
  const inWeek = (w: string) => (day: number) =>
    new Date(Date.parse(`${weekBounds(w).first}T10:00:00Z`) + day * DAY).toISOString();
  const periodOf = (w: string) => ({ start: weekBounds(w).first, end: weekBounds(w).last });
  const textOrder = (text: string) => createHash('sha256').update(text).digest('hex');
  let tagA: string;
  let tagB: string;
  const written: Awaited<ReturnType<typeof insertSurvey>>[] = [];

  beforeAll(async () => {
    for (const name of ['Team A', 'Team B']) {
      const made = await stack.api<{ id: string }>(`/v1/spheres/${sphereId}/tags`, {
        method: 'POST',
        token: admin.accessToken,
        body: { name: { en: name }, type: 'department', color: '#336699', weight: 1 },
      });
      if (name === 'Team A') tagA = made.body.id;
      else tagB = made.body.id;
    }
    for (let i = 0; i < 10; i++)
      written.push(
        await insertAt(
          survey(
            `user-${randomUUID()}`,
            { mood: 4, comment: `  note ${i}  ` },
            i < 5 ? [tagA, tagB] : [tagA],
            1 + (i % 5),
            inWeek(tenWeek),
          ),
        ),
      );
    for (let i = 0; i < 7; i++)
      await insertAt(
        survey(`user-${randomUUID()}`, { mood: 3, comment: `few ${i}` }, [tagA], 2, inWeek(sevenWeek)),
      );
    for (let i = 0; i < 21; i++)
      await insertAt(
        survey(
          `user-${randomUUID()}`,
          { mood: 4, comment: `pair ${i}` },
          i < 5 ? [tagA, tagB] : i < 13 ? [tagA] : [tagB],
          2,
          inWeek(pairWeek),
        ),
      );
  });

  const comments = (body: FormReport) => body.texts?.find((t) => t.answerId === 'comment');

  it('gives a group of at least 8 its texts, trimmed, in an order drawn from the texts alone', async () => {
    for (const tagIds of [[], [tagA]]) {
      const answer = await report({ ...periodOf(tenWeek), tagIds });
      expect(answer.status).toBe(200);
      expect(answer.body.total).toMatchObject({ shown: true, people: 10 });
      const shown = comments(answer.body);
      const expected = Array.from({ length: 10 }, (_, i) => `note ${i}`).sort((a, b) =>
        textOrder(a).localeCompare(textOrder(b)),
      );
      expect(shown).toEqual({ answerId: 'comment', shown: true, texts: expected });
    }
  });

  it('hides the texts of a group of 7 with the reason and 8', async () => {
    const answer = await report(periodOf(sevenWeek));
    expect(answer.body.total).toEqual({ shown: false, reason: 'too-few-people', threshold: 8 });
    expect(answer.body.texts).toEqual([
      { answerId: 'comment', shown: false, reason: 'too-few-people', threshold: 8 },
    ]);
    expect(JSON.stringify(answer.body)).not.toContain('few ');
  });

  it('gives no text to a two-tag group of 5, whose figures are shown', async () => {
    const answer = await report({ ...periodOf(pairWeek), tagIds: [tagA, tagB] });
    expect(answer.body.total).toMatchObject({ shown: true, people: 5 });
    expect(comments(answer.body)).toEqual({
      answerId: 'comment',
      shown: false,
      reason: 'too-few-people',
      threshold: 8,
    });
    expect(JSON.stringify(answer.body)).not.toContain('pair ');
  });

  it('gives over two weeks only the texts of the week shown with at least 8 people', async () => {
    const answer = await report({ start: weekBounds(sevenWeek).first, end: weekBounds(tenWeek).last });
    const shown = comments(answer.body);
    expect(shown?.shown).toBe(true);
    expect(shown?.shown && [...shown.texts].sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `note ${i}`).sort(),
    );
  });

  it('replaces a changed text, and takes an erased survey’s text away from every rollup item', async () => {
    const [first, second] = written as [(typeof written)[number], (typeof written)[number]];
    const values: SurveyValues = { mood: 5, comment: 'changed note' };
    const changed = await changeSurvey(
      first,
      { values, reportCounts: countsOf(form, values), reportTexts: textsOf(form, values) },
      new Date().toISOString(),
    );
    expect(changed).not.toBeNull();
    let shown = comments((await report(periodOf(tenWeek))).body);
    expect(shown?.shown && shown.texts).toContain('changed note');
    expect(shown?.shown && shown.texts).not.toContain('note 0');
    expect(shown?.shown && shown.texts).toHaveLength(10);

    // Erasure (the person leaves): their text is in no rollup item of the form any more.
    await eraseSurveys([second]);
    shown = comments((await report(periodOf(tenWeek))).body);
    expect(shown?.shown && shown.texts).toHaveLength(9);
    expect(shown?.shown && shown.texts).not.toContain('note 1');
    const items = await readScope(`form:${FORM_ID}/sphere#${sphereId}`);
    expect(items.some((r) => r.texts !== undefined)).toBe(true);
    expect(JSON.stringify(items)).not.toContain('note 1');
    expect((await rebuildSphereFormRollups(sphereId, 'check')).differences).toEqual([]);
  });
});
