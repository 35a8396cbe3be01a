import { randomBytes } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import type * as z from 'zod';
import {
  CUSTOM_REPORT_LIMITS,
  type CardData,
  type CustomReport,
  type CustomReportCreateSchema,
  type CustomReportDetail,
  type CustomReportUpdateSchema,
  type DataShot,
  type FormDataShot,
  type ReportCard,
  type ReportCardCreateSchema,
  type ReportCardUpdateSchema,
  type ReportLanguage,
  type ReportPart,
  type ReportPartDetail,
  type ReportPartCreateSchema,
  type ReportPartUpdateSchema,
} from '@shared/contracts/custom-reports';
import { anonymityNotice } from '@shared/domain/report-privacy';
import { descendantsOf } from '@shared/domain/custom-reports';
import { textIn, visibleName } from '@shared/domain/sessions';
import { isConditionFailure } from '../lib/conditions';
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { findSession } from '../sessions';
import { activeTagsOf, findSphere } from '../spheres';
import { campaignShotData, sealedCycleOf } from '../rollups';
import { formReport, placeFeelingReport, placeThinkingReport } from './service';
import { formAnsweredIn, reportDefinitionsOf, shapeOfDefinition } from '../rollups';
import type { CustomReportEntity } from './entities/custom-report';
import type { ReportCardEntity } from './entities/report-card';
import type { ReportPartEntity } from './entities/report-part';
import { toReport } from './report-items';
import { reportsDb as db } from './store';

type CreateBody = z.output<typeof CustomReportCreateSchema>;
type UpdateBody = z.output<typeof CustomReportUpdateSchema>;
type PartCreateBody = z.output<typeof ReportPartCreateSchema>;
type PartUpdateBody = z.output<typeof ReportPartUpdateSchema>;
type CardCreateBody = z.output<typeof ReportCardCreateSchema>;
type CardUpdateBody = z.output<typeof ReportCardUpdateSchema>;

type ReportItem = EntityItem<typeof CustomReportEntity>;
type PartItem = EntityItem<typeof ReportPartEntity>;
type CardItem = EntityItem<typeof ReportCardEntity>;

/** A new id that sorts by creation time (for renders: newest last, read backwards). */
export function timeOrderedId(now = Date.now()): string {
  return `${now.toString(36).padStart(9, '0')}${randomBytes(5).toString('hex')}`;
}

const newId = () => randomBytes(8).toString('hex');

function toCard(item: CardItem): ReportCard {
  return {
    cardId: item.cardId,
    partId: item.partId,
    type: item.type,
    title: item.title,
    description: item.description,
    result: item.result,
    legend: item.legend,
    position: item.position,
    ...(item.parentCardId ? { parentCardId: item.parentCardId } : {}),
    hidden: item.hidden,
    bookmark: item.bookmark,
    favourite: item.favourite,
    ...(item.dataShot ? { dataShot: item.dataShot as DataShot } : {}),
    ...(item.dataShotStatus ? { dataShotStatus: item.dataShotStatus } : {}),
    ...(item.writtenBy ? { writtenBy: item.writtenBy } : {}),
  };
}

function toPart(item: PartItem, cards: readonly CardItem[]): ReportPart {
  return {
    partId: item.partId,
    name: item.name,
    status: item.status,
    position: item.position,
    cardCount: cards.filter((c) => c.partId === item.partId).length,
  };
}

const byPosition = <T extends { position: number; createdAt: string }>(a: T, b: T) =>
  a.position - b.position || a.createdAt.localeCompare(b.createdAt);

/**
 * Whose reports a call reads: a sphere's, or one of its groups' (decision 0037). A group's report
 * is kept in its sphere's partition and names the group.
 */
export interface ReportScope {
  sphereId: string;
  sessionId?: string;
}

/**
 * The report of the scope, or 404: a report of another sphere, a group's report read as its
 * sphere's, or a sphere's read as a group's is not found, not forbidden (the group-report
 * exception: a sphere's admins never reach a group's reports through the sphere's routes).
 */
export async function findReport(scope: ReportScope, reportId: string): Promise<ReportItem> {
  const { data } = await db().entities.customReport.get({ sphereId: scope.sphereId, reportId }).go();
  if (!data || data.sessionId !== scope.sessionId) throw new NotFoundError();
  return data;
}

