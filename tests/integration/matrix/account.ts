import type { Example } from './example';

/**
 * DELETE /v1/me carries the OWNER's email as confirmation: the matrix calls it only anonymously
 * (401) or as another user, whose primary email it is not (400 not-valid), so the owner survives.
 */
export const examples: Record<string, Example> = {
  exportMyData: () => ({}),
  leaveProduct: (owner) => ({ body: { confirmation: owner.email } }),
};
