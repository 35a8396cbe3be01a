import type { TFunction } from 'i18next';
import { ApiError, errorMessages } from '../../lib/errors';
import { signInErrorKey } from '../../lib/sign-in-errors';

/**
 * The message of a failed password change or first password. The user pool's NotAuthorizedException
 * means the old password is wrong here (or, with 'attempts exceeded', too many wrong ones).
 */
export function passwordChangeMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    // The account got a password meanwhile (another tab): the common catalogue has no such key.
    if (error.keys.includes('password-already-set')) return t('password.errors.alreadySet');
    return errorMessages(error, t);
  }
  const key = signInErrorKey(error);
  if (key === 'NotAuthorizedException') {
    const message = (error as { message?: unknown } | null)?.message;
    return /attempts exceeded/i.test(String(message))
      ? t('password.errors.tooManyAttempts')
      : t('password.errors.oldPasswordIncorrect');
  }
  if (key === 'LimitExceededException') return t('password.errors.tooManyAttempts');
  return t(`errors.${key}`, { defaultValue: t('errors.error') });
}