/**
 * A group's report's group, as its members see it named (its public name, spec 01 §6), in a
 * language of the report; undefined for a sphere's report or a group that is gone.
 */
export async function groupNameOf(
  report: Pick<ReportItem, 'sessionId' | 'languages'>,
  lang: ReportLanguage,
): Promise<string | undefined> {
  if (!report.sessionId) return undefined;
  const session = await findSession(report.sessionId);
  if (!session) return undefined;
  const own = (report.languages[0] ?? lang) as ReportLanguage;
  return textIn(visibleName(session, false), lang, own) || undefined;
}

/** A report's parts and cards: two Queries on its partition, in parallel. */
export async function readStructure(reportId: string): Promise<{ parts: PartItem[]; cards: CardItem[] }> {
  const [parts, cards] = await Promise.all([
    db().entities.reportPart.query.byReport({ reportId }).go({ pages: 'all' }),
    db().entities.reportCard.query.byReport({ reportId }).go({ pages: 'all' }),
  ]);
  return { parts: parts.data.sort(byPosition), cards: cards.data.sort(byPosition) };
}

/** The report of the sphere (404 otherwise) with its parts and cards, read in parallel. */
async function readWhole(scope: ReportScope, reportId: string) {
  const [report, structure] = await Promise.all([findReport(scope, reportId), readStructure(reportId)]);
  return { report, ...structure };
}

/** One of the structure's parts or cards, or 404. */
function found<T>(item: T | undefined): T {
  if (!item) throw new NotFoundError();
  return item;
}

export async function getReport(scope: ReportScope, reportId: string): Promise<CustomReportDetail> {
  const [{ report, parts, cards }, sphere] = await Promise.all([
    readWhole(scope, reportId),
    findSphere(scope.sphereId),
  ]);
  if (!sphere) throw new NotFoundError();
  return {
    ...toReport(report),
    ...anonymityNotice(sphere),
    parts: parts.map((p) => toPart(p, cards)),
    cards: cards.map(toCard),
  };
}

export async function updateReport(
  scope: ReportScope,
  reportId: string,
  body: UpdateBody,
): Promise<CustomReport> {
  const report = await findReport(scope, reportId);
  const start = body.start ?? report.start;
  const end = body.end ?? report.end;
  if (end < start) throw new ValidationError([{ key: 'value-out-of-range-error', field: 'body.end' }]);
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  try {
    const { data } = await db()
      .entities.customReport.patch({ sphereId: scope.sphereId, reportId })
      .set(changes)
      .go({ response: 'all_new' });
    return toReport(data as ReportItem);
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError({ cause: error });
    throw error;
  }
}

/** Deletes a report with its parts, cards and renders' items; answers the renders' file keys. */
export async function deleteReport(scope: ReportScope, reportId: string): Promise<string[]> {
  await findReport(scope, reportId);
  const [{ parts, cards }, renders] = await Promise.all([
    readStructure(reportId),
    db().entities.reportRender.query.byReport({ reportId }).go({ pages: 'all' }),
  ]);
  const entities = db().entities;
  if (parts.length) await entities.reportPart.delete(parts.map((p) => ({ reportId, partId: p.partId }))).go();
  if (cards.length) await entities.reportCard.delete(cards.map((c) => ({ reportId, cardId: c.cardId }))).go();
  if (renders.data.length)
    await entities.reportRender.delete(renders.data.map((r) => ({ reportId, renderId: r.renderId }))).go();
  await entities.customReport.delete({ sphereId: scope.sphereId, reportId }).go();
  return renders.data.flatMap((r) => (r.fileKey ? [r.fileKey] : []));
}

/**
 * Counts a part or card in (or out of) its report, in the transaction that writes it: the report
 * must still be there, and under the limit when counting in.
 */
function countWrite(
  writers: Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0],
  report: ReportItem,
  field: 'partCount' | 'cardCount',
  by: 1 | -1,
) {
  const max: number = field === 'partCount' ? CUSTOM_REPORT_LIMITS.partsMax : CUSTOM_REPORT_LIMITS.cardsMax;
  return writers.customReport
    .patch({ sphereId: report.sphereId, reportId: report.reportId })
    .add({ [field]: by })
    .where((attr, { exists, lt }) =>
      by > 0 ? `${exists(attr.reportId)} AND ${lt(attr[field], max)}` : exists(attr.reportId),
    )
    .commit();
}

