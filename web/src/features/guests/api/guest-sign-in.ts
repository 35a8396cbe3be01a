import type { SignInOutput } from 'aws-amplify/auth';
import { amplifyAuth } from '../../../lib/amplify-auth';
import { endSession } from '../../../lib/auth';
import type { StoredGuestCredentials } from '../guest-credentials';

/** The server did not take the stored credentials (unknown guest, wrong secret). */
export class GuestRefusedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('guest-refused', options);
    this.name = 'GuestRefusedError';
  }
}

const REFUSALS = new Set(['NotAuthorizedException', 'UserNotFoundException']);

function errorName(error: unknown): string | undefined {
  return (error as { name?: string } | null)?.name;
}

const isDone = (result: SignInOutput) => result.isSignedIn || result.nextStep.signInStep === 'DONE';

/**
 * Signs in as a guest with Cognito custom auth: the username, then the secret as the challenge's
 * answer. A refusal throws GuestRefusedError; other failures (network) are thrown as they are.
 */
export async function signInAsGuest(
  credentials: StoredGuestCredentials,
  endStaleSession = true,
): Promise<void> {
  let started: SignInOutput;
  try {
    started = await (
      await amplifyAuth()
    ).signIn({
      username: credentials.username,
      options: { authFlowType: 'CUSTOM_WITHOUT_SRP' },
    });
  } catch (error) {
    // A stale session on this browser: end it and start again once.
    if (endStaleSession && errorName(error) === 'UserAlreadyAuthenticatedException') {
      await endSession();
      return signInAsGuest(credentials, false);
    }
    if (REFUSALS.has(errorName(error) ?? '')) throw new GuestRefusedError({ cause: error });
    throw error;
  }
  if (isDone(started)) return;
  let answered: SignInOutput;
  try {
    answered = await (await amplifyAuth()).confirmSignIn({ challengeResponse: credentials.secret });
  } catch (error) {
    if (REFUSALS.has(errorName(error) ?? '')) throw new GuestRefusedError({ cause: error });
    throw error;
  }
  // Asked again: the secret was not the right answer.
  if (!isDone(answered)) throw new GuestRefusedError();
}
