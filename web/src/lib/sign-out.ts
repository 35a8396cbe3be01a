import { signOut as signOutRoute } from '@shared/contracts/account';
import { callApi } from './api';
import { endSession } from './auth';

/**
 * Signs out on this device: the API stops honouring this sign-in's tokens, then the user pool
 * revokes its refresh token and the browser forgets them. When the API cannot be told (offline),
 * the browser still signs out: the tokens are gone from it, and the refresh token is revoked.
 */
export async function signOutHere(): Promise<void> {
  try {
    await callApi(signOutRoute, { body: { everywhere: false } });
  } catch (error) {
    console.warn('The API did not record this sign-out; the tokens are dropped from this browser.', error);
  }
  await endSession();
}

/**
 * Ends every sign-in of the account, this one included (also after a password change): every token
 * issued until now is refused and every refresh token revoked. Fails when the API refuses, so the
 * user is told rather than believing other devices were signed out.
 */
export async function signOutEverywhere(): Promise<void> {
  await callApi(signOutRoute, { body: { everywhere: true } });
  await endSession();
}
