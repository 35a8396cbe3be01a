import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { leaveProduct } from '../../../../shared/contracts/account';
import { notifySuccess } from '../../components/notify';
import { callApi } from '../../lib/api';
import { endSession } from '../../lib/auth';
import { errorMessages } from '../../lib/errors';
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
  const queryClient = useQueryClient();
  const leave = useMutation({
    mutationFn: async () => {
      await callApi(leaveProduct, { body: { confirmation: GUEST_LEAVE_CONFIRMATION } });
      forgetGuestCredentials();
      await endSession();
    },
    onSuccess: async () => {
      queryClient.clear();
      notifySuccess('guests.leave.goodbye');
      await navigate(LOGIN_PATH, { replace: true });
    },
  });

  const cancel = () => {
    if (leave.isPending) return;
    leave.reset();
    onClose();
  };

  /** Keeping the data instead: the registration overlay on the current page. */
  const register = () => {
    cancel();
    const search = new URLSearchParams(location.search);
    search.set('show', REGISTRATION_OVERLAY);
    void navigate({ pathname: location.pathname, search: `?${search.toString()}` });
  };

  return (
    <Modal
      opened={opened}
      onClose={cancel}
      title={t('guests.leave.title')}
      closeButtonProps={{ 'aria-label': t('guests.leave.cancel') }}
      data-testid="guest-leave-dialog"
    >
      <Stack>
        <Text>{t('guests.leave.text')}</Text>
        <Text size="sm">{t('guests.leave.hint')}</Text>
        {leave.isError && (
          <Alert color="red" role="alert" data-testid="guest-leave-error">
            {errorMessages(leave.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="subtle"
            onClick={register}
            disabled={leave.isPending}
            data-testid="guest-leave-register"
          >
            {t('guests.leave.register')}
          </Button>
          <Button
            variant="default"
            onClick={cancel}
            disabled={leave.isPending}
            data-testid="guest-leave-cancel"
          >
            {t('guests.leave.cancel')}
          </Button>
          <Button
            color="red.9"
            onClick={() => leave.mutate()}
            loading={leave.isPending}
            data-testid="guest-leave-confirm"
          >
            {t('guests.leave.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
