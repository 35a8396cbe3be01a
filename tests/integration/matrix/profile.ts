import type { Example } from './example';

export const examples: Record<string, Example> = {
  updateProfile: () => ({ body: { firstName: 'Matrix', unit: 'metric', locale: 'fr' } }),
  // Favourites are the caller's own: starring the owner's sphere names nothing of it.
  updateFavorites: (owner) => ({ body: { favoriteSphereIds: [owner.sphereId ?? 'none'] } }),
  getLegalConsents: () => ({}),
  getLegalDocuments: () => ({}),
  acceptLegalConsents: () => ({ body: [{ documentType: 'terms-of-use', version: '1', lang: 'fr' }] }),
};
