/**
 * What the next step will need, fetched ahead of it: while a person types their email on the
 * sign-in page, the code of the signed-in start (the auth library, the app's strings, the home page)
 * downloads, so that signing in opens home without a wait. The app says what that code is.
 */
let signedInStart: (() => void) | undefined;
let started = false;

export function setSignedInStartPrefetch(prefetch: () => void): void {
  signedInStart = prefetch;
}

/** Starts fetching the signed-in start's code, once. */
export function prefetchSignedInStart(): void {
  if (started || !signedInStart) return;
  started = true;
  signedInStart();
}
