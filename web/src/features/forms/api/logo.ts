import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  deleteFormLogo,
  requestFormLogoUpload,
  setFormLogo,
  type Form,
} from '../../../../../shared/contracts/forms';
import { callApi } from '../../../lib/api';
import { ApiError } from '../../../lib/errors';
import { postFileForm } from '../../../lib/upload';
import { isLogoType } from '../../../lib/logo-file';
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
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      // The logo tab checks the file first; the server refuses another type all the same.
      if (!isLogoType(file.type)) throw new ApiError(400, [{ key: 'not-valid', field: 'body.contentType' }]);
      const upload = await callApi(requestFormLogoUpload, {
        params: { formId },
        body: { contentType: file.type, size: file.size },
      });
      await postFileForm(upload.uploadUrl, upload.fields, file, onProgress);
      return callApi(setFormLogo, { params: { formId }, body: { key: upload.key } });
    },
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
