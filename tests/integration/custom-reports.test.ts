import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { strFromU8, unzipSync } from 'fflate';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CustomReport,
  CustomReportDetail,
  Render,
  ReportCard,
  ReportPart,
  ReportPartDetail,
} from '@shared/contracts/custom-reports';
import type { SphereReport } from '@shared/contracts/reports';
import { feelingColor } from '@shared/domain/feelings';
import { isoWeekOf, weekBounds } from '@shared/domain/report-rollups';
import { importFeelings } from '../../functions/feelings/seeding';
import { localSqsClient } from '../../tools/local-stack/sqs';
import { eventually, startTestStack, type TestStack, type Tokens } from './harness';

/**
 * Custom reports over HTTP (spec 02 §2 custom reports, §5 render rules; decision 0031): a report,
 * its parts and cards, a data shot's figures equal to the sphere report's for the same group, a
 * small group hidden with its reason, renders to PDF and DOCX through the queue and the worker,
 * one file for a message given twice, and who may do what.
 */
let stack: TestStack;
let admin: Tokens;
let stranger: Tokens;
let sphereId: string;
let strangerSphereId: string;
const tag = { big: '', small: '' };
const BIG = 12;
const SMALL = 3;

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const weeks = [
  isoWeekOf(new Date(Date.now() - 21 * DAY).toISOString().slice(0, 10)),
  isoWeekOf(new Date(Date.now() - 14 * DAY).toISOString().slice(0, 10)),
];
const wednesday = (week: string) =>
  new Date(Date.parse(`${weekBounds(week).first}T12:00:00Z`) + 2 * DAY).toISOString();
const start = () => weekBounds(weeks[0] as string).first;

const call = <T>(tokens: Tokens, path: string, method = 'GET', body?: unknown) =>
  stack.api<T & { key?: string; errors?: { key: string; field?: string }[] }>(path, {
    method,
    token: tokens.accessToken,
    ...(body === undefined ? {} : { body }),
  });
const base = (sphere = sphereId) => `/v1/reports/spheres/${sphere}`;

async function newSphere(tokens: Tokens, name: string): Promise<string> {
  const made = await stack.api<{ id: string }>('/v1/spheres', {
    method: 'POST',
    token: tokens.accessToken,
    body: { name, category: 'company', address: { country: 'BE' }, languages: { primary: 'en' } },
  });
  return made.body.id;
}

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signInWithCode('ada.custom@example.be', { firstName: 'Ada' });
  stranger = await stack.signInWithCode('otto.custom@example.be', { firstName: 'Otto' });
  sphereId = await newSphere(admin, 'Custom report sphere');
  strangerSphereId = await newSphere(stranger, 'Stranger custom sphere');
  for (const name of ['big', 'small'] as const) {
    const made = await stack.api<{ id: string }>(`/v1/spheres/${sphereId}/tags`, {
      method: 'POST',
      token: admin.accessToken,
      body: { name: { en: `Team ${name}` }, type: 'department', color: '#336699', weight: 1 },
    });
    tag[name] = made.body.id;
  }
  // Twelve people under the big tag, three under the small one and nine under none (so that the
  // sphere without the big team is a group of 12, not one under the threshold); each answers once
  // a closed week.
  const people = [
    ...Array.from({ length: BIG }, () => [tag.big]),
    ...Array.from({ length: SMALL }, () => [tag.small]),
    ...Array.from({ length: 9 }, () => []),
  ];
  await Promise.all(
    people.map((tagIds, i) => {
      const userId = `user-${randomUUID()}`;
      const value = i % 2 ? 0.6 : -0.4;
      const energy = 0.7;
      return importFeelings(
        userId,
        weeks.map((w) => ({
          userId,
          value,
          energy,
          color: feelingColor(value, energy),
          wordId: 'calm',
          sphereId,
          reportTagIds: tagIds,
          evaluationPeriod: { value: 0, type: 'none' as const },
          geoPoint: { latitude: 0, longitude: 0 },
          locale: 'Europe/Brussels',
          personalNotes: [],
          goals: [],
          timestamp: wednesday(w),
        })),
      );
    }),
  );
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

