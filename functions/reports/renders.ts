import type { EntityItem } from 'electrodb';
import * as z from 'zod';
import {
  REPORT_LANGUAGES,
  type DataShot,
  type Render,
  type RenderCreateSchema,
  type ReportLanguage,
} from '@shared/contracts/custom-reports';
import { PRIVACY_MIN_PARTICIPANTS, PRIVACY_MIN_PARTICIPANTS_TWO_TAGS } from '@shared/domain/report-privacy';
import { inLanguage } from '@shared/domain/thinkings';
import { assetsBucket, RENDERS_PREFIX } from '../lib/assets';
import { isConditionFailure } from '../lib/conditions';
import { config } from '../lib/config';
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { logger } from '../lib/logger';
import { sendToQueue } from '../lib/queue';
import { deleteRenderFiles } from './report-items';
import { s3Api } from '../lib/s3';
import { publishAfterWrite } from '../realtime';
import { findSphere } from '../spheres';
import {
  cardDataReader,
  findReport,
  groupNameOf,
  readStructure,
  timeOrderedId,
  type ReportItem,
  type ReportScope,
} from './custom-reports';
import type { RenderDocument, RenderPart } from './render/document';
import { renderCardOf } from './render/build';
import { FILE_LABELS } from './render/labels';
import type { ReportRenderEntity } from './entities/report-render';
import { reportsDb as db } from './store';

type RenderBody = z.output<typeof RenderCreateSchema>;

/** The report-render queue's message: which render, and whom to tell when it ends. */
export const RenderMessageSchema = z.strictObject({
  kind: z.literal('report-render'),
  reportId: z.string().min(1),
  renderId: z.string().min(1),
  /** The person who asked: told over the realtime channel; kept in the message only, never stored. */
  userId: z.string().min(1),
});
export type RenderMessage = z.infer<typeof RenderMessageSchema>;

/** How long a download address stays valid. */
export const DOWNLOAD_SECONDS = 300;

type RenderItem = EntityItem<typeof ReportRenderEntity>;

function toRender(item: RenderItem): Render {
  return {
    renderId: item.renderId,
    reportId: item.reportId,
    name: item.name,
    fileName: item.fileName,
    format: item.format,
    lang: item.lang,
    partIds: item.partIds,
    status: item.status,
    ...(item.reason ? { reason: item.reason } : {}),
    ...(item.bytes !== undefined ? { bytes: item.bytes } : {}),
    createdAt: item.createdAt,
    ...(item.finishedAt ? { finishedAt: item.finishedAt } : {}),
  };
}

/** A file name safe in every system: the render's name without path or control characters. */
export function fileNameOf(name: string, format: 'pdf' | 'docx'): string {
  const clean =
    name
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\\/:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'report';
  return `${clean.slice(0, 150)}.${format}`;
}

/**
 * POST a render (spec 02 §5 render rules): the report's parts asked exist and none is in
 * progress, the language is one of the report's; the render is written in progress, then queued.
 */
export async function createRender(
  scope: ReportScope,
  reportId: string,
  body: RenderBody,
  userId: string,
): Promise<Render> {
  const report = await findReport(scope, reportId);
  if (!report.languages.includes(body.lang))
    throw new ValidationError([{ key: 'not-valid', field: 'body.lang' }]);
  const { parts } = await readStructure(reportId);
  const byId = new Map(parts.map((p) => [p.partId, p]));
  const unknown = body.partIds.filter((id) => !byId.has(id));
  if (unknown.length) throw new ValidationError([{ key: 'not-found', field: 'body.partIds' }]);
  if (body.partIds.some((id) => byId.get(id)?.status === 'inProgress'))
    throw new BadRequestError('report-part-in-progress');
  const renderId = timeOrderedId();
  // The parts in the report's order, whatever order they were ticked in.
  const partIds = parts.map((p) => p.partId).filter((id) => body.partIds.includes(id));
  const { data } = await db()
    .entities.reportRender.create({
      reportId,
      renderId,
      sphereId: scope.sphereId,
      name: body.name,
      fileName: fileNameOf(body.name, body.format),
      format: body.format,
      lang: body.lang,
      partIds,
    })
    .go();
  const url = config().REPORT_RENDERS_QUEUE_URL;
  if (!url) throw new Error('REPORT_RENDERS_QUEUE_URL is not configured');
  try {
    await sendToQueue(
      url,
      { kind: 'report-render', reportId, renderId, userId } satisfies RenderMessage,
      'report-render',
    );
  } catch (error) {
    // Not queued: the render must not stay in progress for ever.
    await finishRender(reportId, renderId, { status: 'error', reason: 'not-queued' });
    throw error;
  }
  return toRender(data as RenderItem);
}

