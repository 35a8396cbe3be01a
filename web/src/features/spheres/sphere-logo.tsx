import { Fieldset, Image, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Sphere } from '@shared/contracts/spheres';
import { LogoPicker } from '../../components/logo-picker';
import { notifySuccess } from '../../components/notify';
import { useRemoveSphereLogo, useUploadSphereLogo } from './api/logo';
import { LOGO_ACCEPT, LOGO_MAX_MEGABYTES, logoFileProblem } from '../../lib/logo-file';

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

  return (
    <Fieldset legend={t('spheres.logo.label')} data-testid="sphere-logo-field">
      <Stack gap="xs">
        <LogoPicker
          idPrefix="sphere-logo"
          logoUrl={sphere.logoUrl}
          accept={LOGO_ACCEPT}
          texts={{
            help: t('spheres.logo.help', { megabytes: LOGO_MAX_MEGABYTES }),
            alt: t('spheres.logo.alt', { name: sphere.name }),
            none: t('spheres.logo.none'),
            choose: t('spheres.logo.choose'),
            replace: t('spheres.logo.replace'),
            remove: t('spheres.logo.remove'),
            uploading: t('spheres.logo.uploading'),
            uploadFailed: t('spheres.logo.uploadFailed'),
            removeTitle: t('spheres.logo.removeTitle'),
            removeConfirm: t('spheres.logo.removeConfirm'),
            removeCancel: t('spheres.logo.removeCancel'),
            removeBody: t('spheres.logo.removeBody', { name: sphere.name }),
          }}
          fileProblem={logoFileProblem}
          problemText={(problem) => t(`spheres.logo.${problem}`, { megabytes: LOGO_MAX_MEGABYTES })}
          upload={upload}
          remove={remove}
          onUploaded={() => notifySuccess('spheres.logo.saved')}
          onRemoved={() => notifySuccess('spheres.logo.removed')}
        />
      </Stack>
    </Fieldset>
  );
}
