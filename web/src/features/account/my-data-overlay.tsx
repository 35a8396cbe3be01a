import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { normaliseEmail } from '@shared/domain/sign-in';
import type { OverlayProps } from '../../lib/overlays';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorState } from '../../components/error-state';
import { notifySuccess } from '../../components/notify';
import { errorMessages } from '../../lib/errors';
import { LOGIN_PATH } from '../../lib/routes';
import { useMe } from '../../lib/me';
import { useLeaveProduct } from '../../lib/leave-product';
import { useDownloadMyData } from './api/download';

function DownloadSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const download = useDownloadMyData();
  return (
    <Stack component="section" aria-labelledby={titleId} gap="xs">
      <Title order={3} size="h4" id={titleId}>
        {t('myData.download.title')}
      </Title>
      <Text size="sm">{t('myData.download.intro')}</Text>
      <Group>
        <Button onClick={() => download.mutate()} loading={download.isPending} data-testid="my-data-download">
          {t('myData.download.button')}
        </Button>
      </Group>
      <div aria-live="polite" data-testid="my-data-download-status">
        {download.isPending && <Text size="sm">{t('myData.download.pending')}</Text>}
        {download.isSuccess && <Text size="sm">{t('myData.download.done', { name: download.data })}</Text>}
      </div>
      {download.isError && (
        <Alert color="red" role="alert" data-testid="my-data-download-error">
          {errorMessages(download.error, t)}
        </Alert>
      )}
    </Stack>
  );
}

function LeaveSection({ primaryEmail }: { primaryEmail: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const [typed, setTyped] = useState('');
  const [confirming, setConfirming] = useState(false);
  const leave = useLeaveProduct();
  const matches = typed.trim() !== '' && normaliseEmail(typed) === normaliseEmail(primaryEmail);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) setConfirming(true);
  };
  const confirm = () =>
    leave.mutate(typed.trim(), {
      onSuccess: () => {
        setConfirming(false);
        notifySuccess('myData.leave.goodbye', { long: true });
        void navigate(LOGIN_PATH, { replace: true });
      },
      onError: () => setConfirming(false),
    });

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      p="md"
      style={{ borderColor: 'var(--mantine-color-red-7)' }}
      data-testid="my-data-leave"
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="xs">
          <Title order={3} size="h4" id={titleId} c="red.9">
            {t('myData.leave.title')}
          </Title>
          <Text size="sm">{t('myData.leave.intro')}</Text>
          <Text size="sm" fw={500}>
            {t('myData.leave.hint')}
          </Text>
          <TextInput
            label={t('myData.leave.label', { email: primaryEmail })}
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={
              typed.trim() !== '' && !matches && typed.includes('@') ? t('myData.leave.mismatch') : undefined
            }
            data-testid="my-data-leave-confirmation"
          />
          <Group>
            <Button type="submit" color="red.9" disabled={!matches} data-testid="my-data-leave-submit">
              {t('myData.leave.button')}
            </Button>
          </Group>
          {leave.isError && (
            <Alert color="red" role="alert" data-testid="my-data-leave-error">
              {errorMessages(leave.error, t)}
            </Alert>
          )}
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming}
        title={t('myData.leave.confirmTitle')}
        confirmLabel={t('myData.leave.confirm')}
        cancelLabel={t('myData.leave.cancel')}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
        pending={leave.isPending}
        testId="my-data-leave"
      >
        <Text>{t('myData.leave.confirmText')}</Text>
      </ConfirmDialog>
    </Paper>
  );
}

/** My data (`?show=my-data`): download everything the product holds, or leave it for good. */
export default function MyDataOverlay(_props: OverlayProps) {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) return <Loader aria-label={t('app.loading')} />;
  if (me.isError)
    return <ErrorState title={t('myData.loadError')} error={me.error} onRetry={() => void me.refetch()} />;
  const primary = me.data.emails.find((e) => e.primary)?.email;
  return (
    <Stack gap="lg" data-testid="my-data-overlay">
      <DownloadSection />
      {primary !== undefined && <LeaveSection primaryEmail={primary} />}
    </Stack>
  );
}