interface Built {
  report: CustomReport;
  part: ReportPart;
  big: ReportCard;
  small: ReportCard;
  text: ReportCard;
}

/** A report with one part: a text card, a data shot of the big group and one of the small group. */
async function buildReport(name = 'Quarterly wellbeing'): Promise<Built> {
  const report = await call<CustomReport>(admin, base(), 'POST', {
    name,
    start: start(),
    end: today(),
    languages: ['en', 'fr'],
  });
  expect(report.status).toBe(201);
  const r = report.body.reportId;
  const part = await call<ReportPart>(admin, `${base()}/${r}/parts`, 'POST', { name: 'Teams at a glance' });
  expect(part.status).toBe(201);
  const card = async (body: Record<string, unknown>) => {
    const made = await call<ReportCard>(admin, `${base()}/${r}/cards`, 'POST', {
      partId: part.body.partId,
      ...body,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body;
  };
  const text = await card({
    type: 'text',
    title: 'Why we ask',
    result: 'Twice a year we look back together.',
  });
  const big = await card({
    type: 'dataShot',
    title: 'People in the big team',
    dataShot: { source: 'feelings', measure: 'people', view: 'total', tagIds: [tag.big] },
  });
  const small = await card({
    type: 'dataShot',
    title: 'People in the small team',
    dataShot: { source: 'feelings', measure: 'people', view: 'total', tagIds: [tag.small] },
  });
  return { report: report.body, part: part.body, big, small, text };
}

describe('custom reports', () => {
  it('keep their parts and cards in order and count them', async () => {
    const { report, part, text, big, small } = await buildReport();
    const detail = await call<CustomReportDetail>(admin, `${base()}/${report.reportId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.parts).toEqual([expect.objectContaining({ partId: part.partId, cardCount: 3 })]);
    expect(detail.body.cards.map((c) => c.cardId)).toEqual([text.cardId, big.cardId, small.cardId]);
    expect(detail.body.cardCount).toBe(3);
    const list = await call<{ reports: CustomReport[] }>(admin, base());
    expect(list.body.reports.map((r) => r.reportId)).toContain(report.reportId);
  });

  it('show a data shot with the figures the sphere report gives the same group, and hide a group under 8 with its reason', async () => {
    const { report, part, big, small } = await buildReport();
    const read = await call<ReportPartDetail>(admin, `${base()}/${report.reportId}/parts/${part.partId}`);
    expect(read.status).toBe(200);
    const feelingsOf = (cardId: string) => {
      const data = read.body.cards.find((c) => c.cardId === cardId)?.data;
      return data?.source === 'feelings' ? data : undefined;
    };
    const bigData = feelingsOf(big.cardId);
    const smallData = feelingsOf(small.cardId);
    expect(bigData?.total).toMatchObject({ shown: true, people: BIG, answers: BIG * 2 });
    expect(smallData?.total).toEqual({ shown: false, reason: 'too-few-people', threshold: 8 });
    // The same filters through the sphere report: the same figure, from the same function.
    const sphereReport = await call<SphereReport>(admin, '/v1/feelings/sphere-reports', 'POST', {
      sphereId,
      start: report.start,
      end: report.end,
      tagIds: [tag.big],
      generalOptions: { interval: 'month' },
    });
    expect(sphereReport.body.total).toEqual(bigData?.total);
    // Nothing of the small group anywhere in the answer.
    expect(JSON.stringify(smallData)).not.toContain(`"people":${SMALL}`);
  });

  it('refuse bad input with the spec’s keys and lose nothing', async () => {
    const { report, part, text } = await buildReport();
    const r = report.reportId;
    const noPart = await call(admin, `${base()}/${r}/cards`, 'POST', {
      type: 'text',
      partId: 'nope',
      title: 'x',
    });
    expect(noPart.status).toBe(400);
    const badTag = await call(admin, `${base()}/${r}/cards`, 'POST', {
      type: 'dataShot',
      partId: part.partId,
      title: 'x',
      dataShot: { source: 'feelings', tagIds: ['not-a-tag'] },
    });
    expect(badTag.status).toBe(400);
    const badPeriod = await call(admin, base(), 'POST', { name: 'x', start: '2017-12-31', end: today() });
    expect(badPeriod.status).toBe(400);
    const noLang = await call(admin, `${base()}/${r}/renders`, 'POST', {
      name: 'x',
      lang: 'nl',
      partIds: [part.partId],
    });
    expect(noLang.status).toBe(400);
    const noParts = await call(admin, `${base()}/${r}/renders`, 'POST', {
      name: 'x',
      lang: 'en',
      partIds: [],
    });
    expect(noParts.status).toBe(400);
    // A part in progress cannot be rendered; a part in preview cannot have its cards changed.
    await call(admin, `${base()}/${r}/parts/${part.partId}`, 'PUT', { status: 'inProgress' });
    const inProgress = await call(admin, `${base()}/${r}/renders`, 'POST', {
      name: 'x',
      lang: 'en',
      partIds: [part.partId],
    });
    expect(inProgress.status).toBe(400);
    expect(inProgress.body.key).toBe('report-part-in-progress');
    await call(admin, `${base()}/${r}/parts/${part.partId}`, 'PUT', { status: 'preview' });
    const preview = await call(admin, `${base()}/${r}/cards/${text.cardId}`, 'PUT', { title: 'Changed' });
    expect(preview.status).toBe(409);
    expect(preview.body.key).toBe('report-part-preview');
    const kept = await call<CustomReportDetail>(admin, `${base()}/${r}`);
    expect(kept.body.cards.find((c) => c.cardId === text.cardId)?.title).toBe('Why we ask');
  });

  it('move a card to another part at its end, at its top level, with the cards under it', async () => {
    const { report, part, text } = await buildReport();
    const r = report.reportId;
    const card = async (body: Record<string, unknown>) =>
      (await call<ReportCard>(admin, `${base()}/${r}/cards`, 'POST', { type: 'text', ...body })).body;
    const other = await call<ReportPart>(admin, `${base()}/${r}/parts`, 'POST', { name: 'Next steps' });
    const first = await card({ partId: other.body.partId, title: 'Already there' });
    const child = await card({ partId: part.partId, title: 'Child', parentCardId: text.cardId });
    const grandchild = await card({ partId: part.partId, title: 'Grandchild', parentCardId: child.cardId });

    const moved = await call<ReportCard>(admin, `${base()}/${r}/cards/${child.cardId}`, 'PUT', {
      partId: other.body.partId,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ partId: other.body.partId, position: first.position + 1 });
    expect(moved.body.parentCardId).toBeUndefined();
    const detail = await call<CustomReportDetail>(admin, `${base()}/${r}`);
    const of = (id: string) => detail.body.cards.find((c) => c.cardId === id);
    expect(of(grandchild.cardId)).toMatchObject({ partId: other.body.partId, parentCardId: child.cardId });
    expect(of(text.cardId)?.partId).toBe(part.partId);
    expect(detail.body.parts.map((p) => p.cardCount)).toEqual([3, 3]);
  });

  it('are their sphere’s admins’ alone: another sphere’s admin gets 403, and a report is not found under another sphere', async () => {
    const { report } = await buildReport();
    expect((await call(stranger, base())).status).toBe(403);
    expect((await call(stranger, `${base()}/${report.reportId}`)).status).toBe(403);
    const own = await call<CustomReport>(stranger, base(strangerSphereId), 'POST', {
      name: 'Mine',
      start: start(),
      end: today(),
    });
    expect(own.status).toBe(201);
    // The stranger's report asked under the admin's sphere: not there.
    expect((await call(admin, `${base()}/${own.body.reportId}`)).status).toBe(404);
    expect((await call(stranger, `${base(strangerSphereId)}/${report.reportId}`)).status).toBe(404);
  });

  it('write a card’s text from its shown figures, labelled as the local writer’s', async () => {
    const { report, big, small } = await buildReport();
    const shown = await call<{ text: string; writtenBy: string }>(
      admin,
      `${base()}/${report.reportId}/cards/${big.cardId}/prompt`,
      'POST',
      { lang: 'en' },
    );
    expect(shown.status).toBe(200);
    expect(shown.body.writtenBy).toBe('local-writer');
    expect(shown.body.text).toContain(String(BIG));
    const hidden = await call<{ text: string }>(
      admin,
      `${base()}/${report.reportId}/cards/${small.cardId}/prompt`,
      'POST',
      { lang: 'en' },
    );
    expect(hidden.body.text).not.toMatch(new RegExp(`\\b${SMALL}\\b`));
    const otherLang = await call(admin, `${base()}/${report.reportId}/cards/${big.cardId}/prompt`, 'POST', {
      lang: 'nl',
    });
    expect(otherLang.status).toBe(400);
  });
});

describe('renders', () => {
  const s3 = () =>
    new S3Client({
      endpoint: stack.services.s3.endpoint,
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  const filesOf = async (reportId: string) => {
    const listed = await s3().send(
      new ListObjectsV2Command({
        Bucket: stack.services.s3.assetsBucket,
        Prefix: `renders/${sphereId}/${reportId}/`,
      }),
    );
    return (listed.Contents ?? []).map((o) => o.Key ?? '');
  };
  const finished = (reportId: string, renderId: string) =>
    eventually(
      async () => {
        const list = await call<{ renders: Render[] }>(admin, `${base()}/${reportId}/renders`);
        const render = list.body.renders.find((x) => x.renderId === renderId);
        return render && render.status !== 'inProgress' ? render : undefined;
      },
      { tries: 600, what: 'render finished' },
    );
  const download = async (reportId: string, renderId: string) => {
    const link = await call<{ url: string }>(admin, `${base()}/${reportId}/renders/${renderId}/download`);
    expect(link.status).toBe(200);
    const file = await fetch(link.body.url);
    expect(file.status).toBe(200);
    return new Uint8Array(await file.arrayBuffer());
  };

  it('render a report to a PDF with its title, parts, a figure, the hidden reason and the confidentiality notice, downloadable once done', async () => {
    const { report, part } = await buildReport('Spring review');
    const early = await call(admin, `${base()}/${report.reportId}/renders/none/download`);
    expect(early.status).toBe(404);
    const asked = await call<Render>(admin, `${base()}/${report.reportId}/renders`, 'POST', {
      name: 'Spring review for the board',
      lang: 'en',
      partIds: [part.partId],
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({
      status: 'inProgress',
      format: 'pdf',
      fileName: 'Spring review for the board.pdf',
    });
    const done = await finished(report.reportId, asked.body.renderId);
    expect(done.status, done.reason).toBe('done');
    const pdf = await download(report.reportId, asked.body.renderId);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = (await new PDFParse({ data: pdf }).getText()).text;
    expect(text).toContain('Spring review');
    expect(text).toContain('Teams at a glance');
    expect(text).toContain('People in the big team');
    expect(text).toMatch(new RegExp(`\\b${BIG}\\b`));
    expect(text).toContain('Hidden: fewer than 8 people');
    expect(text).toContain('Confidentiality notice');
  }, 120_000);

  it('render a DOCX with the same content, and a message given twice makes one file', async () => {
    const { report, part } = await buildReport('Autumn review');
    const asked = await call<Render>(admin, `${base()}/${report.reportId}/renders`, 'POST', {
      name: 'Autumn review',
      lang: 'fr',
      format: 'docx',
      partIds: [part.partId],
    });
    expect(asked.status).toBe(202);
    const done = await finished(report.reportId, asked.body.renderId);
    expect(done.status, done.reason).toBe('done');
    const docx = await download(report.reportId, asked.body.renderId);
    const xml = strFromU8(unzipSync(docx)['word/document.xml'] as Uint8Array);
    expect(xml).toContain('Autumn review');
    expect(xml).toContain('Teams at a glance');
    expect(xml).toContain('Avis de confidentialité');
    expect(xml).toContain('Masqué : moins de 8 personnes');
    // The same message again (SQS delivers at least once): nothing new is written.
    const before = await filesOf(report.reportId);
    expect(before).toHaveLength(1);
    const sqs = localSqsClient(stack.services.sqs.endpoint);
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: stack.handlerEnv.REPORT_RENDERS_QUEUE_URL,
        MessageBody: JSON.stringify({
          kind: 'report-render',
          reportId: report.reportId,
          renderId: asked.body.renderId,
          userId: 'someone',
        }),
      }),
    );
    await new Promise((r) => setTimeout(r, 3000));
    expect(await filesOf(report.reportId)).toEqual(before);
    const again = await call<{ renders: Render[] }>(admin, `${base()}/${report.reportId}/renders`);
    expect(again.body.renders.find((x) => x.renderId === asked.body.renderId)?.finishedAt).toBe(
      done.finishedAt,
    );
    sqs.destroy();
  }, 120_000);

  it('are cancelled while in progress (no file is kept) and removed with their file once finished', async () => {
    const { report, part } = await buildReport('Cancelled');
    const r = report.reportId;
    const ask = () =>
      call<Render>(admin, `${base()}/${r}/renders`, 'POST', {
        name: 'Cancelled',
        lang: 'en',
        partIds: [part.partId],
      });
    const cancelled = await ask();
    expect((await call(admin, `${base()}/${r}/renders/${cancelled.body.renderId}`, 'DELETE')).status).toBe(
      204,
    );
    // Cancelled, or (when the worker was quicker) already removed: either way, no file of it stays.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const listed = await call<{ renders: Render[] }>(admin, `${base()}/${r}/renders`);
    const left = listed.body.renders.find((x) => x.renderId === cancelled.body.renderId);
    if (left) expect(left.status).toBe('cancelled');
    expect(await filesOf(r)).toEqual([]);
    const done = await ask();
    await finished(r, done.body.renderId);
    expect(await filesOf(r)).toHaveLength(1);
    expect((await call(admin, `${base()}/${r}/renders/${done.body.renderId}`, 'DELETE')).status).toBe(204);
    expect(await filesOf(r)).toEqual([]);
    const after = await call<{ renders: Render[] }>(admin, `${base()}/${r}/renders`);
    expect(after.body.renders.map((x) => x.renderId)).not.toContain(done.body.renderId);
    expect((await call(admin, `${base()}/${r}/renders/${done.body.renderId}`, 'DELETE')).status).toBe(404);
  }, 120_000);

  it('go with their report: deleting it deletes its files', async () => {
    const { report, part } = await buildReport('Short-lived');
    const asked = await call<Render>(admin, `${base()}/${report.reportId}/renders`, 'POST', {
      name: 'Short-lived',
      lang: 'en',
      partIds: [part.partId],
    });
    await finished(report.reportId, asked.body.renderId);
    expect(await filesOf(report.reportId)).toHaveLength(1);
    expect((await call(admin, `${base()}/${report.reportId}`, 'DELETE')).status).toBe(204);
    expect(await filesOf(report.reportId)).toEqual([]);
    expect((await call(admin, `${base()}/${report.reportId}`)).status).toBe(404);
  }, 120_000);
});
