/** Paths of the spheres' pages (spec 01 §2). */
export const CREATE_SPHERE_PATH = '/apps/create-sphere';
export const SPHERES_ADMIN_PATH = '/apps/spheres';
export const spherePath = (id: string) => `/apps/spheres/${encodeURIComponent(id)}`;
export const sphereSettingsPath = (id: string) => `${spherePath(id)}/settings`;
/** The join link (spec 01 §2 `/apps/spheres/{sphereId}/join/{accessCode}`), the code being the sphere's key. */
export const sphereJoinPath = (id: string, key: string) =>
  `${spherePath(id)}/join/${encodeURIComponent(key)}`;
export const sessionPath = (id: string) => `/apps/sessions/${encodeURIComponent(id)}`;
export const sessionSettingsPath = (id: string) => `${sessionPath(id)}/settings`;
/** A session's join link (spec 01 §2 `/apps/sessions/{sessionId}/join/{accessCode}`). */
export const sessionJoinPath = (id: string, key: string) =>
  `${sessionPath(id)}/join/${encodeURIComponent(key)}`;
