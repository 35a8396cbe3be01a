import type { Example } from './example';

/**
 * Galaxies: the owner administers a galaxy holding their sphere (set up by the matrix); nobody
 * else holds a right on it. Super-admin routes (`manage`) are refused to everyone here, the owner
 * too: the matrix's people never act in the super-admin mode.
 */
const galaxy = (owner: Parameters<Example>[0]) => owner.galaxyId ?? 'matrix-galaxy';

export const examples: Record<string, Example> = {
  listGalaxies: () => ({}),
  createGalaxy: () => ({ body: { name: 'Matrix galaxy', shortName: 'MG' } }),
  getGalaxy: (owner) => ({ params: { id: galaxy(owner) } }),
  updateGalaxy: (owner) => ({
    params: { id: galaxy(owner) },
    body: { name: 'Matrix galaxy', shortName: 'MG', updateDate: new Date().toISOString() },
  }),
  deleteGalaxy: (owner) => ({ params: { id: galaxy(owner) } }),
  listGalaxyMembers: (owner) => ({ params: { id: galaxy(owner) } }),
  addGalaxyMember: (owner) => ({
    params: { id: galaxy(owner) },
    body: {
      galaxyId: galaxy(owner),
      name: 'Matrix admin',
      email: 'matrix.admin@example.be',
      roles: ['admin'],
    },
  }),
  updateGalaxyMember: (owner) => ({
    params: { id: galaxy(owner), memberId: 'matrix-member' },
    body: { name: 'Matrix admin', roles: ['admin'], active: true },
  }),
  removeGalaxyMember: (owner) => ({ params: { id: galaxy(owner), memberId: 'matrix-member' } }),
  listGalaxySpheres: (owner) => ({ params: { id: galaxy(owner) } }),
  attachGalaxySphere: (owner) => ({ params: { id: galaxy(owner), sphereId: owner.sphereId ?? 'none' } }),
  detachGalaxySphere: (owner) => ({ params: { id: galaxy(owner), sphereId: owner.sphereId ?? 'none' } }),
  listGalaxyQuotas: (owner) => ({ params: { id: galaxy(owner) } }),
  setGalaxyQuota: (owner) => ({ params: { id: galaxy(owner), kind: 'tags' }, body: { value: 10 } }),
  requestQuotaChange: (owner) => ({
    params: { id: galaxy(owner) },
    body: { kind: 'tags', value: 20, reason: 'More teams join' },
  }),
  listGalaxyQuotaRequests: (owner) => ({ params: { id: galaxy(owner) } }),
  deleteQuotaRequest: (owner) => ({ params: { id: galaxy(owner), requestId: 'matrix-request' } }),
  decideQuotaRequest: (owner) => ({
    params: { id: galaxy(owner), requestId: 'matrix-request' },
    body: { decision: 'validated' },
  }),
  listPendingQuotaRequests: () => ({}),
  getGalaxyContext: (owner) => ({ params: { id: galaxy(owner) } }),
  putGalaxyContext: (owner) => ({ params: { id: galaxy(owner) }, body: { name: { fr: 'Contexte' } } }),
  deleteGalaxyContext: (owner) => ({ params: { id: galaxy(owner) } }),
  getGalaxyReport: (owner) => ({ params: { id: galaxy(owner) } }),
};
