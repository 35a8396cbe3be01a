import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '../../lib/errors';
import type { OverlayProps } from '../../lib/overlays';
import { useLink } from './api/links';
import { LinkWithQr } from './link-qr';
import { linkPath } from './paths';

/** Overlay `link` (spec 02 §2): a link's address to copy and its QR code to download. */
export default function LinkOverlay({ params, done }: OverlayProps) {
  const { t } = useTranslation();
  const linkId = params.get('linkId') ?? '';
  const link = useLink(linkId);
  if (link.isError)
    return (
      <Stack>
        <Alert color="red" role="alert" data-testid="link-load-error">
          {errorMessages(link.error, t)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={done}>
            {t('links.close')}
          </Button>
        </Group>
      </Stack>
    );
  if (link.isPending) return <Skeleton height={320} />;
  return (
    <Stack data-testid="link-overlay">
      <Text fw={600}>{link.data.name}</Text>
      <LinkWithQr url={`${window.location.origin}${linkPath(link.data.id)}`} name={link.data.name} />
    </Stack>
  );
}
