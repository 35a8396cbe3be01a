import { reportsDb } from '../../functions/reports/store';

/** The size of a finished render's file, as the worker recorded it. */
export async function readRenderSize(reportId: string, renderId: string): Promise<number> {
  const { data } = await reportsDb().entities.reportRender.get({ reportId, renderId }).go();
  return data?.bytes ?? 0;
}
