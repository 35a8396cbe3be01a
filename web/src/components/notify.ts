import { notifications } from '@mantine/notifications';
import i18n from '../i18n';
import { errorMessages } from '../lib/errors';

/** Toast durations (spec 01 §9): 5000 ms by default, 20 s for successes the spec names. */
export const TOAST_DURATION_MS = 5000;
export const LONG_TOAST_DURATION_MS = 20_000;

/** Every toast's close button says what it does, in the current language. */
export function closeButtonProps(): { 'aria-label': string } {
  return { 'aria-label': i18n.t('common.close') };
}

/**
 * Reports an error: logged (the spec's error-reporting service is not chosen yet, so the console
 * is the report) and shown once as a red toast with the translated keys.
 */
export function notifyError(error: unknown, options: { autoClose?: number } = {}): void {
  console.error(error);
  notifications.show({
    color: 'red',
    message: errorMessages(error, i18n.t),
    autoClose: options.autoClose ?? TOAST_DURATION_MS,
    closeButtonProps: closeButtonProps(),
  });
}

/** A green toast with a translated message; `long` keeps it 20 s (spec 01 §4, §9). */
export function notifySuccess(
  key: string,
  options: { values?: Record<string, unknown>; long?: boolean } = {},
): void {
  notifications.show({
    color: 'green',
    message: i18n.t(key, options.values ?? {}),
    autoClose: options.long ? LONG_TOAST_DURATION_MS : TOAST_DURATION_MS,
    closeButtonProps: closeButtonProps(),
  });
}