export async function createPart(
  scope: ReportScope,
  reportId: string,
  body: PartCreateBody,
): Promise<ReportPart> {
  const report = await findReport(scope, reportId);
  if (report.partCount >= CUSTOM_REPORT_LIMITS.partsMax) throw new BadRequestError('report-limit-reached');
  const partId = newId();
  const result = await db()
    .transaction.write((writers) => [
      writers.reportPart.create({ reportId, partId, name: body.name, position: report.partCount }).commit(),
      countWrite(writers, report, 'partCount', 1),
    ])
    .go();
  if (result.canceled) throw new BadRequestError('report-limit-reached');
  const part = await findPart(reportId, partId);
  return toPart(part, []);
}

async function findPart(reportId: string, partId: string): Promise<PartItem> {
  const { data } = await db().entities.reportPart.get({ reportId, partId }).go();
  if (!data) throw new NotFoundError();
  return data;
}

export async function updatePart(
  scope: ReportScope,
  reportId: string,
  partId: string,
  body: PartUpdateBody,
): Promise<ReportPart> {
  await findReport(scope, reportId);
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  try {
    const { data } = await db()
      .entities.reportPart.patch({ reportId, partId })
      .set(changes)
      .go({ response: 'all_new' });
    const { cards } = await readStructure(reportId);
    return toPart(data as PartItem, cards);
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError({ cause: error });
    throw error;
  }
}

/** Deletes a part and its cards; the report's counts follow in the same transaction. */
export async function deletePart(scope: ReportScope, reportId: string, partId: string): Promise<undefined> {
  const { report, parts, cards } = await readWhole(scope, reportId);
  found(parts.find((p) => p.partId === partId));
  const own = cards.filter((c) => c.partId === partId);
  if (own.length)
    await db()
      .entities.reportCard.delete(own.map((c) => ({ reportId, cardId: c.cardId })))
      .go();
  const result = await db()
    .transaction.write((writers) => [
      writers.reportPart
        .delete({ reportId, partId })
        .where(({ partId: id }, { exists }) => exists(id))
        .commit(),
      writers.customReport
        .patch({ sphereId: report.sphereId, reportId: report.reportId })
        .add({ partCount: -1, cardCount: -own.length })
        .commit(),
    ])
    .go();
  if (result.canceled) throw new NotFoundError();
  return undefined;
}

/** A part whose cards may change: not a preview (spec 02 §4: recreate it first). */
function editablePart(part: PartItem): void {
  if (part.status === 'preview') throw new ConflictError('report-part-preview');
}

export async function createCard(
  scope: ReportScope,
  reportId: string,
  body: CardCreateBody,
): Promise<ReportCard> {
  const { report, parts, cards } = await readWhole(scope, reportId);
  if (report.cardCount >= CUSTOM_REPORT_LIMITS.cardsMax) throw new BadRequestError('report-limit-reached');
  const part = parts.find((p) => p.partId === body.partId);
  if (!part) throw new ValidationError([{ key: 'not-found', field: 'body.partId' }]);
  editablePart(part);
  if (body.parentCardId && !cards.some((c) => c.cardId === body.parentCardId))
    throw new ValidationError([{ key: 'not-found', field: 'body.parentCardId' }]);
  if (body.type === 'dataShot') await checkShot(report, body.dataShot);
  const inPart = cards.filter((c) => c.partId === body.partId);
  const position = inPart.length ? Math.max(...inPart.map((c) => c.position)) + 1 : 0;
  const cardId = newId();
  const fields =
    body.type === 'dataShot'
      ? { dataShot: body.dataShot, legend: body.legend, dataShotStatus: 'draft' as const }
      : { result: body.result, ...(body.result ? { writtenBy: 'person' as const } : {}) };
  const result = await db()
    .transaction.write((writers) => [
      writers.reportCard
        .create({
          reportId,
          cardId,
          partId: body.partId,
          type: body.type,
          title: body.title,
          description: body.description,
          position,
          ...(body.parentCardId ? { parentCardId: body.parentCardId } : {}),
          ...fields,
        })
        .commit(),
      countWrite(writers, report, 'cardCount', 1),
    ])
    .go();
  if (result.canceled) throw new BadRequestError('report-limit-reached');
  return toCard(await findCard(reportId, cardId));
}

