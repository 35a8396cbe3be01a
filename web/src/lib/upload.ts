/** A file the storage refused or could not receive (status 0: the network failed). */
export class UploadError extends Error {
  constructor(readonly status: number) {
    super(
      status === 0 ? 'The upload did not reach the storage' : `The storage refused the upload (${status})`,
    );
    this.name = 'UploadError';
  }
}

/**
 * Sends a file with an upload form the server signed (S3 POST Object): every field the server gave,
 * then the file, last, as `file`. Reports the share sent so far (0 to 1) as it goes.
 */
export function postFileForm(
  url: string,
  fields: Record<string, string>,
  file: Blob,
  onProgress?: (fraction: number) => void,
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    // XMLHttpRequest rather than fetch: only it tells how much of the body is sent.
    const request = new XMLHttpRequest();
    request.open('POST', url);
    if (onProgress) {
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
    }
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve();
      } else reject(new UploadError(request.status));
    });
    request.addEventListener('error', () => reject(new UploadError(0)));
    request.addEventListener('abort', () => reject(new UploadError(0)));
    request.send(form);
  });
}
