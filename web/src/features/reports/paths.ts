/** A sphere's reports page (spec 02 §2 `/apps/spheres/{sphereId}/reports`). */
export const SPHERE_REPORT_PATH = '/apps/spheres/:sphereId/reports';
export const sphereReportPath = (sphereId: string) => `/apps/spheres/${encodeURIComponent(sphereId)}/reports`;
