/** A sphere's Engagement-Up page (spec 01 §2, spec 02 §2), shown while that entitlement is active. */
export const ENGAGEMENT_UP_PAGE_PATH = '/apps/spheres/:sphereId/engagement-up';
export const engagementUpPath = (sphereId: string) =>
  `/apps/spheres/${encodeURIComponent(sphereId)}/engagement-up`;
/** The Sales-Up page (the terminals feature's, spec 01 §2): linked to, never imported. */
export const salesUpPath = (sphereId: string) => `/apps/spheres/${encodeURIComponent(sphereId)}/sales-up`;
/** The tab of a sphere's settings: `/apps/spheres/{id}/settings?tab=entitlements`. */
export const ENTITLEMENTS_TAB = 'entitlements';
/** The Entitlements tab of the sphere's settings. */
export const entitlementsTabPath = (sphereId: string) =>
  `/apps/spheres/${encodeURIComponent(sphereId)}/settings?tab=${ENTITLEMENTS_TAB}`;
