import { useEffect, useState } from 'react';
import { Anchor, Button, CopyButton, Group, Image, Stack, TextInput } from '@mantine/core';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';

/** A link's QR code (spec 02 §9): 256 pixels, low error correction. */
export const LINK_QR_OPTIONS = { width: 256, margin: 2, errorCorrectionLevel: 'L' } as const;

/** A link's address with a copy button, and its QR code shown and downloaded as a PNG. */
export function LinkWithQr({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toDataURL(url, LINK_QR_OPTIONS).then((data) => {
      if (current) setQr(data);
    });
    return () => {
      current = false;
    };
  }, [url]);
  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label={t('links.qr.address')}
          value={url}
          readOnly
          style={{ flex: 1 }}
          data-testid="link-url"
        />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy} data-testid="link-copy">
              {copied ? t('links.qr.copied') : t('links.qr.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      {qr && (
        <Stack gap={4} align="flex-start">
          <Image src={qr} w={256} h={256} alt={t('links.qr.alt', { name })} data-testid="link-qr" />
          <Anchor href={qr} download={`${name}-qr.png`} size="sm" data-testid="link-qr-download">
            {t('links.qr.download')}
          </Anchor>
        </Stack>
      )}
    </Stack>
  );
}
