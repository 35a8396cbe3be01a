import { useRef, useState } from 'react';
import { Button, FileButton, Group, Image, Progress, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { UploadError } from '../lib/upload';
import { useConfirmedRemoval } from './confirmed-removal';
import { closeButtonProps, notifyError, TOAST_DURATION_MS } from './notify';

/** What the picker says, translated by its owner. */
export interface LogoPickerTexts {
  /** The types and the size accepted; it describes the choose button. */
  help: string;
  /** The current logo, for those who cannot see it. */
  alt: string;
  none: string;
  choose: string;
  replace: string;
  remove: string;
  uploading: string;
  /** The toast when the file could not be sent to the storage. */
  uploadFailed: string;
  removeTitle: string;
  removeConfirm: string;
  removeCancel: string;
  removeBody: string;
}

/** Sending a new logo (a mutation of its owner's API): the file, and its progress from 0 to 1. */
export interface LogoUpload {
  isPending: boolean;
  mutate: (
    variables: { file: File; onProgress: (fraction: number) => void },
    options: { onSuccess: () => void; onError: (error: Error) => void },
  ) => void;
}

/** Removing the logo (a mutation of its owner's API); its error shows in the confirmation. */
export interface LogoRemoval {
  isPending: boolean;
  mutateAsync: (variables: undefined) => Promise<unknown>;
}

export interface LogoPickerProps<Problem extends string> {
  /** The ids and test ids: `<prefix>` (the image), `-help`, `-none`, `-choose`, `-remove`, `-progress`, `-problem`. */
  idPrefix: string;
  logoUrl: string | undefined;
  /** The file types the file picker offers. */
  accept: string;
  texts: LogoPickerTexts;
  /** Why a chosen file cannot be a logo, or null when it can be sent. */
  fileProblem: (file: File) => Problem | null;
  problemText: (problem: Problem) => string;
  upload: LogoUpload;
  remove: LogoRemoval;
  onUploaded: () => void;
  onRemoved: () => void;
}

/**
 * A logo that is saved at once, by its own routes: the current one (or a word saying there is
 * none), a button to choose a file (checked here first, then by the server), its progress while it
 * is sent, the problem with the file chosen, and the removal after a confirmation. The owner places
 * it under its own title.
 */
export function LogoPicker<Problem extends string>({
  idPrefix,
  logoUrl,
  accept,
  texts,
  fileProblem,
  problemText,
  upload,
  remove,
  onUploaded,
  onRemoved,
}: LogoPickerProps<Problem>) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [progress, setProgress] = useState(0);
  const removal = useConfirmedRemoval({
    remove: () => remove.mutateAsync(undefined),
    title: texts.removeTitle,
    message: <Text>{texts.removeBody}</Text>,
    confirmLabel: texts.removeConfirm,
    cancelLabel: texts.removeCancel,
    onRemoved,
    testId: `${idPrefix}-remove`,
  });
  const resetRef = useRef<() => void>(null);
  const busy = upload.isPending || remove.isPending;

  const choose = (file: File | null) => {
    // The same file may be chosen again after a failure.
    resetRef.current?.();
    if (!file) return;
    const found = fileProblem(file);
    setProblem(found);
    if (found) return;
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: onUploaded,
        onError: (error) => {
          if (!(error instanceof UploadError)) return notifyError(error);
          console.error(error);
          notifications.show({
            color: 'red',
            message: texts.uploadFailed,
            autoClose: TOAST_DURATION_MS,
            closeButtonProps: closeButtonProps(),
          });
        },
      },
    );
  };

  return (
    <>
      <Text size="sm" c="dimmed" id={`${idPrefix}-help`}>
        {texts.help}
      </Text>
      <Group align="center">
        {logoUrl ? (
          <Image
            src={logoUrl}
            alt={texts.alt}
            h={64}
            w="auto"
            maw={256}
            fit="contain"
            data-testid={idPrefix}
          />
        ) : (
          <Text size="sm" data-testid={`${idPrefix}-none`}>
            {texts.none}
          </Text>
        )}
        <FileButton onChange={choose} accept={accept} resetRef={resetRef} disabled={busy}>
          {(props) => (
            <Button
              variant="default"
              {...props}
              loading={upload.isPending}
              disabled={busy}
              aria-describedby={problem ? `${idPrefix}-help ${idPrefix}-problem` : `${idPrefix}-help`}
              data-testid={`${idPrefix}-choose`}
            >
              {logoUrl ? texts.replace : texts.choose}
            </Button>
          )}
        </FileButton>
        {logoUrl && (
          <Button
            variant="subtle"
            color="red"
            c="red.9"
            onClick={() => removal.ask()}
            disabled={busy}
            data-testid={`${idPrefix}-remove`}
          >
            {texts.remove}
          </Button>
        )}
      </Group>
      {upload.isPending && (
        <Progress
          value={Math.round(progress * 100)}
          aria-label={texts.uploading}
          data-testid={`${idPrefix}-progress`}
        />
      )}
      {problem && (
        <Text size="sm" c="red.9" role="alert" id={`${idPrefix}-problem`} data-testid={`${idPrefix}-problem`}>
          {problemText(problem)}
        </Text>
      )}
      {removal.dialog}
    </>
  );
}
