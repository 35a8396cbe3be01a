import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifySuccess } from '../../components/notify';
import { useLeaveProduct } from '../../lib/leave-product';
import { overlaySearch } from '../../lib/overlays';
import { LOGIN_PATH } from '../../lib/routes';
import { forgetGuestCredentials } from './guest-credentials';

/** What a guest sends to DELETE /v1/me: a guest has no email to type, the server takes this word. */
export const GUEST_LEAVE_CONFIRMATION = 'leave';
const REGISTRATION_OVERLAY = 'registration';

/**
 * Leaving as a guest (the account menu's "leave"): the guest data is erased, unless the guest creates
 * an account instead. Confirmed, the guest is deleted, signed out, its credentials forgotten on this
 * device, and the sign-in page shown.
 */
export function LeaveGuestDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const leave = useLeaveProduct(forgetGuestCredentials);

  const cancel = () => {
    leave.reset();
    onClose();
  };
  const confirm = () =>
    leave.mutate(GUEST_LEAVE_CONFIRMATION, {
      onSuccess: async () => {
        notifySuccess('guests.leave.goodbye');
        await navigate(LOGIN_PATH, { replace: true });
      },
    });

  /** Keeping the data instead: the registration overlay on the current page. */
  const register = () => {
    cancel();
    void navigate({
      pathname: location.pathname,
      search: overlaySearch(location.search, REGISTRATION_OVERLAY),
    });
  };

  return (
    <ConfirmDialog
      opened={opened}
      title={t('guests.leave.title')}
      confirmLabel={t('guests.leave.confirm')}
      cancelLabel={t('guests.leave.cancel')}
      onConfirm={confirm}
      onCancel={cancel}
      pending={leave.isPending}
      error={leave.error}
      alternative={{ label: t('guests.leave.register'), onClick: register, testId: 'guest-leave-register' }}
      testId="guest-leave"
    >
      <Text>{t('guests.leave.text')}</Text>
      <Text size="sm">{t('guests.leave.hint')}</Text>
    </ConfirmDialog>
  );
}
