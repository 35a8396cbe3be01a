import { useMutation } from '@tanstack/react-query';
import { EXPORT_MEDIA_TYPE, exportFileName, exportMyData } from '@shared/contracts/account';
import { fetchFile } from '../../../lib/api';

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has the URL.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** "Download my data": fetches the archive and saves it. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await fetchFile(exportMyData, EXPORT_MEDIA_TYPE);
      const name = fileName ?? exportFileName(new Date());
      saveBlob(blob, name);
      return name;
    },
  });
}
