import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { deleteFormLogo, requestFormLogoUpload, setFormLogo, type Form } from '@shared/contracts/forms';
import { callApi } from '../../../lib/api';
import { sendLogo } from '../../../lib/logo-file';
import { formsKey } from './forms';

/**
 * The form with its new logo, shown at once. Its `updateDate` has not moved: the editor keeps its
 * draft, and its next save is no conflict.
 */
function logoChanged(queryClient: QueryClient, form: Form): void {
  queryClient.setQueryData([...formsKey, 'one', form.id], form);
}

/**
 * A new logo for the form: the server grants an upload for the file's type and size, the file goes
 * straight to the storage (with its progress), then the server checks it and makes it the logo.
 */
export function useUploadFormLogo(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      sendLogo(
        file,
        onProgress,
        (body) => callApi(requestFormLogoUpload, { params: { formId }, body }),
        (key) => callApi(setFormLogo, { params: { formId }, body: { key } }),
      ),
    // The logo tab says what failed in its own words.
    meta: { errorsShownInline: true },
    onSuccess: (form) => logoChanged(queryClient, form),
  });
}

export function useRemoveFormLogo(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(deleteFormLogo, { params: { formId } }),
    // The confirmation dialog shows the error.
    meta: { errorsShownInline: true },
    onSuccess: (form) => logoChanged(queryClient, form),
  });
}
