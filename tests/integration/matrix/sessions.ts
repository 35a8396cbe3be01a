import type { Example } from './example';

const session = (owner: { sphereId?: string | undefined }) => ({ params: { id: owner.sphereId ?? 'none' } });
const ofSession = (owner: { sessionId?: string | undefined }) => owner.sessionId ?? 'none';

/** Session routes aim at the owner's sphere and group: nobody else may read or change them. */
export const examples: Record<string, Example> = {
  listSphereSessions: (owner) => session(owner),
  createSession: (owner) => ({
    ...session(owner),
    body: { category: 'contributor', name: { en: 'Planted group' } },
  }),
  getSession: (owner) => ({ params: { id: ofSession(owner) } }),
  updateSession: (owner) => ({
    params: { id: ofSession(owner) },
    body: { name: { en: 'Renamed by someone else' }, updateDate: new Date().toISOString() },
  }),
  deleteSession: (owner) => ({ params: { id: ofSession(owner) } }),
  listSessionMembers: (owner) => ({ params: { id: ofSession(owner) } }),
  addSessionMember: (owner) => ({
    params: { id: ofSession(owner) },
    body: { memberId: 'any-member', roles: ['owner'] },
  }),
  updateSessionMember: (owner) => ({
    params: { id: ofSession(owner), memberId: 'any-member' },
    body: { roles: ['owner'] },
  }),
  removeSessionMember: (owner) => ({ params: { id: ofSession(owner), memberId: 'any-member' } }),
  joinSession: (owner) => ({ params: { id: ofSession(owner) }, body: { sessionKey: 'guessed-key' } }),
  getSessionJoinKey: (owner) => ({ params: { id: ofSession(owner) } }),
  renewSessionJoinKey: (owner) => ({ params: { id: ofSession(owner) } }),
  leaveSession: (owner) => ({ params: { id: ofSession(owner) } }),
};
