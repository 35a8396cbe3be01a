import type * as Auth from 'aws-amplify/auth';
import { getConfig } from './config';

type AuthModule = typeof Auth;

let loading: Promise<AuthModule> | undefined;

/**
 * Amplify Auth, loaded the first time it is needed and pointed then at the user pool of
 * `/config.json` (the local issuer when set). The sign-in page shows without it (it loads while the
 * person types), and so does any page of a visitor with no session.
 */
export function amplifyAuth(): Promise<AuthModule> {
  loading ??= Promise.all([import('aws-amplify'), import('aws-amplify/auth')]).then(
    ([{ Amplify }, auth]) => {
      const pool = getConfig();
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: pool.userPoolId,
            userPoolClientId: pool.userPoolClientId,
            ...(pool.userPoolEndpoint ? { userPoolEndpoint: pool.userPoolEndpoint } : {}),
          },
        },
      });
      return auth;
    },
    (error: unknown) => {
      loading = undefined; // a failed download is tried again next time
      throw error;
    },
  );
  return loading;
}

/**
 * Whether this browser may hold a Cognito session of the pool: Amplify keeps its tokens in local
 * storage under `CognitoIdentityServiceProvider.<client id>.…`. When it holds none, nobody is signed
 * in and Amplify need not be loaded to say so.
 */
export function mayHoldSession(): boolean {
  try {
    const prefix = `CognitoIdentityServiceProvider.${getConfig().userPoolClientId}.`;
    for (let i = 0; i < window.localStorage.length; i++)
      if (window.localStorage.key(i)?.startsWith(prefix)) return true;
    return false;
  } catch {
    return true; // storage unreadable, or no configuration yet: ask Amplify
  }
}

/** Seconds a stored token must still be valid for to be used as it is (clocks may drift). */
const FRESH_FOR_S = 300;

function expiresAt(jwt: string): number | undefined {
  const payload = jwt.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A token of the session Amplify stored, when it is still valid for a while: reading it needs no
 * library, so a page opened with a live session shows without Amplify. Undefined when there is none
 * or it is about to expire: Amplify then refreshes it (`fetchAuthSession`).
 */
export function freshStoredToken(kind: 'accessToken' | 'idToken'): string | undefined {
  try {
    const prefix = `CognitoIdentityServiceProvider.${getConfig().userPoolClientId}`;
    const user = window.localStorage.getItem(`${prefix}.LastAuthUser`);
    if (!user) return undefined;
    const token = window.localStorage.getItem(`${prefix}.${user}.${kind}`);
    const exp = token ? expiresAt(token) : undefined;
    return token && exp !== undefined && exp - Date.now() / 1000 > FRESH_FOR_S ? token : undefined;
  } catch {
    return undefined;
  }
}
