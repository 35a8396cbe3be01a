import { useRef, useState } from 'react';
import { Button, FileButton, Group, Image, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Form } from '../../../../../shared/contracts/forms';
import { textIn } from '../../../../../shared/domain/sessions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { closeButtonProps, notifyError, notifySuccess, TOAST_DURATION_MS } from '../../../components/notify';
import { UploadError } from '../../../lib/upload';
import { useRemoveFormLogo, useUploadFormLogo } from '../api/logo';
import { LOGO_ACCEPT, LOGO_MAX_MEGABYTES, logoFileProblem } from './logo-file';

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
  const [problem, setProblem] = useState<ReturnType<typeof logoFileProblem>>(null);
  const [progress, setProgress] = useState(0);
  const [removing, setRemoving] = useState(false);
  const resetRef = useRef<() => void>(null);
  const busy = upload.isPending || remove.isPending;
  const title = textIn(form.title, form.languages[0] ?? 'fr') || form.id;

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
        onSuccess: () => notifySuccess('forms.editor.logo.saved'),
        onError: (error) => {
          if (!(error instanceof UploadError)) return notifyError(error);
          console.error(error);
          notifications.show({
            color: 'red',
            message: t('forms.editor.logo.uploadFailed'),
            autoClose: TOAST_DURATION_MS,
            closeButtonProps: closeButtonProps(),
          });
        },
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="logo-tab">
      <Title order={2} size="h4">
        {t('forms.editor.logo.label')}
      </Title>
      <Text size="sm" c="dimmed" id="form-logo-help">
        {t('forms.editor.logo.help', { megabytes: LOGO_MAX_MEGABYTES })}
      </Text>
      <Group align="center">
        {form.logoUrl ? (
          <Image
            src={form.logoUrl}
            alt={t('forms.editor.logo.alt', { title })}
            h={64}
            w="auto"
            maw={256}
            fit="contain"
            data-testid="form-logo"
          />
        ) : (
          <Text size="sm" data-testid="form-logo-none">
            {t('forms.editor.logo.none')}
          </Text>
        )}
        <FileButton onChange={choose} accept={LOGO_ACCEPT} resetRef={resetRef} disabled={busy}>
          {(props) => (
            <Button
              variant="default"
              {...props}
              loading={upload.isPending}
              disabled={busy}
              aria-describedby={problem ? 'form-logo-help form-logo-problem' : 'form-logo-help'}
              data-testid="form-logo-choose"
            >
              {t(form.logoUrl ? 'forms.editor.logo.replace' : 'forms.editor.logo.choose')}
            </Button>
          )}
        </FileButton>
        {form.logoUrl && (
          <Button
            variant="subtle"
            color="red"
            c="red.9"
            onClick={() => setRemoving(true)}
            disabled={busy}
            data-testid="form-logo-remove"
          >
            {t('forms.editor.logo.remove')}
          </Button>
        )}
      </Group>
      {upload.isPending && (
        <Progress
          value={Math.round(progress * 100)}
          aria-label={t('forms.editor.logo.uploading')}
          data-testid="form-logo-progress"
        />
      )}
      {problem && (
        <Text size="sm" c="red.9" role="alert" id="form-logo-problem" data-testid="form-logo-problem">
          {t(`forms.editor.logo.${problem}`, { megabytes: LOGO_MAX_MEGABYTES })}
        </Text>
      )}
      <ConfirmDialog
        opened={removing}
        title={t('forms.editor.logo.removeTitle')}
        confirmLabel={t('forms.editor.logo.removeConfirm')}
        cancelLabel={t('forms.editor.logo.removeCancel')}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setRemoving(false);
              notifySuccess('forms.editor.logo.removed');
            },
          })
        }
        onCancel={() => {
          setRemoving(false);
          remove.reset();
        }}
        pending={remove.isPending}
        error={remove.error}
        testId="form-logo-remove"
        destructive
      >
        <Text>{t('forms.editor.logo.removeBody', { title })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
