import type { GalaxyAdminFacts } from '@shared/domain/ability';
import type { GalaxySummary } from '@shared/contracts/me';
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

/**
 * The facts of a person's galaxy rights: each galaxy they administer and its spheres, by one Query
 * of their memberships and one of each such galaxy's partition (none for most people).
 */
export async function galaxyAdminFacts(userId: string): Promise<GalaxyAdminFacts[]> {
  const adminships = await galaxyAdminshipsOf(userId);
  return Promise.all(
    adminships.map(async ({ galaxyId }) => ({ galaxyId, sphereIds: await galaxySphereIds(galaxyId) })),
  );
}

/** The start call's galaxies: the summaries the top bar shows and the facts of the rules. */
export async function galaxiesOfPerson(
  userId: string,
): Promise<{ summaries: GalaxySummary[]; facts: GalaxyAdminFacts[] }> {
  return galaxiesOfAdminships(await galaxyAdminshipsOf(userId));
}

/**
 * The same from the galaxies the person administers as their membership summary holds them
 * (decision 0055): one Query of each such galaxy's spheres and one BatchGetItem of the galaxies.
 */
export async function galaxiesOfAdminships(
  adminships: readonly { galaxyId: string }[],
): Promise<{ summaries: GalaxySummary[]; facts: GalaxyAdminFacts[] }> {
  const facts = await Promise.all(
    adminships.map(async ({ galaxyId }) => ({ galaxyId, sphereIds: await galaxySphereIds(galaxyId) })),
  );
  if (!facts.length) return { summaries: [], facts };
  const { data } = await galaxiesDb()
    .entities.galaxy.get(facts.map(({ galaxyId }) => ({ galaxyId })))
    .go();
  const summaries = data
    .map((g) => ({
      id: g.galaxyId,
      name: g.name,
      shortName: g.shortName,
      ...(g.photoUrl !== undefined ? { photoUrl: g.photoUrl } : {}),
      roles: ['admin' as const],
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { summaries, facts };
}
