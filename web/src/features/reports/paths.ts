/** A sphere's reports page (spec 02 §2 `/apps/spheres/{sphereId}/reports`). */
export const SPHERE_REPORT_PATH = '/apps/spheres/:sphereId/reports';
export const sphereReportPath = (sphereId: string) => `/apps/spheres/${encodeURIComponent(sphereId)}/reports`;

/** A group's (session's) reports page (spec 02 §2 `/apps/sessions/{sessionId}/reports`). */
export const SESSION_REPORT_PATH = '/apps/sessions/:sessionId/reports';
export const sessionReportPath = (sessionId: string) =>
  `/apps/sessions/${encodeURIComponent(sessionId)}/reports`;

/** The pages a report leads back to: the sphere's, the session's. */
export const spherePagePath = (sphereId: string) => `/apps/spheres/${encodeURIComponent(sphereId)}`;
export const sessionPagePath = (sessionId: string) => `/apps/sessions/${encodeURIComponent(sessionId)}`;
