import type { Example } from './example';

export const examples: Record<string, Example> = {
  signIn: (owner) => ({ body: { email: owner.email } }),
  getMe: () => ({}),
  listMySessions: () => ({}),
  registerSignInDevice: () => ({}),
};
