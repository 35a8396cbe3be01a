import { useSyncExternalStore } from 'react';

/**
 * The global API-error banner (spec 01 §8 Display): a background refresh that fails leaves the page
 * showing older data, so the shell says so at the top until the user closes it.
 */
let current: unknown;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function reportBackgroundError(error: unknown): void {
  current = error;
  emit();
}

export function dismissBackgroundError(): void {
  current = undefined;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBackgroundError(): unknown {
  return useSyncExternalStore(subscribe, () => current);
}
