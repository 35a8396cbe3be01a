import { contributionsOf, rebuildScopes, scopesOf } from '../rollups';
import { sessionsOfSphere } from '../sessions';
import { feelingsOfSphere, rolledAnswer } from './repository';

/**
 * Rebuilds a sphere's feeling rollups (its own and its sessions') from the feelings recorded in it,
 * or only compares them (`check`): the same arithmetic as the live writes (decision 0030), so a
 * rebuild of untouched rollups changes nothing. Answers the feelings read and the items that
 * differed.
 */
export async function rebuildSphereRollups(
  sphereId: string,
  mode: 'check' | 'write',
): Promise<{ feelings: number; differences: string[] }> {
  const [feelings, sessions] = await Promise.all([feelingsOfSphere(sphereId), sessionsOfSphere(sphereId)]);
  const answers = feelings.map(rolledAnswer).filter((a) => a !== null);
  const contributions = (await Promise.all(answers.map((answer) => contributionsOf(answer)))).flat();
  const scopes = [...scopesOf({ sphereId }), ...sessions.map((s) => `session#${s.sessionId}`)];
  const { differences } = await rebuildScopes(scopes, contributions, mode);
  return { feelings: answers.length, differences };
}
