import {
  SPHERE_LOGO_MAX_BYTES,
  SPHERE_LOGO_TYPES,
  type SphereLogoType,
} from '../../../../shared/contracts/spheres';

/** What the file picker offers: the types the server accepts (no SVG). */
export const LOGO_ACCEPT = SPHERE_LOGO_TYPES.join(',');

/** The largest logo, in megabytes as people read it (1 MiB: "1 MB"). */
export const LOGO_MAX_MEGABYTES = SPHERE_LOGO_MAX_BYTES / 1_048_576;

export const isLogoType = (type: string): type is SphereLogoType =>
  (SPHERE_LOGO_TYPES as readonly string[]).includes(type);

/** Why a chosen file cannot be a logo (a key of `spheres.logo`), or null when it can be sent. */
export function logoFileProblem(
  file: Pick<File, 'type' | 'size'>,
): 'wrongType' | 'tooLarge' | 'empty' | null {
  if (!isLogoType(file.type)) return 'wrongType';
  if (file.size === 0) return 'empty';
  if (file.size > SPHERE_LOGO_MAX_BYTES) return 'tooLarge';
  return null;
}
