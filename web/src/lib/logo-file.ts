import { LOGO_MAX_BYTES, LOGO_TYPES, type LogoType } from '@shared/contracts/logos';
import { ApiError } from './errors';
import { postFileForm } from './upload';

/** What the server answers an upload request: where to post the file, with which fields, and its key. */
interface UploadGrant {
  uploadUrl: string;
  fields: Record<string, string>;
  key: string;
}

/** What a logo's file picker offers: the types the server accepts (no SVG). */
export const LOGO_ACCEPT = LOGO_TYPES.join(',');

/** The largest logo, in megabytes as people read it (1 MiB: "1 MB"). */
export const LOGO_MAX_MEGABYTES = LOGO_MAX_BYTES / 1_048_576;

export const isLogoType = (type: string): type is LogoType =>
  (LOGO_TYPES as readonly string[]).includes(type);

/**
 * Why a chosen file cannot be a logo (`wrongType`, `empty`, `tooLarge`: keys of the feature's
 * `logo` texts), or null when it can be sent.
 */
export function logoFileProblem(
  file: Pick<File, 'type' | 'size'>,
): 'wrongType' | 'tooLarge' | 'empty' | null {
  if (!isLogoType(file.type)) return 'wrongType';
  if (file.size === 0) return 'empty';
  if (file.size > LOGO_MAX_BYTES) return 'tooLarge';
  return null;
}

/**
 * A logo's way to the storage, the same for every owner (decisions 0016, 0023): the server grants an
 * upload for the file's type and size, the file goes straight to the storage (with its progress),
 * then the server checks it and makes it the logo; answers what the confirmation answers. A type
 * the server would refuse is refused here first, as the server would say it.
 */
export async function sendLogo<T>(
  file: File,
  onProgress: (fraction: number) => void,
  grant: (request: { contentType: LogoType; size: number }) => Promise<UploadGrant>,
  confirm: (key: string) => Promise<T>,
): Promise<T> {
  if (!isLogoType(file.type)) throw new ApiError(400, [{ key: 'not-valid', field: 'body.contentType' }]);
  const upload = await grant({ contentType: file.type, size: file.size });
  await postFileForm(upload.uploadUrl, upload.fields, file, onProgress);
  return confirm(upload.key);
}
