import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { authError } from '../test/fixtures';
import { codeErrorKey, signInErrorKey } from './sign-in-errors';

describe('sign-in error keys', () => {
  it.each([
    ['VerifyAuthChallengeResponse failed with error code-expired.', 'code-expired'],
    ['VerifyAuthChallengeResponse failed with error too-many-attempts.', 'too-many-attempts'],
    ['CreateAuthChallenge failed with error too-many-codes-sent.', 'too-many-codes-sent'],
    ['VerifyAuthChallengeResponse failed with error code-invalid.', 'code-invalid'],
    ['PreSignUp failed with error email-not-valid.', 'email-not-valid'],
  ])('finds the trigger key in "%s"', (message, key) => {
    expect(signInErrorKey(authError('UserLambdaValidationException', message))).toBe(key);
  });

  it('keeps the Cognito exception name when the message has no key', () => {
    expect(signInErrorKey(authError('UserNotFoundException', 'User does not exist.'))).toBe(
      'UserNotFoundException',
    );
    expect(signInErrorKey(authError('LimitExceededException', 'Attempt limit exceeded'))).toBe(
      'LimitExceededException',
    );
  });

  it('takes the first key of an API error', () => {
    expect(signInErrorKey(new ApiError(400, [{ key: 'email-not-valid', field: 'email' }]))).toBe(
      'email-not-valid',
    );
  });

  it('falls back to the generic key for anything else', () => {
    expect(signInErrorKey(authError('UserLambdaValidationException', 'something odd'))).toBe('error');
    expect(signInErrorKey('boom')).toBe('error');
  });

  it('reads NotAuthorizedException on code entry as an expired sign-in', () => {
    expect(codeErrorKey(authError('NotAuthorizedException', 'Invalid session for the user.'), 1)).toBe(
      'code-expired',
    );
  });

  it('reads NotAuthorizedException after the last allowed attempt as too many attempts', () => {
    expect(codeErrorKey(authError('NotAuthorizedException', 'Incorrect username or password.'), 4)).toBe(
      'too-many-attempts',
    );
  });
});
