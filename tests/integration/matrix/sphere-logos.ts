import type { Example } from './example';

/**
 * Logo routes aim at the owner's sphere: only its admins may ask for an upload, confirm one or
 * remove the logo. The upload named here was never sent, so even the admin gets 400, not 500.
 */
export const examples: Record<string, Example> = {
  requestSphereLogoUpload: (owner) => ({
    params: { id: owner.sphereId ?? 'none' },
    body: { contentType: 'image/png', size: 2_048 },
  }),
  setSphereLogo: (owner) => ({
    params: { id: owner.sphereId ?? 'none' },
    body: { key: `uploads/spheres/${owner.sphereId ?? 'none'}/00000000-0000-4000-8000-000000000000.png` },
  }),
  deleteSphereLogo: (owner) => ({ params: { id: owner.sphereId ?? 'none' } }),
};
