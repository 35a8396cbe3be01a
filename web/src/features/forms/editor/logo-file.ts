import {
  FORM_LOGO_MAX_BYTES,
  FORM_LOGO_TYPES,
  type FormLogoType,
} from '../../../../../shared/contracts/forms';

/** What the file picker offers: the types the server accepts (no SVG). */
export const LOGO_ACCEPT = FORM_LOGO_TYPES.join(',');

/** The largest logo, in megabytes as people read it (1 MiB: "1 MB"). */
export const LOGO_MAX_MEGABYTES = FORM_LOGO_MAX_BYTES / 1_048_576;

export const isLogoType = (type: string): type is FormLogoType =>
  (FORM_LOGO_TYPES as readonly string[]).includes(type);

/** Why a chosen file cannot be a logo (a key of `forms.editor.logo`), or null when it can be sent. */
export function logoFileProblem(
  file: Pick<File, 'type' | 'size'>,
): 'wrongType' | 'tooLarge' | 'empty' | null {
  if (!isLogoType(file.type)) return 'wrongType';
  if (file.size === 0) return 'empty';
  if (file.size > FORM_LOGO_MAX_BYTES) return 'tooLarge';
  return null;
}
