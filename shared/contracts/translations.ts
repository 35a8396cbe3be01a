import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { LANGUAGES } from './headers';
import { MultilingualTextSchema } from './text';
import { TRANSLATION_LIMIT, TRANSLATION_THROTTLE } from '../domain/client-limits';

/**
 * Machine translation of what editors write (spec 01 §7 `/translations` {text, lang, targets};
 * spec 02 §2: the auto-translate button of multilingual inputs, shown with `post` on
 * `translation`). Amazon Translate in AWS; the local stack has no translation engine and says so
 * (decision 0021).
 */

/** Amazon Translate takes at most 10 000 bytes per call; a text of editors stays well below. */
export const TRANSLATION_TEXT_MAX_LENGTH = 5000;

export const TranslationRequestSchema = z
  .strictObject({
    text: z.string().trim().min(1, 'required').max(TRANSLATION_TEXT_MAX_LENGTH, 'length-out-of-range-error'),
    lang: z.enum(LANGUAGES, 'not-valid'),
    targets: z
      .array(z.enum(LANGUAGES, 'not-valid'))
      .min(1, 'required')
      .max(LANGUAGES.length - 1, 'too-many'),
  })
  .superRefine((body, ctx) => {
    body.targets.forEach((target, i) => {
      if (target === body.lang || body.targets.indexOf(target) !== i)
        ctx.addIssue({ code: 'custom', message: 'not-valid', path: ['targets', i] });
    });
  });
export type TranslationRequest = z.infer<typeof TranslationRequestSchema>;

export const TRANSLATION_PROVIDERS = ['amazon-translate', 'local'] as const;
export type TranslationProvider = (typeof TRANSLATION_PROVIDERS)[number];

export const TranslationSchema = z.object({
  /** Who translated: `local` means nothing was translated (the texts are the source, copied). */
  provider: z.enum(TRANSLATION_PROVIDERS),
  /** False when the texts are copies of the source, to be translated by a person. */
  translated: z.boolean(),
  translations: MultilingualTextSchema,
});
export type Translation = z.infer<typeof TranslationSchema>;

/** POST /v1/translations: the text in `lang`, translated into each target. */
export const translate = defineRoute({
  name: 'translate',
  domain: 'translations',
  method: 'POST',
  path: '/v1/translations',
  auth: 'registered',
  ability: { action: 'post', subject: 'translation' },
  body: TranslationRequestSchema,
  response: TranslationSchema,
  clientLimit: TRANSLATION_LIMIT,
  throttle: TRANSLATION_THROTTLE,
});

export const translationRoutes: readonly RouteContract[] = [translate];
