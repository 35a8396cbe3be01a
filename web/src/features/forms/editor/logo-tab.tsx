import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Form } from '@shared/contracts/forms';
import { textIn } from '@shared/domain/sessions';
import { LogoPicker } from '../../../components/logo-picker';
import { notifySuccess } from '../../../components/notify';
import { useRemoveFormLogo, useUploadFormLogo } from '../api/logo';
import { LOGO_ACCEPT, LOGO_MAX_MEGABYTES, logoFileProblem } from '../../../lib/logo-file';

/**
 * The form's logo (spec 02 §2 survey editor, decision 0023): the current one, a button to choose a
 * PNG, JPEG or WebP file of 1 MB at most (checked here first, then by the server), its progress
 * while it is sent, and its removal after a confirmation. A change is saved at once, by its own
 * routes, and leaves the questionnaire's other edits as they are, saved or not.
 */
export function LogoTab({ form }: { form: Form }) {
  const { t } = useTranslation();
  const upload = useUploadFormLogo(form.id);
  const remove = useRemoveFormLogo(form.id);
  const title = textIn(form.title, form.languages[0] ?? 'fr') || form.id;

  return (
    <Stack gap="sm" data-testid="logo-tab">
      <Title order={2} size="h4">
        {t('forms.editor.logo.label')}
      </Title>
      <LogoPicker
        idPrefix="form-logo"
        logoUrl={form.logoUrl}
        accept={LOGO_ACCEPT}
        texts={{
          help: t('forms.editor.logo.help', { megabytes: LOGO_MAX_MEGABYTES }),
          alt: t('forms.editor.logo.alt', { title }),
          none: t('forms.editor.logo.none'),
          choose: t('forms.editor.logo.choose'),
          replace: t('forms.editor.logo.replace'),
          remove: t('forms.editor.logo.remove'),
          uploading: t('forms.editor.logo.uploading'),
          uploadFailed: t('forms.editor.logo.uploadFailed'),
          removeTitle: t('forms.editor.logo.removeTitle'),
          removeConfirm: t('forms.editor.logo.removeConfirm'),
          removeCancel: t('forms.editor.logo.removeCancel'),
          removeBody: t('forms.editor.logo.removeBody', { title }),
        }}
        fileProblem={logoFileProblem}
        problemText={(problem) => t(`forms.editor.logo.${problem}`, { megabytes: LOGO_MAX_MEGABYTES })}
        upload={upload}
        remove={remove}
        onUploaded={() => notifySuccess('forms.editor.logo.saved')}
        onRemoved={() => notifySuccess('forms.editor.logo.removed')}
      />
    </Stack>
  );
}
