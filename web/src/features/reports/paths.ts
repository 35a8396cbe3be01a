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

const sphere = (sphereId: string) => `/apps/spheres/${encodeURIComponent(sphereId)}`;

/** A sphere's custom reports (spec 02 §2 `/apps/spheres/{sphereId}/custom-reports`). */
export const CUSTOM_REPORTS_PATH = '/apps/spheres/:sphereId/custom-reports';
export const customReportsPath = (sphereId: string) => `${sphere(sphereId)}/custom-reports`;

/** One custom report: its structure, favourites, bookmarks, documents and dimensions. */
export const CUSTOM_REPORT_PATH = '/apps/spheres/:sphereId/custom-reports/:reportId';
export const customReportPath = (sphereId: string, reportId: string) =>
  `${customReportsPath(sphereId)}/${encodeURIComponent(reportId)}`;

/** One part of a custom report: its cards; and its bookmarked cards alone. */
export const REPORT_PART_PATH = '/apps/spheres/:sphereId/custom-reports/:reportId/parts/:partId';
export const REPORT_PART_BOOKMARKS_PATH = `${REPORT_PART_PATH}/bookmarks`;
export const reportPartPath = (sphereId: string, reportId: string, partId: string) =>
  `${customReportPath(sphereId, reportId)}/parts/${encodeURIComponent(partId)}`;
export const reportPartBookmarksPath = (sphereId: string, reportId: string, partId: string) =>
  `${reportPartPath(sphereId, reportId, partId)}/bookmarks`;

/** The render overlay (spec 02 §2 `show=renderReportAdmin`), with `sphereId` and `reportId`. */
export const RENDER_REPORT_OVERLAY = 'renderReportAdmin';
