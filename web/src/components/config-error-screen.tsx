import { Alert, Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfigError } from '../lib/config';

/** The SPA cannot start without a valid /config.json: say so clearly and offer a retry. */
export function ConfigErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const reason = error instanceof ConfigError ? error.reason : 'missing';
  const details =
    error instanceof ConfigError ? error.details : error instanceof Error ? error.message : String(error);
  return (
    <Center mih="100vh" p="md">
      <Stack maw={560} data-testid="config-error">
        <Title order={1}>{t('app.configError.title')}</Title>
        <Alert color="red" role="alert">
          <Text>{t(reason === 'invalid' ? 'app.configError.invalid' : 'app.configError.missing')}</Text>
          <Code block mt="xs">
            {t('app.configError.details', { details })}
          </Code>
        </Alert>
        <Button onClick={onRetry} w="fit-content">
          {t('app.configError.retry')}
        </Button>
      </Stack>
    </Center>
  );
}
