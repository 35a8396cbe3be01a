import {
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { localOptions, onClientsReset } from './aws';
import { config } from './config';

let cognito: CognitoIdentityProviderClient | undefined;
onClientsReset(() => {
  cognito = undefined;
});

/** The Cognito admin client, built once per container; locally it points at the local issuer. */
export function cognitoClient(): CognitoIdentityProviderClient {
  if (!cognito) {
    const c = config();
    cognito = new CognitoIdentityProviderClient({
      region: c.AWS_REGION,
      ...localOptions(c.COGNITO_ENDPOINT),
    });
  }
  return cognito;
}

function userPoolId(): string {
  const id = config().USER_POOL_ID;
  if (!id) throw new Error('USER_POOL_ID is not configured');
  return id;
}

/**
 * Removes a sign-in account from the user pool. An account already gone is not an error, so that
 * leaving the product can be retried after a failure further on.
 */
export async function deleteSignInAccount(username: string): Promise<void> {
  try {
    await cognitoClient().send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: username }));
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return;
    throw error;
  }
}

/**
 * Makes an address the sign-in email of the account (the user pool signs in by email): called when
 * the user makes a verified address primary, so that they sign in with it from then on.
 */
export async function updateSignInEmail(username: string, email: string): Promise<void> {
  await cognitoClient().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: userPoolId(),
      Username: username,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

/**
 * Gives the account a permanent password (AdminSetUserPassword): the user may sign in with it (SRP)
 * and change it through the user pool from then on.
 */
export async function setSignInPassword(username: string, password: string): Promise<void> {
  await cognitoClient().send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId(),
      Username: username,
      Password: password,
      Permanent: true,
    }),
  );
}
