import type { Example } from './example';

const context = { name: { en: 'Planted context' }, substitutions: { en: [{ from: 'group', to: 'team' }] } };

/**
 * Context routes aim at the owner's sphere: its members read its contexts, its admins alone write
 * them. The context named does not exist, so a read that passes the rules answers 404.
 */
export const examples: Record<string, Example> = {
  listSphereContexts: (owner) => ({ params: { id: owner.sphereId ?? 'none' } }),
  createSphereContext: (owner) => ({ params: { id: owner.sphereId ?? 'none' }, body: context }),
  getSphereContext: (owner) => ({ params: { id: owner.sphereId ?? 'none', contextId: 'matrix-context' } }),
  updateSphereContext: (owner) => ({
    params: { id: owner.sphereId ?? 'none', contextId: 'matrix-context' },
    body: { ...context, active: true, updateDate: '2025-01-01T00:00:00.000Z' },
  }),
  deleteSphereContext: (owner) => ({
    params: { id: owner.sphereId ?? 'none', contextId: 'matrix-context' },
  }),
};
