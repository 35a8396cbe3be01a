import { useRef, useState } from 'react';
import { Button, FileButton, Fieldset, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Sphere } from '../../../../shared/contracts/spheres';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { closeButtonProps, notifyError, notifySuccess, TOAST_DURATION_MS } from '../../components/notify';
import { UploadError } from '../../lib/upload';
import { useRemoveSphereLogo, useUploadSphereLogo } from './api/logo';
import { LOGO_ACCEPT, LOGO_MAX_MEGABYTES, logoFileProblem } from './logo-file';

/** The sphere's logo, named for those who cannot see it; nothing when the sphere has none. */
export function SphereLogo({ sphere, height = 48 }: { sphere: Sphere; height?: number }) {
  const { t } = useTranslation();
  if (!sphere.logoUrl) return null;
  return (
    <Image
      src={sphere.logoUrl}
      alt={t('spheres.logo.alt', { name: sphere.name })}
      h={height}
      w="auto"
      maw={height * 4}
      fit="contain"
      data-testid="sphere-logo"
    />
  );
}

/**
 * The logo in the sphere's settings (spec 01 §3 `logo`): the current one, a button to choose a PNG,
 * JPEG or WebP file of 1 MB at most (checked here first, then by the server), its progress while it
 * is sent, and its removal after a confirmation. A change is saved at once, by its own routes, and
 * leaves the rest of the form as it is, saved or not.
 */
export function SphereLogoField({ sphere }: { sphere: Sphere }) {
  const { t } = useTranslation();
  const upload = useUploadSphereLogo(sphere.id);
  const remove = useRemoveSphereLogo(sphere.id);
  const [problem, setProblem] = useState<ReturnType<typeof logoFileProblem>>(null);
  const [progress, setProgress] = useState(0);
  const [removing, setRemoving] = useState(false);
  const resetRef = useRef<() => void>(null);
  const busy = upload.isPending || remove.isPending;

  const choose = (file: File | null) => {
    // The same file may be chosen again after a failure.
    resetRef.current?.();
    if (!file) return;
    const found = logoFileProblem(file);
    setProblem(found);
    if (found) return;
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => notifySuccess('spheres.logo.saved'),
        onError: (error) => {
          if (!(error instanceof UploadError)) return notifyError(error);
          console.error(error);
          notifications.show({
            color: 'red',
            message: t('spheres.logo.uploadFailed'),
            autoClose: TOAST_DURATION_MS,
            closeButtonProps: closeButtonProps(),
          });
        },
      },
    );
  };

  return (
    <Fieldset legend={t('spheres.logo.label')} data-testid="sphere-logo-field">
      <Stack gap="xs">
        <Text size="sm" c="dimmed" id="sphere-logo-help">
          {t('spheres.logo.help', { megabytes: LOGO_MAX_MEGABYTES })}
        </Text>
        <Group align="center">
          {sphere.logoUrl ? (
            <SphereLogo sphere={sphere} height={64} />
          ) : (
            <Text size="sm" data-testid="sphere-logo-none">
              {t('spheres.logo.none')}
            </Text>
          )}
          <FileButton onChange={choose} accept={LOGO_ACCEPT} resetRef={resetRef} disabled={busy}>
            {(props) => (
              <Button
                variant="default"
                {...props}
                loading={upload.isPending}
                disabled={busy}
                aria-describedby={problem ? 'sphere-logo-help sphere-logo-problem' : 'sphere-logo-help'}
                data-testid="sphere-logo-choose"
              >
                {t(sphere.logoUrl ? 'spheres.logo.replace' : 'spheres.logo.choose')}
              </Button>
            )}
          </FileButton>
          {sphere.logoUrl && (
            <Button
              variant="subtle"
              color="red"
              c="red.9"
              onClick={() => setRemoving(true)}
              disabled={busy}
              data-testid="sphere-logo-remove"
            >
              {t('spheres.logo.remove')}
            </Button>
          )}
        </Group>
        {upload.isPending && (
          <Progress
            value={Math.round(progress * 100)}
            aria-label={t('spheres.logo.uploading')}
            data-testid="sphere-logo-progress"
          />
        )}
        {problem && (
          <Text size="sm" c="red.9" role="alert" id="sphere-logo-problem" data-testid="sphere-logo-problem">
            {t(`spheres.logo.${problem}`, { megabytes: LOGO_MAX_MEGABYTES })}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={removing}
        title={t('spheres.logo.removeTitle')}
        confirmLabel={t('spheres.logo.removeConfirm')}
        cancelLabel={t('spheres.logo.removeCancel')}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setRemoving(false);
              notifySuccess('spheres.logo.removed');
            },
          })
        }
        onCancel={() => {
          setRemoving(false);
          remove.reset();
        }}
        pending={remove.isPending}
        error={remove.error}
        testId="sphere-logo-remove"
      >
        <Text>{t('spheres.logo.removeBody', { name: sphere.name })}</Text>
      </ConfirmDialog>
    </Fieldset>
  );
}