async function findCard(reportId: string, cardId: string): Promise<CardItem> {
  const { data } = await db().entities.reportCard.get({ reportId, cardId }).go();
  if (!data) throw new NotFoundError();
  return data;
}

/**
 * A data shot must show what its report may: the sphere's tags (the report function checks them
 * again when read), a campaign's step only in that campaign's report, of a cycle that stopped, and
 * a questionnaire only one answered in the report's place.
 */
async function checkShot(report: ReportItem, shot: DataShot): Promise<void> {
  if (shot.source === 'form') {
    // A questionnaire answered in the report's place, with its report definition (decision 0038).
    const place = { sphereId: report.sphereId, sessionId: report.sessionId };
    const [definitions, answered] = await Promise.all([
      reportDefinitionsOf([shot.formId]),
      formAnsweredIn(place, shot.formId),
    ]);
    if (!answered || !definitions.has(shot.formId))
      throw new ValidationError([{ key: 'not-valid', field: 'body.dataShot.formId' }]);
  }
  if (shot.source === 'campaign') {
    if (!report.campaignId) throw new ValidationError([{ key: 'not-valid', field: 'body.dataShot.source' }]);
    const sealed = await sealedCycleOf(report.campaignId, shot.cycleId);
    if (!sealed) throw new ValidationError([{ key: 'not-valid', field: 'body.dataShot.cycleId' }]);
    if (!sealed.steps.some((s) => s.stepId === shot.stepId))
      throw new ValidationError([{ key: 'not-valid', field: 'body.dataShot.stepId' }]);
  }
  await checkTags(report.sphereId, shot.tagIds);
}

/** A data shot's tags must be the sphere's (the report function checks them again when read). */
async function checkTags(sphereId: string, tagIds: readonly string[]): Promise<void> {
  if (!tagIds.length) return;
  const known = new Set(((await activeTagsOf([sphereId])).get(sphereId) ?? []).map((t) => t.tagId));
  if (tagIds.some((id) => !known.has(id)))
    throw new ValidationError([{ key: 'not-valid', field: 'body.dataShot.tagIds' }]);
}

export async function updateCard(
  scope: ReportScope,
  reportId: string,
  cardId: string,
  body: CardUpdateBody,
): Promise<ReportCard> {
  const { report, parts, cards } = await readWhole(scope, reportId);
  const card = found(cards.find((c) => c.cardId === cardId));
  const partOf = (partId: string) => found(parts.find((p) => p.partId === partId));
  editablePart(partOf(card.partId));
  if (body.partId && body.partId !== card.partId) editablePart(partOf(body.partId));
  if (body.dataShot && card.type !== 'dataShot')
    throw new ValidationError([{ key: 'not-valid', field: 'body.dataShot' }]);
  if (body.dataShot) await checkShot(report, body.dataShot);
  const changes: Record<string, unknown> = Object.fromEntries(
    Object.entries(body).filter(([, v]) => v !== undefined),
  );
  if (body.result !== undefined) changes.writtenBy = 'person';
  if (body.partId && body.partId !== card.partId) {
    const target = body.partId;
    await moveToPart(reportId, card, cards, target, {
      ...changes,
      position: body.position ?? endOf(cards, target),
    });
    return toCard(await findCard(reportId, cardId));
  }
  try {
    const { data } = await db()
      .entities.reportCard.patch({ reportId, cardId })
      .set(changes)
      .go({ response: 'all_new' });
    return toCard(data as CardItem);
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError({ cause: error });
    throw error;
  }
}

/** The position after the last card of a part (0 for an empty part). */
function endOf(cards: readonly CardItem[], partId: string): number {
  const inPart = cards.filter((c) => c.partId === partId);
  return inPart.length ? Math.max(...inPart.map((c) => c.position)) + 1 : 0;
}

/**
 * Moves a card to another part: it stands at the top of its new part (no parent), and the cards
 * under it follow with their own parents and positions. Written in transactions of at most 100
 * items (DynamoDB's limit; a subtree that large is written in several).
 */
