import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Link } from '@shared/contracts/links';
import { LogoPicker } from '../../components/logo-picker';
import { notifySuccess } from '../../components/notify';
import { useRemoveLinkLogo, useUploadLinkLogo } from './api/links';
import { LOGO_ACCEPT, LOGO_MAX_MEGABYTES, logoFileProblem } from '../../lib/logo-file';

/**
 * A link's logo (spec 01 §3, spec 02 §3; decision 0027): the current one, a button to choose a
 * PNG, JPEG or WebP file of 1 MB at most (checked here first, then by the server), its progress
 * while it is sent, and its removal after a confirmation. A change is saved at once, by its own
 * routes, and leaves the link's other fields as they are, saved or not.
 */
export function LinkLogo({ link }: { link: Link }) {
  const { t } = useTranslation();
  const upload = useUploadLinkLogo(link.id);
  const remove = useRemoveLinkLogo(link.id);
  const name = link.name;

  return (
    <Stack gap="xs" data-testid="link-logo-block">
      <Title order={2} size="h5">
        {t('links.logo.label')}
      </Title>
      <LogoPicker
        idPrefix="link-logo"
        logoUrl={link.logoUrl}
        accept={LOGO_ACCEPT}
        texts={{
          help: t('links.logo.help', { megabytes: LOGO_MAX_MEGABYTES }),
          alt: t('links.logo.alt', { name }),
          none: t('links.logo.none'),
          choose: t('links.logo.choose'),
          replace: t('links.logo.replace'),
          remove: t('links.logo.remove'),
          uploading: t('links.logo.uploading'),
          uploadFailed: t('links.logo.uploadFailed'),
          removeTitle: t('links.logo.removeTitle'),
          removeConfirm: t('links.logo.removeConfirm'),
          removeCancel: t('links.logo.removeCancel'),
          removeBody: t('links.logo.removeBody', { name }),
        }}
        fileProblem={logoFileProblem}
        problemText={(problem) => t(`links.logo.${problem}`, { megabytes: LOGO_MAX_MEGABYTES })}
        upload={upload}
        remove={remove}
        onUploaded={() => notifySuccess('links.logo.saved')}
        onRemoved={() => notifySuccess('links.logo.removed')}
      />
    </Stack>
  );
}
