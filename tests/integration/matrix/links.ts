import type { Example } from './example';

const link = { name: 'Poster in the hall', wizards: [{ type: 'feeling', period: 'day' }] };

/**
 * Links are their sphere's admins' (a session's owners') to make, list, change and delete; anyone
 * signed in may open one that exists (here: none does, so 404).
 */
export const examples: Record<string, Example> = {
  createLink: (owner) => ({ body: { ...link, category: 'sphere', sphereId: owner.sphereId ?? 'none' } }),
  listSphereLinks: (owner) => ({ params: { sphereId: owner.sphereId ?? 'none' } }),
  listSessionLinks: (owner) => ({ params: { sessionId: owner.sessionId ?? 'none' } }),
  getLink: () => ({ params: { id: 'matrix-link' } }),
  updateLink: () => ({ params: { id: 'matrix-link' }, body: link }),
  deleteLink: () => ({ params: { id: 'matrix-link' } }),
  getLinkCampaign: () => ({ params: { id: 'matrix-link' } }),
};