async function moveToPart(
  reportId: string,
  card: CardItem,
  cards: readonly CardItem[],
  partId: string,
  changes: Record<string, unknown>,
): Promise<void> {
  const subtree = descendantsOf(cards, card);
  const ids = [card.cardId, ...subtree.map((c) => c.cardId)];
  for (let from = 0; from < ids.length; from += 100) {
    const chunk = ids.slice(from, from + 100);
    const result = await db()
      .transaction.write((writers) =>
        chunk.map((id) => {
          if (id !== card.cardId)
            return writers.reportCard.patch({ reportId, cardId: id }).set({ partId }).commit();
          const patch = writers.reportCard.patch({ reportId, cardId: id }).set(changes);
          return (card.parentCardId ? patch.remove(['parentCardId']) : patch).commit();
        }),
      )
      .go();
    if (result.canceled) throw new NotFoundError();
  }
}

export async function deleteCard(scope: ReportScope, reportId: string, cardId: string): Promise<undefined> {
  const { report, parts, cards } = await readWhole(scope, reportId);
  const card = found(cards.find((c) => c.cardId === cardId));
  editablePart(found(parts.find((p) => p.partId === card.partId)));
  const children = cards.filter((c) => c.parentCardId === cardId);
  const result = await db()
    .transaction.write((writers) => [
      writers.reportCard
        .delete({ reportId, cardId })
        .where(({ cardId: id }, { exists }) => exists(id))
        .commit(),
      countWrite(writers, report, 'cardCount', -1),
      // Its children move up to its own parent.
      ...children.map((child) =>
        card.parentCardId
          ? writers.reportCard
              .patch({ reportId, cardId: child.cardId })
              .set({ parentCardId: card.parentCardId })
              .commit()
          : writers.reportCard.patch({ reportId, cardId: child.cardId }).remove(['parentCardId']).commit(),
      ),
    ])
    .go();
  if (result.canceled) throw new NotFoundError();
  return undefined;
}

/**
 * A data shot's figures for the report's period, through the one report function and its privacy
 * rules (decision 0030): the same figures the sphere's report page shows for the same filters.
 * Requests that coincide are read once.
 */
export function cardDataReader(
  report: Pick<ReportItem, 'sphereId' | 'sessionId' | 'start' | 'end' | 'campaignId'>,
  now = Date.now(),
) {
  const cache = new Map<string, Promise<CardData | undefined>>();
  return (shot: DataShot): Promise<CardData | undefined> => {
    const key =
      shot.source === 'campaign'
        ? `campaign|${shot.cycleId}|${shot.stepId}|${shot.tagIds.join(',')}`
        : shot.source === 'form'
          ? `form|${shot.formId}|${shot.tagIds.join(',')}`
          : `${shot.source}|${shot.interval}|${shot.tagIds.join(',')}`;
    let pending = cache.get(key);
    if (!pending) {
      pending = readCardData(report, shot, now);
      cache.set(key, pending);
    }
    return pending;
  };
}

async function readCardData(
  report: Pick<ReportItem, 'sphereId' | 'sessionId' | 'start' | 'end' | 'campaignId'>,
  shot: DataShot,
  now: number,
): Promise<CardData | undefined> {
  if (shot.source === 'campaign')
    return report.campaignId ? ((await campaignShotData(report.campaignId, shot)) ?? undefined) : undefined;
  if (shot.source === 'form') return formShotData(report, shot, now);
  // A group's report (decision 0037) shows the group's figures, a sphere's the sphere's.
  const place = { sphereId: report.sphereId, ...(report.sessionId ? { sessionId: report.sessionId } : {}) };
  const request = {
    start: report.start,
    end: report.end,
    tagIds: shot.tagIds,
    template: 'general' as const,
    generalOptions: {
      include: ['colors' as const, 'averages' as const, 'words' as const],
      interval: shot.interval,
    },
  };
  if (shot.source === 'thinkings') {
    const read = await placeThinkingReport(place, request, now);
    return {
      source: 'thinkings',
      total: read.total,
      series: read.series.map((s) => ({ period: s.period, figure: s.figure })),
    };
  }
  const read = await placeFeelingReport(place, request, now);
  return {
    source: 'feelings',
    total: read.total,
    series: read.series.map((s) => ({ period: s.period, figure: s.figure })),
  };
}

