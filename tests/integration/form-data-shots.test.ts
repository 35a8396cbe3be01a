import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CustomReport,
  ReportCard,
  ReportPart,
  ReportPartDetail,
} from '@shared/contracts/custom-reports';
import type { FormReport, FormReportEntry } from '@shared/contracts/form-reports';
import { FormSchema, type Form, type SurveyValues } from '@shared/contracts/forms';
import type { FormReportDefinition } from '@shared/contracts/report-definitions';
import { isoWeekOf, weekBounds } from '@shared/domain/report-rollups';
import { importEntitlements, importForms } from '../../functions/forms/seeding';
import { countsOf, insertSurvey, textsOf } from '../../functions/forms/repository';
import { startTestStack, writtenAt, type TestStack, type Tokens } from './harness';

/**
 * Questionnaires in custom reports (decision 0038): a form's report definition, kept with each save
 * and read at `/v1/forms/report-definitions/{formId}`; the questionnaires a sphere's reports offer;
 * and a data shot of a form whose figures are the sphere's questionnaire report's, without its free
 * texts, allowed only for a form answered in the report's place.
 */
let stack: TestStack;
let admin: Tokens;
let stranger: Tokens;
let sphereId: string;

const DAY = 86_400_000;
const suffix = randomUUID().slice(0, 8);
const FORM_ID = `shot-form-${suffix}`;
const UNANSWERED_ID = `shot-unanswered-${suffix}`;
const PRIVATE_ID = `shot-private-${suffix}`;
const week = isoWeekOf(new Date(Date.now() - 14 * DAY).toISOString().slice(0, 10));
const at = (dayOfWeek: number) =>
  new Date(Date.parse(`${weekBounds(week).first}T10:00:00Z`) + dayOfWeek * DAY).toISOString();
const period = { start: weekBounds(week).first, end: new Date().toISOString().slice(0, 10) };

const formOf = (id: string, extra: Partial<Form> = {}): Form =>
  FormSchema.parse({
    id,
    title: { en: 'Team pulse', fr: 'Pouls de l’équipe' },
    languages: ['en', 'fr'],
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
            values: [
              { value: 'desk', title: { en: 'At my desk' } },
              { value: 'canteen', title: { en: 'In the canteen' } },
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
        sources: { themes: [], dimensions: [], questions: ['mood'] },
      },
    ],
    ...extra,
  });
const form = formOf(FORM_ID);

const call = <T>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T & { key?: string; errors?: { key: string; field?: string }[] }>(path, {
    method,
    token: tokens.accessToken,
    ...(body === undefined ? {} : { body }),
  });

