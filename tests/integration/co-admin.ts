import type { Me } from '@shared/contracts/me';
import type { SessionRole } from '@shared/domain/sessions';
import type { TestStack, Tokens } from './harness';

/**
 * A member role one gives oneself through one's own admin or referent right opens no report of the
 * group (decision 0012, the group-report exception): a test whose admin reads a group's report has
 * the role given by another admin of the sphere, as a real sphere would.
 */
const coAdmins = new WeakMap<TestStack, Map<string, Promise<Tokens>>>();

/**
 * The sphere's second admin, made once per stack and sphere over HTTP: they join by the sphere's
 * link and its admin gives them the admin role.
 */
export function coAdmin(stack: TestStack, admin: Tokens, sphereId: string): Promise<Tokens> {
  const ofStack = coAdmins.get(stack) ?? new Map<string, Promise<Tokens>>();
  coAdmins.set(stack, ofStack);
  const known = ofStack.get(sphereId);
  if (known) return known;
  const made = makeCoAdmin(stack, admin, sphereId);
  ofStack.set(sphereId, made);
  return made;
}

async function makeCoAdmin(stack: TestStack, admin: Tokens, sphereId: string): Promise<Tokens> {
  const email = `co-admin.${sphereId.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.be`;
  const tokens = await stack.signInWithCode(email, { firstName: 'Cora', locale: 'en' });
  const key = await stack.api<{ sphereKey: string }>(`/v1/spheres/${sphereId}/join-key`, {
    token: admin.accessToken,
  });
  const joined = await stack.api(`/v1/spheres/${sphereId}/join`, {
    method: 'POST',
    token: tokens.accessToken,
    body: { sphereKey: key.body.sphereKey },
  });
  if (joined.status !== 200) throw new Error(`The second admin did not join: ${joined.status}`);
  const me = await stack.api<Me>('/v1/me', { token: tokens.accessToken });
  const memberId = me.body.members.find((m) => m.sphereId === sphereId)?.id ?? 'none';
  const promoted = await stack.api(`/v1/spheres/${sphereId}/members/${memberId}`, {
    method: 'PUT',
    token: admin.accessToken,
    body: { name: 'Cora', roles: ['admin', 'contributor'], subscription: 'starter', active: true },
  });
  if (promoted.status !== 200) throw new Error(`The second admin was not promoted: ${promoted.status}`);
  return tokens;
}

/**
 * Gives a session member these roles as the sphere's second admin, so a member role among them is
 * someone else's grant and opens the group's reports.
 */
export async function rolesFromCoAdmin(
  stack: TestStack,
  admin: Tokens,
  group: { sphereId: string; sessionId: string; memberId: string },
  roles: SessionRole[],
): Promise<void> {
  const other = await coAdmin(stack, admin, group.sphereId);
  const saved = await stack.api(`/v1/sessions/${group.sessionId}/members/${group.memberId}`, {
    method: 'PUT',
    token: other.accessToken,
    body: { roles },
  });
  if (saved.status !== 200) throw new Error(`The second admin did not give the roles: ${saved.status}`);
}
