import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shared/contracts/headers';
import en from './en.json';
import fr from './fr.json';
import nl from './nl.json';

/** Where the chosen language is kept between visits (spec 01 §9). */
export const LANGUAGE_STORAGE_KEY = 'lang';
/** Query parameter that sets the language: `?lang=en`. */
export const LANGUAGE_QUERY_PARAMETER = 'lang';

type Messages = { [key: string]: string | Messages };

/**
 * A feature keeps its own strings in `features/<feature>/i18n/{fr,en,nl}.json`, under top-level keys
 * of its own; they are merged into the common ones. Two files claiming the same top-level key is a
 * mistake, caught here at start-up (and by the i18n test).
 */
const featureMessages = import.meta.glob<{ default: Messages }>('../features/*/i18n/*.json', { eager: true });

function messagesFor(language: Language, common: Messages): Messages {
  const merged: Messages = { ...common };
  for (const [path, module] of Object.entries(featureMessages)) {
    if (!path.endsWith(`/${language}.json`)) continue;
    for (const [key, value] of Object.entries(module.default)) {
      if (key in merged) throw new Error(`i18n: top-level key "${key}" of ${path} is already defined`);
      merged[key] = value;
    }
  }
  return merged;
}

export const resources = {
  fr: { translation: messagesFor('fr', fr as Messages) },
  en: { translation: messagesFor('en', en as Messages) },
  nl: { translation: messagesFor('nl', nl as Messages) },
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function store(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be disabled (private mode): the language then lasts for this page only.
  }
}

/** `?lang=xx` first, then the stored choice, then French. */
export function detectLanguage(search: string, stored: string | null): Language {
  const fromQuery = new URLSearchParams(search).get(LANGUAGE_QUERY_PARAMETER)?.toLowerCase();
  if (isLanguage(fromQuery)) return fromQuery;
  if (isLanguage(stored)) return stored;
  return DEFAULT_LANGUAGE;
}

/** The language the interface shows now, as the `x-language` header and sign-up send it. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/** Changes the language at once and keeps the choice. */
export async function setLanguage(language: Language): Promise<void> {
  store(language);
  await i18n.changeLanguage(language);
}

function reflectLanguage(lng: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  document.title = i18n.t('app.name');
}

const hasWindow = typeof window !== 'undefined';
const initial = detectLanguage(hasWindow ? window.location.search : '', hasWindow ? readStored() : null);
if (
  hasWindow &&
  isLanguage(new URLSearchParams(window.location.search).get(LANGUAGE_QUERY_PARAMETER)?.toLowerCase())
)
  store(initial);

i18n.on('languageChanged', reflectLanguage);
void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});

export default i18n;
