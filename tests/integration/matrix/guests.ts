import type { Example } from './example';

/**
 * Guest routes aimed at the owner: registering the owner's address is refused (`not-a-guest` for a
 * registered caller, `email-already-used` for a guest), and converting without a registered
 * address or with a made-up code changes nothing.
 */
export const examples: Record<string, Example> = {
  createGuest: () => ({ body: { link: 'http://127.0.0.1/route-matrix' } }),
  registerGuest: (owner) => ({ body: { email: owner.email } }),
  convertGuest: () => ({
    body: { firstName: 'Matrix', validationCode: '123456', acceptPrivatePolicy: true },
  }),
};
