import { useEffect, useState } from 'react';
import { Anchor, Button, CopyButton, Group, Image, Stack, TextInput } from '@mantine/core';
import QRCode from 'qrcode';

/** QR code of a shared link (spec 01 §9): 256 pixels, low error correction. */
export const QR_OPTIONS = { width: 256, margin: 2, errorCorrectionLevel: 'L' } as const;

/** The words around the link, in the language of the feature that shows it. */
export interface LinkWithQrLabels {
  /** The label of the read-only field holding the link. */
  link: string;
  copy: string;
  copied: string;
  download: string;
  /** The QR code image's text alternative. */
  qrAlt: string;
}

/** A link to share: copied, and its QR code shown and downloaded as a PNG. */
export function LinkWithQr({
  link,
  fileName,
  labels,
  testId,
}: {
  link: string;
  fileName: string;
  labels: LinkWithQrLabels;
  testId: string;
}) {
  const [qr, setQr] = useState<string | null>(null);
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
  return (
    <>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label={labels.link}
          value={link}
          readOnly
          style={{ flex: 1 }}
          data-testid={`${testId}-url`}
        />
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy} data-testid={`${testId}-copy`}>
              {copied ? labels.copied : labels.copy}
            </Button>
          )}
        </CopyButton>
      </Group>
      {qr && (
        <Stack gap={4} align="flex-start">
          <Image src={qr} w={256} h={256} alt={labels.qrAlt} data-testid={`${testId}-qr`} />
          <Anchor href={qr} download={fileName} size="sm" data-testid={`${testId}-download`}>
            {labels.download}
          </Anchor>
        </Stack>
      )}
    </>
  );
}
