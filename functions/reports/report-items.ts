import { randomBytes } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import type * as z from 'zod';
import type { CustomReport, CustomReportCreateSchema } from '../../shared/contracts/custom-reports';
import { defineStore } from '../lib/db';
import { NotFoundError } from '../lib/errors';
import { findSphere } from '../spheres';
import { CustomReportEntity } from './entities/custom-report';

/**
 * A sphere's custom reports as a list, and a new one (decision 0031; a campaign's, decision 0036):
 * apart from the parts, cards and renders, so that the campaigns domain, which lists and creates its
 * reports here, does not carry the custom reports' other entities and contracts.
 */

type CreateBody = z.output<typeof CustomReportCreateSchema>;
type ReportItem = EntityItem<typeof CustomReportEntity>;

const db = defineStore({ customReport: CustomReportEntity });

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