/**
 * A questionnaire's data shot (decision 0038): the form's figure over the report's period for the
 * group, from its report definition, through the questionnaire report's privacy rules; never its
 * free texts (a card travels into files and written texts). Nothing when the definition is gone.
 */
async function formShotData(
  report: Pick<ReportItem, 'sphereId' | 'sessionId' | 'start' | 'end'>,
  shot: FormDataShot,
  now: number,
): Promise<CardData | undefined> {
  const definition = (await reportDefinitionsOf([shot.formId])).get(shot.formId);
  if (!definition) return undefined;
  const read = await formReport(
    {
      place: { sphereId: report.sphereId, ...(report.sessionId ? { sessionId: report.sessionId } : {}) },
      formId: shot.formId,
      shape: shapeOfDefinition(definition),
      start: report.start,
      end: report.end,
      tagIds: shot.tagIds,
      interval: 'month',
    },
    now,
  );
  return { source: 'form', formId: shot.formId, definition, total: read.total };
}

/** GET a part: its cards in order, each data shot with its figures. */
export async function getPart(
  scope: ReportScope,
  reportId: string,
  partId: string,
): Promise<ReportPartDetail> {
  const [{ report, parts, cards }, sphere] = await Promise.all([
    readWhole(scope, reportId),
    findSphere(scope.sphereId),
  ]);
  if (!sphere) throw new NotFoundError();
  const part = found(parts.find((p) => p.partId === partId));
  const own = cards.filter((c) => c.partId === partId);
  const read = cardDataReader(report);
  const withData = await Promise.all(
    own.map(async (card) => {
      const data = card.dataShot ? await read(card.dataShot as DataShot) : undefined;
      return { ...toCard(card), ...(data ? { data } : {}) };
    }),
  );
  return { ...toPart(part, cards), reportId, ...anonymityNotice(sphere), cards: withData };
}

export { findCard, toReport };
export { createReport, listReports } from './report-items';
export type { ReportItem, PartItem, CardItem };

/** A report to write as it is (the demo's), with its parts and their cards in order. */
export interface ImportedReport {
  sphereId: string;
  reportId: string;
  report: Omit<CreateBody, 'description'> & {
    description: string;
    status: ReportItem['status'];
    /** A group's report (decision 0037). */
    sessionId?: string;
    /** A campaign's report (decision 0036). */
    campaignId?: string;
    cycleId?: string;
  };
  parts: {
    partId: string;
    name: string;
    status: PartItem['status'];
    cards: {
      cardId: string;
      type: 'text' | 'dataShot';
      title: string;
      description?: string;
      result?: string;
      legend?: string;
      dataShot?: DataShot;
      favourite?: boolean;
      bookmark?: boolean;
    }[];
  }[];
}

/** Writes a report with its parts and cards once (a report already there is kept); answers whether it wrote. */
export async function importCustomReport(imported: ImportedReport): Promise<boolean> {
  const { sphereId, reportId } = imported;
  const { data: existing } = await db().entities.customReport.get({ sphereId, reportId }).go();
  if (existing) return false;
  const cards = imported.parts.flatMap((part) =>
    part.cards.map((card, position) => ({
      reportId,
      cardId: card.cardId,
      partId: part.partId,
      type: card.type,
      title: card.title,
      description: card.description ?? '',
      position,
      favourite: card.favourite ?? false,
      bookmark: card.bookmark ?? false,
      ...(card.dataShot
        ? { dataShot: card.dataShot, legend: card.legend ?? '', dataShotStatus: 'validated' as const }
        : {}),
      ...(card.result ? { result: card.result, writtenBy: 'person' as const } : {}),
    })),
  );
  await db()
    .entities.reportPart.put(
      imported.parts.map((p, position) => ({
        reportId,
        partId: p.partId,
        name: p.name,
        status: p.status,
        position,
      })),
    )
    .go();
  await db().entities.reportCard.put(cards).go();
  await db()
    .entities.customReport.create({
      sphereId,
      reportId,
      ...imported.report,
      partCount: imported.parts.length,
      cardCount: cards.length,
    })
    .go();
  return true;
}
