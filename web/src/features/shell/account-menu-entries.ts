import type { LegalConsent } from '@shared/contracts/me';

/** Overlays the account menu can open; an entry is offered only once its overlay is registered. */
export const ACCOUNT_OVERLAYS = {
  profile: 'profile',
  subscription: 'subscription',
  emails: 'emails',
  password: 'password',
  registration: 'registration',
  connect: 'connect',
  myData: 'my-data',
} as const;

export type AccountMenuEntry =
  | { id: string; labelKey: string; kind: 'overlay'; overlay: string }
  | { id: string; labelKey: string; kind: 'link'; href: string }
  | { id: 'logout'; labelKey: string; kind: 'logout' }
  | { id: 'signOutEverywhere'; labelKey: string; kind: 'logout-everywhere' };

export interface AccountMenuInput {
  isGuest: boolean;
  /**
   * Whether the overlay exists and opens for this user: a guest is never offered one that serves a
   * registered-only route (the rule lives in the route's contract, read through the overlay).
   */
  opens: (name: string) => boolean;
  legalConsents: readonly LegalConsent[];
  language: string;
  supportEmail: string | undefined;
}

/** The terms-of-use document to link to: the one in the interface language, else any. */
export function termsPath(consents: readonly LegalConsent[], language: string): string | undefined {
  const terms = consents.filter((c) => c.documentType === 'terms-of-use');
  return (terms.find((c) => c.lang === language) ?? terms[0])?.path;
}

/**
 * The settings menu in the spec's order (spec 01 §2): profile, subscription, emails, change
 * password, create account, connect, logout (and sign out everywhere), feedback, terms, support by
 * mail; "my data" after the account entries. Entries that guests may not use are hidden for them
 * (their routes are registered-only), the ways out of guest mode are offered to guests only, and an
 * entry whose overlay or target does not exist is absent rather than a dead end.
 */
export function accountMenuEntries(input: AccountMenuInput): AccountMenuEntry[] {
  const { isGuest, opens, supportEmail } = input;
  const entries: AccountMenuEntry[] = [];
  const overlay = (id: string, overlayName: string, when = true) => {
    if (when && opens(overlayName))
      entries.push({ id, labelKey: `shell.account.${id}`, kind: 'overlay', overlay: overlayName });
  };
  overlay('profile', ACCOUNT_OVERLAYS.profile);
  overlay('subscription', ACCOUNT_OVERLAYS.subscription);
  overlay('emails', ACCOUNT_OVERLAYS.emails);
  overlay('password', ACCOUNT_OVERLAYS.password);
  overlay('registration', ACCOUNT_OVERLAYS.registration, isGuest);
  overlay('connect', ACCOUNT_OVERLAYS.connect, isGuest);
  overlay('myData', ACCOUNT_OVERLAYS.myData);
  entries.push({
    id: 'logout',
    labelKey: isGuest ? 'shell.account.leave' : 'shell.account.logout',
    kind: 'logout',
  });
  // A guest has one device and no address to sign in again with: leaving is its only way out.
  if (!isGuest)
    entries.push({
      id: 'signOutEverywhere',
      labelKey: 'shell.account.signOutEverywhere',
      kind: 'logout-everywhere',
    });
  if (supportEmail)
    entries.push({
      id: 'feedback',
      labelKey: 'shell.account.feedback',
      kind: 'link',
      href: `mailto:${supportEmail}?subject=${encodeURIComponent('Feedback')}`,
    });
  const terms = termsPath(input.legalConsents, input.language);
  if (terms) entries.push({ id: 'terms', labelKey: 'shell.account.terms', kind: 'link', href: terms });
  if (supportEmail)
    entries.push({
      id: 'support',
      labelKey: 'shell.account.support',
      kind: 'link',
      href: `mailto:${supportEmail}`,
    });
  return entries;
}
