import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { overlayOpensFor, overlaySearch } from '../../lib/overlays';
import { ACCOUNT_OVERLAYS } from './account-menu-entries';

/** Guests are told they are in guest mode, with the ways out that exist (spec 01 §2). */
export function GuestBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const open = (overlay: string) =>
    void navigate({ pathname: location.pathname, search: overlaySearch(location.search, overlay) });
  const actions = [
    { overlay: ACCOUNT_OVERLAYS.connect, labelKey: 'shell.guest.connect', testId: 'guest-connect' },
    { overlay: ACCOUNT_OVERLAYS.registration, labelKey: 'shell.guest.register', testId: 'guest-register' },
  ].filter((a) => overlayOpensFor(a.overlay, true));

  return (
    <Alert color="blue" variant="light" data-testid="guest-banner" mb="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('shell.guest.text')}</Text>
        {actions.length > 0 && (
          <Group gap="xs">
            {actions.map((a) => (
              <Button
                key={a.overlay}
                size="xs"
                variant="white"
                data-testid={a.testId}
                onClick={() => open(a.overlay)}
              >
                {t(a.labelKey)}
              </Button>
            ))}
          </Group>
        )}
      </Group>
    </Alert>
  );
}
