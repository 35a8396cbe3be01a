import type { TFunction } from 'i18next';
import { isQuotaKind } from '@shared/domain/galaxies';

/**
 * The translated name of a quota kind (spec 02 §3 Galaxy quota), shared by every feature and by the
 * HTTP client's alert notice: strings under `quotaKinds.<kind>` of the common messages.
 */
export function quotaKindName(kind: string, t: TFunction): string {
  const clean = kind.trim();
  return isQuotaKind(clean) ? t(`quotaKinds.${clean}`) : clean;
}

/** The names of several kinds, comma-joined, in the order given and without repeats. */
export function quotaKindNames(kinds: readonly string[], t: TFunction): string {
  return [...new Set(kinds.map((k) => k.trim()).filter((k) => k !== ''))]
    .map((k) => quotaKindName(k, t))
    .join(', ');
}
