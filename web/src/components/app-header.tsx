import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { endSession, useIsSignedIn } from '../lib/auth';
import { LOGIN_PATH } from '../lib/routes';
import { LanguageSwitch } from './language-switch';

/** Product name, language switch and, once signed in, the sign-out button. */
export function AppHeader() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function signOutAndLeave() {
    await endSession();
    queryClient.clear();
    await navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Text component="span" fw={700} size="lg" data-testid="app-name">
        {t('app.name')}
      </Text>
      <Group gap="sm" wrap="nowrap">
        <LanguageSwitch />
        {signedIn.data === true && (
          <Button variant="default" size="xs" data-testid="signout" onClick={() => void signOutAndLeave()}>
            {t('header.signOut')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
