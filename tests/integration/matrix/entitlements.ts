import type { Example } from './example';

/**
 * A sphere's entitlements (decision 0047): the super-admin mode's only, refused to everyone here,
 * the sphere's own admin too (the matrix's people never act in the super-admin mode).
 */
export const examples: Record<string, Example> = {
  updateSphereEntitlements: (owner) => ({
    params: { id: owner.sphereId ?? 'none' },
    body: {
      engagementUp: { active: true, campaignTemplatesAvailable: true },
      salesUp: { active: true },
    },
  }),
};
