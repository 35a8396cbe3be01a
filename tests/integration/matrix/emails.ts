import type { Example } from './example';

/** Path parameters default to the owner's userId and email: another user aims at the owner's data. */
export const examples: Record<string, Example> = {
  addEmail: () => ({}),
  sendEmailVerification: () => ({}),
  verifyEmail: () => ({ params: { code: '123456' } }),
  makeEmailPrimary: () => ({}),
  deleteEmail: () => ({}),
  verifyPhone: () => ({ body: { phone: '+32470000001' } }),
};
