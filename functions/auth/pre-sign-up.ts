import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { isValidSignInEmail, normaliseEmail } from '@shared/domain/sign-in';
import { findVerifiedEmailOwner } from '../users';
import { isGuestPlaceholder } from '../guests';
import { SignInError } from './codes';

export const FIRST_NAME_MAX_LENGTH = 100;

/**
 * Cognito sign-up (account creation): checks the email and given name, refuses an address that an
 * account has verified (an unverified claim by someone else does not count), and confirms the user
 * at once. The address is proven later by the first
 * sign-in code, which is when the account is created. Users created by an administrator pass
 * (guests are created that way, functions/guests).
 */
export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource !== 'PreSignUp_SignUp') return event;
  const attributes = event.request.userAttributes;
  const email = normaliseEmail(attributes.email ?? '');
  // The placeholder domain of guest identities is nobody's address.
  if (!isValidSignInEmail(email) || isGuestPlaceholder(email)) throw new SignInError('email-not-valid');
  const givenName = attributes.given_name?.trim() ?? '';
  if (givenName === '') throw new SignInError('required');
  if (givenName.length > FIRST_NAME_MAX_LENGTH) throw new SignInError('length-out-of-range-error');
  if (await findVerifiedEmailOwner(email)) throw new SignInError('email-already-used');
  event.response.autoConfirmUser = true;
  event.response.autoVerifyEmail = false;
  return event;
}
