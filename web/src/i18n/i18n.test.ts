// @vitest-environment happy-dom
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_KEYS, VALIDATION_KEYS } from '@shared/contracts/errors';
import { LANGUAGES } from '@shared/contracts/headers';
import { COGNITO_ERROR_NAMES, TRIGGER_ERROR_KEYS } from '../lib/sign-in-errors';
import i18n, { LANGUAGE_STORAGE_KEY, detectLanguage, setLanguage } from './index';
import { mergeMessages, type Messages } from './merge';
import { FIRST_FEATURES, loadAppMessages, loadFirstMessages } from './messages';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const loaded = Object.fromEntries(
  await Promise.all(
    LANGUAGES.map(
      async (lng) => [lng, { first: await loadFirstMessages(lng), app: await loadAppMessages(lng) }] as const,
    ),
  ),
) as Record<(typeof LANGUAGES)[number], { first: Messages; app: Messages }>;

const flat = Object.fromEntries(
  LANGUAGES.map((lng) => [lng, flatten(mergeMessages(loaded[lng].first, { app: loaded[lng].app }) as Tree)]),
) as Record<(typeof LANGUAGES)[number], Map<string, string>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function hasKey(keys: Map<string, string>, key: string): boolean {
  return keys.has(key) || keys.has(`${key}_one`) || keys.has(`${key}_other`);
}

/** Each feature's strings, by its folder: features/<folder>/i18n/<language>.json. */
const featureStrings = import.meta.glob<Messages>('../features/*/i18n/fr.json', {
  eager: true,
  import: 'default',
});

describe('translations', () => {
  it("come in two parts: the first screens' features with the common strings, every other feature after", () => {
    for (const [path, messages] of Object.entries(featureStrings)) {
      const feature = path.split('/')[2] as string;
      const first = (FIRST_FEATURES as readonly string[]).includes(feature);
      for (const key of Object.keys(messages)) {
        expect(key in loaded.fr.first, `${feature}: ${key} in the first part`).toBe(first);
        expect(key in loaded.fr.app, `${feature}: ${key} in the app part`).toBe(!first);
      }
    }
    expect(Object.keys(featureStrings).length).toBeGreaterThan(25);
  });

  it('Dutch speaks to the person in one register, "je", never "u" or "uw"', () => {
    const formal = [...flat.nl].filter(([, text]) =>
      /(^|[^\p{L}])([Uu]|[Uu]w|[Uu]zelf)(?![\p{L}])/u.test(text),
    );
    expect(formal.map(([key]) => key)).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== 'fr'))('%s has exactly the keys of fr', (lng) => {
    const fr = [...flat.fr.keys()].sort();
    const other = [...flat[lng].keys()].sort();
    expect(
      other.filter((k) => !flat.fr.has(k)),
      `keys only in ${lng}`,
    ).toEqual([]);
    expect(
      fr.filter((k) => !flat[lng].has(k)),
      `keys missing in ${lng}`,
    ).toEqual([]);
  });

  it.each(LANGUAGES)('%s has no empty value', (lng) => {
    const empty = [...flat[lng].entries()].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it.each(LANGUAGES)('%s keeps the placeholders of fr', (lng) => {
    const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const differing = [...flat.fr.entries()]
      .filter(
        ([k, v]) => JSON.stringify(placeholders(v)) !== JSON.stringify(placeholders(flat[lng].get(k) ?? '')),
      )
      .map(([k]) => k);
    expect(differing).toEqual([]);
  });

  it('explains every error key of the contracts and every sign-in error', () => {
    const keys = [
      ...ERROR_KEYS,
      ...VALIDATION_KEYS,
      ...TRIGGER_ERROR_KEYS,
      ...COGNITO_ERROR_NAMES,
      'network-error',
    ];
    expect(keys.filter((k) => !flat.fr.has(`errors.${k}`))).toEqual([]);
  });

  it('has every key the source code asks for', () => {
    const root = join(__dirname, '..');
    const missing: string[] = [];
    let asked = 0;
    for (const file of sourceFiles(root)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([^']+)'/g)) {
        const key = match[1] as string;
        asked++;
        if (!hasKey(flat.fr, key)) missing.push(`${relative(root, file)}: ${key}`);
      }
    }
    expect(asked).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});

describe('language choice', () => {
  beforeEach(async () => {
    window.localStorage.clear();
    await i18n.changeLanguage('fr');
  });

  it('is French by default', () => {
    expect(detectLanguage('', null)).toBe('fr');
  });

  it('comes from ?lang= before the stored choice', () => {
    expect(detectLanguage('?lang=nl', 'en')).toBe('nl');
    expect(detectLanguage('?lang=EN', null)).toBe('en');
  });

  it('ignores an unknown ?lang= value and keeps the stored choice', () => {
    expect(detectLanguage('?lang=de', 'en')).toBe('en');
    expect(detectLanguage('?lang=de', 'xx')).toBe('fr');
  });

  it('changes the interface and <html lang> at once and is kept locally', async () => {
    await setLanguage('en');
    expect(i18n.t('header.signOut')).toBe('Sign out');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });
});
