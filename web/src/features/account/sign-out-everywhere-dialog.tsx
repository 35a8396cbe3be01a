import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../components/notify';
import { errorMessages } from '../../lib/errors';
import { LOGIN_PATH } from '../../lib/routes';
import { signOutEverywhere } from '../../lib/sign-out';

/**
 * "Sign out everywhere" from the account menu: after a confirmation, every device signed in to the
 * account is signed out (a lost phone, a shared computer), this one included.
 */
export function SignOutEverywhereDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: async () => {
      queryClient.clear();
      notifySuccess('sessions.everywhere.done');
      await navigate(LOGIN_PATH, { replace: true });
    },
  });

  const cancel = () => {
    if (end.isPending) return;
    end.reset();
    onClose();
  };

  return (
    <Dialog
      opened={opened}
      onClose={cancel}
      title={t('sessions.everywhere.title')}
      closeLabel={t('sessions.everywhere.cancel')}
      data-testid="sign-out-everywhere-dialog"
    >
      <Stack>
        <Text>{t('sessions.everywhere.text')}</Text>
        {end.isError && (
          <Alert color="red" role="alert" data-testid="sign-out-everywhere-error">
            {errorMessages(end.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel} disabled={end.isPending}>
            {t('sessions.everywhere.cancel')}
          </Button>
          <Button
            color="red"
            loading={end.isPending}
            onClick={() => end.mutate()}
            data-testid="sign-out-everywhere-confirm"
          >
            {t('sessions.everywhere.confirm')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
