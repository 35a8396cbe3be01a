import type { Translation, TranslationRequest } from '@shared/contracts/translations';
import type { MultilingualText } from '@shared/contracts/text';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { translateText } from '../lib/translate';

/**
 * POST /v1/translations (decision 0021): each target through Amazon Translate, or, on the local
 * stack that has no translation engine, the source copied into each target and said so
 * (`translated: false`), so an editor never takes a copy for a translation.
 */
export async function translate(body: TranslationRequest): Promise<Translation> {
  const translations: MultilingualText = {};
  if (config().TRANSLATION_PROVIDER === 'local') {
    for (const target of body.targets) translations[target] = body.text;
    return { provider: 'local', translated: false, translations };
  }
  const texts = await Promise.all(body.targets.map((target) => translateText(body.text, body.lang, target)));
  body.targets.forEach((target, i) => {
    translations[target] = texts[i] as string;
  });
  logger.info('Text translated', { from: body.lang, to: body.targets, characters: body.text.length });
  return { provider: 'amazon-translate', translated: true, translations };
}
