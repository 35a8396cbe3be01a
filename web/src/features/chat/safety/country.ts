import { isCrisisCountry, type CrisisCountry } from '@shared/domain/crisis-lines';

/** The country shown first when the browser says nothing useful: the product's first market. */
export const DEFAULT_CRISIS_COUNTRY: CrisisCountry = 'BE';

/**
 * The country of a browser language tag (`fr-BE` → BE, `de-LU` → LU) when it is one the product has
 * crisis lines for; otherwise Belgium. A person can always choose another country on screen.
 */
export function crisisCountryOf(languageTag: string | undefined): CrisisCountry {
  if (!languageTag) return DEFAULT_CRISIS_COUNTRY;
  let region: string | undefined;
  try {
    region = new Intl.Locale(languageTag).region;
  } catch {
    // Not a valid tag: read its second part by hand (`fr_BE`).
    region = languageTag.split(/[-_]/)[1];
  }
  const code = region?.toUpperCase() ?? '';
  return isCrisisCountry(code) ? code : DEFAULT_CRISIS_COUNTRY;
}
