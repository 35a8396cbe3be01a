import { LOGIN_MAX_FAILED_ATTEMPTS } from '@shared/domain/sign-in';
import { ApiError, GENERIC_ERROR_KEY, NETWORK_ERROR_KEY } from './errors';

/**
 * Keys the Cognito triggers throw; Cognito passes them on inside the message of a
 * UserLambdaValidationException ("VerifyAuthChallengeResponse failed with error code-expired.").
 */
export const TRIGGER_ERROR_KEYS = [
  'too-many-codes-sent',
  'code-expired',
  'too-many-attempts',
  'code-invalid',
  'email-not-valid',
  'email-already-used',
] as const;

/** Cognito exception names the sign-in screen explains (spec 01 §8, login). */
export const COGNITO_ERROR_NAMES = [
  'UserNotFoundException',
  'NotAuthorizedException',
  'InvalidLambdaResponseException',
  'InvalidPasswordException',
  'LimitExceededException',
  'CodeMismatchException',
  'ExpiredCodeException',
  'UsernameExistsException',
] as const;

function describe(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  if (typeof error === 'object' && error !== null) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return {
      name: typeof name === 'string' ? name : '',
      message: typeof message === 'string' ? message : '',
    };
  }
  return { name: '', message: String(error) };
}

/** The translation key (under `errors.`) of any failure of the sign-in flow. */
export function signInErrorKey(error: unknown): string {
  if (error instanceof ApiError) return error.errors[0]?.key ?? GENERIC_ERROR_KEY;
  const { name, message } = describe(error);
  const fromTrigger = TRIGGER_ERROR_KEYS.find((key) =>
    new RegExp(`(^|[^a-z-])${key}([^a-z-]|$)`).test(message),
  );
  if (fromTrigger) return fromTrigger;
  if ((COGNITO_ERROR_NAMES as readonly string[]).includes(name)) return name;
  if (name === 'NetworkError' || (error instanceof TypeError && /fetch|network/i.test(message)))
    return NETWORK_ERROR_KEY;
  return GENERIC_ERROR_KEY;
}

/**
 * A failure while a code is being confirmed. Cognito ends the flow with NotAuthorizedException when
 * the session has expired or, after the last allowed attempt, when the attempts are used up.
 */
export function codeErrorKey(error: unknown, failedAttemptsBefore: number): string {
  const key = signInErrorKey(error);
  if (key !== 'NotAuthorizedException') return key;
  return failedAttemptsBefore + 1 >= LOGIN_MAX_FAILED_ATTEMPTS ? 'too-many-attempts' : 'code-expired';
}

/** Password sign-in's own messages (under `signInPassword.errors.`), more precise than `errors.`. */
export const PASSWORD_SIGN_IN_ERROR_KEYS = ['password-incorrect', 'password-attempts-exceeded'] as const;

/**
 * A failure of password sign-in. Cognito answers NotAuthorizedException both for a wrong password and,
 * after 5 wrong ones in a row, with the message 'Password attempts exceeded'.
 */
export function passwordErrorKey(error: unknown): string {
  const key = signInErrorKey(error);
  if (key !== 'NotAuthorizedException') return key;
  const message = error instanceof Error ? error.message : String((error as { message?: unknown })?.message);
  return /attempts exceeded/i.test(message) ? 'password-attempts-exceeded' : 'password-incorrect';
}
