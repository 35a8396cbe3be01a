import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OverlayProps } from '../../lib/overlays';
import { SCAN_PATH } from '../../lib/routes';

/**
 * Overlays `scan` and `enterCode` (spec 01 §2): both lead to the scan page, where the camera and
 * the enter-code form are.
 */
export default function ScanOverlay({ done }: OverlayProps) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Text>{t('scan.overlay.intro')}</Text>
      <Button component={Link} to={SCAN_PATH} onClick={done} data-testid="scan-overlay-open">
        {t('scan.overlay.open')}
      </Button>
    </Stack>
  );
}
