import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OverlayProps } from '../../lib/overlays';
import { endSession } from '../../lib/auth';
import { LOGIN_PATH } from '../../lib/routes';

/**
 * Connect to an existing account (`?show=connect`, guests): signing in with an account leaves guest
 * mode; what was recorded stays with this guest session, which the guest page can resume on this
 * device (its credentials are kept).
 */
export default function ConnectOverlay({ close }: OverlayProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);

  async function signOutAndSignIn() {
    setLeaving(true);
    await endSession();
    queryClient.clear();
    await navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <Stack data-testid="connect-overlay">
      <Text>{t('guests.connect.text')}</Text>
      <Text size="sm">{t('guests.connect.kept')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={close} disabled={leaving} data-testid="connect-cancel">
          {t('guests.connect.cancel')}
        </Button>
        <Button onClick={() => void signOutAndSignIn()} loading={leaving} data-testid="connect-confirm">
          {t('guests.connect.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
