import type { Example } from './example';

/** Access-code routes aim at the owner's sphere and its members; sign-in needs the sphere's switch. */
export const examples: Record<string, Example> = {
  getMemberAccessCodes: (owner) => ({ params: { id: owner.sphereId ?? 'none', memberId: 'any-member' } }),
  updateMemberAccessCodes: (owner) => ({
    params: { id: owner.sphereId ?? 'none', memberId: 'any-member' },
    body: { lowSecurityAccessEnabled: true, add: ['PLANTED-1'] },
  }),
  deleteMemberAccessCodes: (owner) => ({ params: { id: owner.sphereId ?? 'none', memberId: 'any-member' } }),
  getAccessSignIn: (owner) => ({ params: { id: owner.sphereId ?? 'none' } }),
  accessSignIn: (owner) => ({
    params: { id: owner.sphereId ?? 'none' },
    body: { email: owner.email, accessCode: 'GUESSED-1' },
  }),
};
