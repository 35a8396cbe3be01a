import { useEffect, useState } from 'react';
import type { Language } from '@shared/contracts/headers';
import { hasAppStrings, hasLanguageStrings, loadAppStrings, loadLanguage } from '../i18n';

/**
 * Whether the strings of another language than the interface's are there, loading them the first
 * time they are asked for (a sphere's texts previewed in each of its languages).
 */
export function useLanguageStrings(language: Language): boolean {
  const [, setLoaded] = useState<Language | null>(null);
  const ready = hasLanguageStrings(language);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadLanguage(language).then(
      () => live && setLoaded(language),
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
    };
  }, [ready, language]);
  return ready;
}

export type AppStrings =
  { status: 'ready' } | { status: 'loading' } | { status: 'failed'; error: unknown; retry(): void };

/**
 * The whole app's strings, loaded when `wanted` (past the first screens): the sign-in page shows
 * with its own strings only, every other page waits for these.
 */
export function useAppStrings(wanted: boolean): AppStrings {
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<{ attempt: number; error: unknown } | null>(null);
  const [, setLoaded] = useState(false);
  const ready = !wanted || hasAppStrings();
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadAppStrings().then(
      () => live && setLoaded(true),
      (error: unknown) => {
        console.error(error);
        if (live) setFailure({ attempt, error });
      },
    );
    return () => {
      live = false;
    };
  }, [ready, attempt]);
  if (ready) return { status: 'ready' };
  if (failure?.attempt === attempt)
    return { status: 'failed', error: failure.error, retry: () => setAttempt((n) => n + 1) };
  return { status: 'loading' };
}
