import type { Example } from './example';

const sphere = {
  name: 'Matrix sphere',
  category: 'company',
  address: { country: 'BE' },
  languages: { primary: 'en' },
};

/** Sphere routes aim at the owner's sphere: another person, or a guest, must get nothing of it. */
export const examples: Record<string, Example> = {
  listSpheres: () => ({}),
  createSphere: () => ({ body: sphere }),
  getSphere: (owner) => ({ params: { id: owner.sphereId ?? 'none' } }),
  updateSphere: (owner) => ({
    params: { id: owner.sphereId ?? 'none' },
    body: { ...sphere, name: 'Renamed by someone else', updateDate: new Date().toISOString() },
  }),
  listSphereCategories: () => ({}),
  joinSphere: (owner) => ({ params: { id: owner.sphereId ?? 'none' }, body: { sphereKey: 'guessed-key' } }),
  getSphereJoinKey: (owner) => ({ params: { id: owner.sphereId ?? 'none' } }),
  renewSphereJoinKey: (owner) => ({ params: { id: owner.sphereId ?? 'none' } }),
  listSphereMembers: (owner) => ({ params: { id: owner.sphereId ?? 'none' } }),
  leaveSphere: (owner) => ({ params: { id: owner.sphereId ?? 'none' } }),
  updateSphereMember: (owner) => ({
    params: { id: owner.sphereId ?? 'none', memberId: 'any-member' },
    body: { name: 'Taken over', roles: ['admin'], subscription: 'starter', active: true },
  }),
  createMember: (owner) => ({
    body: {
      sphereId: owner.sphereId ?? 'none',
      name: 'Planted member',
      email: 'planted@example.be',
      roles: ['admin'],
    },
  }),
  deleteSphereMember: (owner) => ({ params: { id: owner.sphereId ?? 'none', memberId: 'any-member' } }),
  createMembersBulk: (owner) => ({
    body: {
      sphereId: owner.sphereId ?? 'none',
      rows: [{ name: 'Planted member', email: 'planted.bulk@example.be' }],
    },
  }),
};
