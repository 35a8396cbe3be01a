import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import type { TestStack } from '../integration/harness';

/** Password sign-in exactly as the SPA's Amplify does it (SRP), answering the session's tokens. */
export async function signInWithPassword(
  stack: TestStack,
  email: string,
  password: string,
): Promise<{ accessToken: string; idToken: string }> {
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  const { auth } = stack.endpoints;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: auth.userPoolId,
        userPoolClientId: auth.clientId,
        userPoolEndpoint: auth.endpoint,
        loginWith: { email: true },
      },
    },
  });
  await signOut();
  const result = await signIn({ username: email, password });
  if (!result.isSignedIn) throw new Error(`Password sign-in of ${email} did not end signed in`);
  const tokens = (await fetchAuthSession()).tokens;
  if (!tokens?.accessToken || !tokens.idToken) throw new Error('No tokens');
  return { accessToken: tokens.accessToken.toString(), idToken: tokens.idToken.toString() };
}
