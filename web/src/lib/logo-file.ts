import { LOGO_MAX_BYTES, LOGO_TYPES, type LogoType } from '../../../shared/contracts/logos';

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