/** The report's renders, newest first: one Query of its partition. */
export async function listRenders(scope: ReportScope, reportId: string): Promise<{ renders: Render[] }> {
  await findReport(scope, reportId);
  const { data } = await db()
    .entities.reportRender.query.byReport({ reportId })
    .go({ pages: 'all', order: 'desc' });
  return { renders: data.map(toRender) };
}

/** A signed address of a finished render's file, valid a few minutes, that downloads it by name. */
export async function downloadRender(
  scope: ReportScope,
  reportId: string,
  renderId: string,
): Promise<{ url: string; expiresAt: string }> {
  await findReport(scope, reportId);
  const { data } = await db().entities.reportRender.get({ reportId, renderId }).go();
  if (!data) throw new NotFoundError();
  if (data.status !== 'done' || !data.fileKey) throw new ConflictError('render-not-ready');
  const { client, sdk } = await s3Api();
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const url = await getSignedUrl(
    client,
    new sdk.GetObjectCommand({
      Bucket: assetsBucket(),
      Key: data.fileKey,
      ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(data.fileName)}`,
    }),
    { expiresIn: DOWNLOAD_SECONDS },
  );
  return { url, expiresAt: new Date(Date.now() + DOWNLOAD_SECONDS * 1000).toISOString() };
}

/**
 * DELETE a render: cancels it while in progress (on condition that it still is), else removes it
 * and its file. A render that ends while being cancelled is removed as a finished one.
 */
export async function deleteRender(
  scope: ReportScope,
  reportId: string,
  renderId: string,
): Promise<undefined> {
  await findReport(scope, reportId);
  const { data } = await db().entities.reportRender.get({ reportId, renderId }).go();
  if (!data) throw new NotFoundError();
  if (data.status === 'inProgress' && (await finishRender(reportId, renderId, { status: 'cancelled' })))
    return undefined;
  const { data: ended } = await db().entities.reportRender.get({ reportId, renderId }).go();
  if (!ended) return undefined;
  await db().entities.reportRender.delete({ reportId, renderId }).go();
  if (ended.fileKey) await deleteRenderFiles([ended.fileKey]);
  return undefined;
}

/**
 * Ends a render that is still in progress; a render already ended keeps its end (a second worker
 * or a late retry changes nothing). Answers whether this call ended it.
 */
async function finishRender(
  reportId: string,
  renderId: string,
  end:
    | { status: 'done'; fileKey: string; bytes: number }
    | { status: 'error'; reason: string }
    | { status: 'cancelled' },
): Promise<boolean> {
  try {
    await db()
      .entities.reportRender.patch({ reportId, renderId })
      .set({ ...end, finishedAt: new Date().toISOString() })
      .where(({ status }, { eq }) => eq(status, 'inProgress'))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** What the render worker is given by the domains whose labels a file shows. */
export interface RenderLabelSources {
  word: (wordId: string, lang: ReportLanguage) => string;
  axes: (axisIds: readonly string[]) => Promise<Map<string, Partial<Record<ReportLanguage, string>>>>;
}

/** The file's content: the report's parts asked, each card with its figures through the privacy rules. */
export async function renderDocumentOf(
  report: ReportItem,
  render: Pick<RenderItem, 'name' | 'lang' | 'partIds'>,
  sources: RenderLabelSources,
  now = Date.now(),
): Promise<RenderDocument> {
  const lang = REPORT_LANGUAGES.includes(render.lang) ? render.lang : 'fr';
  const file = FILE_LABELS[lang];
  const [sphere, { parts, cards }, group] = await Promise.all([
    findSphere(report.sphereId),
    readStructure(report.reportId),
    groupNameOf(report, lang),
  ]);
  if (!sphere) throw new Error('sphere-deleted');
  const read = cardDataReader(report, now);
  const chosen = parts.filter((p) => render.partIds.includes(p.partId));
  const visible = cards.filter((c) => !c.hidden && chosen.some((p) => p.partId === c.partId));
  const data = new Map(
    await Promise.all(
      visible.map(
        async (c) => [c.cardId, c.dataShot ? await read(c.dataShot as DataShot) : undefined] as const,
      ),
    ),
  );
  const axisIds = new Set<string>();
  for (const d of data.values()) {
    const figure =
      d?.source === 'thinkings'
        ? d.total
        : d?.source === 'campaign' && d.result.kind === 'thinking'
          ? d.result.figure
          : undefined;
    if (figure?.shown) for (const a of figure.axes) axisIds.add(a.axisId);
  }
  const axisNames = await sources.axes([...axisIds]);
  const labels = {
    file,
    lang,
    word: (id: string) => sources.word(id, lang),
    axis: (id: string) => inLanguage(axisNames.get(id) ?? {}, lang) || id,
  };
  const renderParts: RenderPart[] = chosen.map((part) => ({
    name: part.name,
    cards: visible
      .filter((c) => c.partId === part.partId)
      .map((c) =>
        renderCardOf({ ...c, dataShot: c.dataShot as DataShot | undefined }, data.get(c.cardId), labels),
      ),
  }));
  const date = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : `${lang}-BE`, { dateStyle: 'long' }).format(
    now,
  );
  return {
    lang,
    title: report.name,
    // A group's report names its group, then its sphere (decision 0037).
    subtitle: file.period(group ? `${group} (${sphere.name})` : sphere.name, report.start, report.end),
    generatedLine: file.generated(render.name, date),
    ...(sphere.isStudyProgram ? { anonymityWarning: file.anonymityWarning } : {}),
    confidentiality: {
      title: file.confidentialityTitle,
      text: file.confidentialityText(PRIVACY_MIN_PARTICIPANTS, PRIVACY_MIN_PARTICIPANTS_TWO_TAGS),
    },
    labels: { contents: file.contents, page: file.page },
    parts: renderParts,
  };
}

/** Receives of one message before a failing render ends in error instead of being tried again. */
export const RENDER_ATTEMPTS = 3;

/**
 * The worker's part (functions/reports/worker.ts): renders the file once. A render no longer in
 * progress is left alone (a message delivered twice makes one file); the file's key is the
 * render's own, so a retry after a crash overwrites the same object. A failure ends the render in
 * error on the last attempt, with its reason, and is thrown before that so SQS tries again.
 */
export async function processRender(
  message: RenderMessage,
  attempt: number,
  sources: RenderLabelSources,
): Promise<'done' | 'skipped' | 'error'> {
  const { reportId, renderId } = message;
  const { data: render } = await db().entities.reportRender.get({ reportId, renderId }).go();
  if (!render || render.status !== 'inProgress') return 'skipped';
  let outcome: 'done' | 'error' | 'skipped';
  try {
    const { data: report } = await db()
      .entities.customReport.get({ sphereId: render.sphereId, reportId })
      .go();
    if (!report) throw new Error('report-deleted');
    const document = await renderDocumentOf(report, render, sources);
    // The rendering libraries (pdfkit, fontkit, docx, ECharts, resvg) load here, with the first file
    // laid out, rather than with this module: their own start-up runs only when a render needs it.
    const { renderFile } = await import('./render');
    const file = await renderFile(document, render.format);
    const fileKey = `${RENDERS_PREFIX}${render.sphereId}/${reportId}/${renderId}.${file.extension}`;
    const { client, sdk } = await s3Api();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: assetsBucket(),
        Key: fileKey,
        Body: file.body,
        ContentType: file.contentType,
      }),
    );
    const ended = await finishRender(reportId, renderId, {
      status: 'done',
      fileKey,
      bytes: file.body.length,
    });
    // Cancelled while it was being rendered: its file is not kept.
    if (!ended) await deleteRenderFiles([fileKey]);
    outcome = ended ? 'done' : 'skipped';
  } catch (error) {
    if (attempt < RENDER_ATTEMPTS) throw error;
    const reason = error instanceof Error ? error.message.slice(0, 200) : 'render-failed';
    logger.error('Render failed for good', { reportId, renderId, error: error as Error });
    outcome = (await finishRender(reportId, renderId, { status: 'error', reason })) ? 'error' : 'skipped';
  }
  if (outcome !== 'skipped')
    await publishAfterWrite(message.userId, { type: 'reportRenders', action: 'updated' });
  return outcome;
}

/**
 * Renders a report once, in this process (the demo's first render): written in progress under a
 * fixed id, then rendered as the worker would. A render already there is kept.
 */
export async function importRender(
  sphereId: string,
  reportId: string,
  render: { renderId: string; name: string; format: 'pdf' | 'docx'; lang: ReportLanguage; partIds: string[] },
  sources: RenderLabelSources,
  userId: string,
): Promise<'done' | 'skipped' | 'error'> {
  const { data: existing } = await db()
    .entities.reportRender.get({ reportId, renderId: render.renderId })
    .go();
  if (existing) return 'skipped';
  await db()
    .entities.reportRender.create({
      reportId,
      sphereId,
      ...render,
      fileName: fileNameOf(render.name, render.format),
    })
    .go();
  return processRender(
    { kind: 'report-render', reportId, renderId: render.renderId, userId },
    RENDER_ATTEMPTS,
    sources,
  );
}

export { deleteRenderFiles };
