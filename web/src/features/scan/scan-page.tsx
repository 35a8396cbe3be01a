import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { linkIdOfCode } from '@shared/domain/links';
import { linkPath } from '../../lib/routes';
import { actOnScan, errorKeyOf } from './scan-logic';
import type { QrDetector } from './scanner';

/** How often the camera's picture is read while scanning. */
const SCAN_INTERVAL_MS = 300;

type Camera = 'idle' | 'starting' | 'on' | 'refused' | 'absent';

/**
 * The scan page (`/apps/scan`, spec 01 §2, §5): a camera that reads a QR code and a form to type a
 * link's code by hand, which works without a camera. A read address goes through the scanned-URL
 * rule; the `error` parameter shows its message (a link that could not open sends people here).
 */
export default function ScanPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const errorKey = errorKeyOf(search.get('error'), (key) => i18n.exists(key));
  const [camera, setCamera] = useState<Camera>('idle');
  const [invalid, setInvalid] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  };
  useEffect(() => stop, []);

  function read(value: string): boolean {
    const kind = actOnScan(value, window.location.host, {
      navigate: (path) => void navigate(path),
      assign: (url) => window.location.assign(url),
    });
    setInvalid(kind === 'invalid');
    return kind !== 'invalid';
  }

  async function start() {
    setInvalid(false);
    if (!navigator.mediaDevices?.getUserMedia) {
      setCamera('absent');
      return;
    }
    setCamera('starting');
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
    } catch (error) {
      setCamera((error as { name?: string } | null)?.name === 'NotAllowedError' ? 'refused' : 'absent');
      return;
    }
    let detector: QrDetector;
    try {
      detector = await (await import('./scanner')).createQrDetector();
    } catch {
      stop();
      setCamera('absent');
      return;
    }
    setCamera('on');
    if (video.current) {
      video.current.srcObject = stream.current;
      await video.current.play().catch(() => undefined);
    }
    let busy = false;
    timer.current = setInterval(() => {
      const source = video.current;
      if (busy || !source) return;
      busy = true;
      detector
        .detect(source)
        .then((found) => {
          const value = found[0]?.rawValue;
          if (value !== undefined && read(value)) {
            stop();
            setCamera('idle');
          }
        })
        .catch(() => undefined)
        .finally(() => {
          busy = false;
        });
    }, SCAN_INTERVAL_MS);
  }

  function enter() {
    const linkId = linkIdOfCode(code);
    if (!linkId) {
      setCodeError(t('errors.not-valid'));
      return;
    }
    setCodeError(undefined);
    void navigate(linkPath(linkId));
  }

  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t('scan.title')}</Title>
        {errorKey && (
          <Alert color="red" role="alert" data-testid="scan-error">
            {t(errorKey)}
          </Alert>
        )}
        <Paper withBorder p="lg" component="section" aria-labelledby="scan-camera-title">
          <Stack>
            <Title order={2} size="h4" id="scan-camera-title">
              {t('scan.camera.title')}
            </Title>
            <video
              ref={video}
              muted
              playsInline
              hidden={camera !== 'on'}
              aria-label={t('scan.camera.preview')}
              style={{ width: '100%', maxWidth: 480 }}
              data-testid="scan-video"
            />
            {camera === 'refused' && (
              <Alert color="yellow" data-testid="scan-camera-refused">
                {t('scan.camera.refused')}
              </Alert>
            )}
            {camera === 'absent' && (
              <Alert color="yellow" data-testid="scan-camera-absent">
                {t('scan.camera.absent')}
              </Alert>
            )}
            {invalid && (
              <Alert color="red" role="alert" data-testid="scan-invalid">
                {t('errors.scan-not-valid')}
              </Alert>
            )}
            <Group>
              {camera === 'on' ? (
                <Button
                  variant="default"
                  onClick={() => {
                    stop();
                    setCamera('idle');
                  }}
                  data-testid="scan-stop"
                >
                  {t('scan.camera.stop')}
                </Button>
              ) : (
                <Button onClick={() => void start()} loading={camera === 'starting'} data-testid="scan-start">
                  {t('scan.camera.start')}
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="scan-code-title">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              enter();
            }}
            data-testid="enter-code-form"
          >
            <Stack>
              <Title order={2} size="h4" id="scan-code-title">
                {t('scan.code.title')}
              </Title>
              <Text size="sm">{t('scan.code.intro')}</Text>
              <TextInput
                label={t('scan.code.label')}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                error={codeError}
                autoComplete="off"
                data-testid="enter-code-input"
              />
              <Group>
                <Button type="submit" data-testid="enter-code-submit">
                  {t('scan.code.open')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
