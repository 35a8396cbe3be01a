import { useMutation } from '@tanstack/react-query';
import { signIn as signInRoute, type SignInAnswer } from '@shared/contracts/auth';
import { callApi } from '../../../lib/api';

/**
 * POST /users/sign-in (no token): does an account hold this email, and how can it sign in?
 * The body is checked with the contract's SignInRequestSchema and the answer parsed with
 * SignInAnswerSchema by the client.
 */
export function recogniseEmail(email: string): Promise<SignInAnswer> {
  return callApi(signInRoute, { body: { email } });
}

export function useRecogniseEmail() {
  return useMutation({ mutationFn: recogniseEmail, meta: { errorsShownInline: true } });
}
