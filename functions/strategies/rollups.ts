import { contributionsOf, rebuildScopes, scopeOf } from '../rollups';
import { sessionsOfSphere } from '../sessions';
import { assessmentsOfList, rolledAssessment, strategySource, type AssessedKey } from './repository';

/**
 * Rebuilds the strategy rollups of a sphere (its own strategy's and each of its groups') from the
 * assessments given there, or only compares them (`check`), by the arithmetic of the live writes
 * (decisions 0030, 0034). Answers the assessments read and the items that differed.
 */
export async function rebuildSphereStrategyRollups(
  sphereId: string,
  mode: 'check' | 'write',
): Promise<{ assessments: number; differences: string[] }> {
  const sessions = await sessionsOfSphere(sphereId);
  const lists: AssessedKey[] = [
    { linkTo: 'sphere', linkId: sphereId },
    ...sessions.map((s) => ({ linkTo: 'session' as const, linkId: s.sessionId })),
  ];
  let assessments = 0;
  const differences: string[] = [];
  for (const key of lists) {
    const answers = (await assessmentsOfList(key)).map(rolledAssessment);
    assessments += answers.length;
    const contributions = (await Promise.all(answers.map((answer) => contributionsOf(answer)))).flat();
    const source = strategySource(key);
    const scopes = [
      scopeOf(source, 'sphere', sphereId),
      ...(key.linkTo === 'session' ? [scopeOf(source, 'session', key.linkId)] : []),
    ];
    differences.push(...(await rebuildScopes(scopes, contributions, mode)).differences);
  }
  return { assessments, differences: differences.sort() };
}
