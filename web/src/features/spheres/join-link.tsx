import { useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Image,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifySuccess } from '../../components/notify';
import { errorMessages } from '../../lib/errors';
import { useJoinKey, useRenewJoinKey } from './api/spheres';
import { sphereJoinPath } from './paths';

/** QR code of the join link (spec 01 §9): 256 pixels, low error correction. */
const QR_OPTIONS = { width: 256, margin: 2, errorCorrectionLevel: 'L' } as const;

/**
 * The sphere's join link and its QR code (spec 01 §2 sphere settings): copied, downloaded as a
 * PNG, or replaced by a new one after a confirmation, which ends the old link at once.
 */
export function JoinLink({ sphereId, sphereName }: { sphereId: string; sphereName: string }) {
  const { t } = useTranslation();
  const key = useJoinKey(sphereId);
  const renew = useRenewJoinKey(sphereId);
  const [confirming, setConfirming] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const link = key.data ? `${window.location.origin}${sphereJoinPath(sphereId, key.data.sphereKey)}` : '';

  useEffect(() => {
    if (!link) return;
    let current = true;
    void QRCode.toDataURL(link, QR_OPTIONS).then((url) => {
      if (current) setQr(url);
    });
    return () => {
      current = false;
    };
  }, [link]);

  if (key.isPending) return <Skeleton height={300} />;
  if (key.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessages(key.error, t)}
      </Alert>
    );
  return (
    <Stack gap="sm" data-testid="join-link">
      <Text size="sm" c="dimmed">
        {t('spheres.link.intro')}
      </Text>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label={t('spheres.link.label')}
          value={link}
          readOnly
          style={{ flex: 1 }}
          data-testid="join-link-url"
        />
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy} data-testid="join-link-copy">
              {copied ? t('spheres.link.copied') : t('spheres.link.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      {qr && (
        <Stack gap={4} align="flex-start">
          <Image
            src={qr}
            w={256}
            h={256}
            alt={t('spheres.link.qrAlt', { name: sphereName })}
            data-testid="join-link-qr"
          />
          <Anchor href={qr} download={`${sphereName}-join.png`} size="sm" data-testid="join-link-download">
            {t('spheres.link.download')}
          </Anchor>
        </Stack>
      )}
      <Group>
        <Button
          variant="default"
          color="red"
          onClick={() => setConfirming(true)}
          data-testid="join-link-renew-open"
        >
          {t('spheres.link.renew')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('spheres.link.renewTitle')}
        confirmLabel={t('spheres.link.renewConfirm')}
        cancelLabel={t('spheres.link.keep')}
        destructive
        pending={renew.isPending}
        error={renew.error}
        testId="join-link-renew"
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          renew.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notifySuccess('spheres.link.renewed');
            },
          })
        }
      >
        <Text size="sm">{t('spheres.link.renewMessage')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
