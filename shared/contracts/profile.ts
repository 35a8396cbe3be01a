import type { RouteContract } from './route';

/** Profile and legal consents: PUT /v1/profile, GET /v1/legal-consents, POST /v1/me/legal-consents (domain `me`). */
export const profileRoutes: readonly RouteContract[] = [];
