import type { SignInOutput } from 'aws-amplify/auth';
import { amplifyAuth, freshStoredToken, mayHoldSession } from './amplify-auth';
import { useQuery } from '@tanstack/react-query';
import { HOME_PATH, LOGIN_PATH } from './routes';

/** Query key of "is someone signed in on this browser". */
export const authSessionQueryKey = ['auth-session'] as const;

/**
 * An access token the parent window holds for the same user pool (docs/embedding.md), used while
 * Amplify has no session. Kept in memory only: never stored.
 */
let parentAccessToken: string | undefined;

/** Sets or clears (undefined) the parent window's access token. */
export function setParentAccessToken(token: string | undefined): void {
  parentAccessToken = token;
}

/**
 * The Cognito access token of the signed-in user (refreshed by Amplify when needed); without an
 * Amplify session, the one the parent window gave, if any.
 */
export async function getAccessToken(): Promise<string | undefined> {
  return (await sessionToken('accessToken')) ?? parentAccessToken;
}

/** The Cognito ID token of the signed-in user (the realtime channel and the parent window ask for it). */
export function getIdToken(): Promise<string | undefined> {
  return sessionToken('idToken');
}

/**
 * A token of the Amplify session: none when this browser holds no session, the stored one while it
 * is fresh, else Amplify's (which refreshes it); none when Amplify cannot give one.
 */
async function sessionToken(kind: 'accessToken' | 'idToken'): Promise<string | undefined> {
  if (!mayHoldSession()) return undefined;
  const stored = freshStoredToken(kind);
  if (stored) return stored;
  try {
    return (await (await amplifyAuth()).fetchAuthSession()).tokens?.[kind]?.toString();
  } catch {
    return undefined;
  }
}

export async function isSignedIn(): Promise<boolean> {
  return (await getAccessToken()) !== undefined;
}

/** App start state (spec 01 §4): pending while the stored tokens are read, then signed in or not. */
export function useIsSignedIn() {
  return useQuery({ queryKey: authSessionQueryKey, queryFn: isSignedIn, staleTime: Infinity, retry: false });
}

/** Ends the Cognito session on this browser; a failure (already signed out, offline) is not an obstacle. */
export async function endSession(): Promise<void> {
  if (!mayHoldSession()) return;
  try {
    await (await amplifyAuth()).signOut();
  } catch {
    // Local tokens are cleared by Amplify even when the revoke call fails.
  }
}

const signInDone = (result: SignInOutput) => result.isSignedIn || result.nextStep.signInStep === 'DONE';

/**
 * Signs in with a one-time ticket the API answered for an access code (decisions 0014, 0029): the
 * custom-auth challenge's answer in place of a mailed code. Whoever was signed in on this browser is
 * signed out first. False when Cognito did not take the ticket (used, expired).
 */
export async function signInWithTicket(username: string, ticket: string): Promise<boolean> {
  await endSession();
  const started = await (
    await amplifyAuth()
  ).signIn({ username, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
  if (signInDone(started)) return true;
  return signInDone(await (await amplifyAuth()).confirmSignIn({ challengeResponse: ticket }));
}

/** A page the sign-in page may send the user back to: a path of this app, never another site. */
export function safeReturnPath(value: unknown): string {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  )
    return HOME_PATH;
  if (value === LOGIN_PATH || value.startsWith(`${LOGIN_PATH}?`)) return HOME_PATH;
  return value;
}

/** What a protected page passes to the sign-in page so it can come back after. */
export interface ReturnState {
  from?: string;
}
