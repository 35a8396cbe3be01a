/** A sphere's reports page (spec 02 §2 `/apps/spheres/{sphereId}/reports`). */
export const SPHERE_REPORT_PATH = '/apps/spheres/:sphereId/reports';
export const sphereReportPath = (sphereId: string) => `/apps/spheres/${encodeURIComponent(sphereId)}/reports`;

/** A group's (session's) reports page (spec 02 §2 `/apps/sessions/{sessionId}/reports`). */
export const SESSION_REPORT_PATH = '/apps/sessions/:sessionId/reports';
export const sessionReportPath = (sessionId: string) =>
  `/apps/sessions/${encodeURIComponent(sessionId)}/reports`;

/**
 * A campaign's results (decision 0035), its custom reports (decision 0036), and the campaign's page
 * they lead back to.
 */
export {
  CAMPAIGN_CUSTOM_REPORTS_PATH,
  CAMPAIGN_REPORT_PATH,
  campaignCustomReportsPath,
  campaignPath,
  campaignReportPath,
} from '../../lib/routes';

/** The pages a report leads back to: the sphere's, the session's. */
export const spherePagePath = (sphereId: string) => `/apps/spheres/${encodeURIComponent(sphereId)}`;
export const sessionPagePath = (sessionId: string) => `/apps/sessions/${encodeURIComponent(sessionId)}`;

/** Whose custom reports a path leads to: a group's when `sessionId` is given, else the sphere's. */
export interface ReportsOf {
  sphereId: string;
  sessionId?: string | undefined;
}

const place = ({ sphereId, sessionId }: ReportsOf) =>
  sessionId === undefined ? spherePagePath(sphereId) : sessionPagePath(sessionId);

/**
 * A sphere's custom reports (spec 02 §2 `/apps/spheres/{sphereId}/custom-reports`), and a group's
 * (`/apps/sessions/{sessionId}/custom-reports`, decision 0037).
 */
export const CUSTOM_REPORTS_PATH = '/apps/spheres/:sphereId/custom-reports';
export const SESSION_CUSTOM_REPORTS_PATH = '/apps/sessions/:sessionId/custom-reports';
export const customReportsPath = (of: ReportsOf) => `${place(of)}/custom-reports`;

/** One custom report: its structure, favourites, bookmarks, documents and dimensions. */
export const CUSTOM_REPORT_PATH = `${CUSTOM_REPORTS_PATH}/:reportId`;
export const SESSION_CUSTOM_REPORT_PATH = `${SESSION_CUSTOM_REPORTS_PATH}/:reportId`;
export const customReportPath = (ref: ReportsOf & { reportId: string }) =>
  `${customReportsPath(ref)}/${encodeURIComponent(ref.reportId)}`;

/** One part of a custom report: its cards; and its bookmarked cards alone. */
export const REPORT_PART_PATH = `${CUSTOM_REPORT_PATH}/parts/:partId`;
export const REPORT_PART_BOOKMARKS_PATH = `${REPORT_PART_PATH}/bookmarks`;
export const SESSION_REPORT_PART_PATH = `${SESSION_CUSTOM_REPORT_PATH}/parts/:partId`;
export const SESSION_REPORT_PART_BOOKMARKS_PATH = `${SESSION_REPORT_PART_PATH}/bookmarks`;
export const reportPartPath = (ref: ReportsOf & { reportId: string }, partId: string) =>
  `${customReportPath(ref)}/parts/${encodeURIComponent(partId)}`;
export const reportPartBookmarksPath = (ref: ReportsOf & { reportId: string }, partId: string) =>
  `${reportPartPath(ref, partId)}/bookmarks`;

/**
 * The render overlay (spec 02 §2 `show=renderReportAdmin`), with `sphereId` and `reportId`, and
 * `sessionId` for a group's report.
 */
export const RENDER_REPORT_OVERLAY = 'renderReportAdmin';