/** A survey written when it was given (its week then open). */
const insertSurveyAt = (given: Parameters<typeof insertSurvey>[0]) =>
  writtenAt(given.creationDate, () => insertSurvey(given));

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('fenna.shots@example.be', { firstName: 'Fenna' });
  stranger = await stack.signInWithCode('otto.shots@example.be', { firstName: 'Otto' });
  const sphere = await call<{ id: string }>(admin, '/v1/spheres', 'POST', {
    name: 'Questionnaire shot sphere',
    category: 'company',
    address: { country: 'BE' },
    languages: { primary: 'en' },
  });
  sphereId = sphere.body.id;
  await importForms([form, formOf(UNANSWERED_ID), formOf(PRIVATE_ID, { isPrivate: true })]);
  await importEntitlements(sphereId, [
    { formId: FORM_ID, availabilitiesThrough: 'sphereMember', sessionIds: [] },
    { formId: UNANSWERED_ID, availabilitiesThrough: 'sphereMember', sessionIds: [] },
  ]);
  // Ten people answer once in a closed week; each writes a comment no card may carry.
  for (let i = 0; i < 10; i++) {
    const values: SurveyValues = {
      mood: (i % 7) + 1,
      sleep: 6 + (i % 3) / 2,
      lunch: i % 2 ? 'desk' : 'canteen',
      comment: `private comment ${i}`,
    };
    await insertSurveyAt({
      userId: `user-${randomUUID()}`,
      formId: FORM_ID,
      values,
      locale: 'Europe/Brussels',
      fromDirectLink: false,
      sphereId,
      tagIds: [],
      reportCounts: countsOf(form, values),
      reportTexts: textsOf(form, values),
      creationDate: at(2),
      freezeDate: new Date(Date.now() + DAY).toISOString(),
    });
  }
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe('a questionnaire’s report definition', () => {
  it('names its counted questions with their scales and its results, never its free text', async () => {
    const read = await call<FormReportDefinition>(admin, `/v1/forms/report-definitions/${FORM_ID}`);
    expect(read.status).toBe(200);
    expect(read.body.questions).toEqual([
      { id: 'mood', kind: 'number', title: { en: 'My mood' }, min: 1, max: 7 },
      { id: 'sleep', kind: 'number', title: { en: 'Hours of sleep' }, min: 4, max: 4 + 0.5 * 9 },
      {
        id: 'lunch',
        kind: 'choice',
        title: { en: 'Where I had lunch' },
        choices: [
          { value: 'desk', title: { en: 'At my desk' } },
          { value: 'canteen', title: { en: 'In the canteen' } },
        ],
      },
    ]);
    expect(read.body.results).toEqual([{ id: 'energy', title: { en: 'Energy' }, min: 1, max: 7 }]);
  });

  it('is read by whoever may read the form, and is not found for anyone else', async () => {
    // A private form is the form managers' alone, even for a sphere's admin.
    expect((await call(admin, `/v1/forms/report-definitions/${PRIVATE_ID}`)).status).toBe(404);
    expect((await call(admin, `/v1/forms/report-definitions/unknown-${suffix}`)).status).toBe(404);
  });

  it('lists the questionnaires answered in a sphere to its admins, and refuses another sphere’s admin', async () => {
    const list = await call<{ forms: FormReportEntry[] }>(admin, `/v1/forms/reports/spheres/${sphereId}`);
    expect(list.status).toBe(200);
    const entry = list.body.forms.find((f) => f.formId === FORM_ID);
    expect(entry).toMatchObject({ questions: 3, results: 1, title: { en: 'Team pulse' } });
    // Only the forms answered in the sphere: an entitled form nobody answered there is not offered.
    expect(list.body.forms.map((f) => f.formId)).not.toContain(UNANSWERED_ID);
    expect(list.body.forms.map((f) => f.formId)).not.toContain(PRIVATE_ID);
    await call(stranger, '/v1/spheres', 'POST', {
      name: 'Stranger shot sphere',
      category: 'company',
      address: { country: 'BE' },
      languages: { primary: 'en' },
    });
    expect((await call(stranger, `/v1/forms/reports/spheres/${sphereId}`)).status).toBe(403);
  });
});

describe('a questionnaire’s data shot', () => {
  it('shows the figures of the sphere’s questionnaire report, without its free texts', async () => {
    const base = `/v1/reports/spheres/${sphereId}`;
    const report = await call<CustomReport>(admin, base, 'POST', { name: 'Pulse look-back', ...period });
    const at = `${base}/${report.body.reportId}`;
    const part = await call<ReportPart>(admin, `${at}/parts`, 'POST', { name: 'The pulse' });
    const card = await call<ReportCard>(admin, `${at}/cards`, 'POST', {
      type: 'dataShot',
      partId: part.body.partId,
      title: 'Our pulse',
      dataShot: { source: 'form', formId: FORM_ID },
    });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    const read = await call<ReportPartDetail>(admin, `${at}/parts/${part.body.partId}`);
    const data = read.body.cards[0]?.data;
    const sphereReport = await call<FormReport>(admin, '/v1/forms/sphere-reports', 'POST', {
      sphereId,
      formId: FORM_ID,
      ...period,
    });
    expect(sphereReport.status).toBe(200);
    expect(data?.source).toBe('form');
    if (data?.source !== 'form') return;
    expect(data.total).toEqual(sphereReport.body.total);
    expect(data.total).toMatchObject({ shown: true, people: 10 });
    expect(data.definition.formId).toBe(FORM_ID);
    expect(JSON.stringify(read.body)).not.toContain('private comment');
  });

  it('is refused for a form never answered in the report’s place, and for an unknown form', async () => {
    const base = `/v1/reports/spheres/${sphereId}`;
    const report = await call<CustomReport>(admin, base, 'POST', { name: 'Refusals', ...period });
    const at = `${base}/${report.body.reportId}`;
    const part = await call<ReportPart>(admin, `${at}/parts`, 'POST', { name: 'Part' });
    for (const formId of [UNANSWERED_ID, PRIVATE_ID, `unknown-${suffix}`]) {
      const refused = await call(admin, `${at}/cards`, 'POST', {
        type: 'dataShot',
        partId: part.body.partId,
        title: 'A questionnaire',
        dataShot: { source: 'form', formId },
      });
      expect(refused.status, formId).toBe(400);
      expect(refused.body.errors).toEqual([{ key: 'not-valid', field: 'body.dataShot.formId' }]);
    }
  });
});
