import { randomUUID } from 'node:crypto';
import type { Language } from '@shared/contracts/headers';
import { cognitoApi, deleteSignInAccount, setSignInPassword, userPoolId } from '../lib/cognito';
import { guestPlaceholderEmail, unusablePassword } from './secret';

/** The guest's identity in the user pool. */
export interface GuestIdentity {
  /** The pool's `sub`: the userId. */
  userId: string;
  /** The pool's username, which the client signs in with (CUSTOM_AUTH). */
  username: string;
}

/**
 * Creates a CONFIRMED pool identity for a guest: AdminCreateUser without any message, with the
 * placeholder address the pool requires (it signs in by email), then a permanent random password
 * nobody knows, so the identity is confirmed and signs in only through the guest challenge.
 */
export async function createGuestIdentity(locale: Language): Promise<GuestIdentity> {
  const placeholder = guestPlaceholderEmail(randomUUID());
  const { client, sdk } = await cognitoApi();
  const created = await client.send(
    new sdk.AdminCreateUserCommand({
      UserPoolId: userPoolId(),
      Username: placeholder,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: placeholder },
        { Name: 'email_verified', Value: 'false' },
        { Name: 'locale', Value: locale },
      ],
    }),
  );
  const username = created.User?.Username;
  const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? username;
  if (!username || !sub) throw new Error('AdminCreateUser answered no username');
  try {
    await setSignInPassword(username, unusablePassword());
  } catch (error) {
    await deleteGuestIdentity(username);
    throw error;
  }
  return { userId: sub, username };
}

/** Removes a guest's pool identity (rollback of a failed creation); one already gone is fine. */
export async function deleteGuestIdentity(username: string): Promise<void> {
  await deleteSignInAccount(username);
}
