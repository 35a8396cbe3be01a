import type { TranslateClient } from '@aws-sdk/client-translate';
import { TEMPLATE_PLACEHOLDER } from '@shared/domain/forms';
import { onClientsReset } from './aws';
import { config } from './config';

let translateClient: TranslateClient | undefined;
onClientsReset(() => {
  translateClient = undefined;
});

/**
 * The Amazon Translate client, built once per container. Its SDK package loads with the first
 * translation, not in the Lambda's init.
 */
async function translateApi() {
  const sdk = await import('@aws-sdk/client-translate');
  if (!translateClient) translateClient = new sdk.TranslateClient({ region: config().AWS_REGION });
  return { client: translateClient, sdk };
}

/**
 * Template placeholders such as `{firstName}` (spec 02 §5) are names, never words to translate: the
 * forms' own pattern, as its own instance so that no `lastIndex` is shared with other callers.
 */
const PLACEHOLDER = new RegExp(TEMPLATE_PLACEHOLDER.source, 'g');
const KEPT_OPEN = '<span translate="no">';
const KEPT_CLOSE = '</span>';
/** A kept placeholder with whatever spacing the engine put inside the mark; `$1` is the placeholder. */
const KEPT = new RegExp(`${KEPT_OPEN}\\s*(${TEMPLATE_PLACEHOLDER.source})\\s*${KEPT_CLOSE}`, 'g');

/** Marks placeholders so Amazon Translate leaves them as they are (its `translate="no"` tags). */
export function protectPlaceholders(text: string): string {
  return text.replace(PLACEHOLDER, (p) => `${KEPT_OPEN}${p}${KEPT_CLOSE}`);
}

/** Removes the marks again, whatever spacing the engine put around them. */
export function restorePlaceholders(text: string): string {
  return text.replace(KEPT, '$1');
}

/** One text from one language into another, through Amazon Translate's TranslateText. */
export async function translateText(text: string, source: string, target: string): Promise<string> {
  const { client, sdk } = await translateApi();
  const result = await client.send(
    new sdk.TranslateTextCommand({
      Text: protectPlaceholders(text),
      SourceLanguageCode: source,
      TargetLanguageCode: target,
    }),
  );
  return restorePlaceholders(result.TranslatedText ?? '');
}
