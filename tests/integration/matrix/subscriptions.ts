import type { Example } from './example';

/**
 * Promotion codes: the ambassadors' routes (none of the matrix's people is one, so each is refused)
 * and the redemption, which any registered person may ask, of a code that does not exist (404).
 * The creation names the owner's sphere and group: it must never be made in their name.
 */
export const examples: Record<string, Example> = {
  createPromotionCode: (owner) => ({
    body: {
      name: 'Matrix code',
      count: 3,
      ...(owner.sphereId ? { sphereId: owner.sphereId } : {}),
      ...(owner.sessionId ? { sessionId: owner.sessionId } : {}),
    },
  }),
  listPromotionCodes: () => ({}),
  redeemPromotionCode: () => ({ body: { code: 'P0001-MATRX' } }),
  // The super-admins' report of plans: nobody of the matrix is one in the super-admin mode.
  getSubscriptionsReport: () => ({}),
};
