import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessages } from '../../lib/errors';

/**
 * What a sphere item's overlay shows when its sphere or item could not be read: that the item no
 * longer exists (404), or the error itself, and a way out (spec 01 §8: a 404 on load says
 * not-found and closes the form).
 */
export function OverlayLoadError({
  error,
  item,
  notFoundKey,
  closeKey,
  onClose,
  testId,
}: {
  /** The first error of the reads. */
  error: unknown;
  /** The item's own error, whose 404 means it no longer exists. */
  item: unknown;
  notFoundKey: string;
  closeKey: string;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const missing = item instanceof ApiError && item.status === 404;
  return (
    <Stack>
      <Alert color="red" role="alert" data-testid={testId}>
        {missing ? t(notFoundKey) : errorMessages(error, t)}
      </Alert>
      <Group>
        <Button variant="default" onClick={onClose}>
          {t(closeKey)}
        </Button>
      </Group>
    </Stack>
  );
}
