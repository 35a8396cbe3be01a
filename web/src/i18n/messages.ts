import type { Language } from '@shared/contracts/headers';
import { mergeMessages, type Messages } from './merge';

/**
 * The features whose strings come with the first screens (sign-in, trying as a guest), before the
 * rest of the app's. Kept in step with the globs of `bundles/<language>.ts` (the i18n test).
 */
export const FIRST_FEATURES = ['auth', 'embedding', 'guests', 'legal', 'shell'] as const;

/** A language's chunk: strings to merge, the common ones and each feature's file. */
type Bundle = () => Promise<{ default: { common: unknown; features: Record<string, unknown> } }>;

/**
 * Two chunks per language, each fetched when first needed: a person downloads the strings of the
 * language they read, not of all three, and the sign-in page only its own (docs/benchmarks.md, SPA
 * JavaScript by route).
 */
const FIRST: Record<Language, Bundle> = {
  fr: () => import('./bundles/fr'),
  en: () => import('./bundles/en'),
  nl: () => import('./bundles/nl'),
};
const APP: Record<Language, Bundle> = {
  fr: () => import('./bundles/fr-app'),
  en: () => import('./bundles/en-app'),
  nl: () => import('./bundles/nl-app'),
};

/** The first screens' strings in a language. */
export async function loadFirstMessages(language: Language): Promise<Messages> {
  return merged(await FIRST[language]());
}

/** The rest of the app's strings in a language. */
export async function loadAppMessages(language: Language): Promise<Messages> {
  return merged(await APP[language]());
}

function merged({ default: bundle }: Awaited<ReturnType<Bundle>>): Messages {
  return mergeMessages(bundle.common as Messages, bundle.features as Record<string, Messages>);
}
