import type { Example } from './example';

/**
 * PUT /v1/me/password acts on the caller only: as another user it gives THAT user a password, never
 * the owner's; anonymously it is 401.
 */
export const examples: Record<string, Example> = {
  setPassword: () => ({ body: { password: 'Matrix-pass1' } }),
};
