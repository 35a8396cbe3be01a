import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shared/contracts/headers';
import { loadAppMessages, loadFirstMessages } from './messages';

/** Where the chosen language is kept between visits (spec 01 §9). */
export const LANGUAGE_STORAGE_KEY = 'lang';
/** Query parameter that sets the language: `?lang=en`. */
export const LANGUAGE_QUERY_PARAMETER = 'lang';

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
  if (i18n.hasResourceBundle(language, 'translation')) await withApp(language);
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

/**
 * Whether the app beyond the first screens is wanted (a signed-in person, a page other than sign-in):
 * from then on, a language loads with all its strings. Component tests want everything at once.
 */
let appWanted = import.meta.env.MODE === 'test';
/** The languages whose app strings are there. */
const withAppStrings = new Set<Language>();

async function messagesOf(language: Language) {
  if (!appWanted) return loadFirstMessages(language);
  const [first, app] = await Promise.all([loadFirstMessages(language), loadAppMessages(language)]);
  withAppStrings.add(language);
  return { ...first, ...app };
}

/** Loads a language's strings when i18next first needs them (start, a change of language). */
const languageBundles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) {
      callback(new Error(`i18n: no strings for "${language}"`), false);
      return;
    }
    messagesOf(language).then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

i18n.on('languageChanged', reflectLanguage);
// The first screen waits for its language's first strings (one chunk); the rest loads when the app
// beyond sign-in is wanted, and other languages when chosen.
await i18n
  .use(languageBundles)
  .use(initReactI18next)
  .init({
    lng: initial,
    // Every language has every key (the i18n test): no second language is fetched as a fallback.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    preload: import.meta.env.MODE === 'test' ? [...LANGUAGES] : [],
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });

/** Whether the strings of the whole app are there in the language shown. */
export function hasAppStrings(): boolean {
  return withAppStrings.has(currentLanguage());
}

/** Whether every string the app wants now is there in a language. */
export function hasLanguageStrings(language: Language): boolean {
  return i18n.hasResourceBundle(language, 'translation') && (!appWanted || withAppStrings.has(language));
}

/** Loads the strings of the whole app in the language shown (and, from now on, in any other). */
export async function loadAppStrings(): Promise<void> {
  appWanted = true;
  await withApp(currentLanguage());
}

/** Adds the app strings to a language loaded before they were wanted, once they are. */
async function withApp(language: Language): Promise<void> {
  if (!appWanted || withAppStrings.has(language)) return;
  i18n.addResourceBundle(language, 'translation', await loadAppMessages(language), true, false);
  withAppStrings.add(language);
}

/** Makes sure a language's strings are there (a preview in another language than the interface's). */
export async function loadLanguage(language: Language): Promise<void> {
  await i18n.loadLanguages(language);
  await withApp(language);
}

export default i18n;
