import {
  attachSphere,
  findGalaxy,
  insertGalaxy,
  insertGalaxyMember,
  insertQuotaRequest,
  listQuotas,
  writeQuotaValue,
  type UsageOf,
} from '../../functions/galaxies/seeding';
import { campaignGalaxyUsage } from '../../functions/campaigns';
import { sessionGalaxyUsage } from '../../functions/sessions';
import { sphereGalaxyUsage } from '../../functions/spheres';
import { DEMO_TERMINAL_SPHERE_ID } from './demo-terminals';

/**
 * The demo galaxy (decision 0045): Groupe Horizon holds Atelier Horizon and Boulangerie Soleil;
 * Camille administers it. Its members' quota stands past its alert (the quotas page shows the
 * alert), its tags' has room, and Camille's request for more members waits for a super-admin
 * (Alex sees it in his list). Written once: a galaxy already there is left as it is.
 */
export const DEMO_GALAXY_ID = 'demo-groupe-horizon';
const SPHERES = ['demo-atelier-horizon', DEMO_TERMINAL_SPHERE_ID];

const usageOf: UsageOf = async (sphereId) => ({
  ...(await sphereGalaxyUsage(sphereId)),
  ...(await sessionGalaxyUsage(sphereId)),
  ...(await campaignGalaxyUsage(sphereId)),
});

export async function seedDemoGalaxies(userIds: ReadonlyMap<string, string>): Promise<void> {
  const camille = userIds.get('camille@demo.wellbeing.local');
  if (!camille || (await findGalaxy(DEMO_GALAXY_ID))) return;
  await insertGalaxy(
    { name: 'Groupe Horizon', shortName: 'Horizon', language: 'fr', renewalDate: '2027-06-30' },
    DEMO_GALAXY_ID,
  );
  await insertGalaxyMember({
    galaxyId: DEMO_GALAXY_ID,
    name: 'Camille Dubois',
    email: 'camille@demo.wellbeing.local',
    roles: ['admin'],
    userId: camille,
  });
  for (const sphereId of SPHERES) await attachSphere(DEMO_GALAXY_ID, sphereId, usageOf);
  const usage = new Map((await listQuotas(DEMO_GALAXY_ID)).map((q) => [q.kind, q.usage]));
  const members = usage.get('engagement-up-members') ?? 0;
  // 85 % of the value used: past the alert at 80 %, below the block.
  await writeQuotaValue(DEMO_GALAXY_ID, 'engagement-up-members', Math.max(Math.ceil(members / 0.85), 1));
  await writeQuotaValue(DEMO_GALAXY_ID, 'spheres', 5);
  await writeQuotaValue(DEMO_GALAXY_ID, 'tags', (usage.get('tags') ?? 0) + 20);
  await writeQuotaValue(DEMO_GALAXY_ID, 'engagement-up-campaigns', 10);
  await writeQuotaValue(DEMO_GALAXY_ID, 'diagnostic-checkup', 5);
  await insertQuotaRequest({
    galaxyId: DEMO_GALAXY_ID,
    kind: 'engagement-up-members',
    currentValue: Math.max(Math.ceil(members / 0.85), 1),
    requestedValue: Math.max(Math.ceil(members / 0.85), 1) + 50,
    reason: 'Deux équipes rejoignent l’Atelier en janvier.',
    requestedBy: { userId: camille, name: 'Camille Dubois' },
  });
}
