import * as z from 'zod';
import type { Language } from './headers';

/**
 * Texts written in the product's languages (spec 01 §9: fr, en, nl), each language optional: the
 * names, descriptions and labels organisations and editors write. Which languages are required is
 * each owner's rule (a sphere's primary language, a form's languages).
 */
export type MultilingualText = Partial<Record<Language, string>>;

/** A text as the API answers it. */
export const MultilingualTextSchema = z.object({
  fr: z.string().optional(),
  en: z.string().optional(),
  nl: z.string().optional(),
});

/** A value per language, each checked by `value`, no other key (request bodies). */
export function perLanguage<T extends z.ZodType>(value: T) {
  return z.strictObject({ fr: value.optional(), en: value.optional(), nl: value.optional() });
}
