import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '../lib/errors';

/** A page that could not load: what happened, and a retry. */
export function ErrorState({
  title,
  error,
  onRetry,
  testId,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={title} data-testid={testId}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessages(error, t)}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry} data-testid="retry">
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
