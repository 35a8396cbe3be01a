import { notifications } from '@mantine/notifications';
import i18n from '../../i18n';
import { closeButtonProps } from '../../components/notify';

/** Guest information toasts stay 10 s (spec 01 §9). */
export const GUEST_INFO_TOAST_MS = 10_000;

export function notifyGuestInfo(key: string): void {
  notifications.show({
    color: 'blue',
    message: i18n.t(key),
    autoClose: GUEST_INFO_TOAST_MS,
    closeButtonProps: closeButtonProps(),
  });
}
