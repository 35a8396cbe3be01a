import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '../../lib/errors';
import { dismissBackgroundError, useBackgroundError } from './api-error-store';
import { useNewVersion } from './update-check';

/** "A new version is available — Reload": stays until the user reloads (spec 01 §2). */
export function UpdatePrompt({ version, onReload }: { version: string | undefined; onReload: () => void }) {
  const { t } = useTranslation();
  if (!version) return null;
  return (
    <Alert color="blue" role="status" title={t('shell.update.title')} data-testid="update-prompt" mb="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('shell.update.text', { version })}</Text>
        <Button size="xs" onClick={onReload} data-testid="update-reload">
          {t('shell.update.reload')}
        </Button>
      </Group>
    </Alert>
  );
}

/** The global API-error banner: a background refresh failed (spec 01 §8 Display). */
export function ApiErrorBanner() {
  const { t } = useTranslation();
  const error = useBackgroundError();
  if (error === undefined) return null;
  return (
    <Alert
      color="red"
      role="alert"
      title={t('shell.apiError.title')}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={dismissBackgroundError}
      data-testid="api-error-banner"
      mb="md"
    >
      {errorMessages(error, t)}
    </Alert>
  );
}

/** Notices every page shows above its content. */
export function ShellNotices() {
  const newVersion = useNewVersion();
  return (
    <>
      <UpdatePrompt version={newVersion} onReload={() => window.location.reload()} />
      <ApiErrorBanner />
    </>
  );
}
