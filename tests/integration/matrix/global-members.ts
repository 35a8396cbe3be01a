import type { Example } from './example';

/**
 * Global (VIP) members: super-admin routes (`manage` on every member), refused to everyone here,
 * the owner too (the admin of a sphere manages its members only; the matrix's people never act in
 * the super-admin mode). Each aims at the owner, as a global member would be named.
 */
export const examples: Record<string, Example> = {
  listGlobalMembers: () => ({}),
  addGlobalMember: (owner) => ({
    body: { name: 'Matrix VIP', email: owner.email, roles: ['ambassador'] },
  }),
  updateGlobalMember: (owner) => ({
    params: { id: owner.userId },
    body: { name: 'Matrix VIP', roles: ['super-admin'], active: true },
  }),
  removeGlobalMemberAccess: (owner) => ({ params: { id: owner.userId } }),
  listGlobalRoleChanges: (owner) => ({ query: { memberId: owner.userId } }),
};
