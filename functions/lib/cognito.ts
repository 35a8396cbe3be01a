import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { randomBytes } from 'node:crypto';
import { localOptions, onClientsReset } from './aws';
import { config } from './config';

let cognito: CognitoIdentityProviderClient | undefined;
onClientsReset(() => {
  cognito = undefined;
});

/**
 * The Cognito admin client, built once per container (locally it points at the local issuer), with
 * the SDK module its commands come from. The SDK package loads on the first admin call, not in the
 * init of the Lambdas that make one (docs/decisions/0004-cold-start.md).
 */
export async function cognitoApi() {
  const sdk = await import('@aws-sdk/client-cognito-identity-provider');
  if (!cognito) {
    const c = config();
    cognito = new sdk.CognitoIdentityProviderClient({
      region: c.AWS_REGION,
      ...localOptions(c.COGNITO_ENDPOINT),
    });
  }
  return { client: cognito, sdk };
}

export function userPoolId(): string {
  const id = config().USER_POOL_ID;
  if (!id) throw new Error('USER_POOL_ID is not configured');
  return id;
}

/**
 * Removes a sign-in account from the user pool. An account already gone is not an error, so that
 * leaving the product can be retried after a failure further on.
 */
export async function deleteSignInAccount(username: string): Promise<void> {
  const { client, sdk } = await cognitoApi();
  try {
    await client.send(new sdk.AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: username }));
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return;
    throw error;
  }
}

/**
 * Makes an address the sign-in email of the account (the user pool signs in by email): called when
 * the user makes a verified address primary, and when a guest converts (with its first name), so
 * that they sign in with it from then on.
 */
export async function updateSignInEmail(username: string, email: string, givenName?: string): Promise<void> {
  const { client, sdk } = await cognitoApi();
  await client.send(
    new sdk.AdminUpdateUserAttributesCommand({
      UserPoolId: userPoolId(),
      Username: username,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        ...(givenName === undefined ? [] : [{ Name: 'given_name', Value: givenName }]),
      ],
    }),
  );
}

/**
 * Gives the account a permanent password (AdminSetUserPassword): the user may sign in with it (SRP)
 * and change it through the user pool from then on.
 */
export async function setSignInPassword(
  username: string,
  password: string,
  poolId = userPoolId(),
): Promise<void> {
  const { client, sdk } = await cognitoApi();
  await client.send(
    new sdk.AdminSetUserPasswordCommand({
      UserPoolId: poolId,
      Username: username,
      Password: password,
      Permanent: true,
    }),
  );
}

/**
 * Ends every session of the account (AdminUserGlobalSignOut): its refresh tokens stop working. The
 * API refuses the access tokens still in flight through the account's `tokensValidAfter`. An account
 * already gone is not an error.
 */
export async function signOutEverywhere(username: string, poolId = userPoolId()): Promise<void> {
  const { client, sdk } = await cognitoApi();
  try {
    await client.send(new sdk.AdminUserGlobalSignOutCommand({ UserPoolId: poolId, Username: username }));
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return;
    throw error;
  }
}

/** A password that meets the pool's policy and that nobody ever sees. */
export function unknowablePassword(): string {
  return `Aa1-${randomBytes(32).toString('base64url')}`;
}

/**
 * Replaces whatever password the identity had with one nobody knows: the password given at SignUp
 * by whoever created the identity before the address was proved never signs anyone in.
 */
export async function discardPassword(username: string, poolId = userPoolId()): Promise<void> {
  await setSignInPassword(username, unknowablePassword(), poolId);
}

/**
 * Changes the password of the account whose access token this is (Cognito ChangePassword checks
 * the previous one, with its own lock after wrong attempts).
 */
export async function changeSignInPassword(
  accessToken: string,
  previousPassword: string,
  proposedPassword: string,
): Promise<void> {
  const { client, sdk } = await cognitoApi();
  await client.send(
    new sdk.ChangePasswordCommand({
      AccessToken: accessToken,
      PreviousPassword: previousPassword,
      ProposedPassword: proposedPassword,
    }),
  );
}

/** The pool identity whose email (sign-in alias) is this address, if any: its username and `sub`. */
export async function findSignInIdentity(
  email: string,
): Promise<{ username: string; userId: string } | null> {
  const { client, sdk } = await cognitoApi();
  const escaped = email.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  const { Users } = await client.send(
    new sdk.ListUsersCommand({ UserPoolId: userPoolId(), Filter: `email = "${escaped}"`, Limit: 1 }),
  );
  const found = Users?.[0];
  const username = found?.Username;
  if (!username) return null;
  return { username, userId: found.Attributes?.find((a) => a.Name === 'sub')?.Value ?? username };
}
