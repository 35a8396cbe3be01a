import type { Example } from './example';

/**
 * DELETE /v1/me carries the OWNER's email as confirmation: the matrix calls it only anonymously
 * (401) or as another user, whose primary email it is not (400 not-valid), so the owner survives.
 */
export const examples: Record<string, Example> = {
  exportMyData: () => ({}),
  leaveProduct: (owner) => ({ body: { confirmation: owner.email } }),
  // A valid body would end the sessions the matrix goes on using: the matrix checks who may call
  // it (401, 403 for a guest, 400 for a user); tests/security/revoked-tokens.test.ts checks its work.
  signOut: () => ({ body: { everywhere: 'not-a-flag' } }),
};
