import { contributionsOf, keepReportDefinitions, rebuildScopes, scopeOf } from '../rollups';
import { sessionsOfSphere } from '../sessions';
import { reportDefinitionOf } from './report-definition';
import { entitlementsOf, findStoredForm, rolledSurvey, surveysOfSphere } from './repository';

/**
 * Rebuilds a sphere's questionnaire rollups (its own and its groups', form by form) from the
 * surveys given in it, or only compares them (`check`), by the arithmetic of the live writes
 * (decisions 0030, 0033); writing, it also puts each form's report definition (decision 0038). The
 * forms are those entitled to the sphere and `formIds` (a form whose
 * entitlement was removed keeps its surveys). Answers the surveys read and the items that differed.
 */
export async function rebuildSphereFormRollups(
  sphereId: string,
  mode: 'check' | 'write',
  formIds: readonly string[] = [],
): Promise<{ surveys: number; differences: string[] }> {
  const [entitlements, sessions] = await Promise.all([entitlementsOf(sphereId), sessionsOfSphere(sphereId)]);
  const forms = [...new Set([...entitlements.map((e) => e.formId), ...formIds])].sort();
  let surveys = 0;
  const differences: string[] = [];
  for (const formId of forms) {
    const answers = (await surveysOfSphere(sphereId, formId)).map(rolledSurvey).filter((a) => a !== null);
    surveys += answers.length;
    const contributions = (await Promise.all(answers.map((answer) => contributionsOf(answer)))).flat();
    const source = `form:${formId}` as const;
    const scopes = [
      scopeOf(source, 'sphere', sphereId),
      ...sessions.map((s) => scopeOf(source, 'session', s.sessionId)),
    ];
    differences.push(...(await rebuildScopes(scopes, contributions, mode)).differences);
    // A form saved before report definitions were kept (decision 0038) gets its definition.
    const stored = mode === 'write' ? await findStoredForm(formId) : null;
    if (stored) await keepReportDefinitions([reportDefinitionOf(stored.form)]);
  }
  return { surveys, differences: differences.sort() };
}
