/** The pages and overlays of galaxies (spec 02 §2). */
export const GALAXIES_PAGE_PATH = '/apps/galaxies';
export const GALAXIES_ADMIN_PATH = '/apps/galaxies/admin';
export const GALAXY_TABS = ['signage', 'quotas', 'members', 'spheres', 'report', 'context'] as const;
export type GalaxyTab = (typeof GALAXY_TABS)[number];
export const GALAXY_PAGE_PATH = '/apps/galaxy/:galaxyId/:tab';
export const ADD_GALAXY_OVERLAY = 'addGalaxy';
export const ADD_GALAXY_MEMBER_OVERLAY = 'addGalaxyMember';

export function galaxyPath(galaxyId: string, tab: GalaxyTab = 'quotas'): string {
  return `/apps/galaxy/${encodeURIComponent(galaxyId)}/${tab}`;
}
