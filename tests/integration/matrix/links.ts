import type { Example } from './example';

const link = { name: 'Poster in the hall', wizards: [{ type: 'feeling', period: 'day' }] };

/**
 * Links are their sphere's admins' (a session's owners') to make, list, change and delete; anyone
 * signed in may open one that exists (here: none does, so 404). Its logo routes are those who may
 * change it.
 */
export const examples: Record<string, Example> = {
  createLink: (owner) => ({ body: { ...link, category: 'sphere', sphereId: owner.sphereId ?? 'none' } }),
  listSphereLinks: (owner) => ({ params: { sphereId: owner.sphereId ?? 'none' } }),
  listSessionLinks: (owner) => ({ params: { sessionId: owner.sessionId ?? 'none' } }),
  getLink: () => ({ params: { id: 'matrix-link' } }),
  updateLink: () => ({ params: { id: 'matrix-link' }, body: link }),
  deleteLink: () => ({ params: { id: 'matrix-link' } }),
  getLinkCampaign: () => ({ params: { id: 'matrix-link' } }),
  // A link's logo: the right to change the link, checked once it is read (none is: 404 at most).
  requestLinkLogoUpload: () => ({
    params: { id: 'matrix-link' },
    body: { contentType: 'image/png', size: 2_048 },
  }),
  setLinkLogo: () => ({
    params: { id: 'matrix-link' },
    body: { key: 'uploads/links/matrix-link/00000000-0000-4000-8000-000000000000.png' },
  }),
  deleteLinkLogo: () => ({ params: { id: 'matrix-link' } }),
};
