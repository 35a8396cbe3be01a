import { galaxiesDb } from './store';

/** A person's active admin membership of a galaxy. */
export interface GalaxyAdminship {
  galaxyId: string;
  roles: readonly 'admin'[];
}

/** The galaxies a user administers (active memberships), by one Query on the user index. */
export async function galaxyAdminshipsOf(userId: string): Promise<GalaxyAdminship[]> {
  const { data } = await galaxiesDb().entities.galaxyMember.query.byUser({ userId }).go({ pages: 'all' });
  return data
    .filter((member) => member.active && member.roles.includes('admin'))
    .map((member) => ({ galaxyId: member.galaxyId, roles: ['admin'] as const }));
}

/** The ids of a galaxy's spheres, by one Query. */
export async function galaxySphereIds(galaxyId: string): Promise<string[]> {
  const { data } = await galaxiesDb().entities.galaxySphere.query.galaxy({ galaxyId }).go({ pages: 'all' });
  return data.map((link) => link.sphereId);
}
