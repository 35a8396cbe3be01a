import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMe } from '../lib/me';
import { hasOverlay, overlaySearch } from '../lib/overlays';

const SUBSCRIPTION_OVERLAY = 'subscription';
const REGISTRATION_OVERLAY = 'registration';

/**
 * The reserved-feature prompt (spec 01 §1, spec 02 §1): an Essentials feature shown to a starter
 * user with the way to the plans, and to a guest with the way to an account, never a dead end.
 */
export function ReservedFeature({
  title,
  reason,
  guestReason,
  testId,
}: {
  title: string;
  /** Why it is closed, for a starter user. */
  reason: string;
  /** Why it is closed, for a guest. */
  guestReason: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const isGuest = me.data?.profile.isGuest ?? false;
  const overlay = isGuest ? REGISTRATION_OVERLAY : SUBSCRIPTION_OVERLAY;
  return (
    <Alert color="blue" title={title} data-testid={testId}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{isGuest ? guestReason : reason}</Text>
        {hasOverlay(overlay) && (
          <Button
            size="xs"
            variant="light"
            onClick={() =>
              void navigate({ pathname: location.pathname, search: overlaySearch(location.search, overlay) })
            }
            data-testid={`${testId}-upgrade`}
          >
            {t(isGuest ? 'reserved.createAccount' : 'reserved.seePlans')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
