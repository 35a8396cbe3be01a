import { contributionsOf, rebuildScopes, scopeOf } from '../rollups';
import { sessionsOfSphere } from '../sessions';
import { rolledThinking, thinkingsOfSphere } from './repository';

/**
 * Rebuilds a sphere's thinking rollups (its own and its groups') from the thinkings given in it, or
 * only compares them (`check`), by the arithmetic of the live writes (decision 0030). Answers the
 * thinkings read and the items that differed.
 */
export async function rebuildSphereThinkingRollups(
  sphereId: string,
  mode: 'check' | 'write',
): Promise<{ thinkings: number; differences: string[] }> {
  const [thinkings, sessions] = await Promise.all([thinkingsOfSphere(sphereId), sessionsOfSphere(sphereId)]);
  const answers = thinkings.map(rolledThinking).filter((a) => a !== null);
  const contributions = (await Promise.all(answers.map((answer) => contributionsOf(answer)))).flat();
  const scopes = [
    scopeOf('thinkings', 'sphere', sphereId),
    ...sessions.map((s) => scopeOf('thinkings', 'session', s.sessionId)),
  ];
  const { differences } = await rebuildScopes(scopes, contributions, mode);
  return { thinkings: answers.length, differences };
}
