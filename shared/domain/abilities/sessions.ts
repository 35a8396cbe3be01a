import type { AbilityRule } from '../../contracts/me';
import type { AbilityContext } from './context';
import type { Action } from '../../contracts/route';

/** Whether a session membership reads the session's reports (decision 0012). */
export const readsReports = (m: { roles: readonly string[]; selfGranted?: boolean }) =>
  m.roles.includes('member') && m.selfGranted !== true;

/** A session's members and owners (referents). */
export function sessionRules({ facts, essentials }: AbilityContext): AbilityRule[] {
  const rules: AbilityRule[] = [];
  for (const membership of facts.sessions) {
    const { sessionId, roles } = membership;
    const actions: Action[] = ['get'];
    // Owners (referents) run the session: settings, members and its real name, not its report.
    if (roles.includes('owner')) actions.push('put', 'smartReport');
    // Members read its reports, unless they gave themselves the role through their own admin or
    // referent right: the exception is not lifted by those it keeps out (decision 0012).
    if (readsReports(membership)) actions.push('report');
    rules.push({ action: actions, subject: 'session', conditions: { sessionId } });
    // Its custom reports are its members' (decision 0037): the group-report exception holds for
    // them too, self-granted members left out, and they are not the starter subscription's (spec
    // 02 §6 menu rules).
    if (essentials && readsReports(membership))
      rules.push({ action: 'report', subject: 'report', conditions: { sessionId } });
  }
  return rules;
}
