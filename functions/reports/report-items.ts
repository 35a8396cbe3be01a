import { randomBytes } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import type * as z from 'zod';
import type { CustomReport, CustomReportCreateSchema } from '@shared/contracts/custom-reports';
import { assetsBucket } from '../lib/assets';
import { defineStore } from '../lib/db';
import { NotFoundError } from '../lib/errors';
import { s3Api } from '../lib/s3';
import { findSphere } from '../spheres';
import { CustomReportEntity } from './entities/custom-report';
import { ReportCardEntity } from './entities/report-card';
import { ReportPartEntity } from './entities/report-part';
import { ReportRenderEntity } from './entities/report-render';

/**
 * A sphere's custom reports as a list, and a new one (decision 0031; a campaign's, decision 0036),
 * and the erasure of a deleted group's (decision 0037): apart from the parts', cards' and renders'
 * code, so that the campaigns and sessions domains, which call them, carry none of it.
 */

type CreateBody = z.output<typeof CustomReportCreateSchema>;
type ReportItem = EntityItem<typeof CustomReportEntity>;

const db = defineStore({
  customReport: CustomReportEntity,
  reportPart: ReportPartEntity,
  reportCard: ReportCardEntity,
  reportRender: ReportRenderEntity,
});

const newId = () => randomBytes(8).toString('hex');

export function toReport(item: ReportItem): CustomReport {
  return {
    reportId: item.reportId,
    sphereId: item.sphereId,
    ...(item.sessionId ? { sessionId: item.sessionId } : {}),
    ...(item.campaignId ? { campaignId: item.campaignId } : {}),
    ...(item.cycleId ? { cycleId: item.cycleId } : {}),
    name: item.name,
    description: item.description,
    status: item.status,
    template: item.template,
    languages: item.languages as CustomReport['languages'],
    dimensions: item.dimensions,
    start: item.start,
    end: item.end,
    cardCount: item.cardCount,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/**
 * GET /v1/reports/spheres/{sphereId}: the sphere's own custom reports, newest change first (one
 * Query of its partition); with `campaignId`, those of that campaign alone (GET
 * /v1/campaigns/{campaignId}/custom-reports); with `sessionId`, those of that group alone (GET
 * /v1/reports/sessions/{sessionId}, decision 0037). A group's reports are never the sphere's.
 */
export async function listReports(
  sphereId: string,
  only: { campaignId?: string; sessionId?: string } = {},
): Promise<{ reports: CustomReport[] }> {
  const { data } = await db().entities.customReport.query.bySphere({ sphereId }).go({ pages: 'all' });
  return {
    reports: data
      .filter((r) => r.sessionId === only.sessionId && (!only.campaignId || r.campaignId === only.campaignId))
      .map(toReport)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
  };
}

/**
 * Creates a draft report of the sphere; `owner` makes it a campaign's (decision 0036), its campaign
 * and cycle checked by the campaigns domain that asks, or a group's (decision 0037).
 */
export async function createReport(
  sphereId: string,
  body: CreateBody,
  owner: { campaignId?: string; cycleId?: string; sessionId?: string } = {},
): Promise<CustomReport> {
  const sphere = await findSphere(sphereId);
  if (!sphere) throw new NotFoundError();
  const { data } = await db()
    .entities.customReport.create({
      sphereId,
      reportId: newId(),
      ...body,
      ...(owner.sessionId ? { sessionId: owner.sessionId } : {}),
      ...(owner.campaignId ? { campaignId: owner.campaignId } : {}),
      ...(owner.cycleId ? { cycleId: owner.cycleId } : {}),
      status: 'draft',
    })
    .go();
  return toReport(data as ReportItem);
}

/** Deletes renders' files from the assets bucket (a report's, a deleted group's reports'). */
export async function deleteRenderFiles(keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  const { client, sdk } = await s3Api();
  for (let i = 0; i < keys.length; i += 1000)
    await client.send(
      new sdk.DeleteObjectsCommand({
        Bucket: assetsBucket(),
        Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
      }),
    );
}

/**
 * Erases a deleted group's custom reports (decision 0037) with their parts, cards, renders and
 * their files: nobody could reach them any more (a group's routes need the group). One Query of the
 * sphere's reports, then three of each of the group's. Answers how many reports it erased.
 */
export async function eraseGroupReports(sphereId: string, sessionId: string): Promise<number> {
  const { entities } = db();
  const { data } = await entities.customReport.query.bySphere({ sphereId }).go({ pages: 'all' });
  const reports = data.filter((r) => r.sessionId === sessionId);
  for (const { reportId } of reports) {
    const [parts, cards, renders] = await Promise.all([
      entities.reportPart.query.byReport({ reportId }).go({ pages: 'all' }),
      entities.reportCard.query.byReport({ reportId }).go({ pages: 'all' }),
      entities.reportRender.query.byReport({ reportId }).go({ pages: 'all' }),
    ]);
    if (parts.data.length)
      await entities.reportPart.delete(parts.data.map((p) => ({ reportId, partId: p.partId }))).go();
    if (cards.data.length)
      await entities.reportCard.delete(cards.data.map((c) => ({ reportId, cardId: c.cardId }))).go();
    if (renders.data.length)
      await entities.reportRender.delete(renders.data.map((r) => ({ reportId, renderId: r.renderId }))).go();
    await deleteRenderFiles(renders.data.flatMap((r) => (r.fileKey ? [r.fileKey] : [])));
    await entities.customReport.delete({ sphereId, reportId }).go();
  }
  return reports.length;
}
