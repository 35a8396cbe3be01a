import type { Me, SessionSummary } from '@shared/contracts/me';

/**
 * Where a person contributes a feeling or a thinking (spec 01 §2 feeling and thinking entry: none,
 * one of my contributor sessions, or one of my spheres).
 */
export type ContributionContext = { sphereId: string } | { sessionId: string } | null;

/**
 * The contexts a person may contribute in (spec 01 §6): the contributor sessions where they hold
 * the member role, and the spheres where they hold the contributor role.
 */
export function allowedContexts(me: Me | undefined, mySessions: readonly SessionSummary[] = []) {
  return {
    spheres: (me?.spheres ?? []).filter(
      (s) => Array.isArray(s.roles) && (s.roles as unknown[]).includes('contributor'),
    ),
    sessions: mySessions.filter((s) => s.category === 'contributor' && s.roles.includes('member')),
  };
}

/** Whether a context is one the person may contribute in. */
export function isAllowed(
  context: ContributionContext,
  me: Me | undefined,
  mySessions: readonly SessionSummary[] = [],
): boolean {
  if (context === null) return true;
  const { spheres, sessions } = allowedContexts(me, mySessions);
  return 'sphereId' in context
    ? spheres.some((s) => s.id === context.sphereId)
    : sessions.some((s) => s.id === context.sessionId);
}

/** The context a link or a session card asks for (`sessionId` or `sphereId` beside `show=`). */
export function requestedContext(params: URLSearchParams): ContributionContext {
  const sessionId = params.get('sessionId');
  if (sessionId) return { sessionId };
  const sphereId = params.get('sphereId');
  return sphereId ? { sphereId } : null;
}

/** A context as one value of a select (`session:<id>`, `sphere:<id>`, '' for none). */
export const encodeContext = (context: ContributionContext) =>
  context === null
    ? ''
    : 'sphereId' in context
      ? `sphere:${context.sphereId}`
      : `session:${context.sessionId}`;

export function decodeContext(value: string): ContributionContext {
  const [kind, ...rest] = value.split(':');
  const id = rest.join(':');
  if (kind === 'sphere' && id) return { sphereId: id };
  if (kind === 'session' && id) return { sessionId: id };
  return null;
}
