import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import type { LegalConsent } from '@shared/contracts/me';
import { accountMenuEntries, termsPath, type AccountMenuInput } from './account-menu-entries';

const ALL = ['profile', 'subscription', 'emails', 'password', 'registration', 'connect', 'my-data'];
/** Overlays whose route admits registered users only (what `overlayOpensFor` reads from the contracts). */
const REGISTERED_ONLY = ['subscription', 'emails', 'password'];
const terms = (lang: 'fr' | 'en' | 'nl', path: string): LegalConsent => ({
  documentType: 'terms-of-use',
  version: '1',
  lang,
  path,
  publishedOn: '2026-01-01',
  status: 'accepted',
});

function ids(input: Partial<AccountMenuInput>): string[] {
  const isGuest = input.isGuest ?? false;
  return accountMenuEntries({
    isGuest,
    opens: (name) => ALL.includes(name) && !(isGuest && REGISTERED_ONLY.includes(name)),
    legalConsents: [],
    language: 'fr',
    supportEmail: 'support@example.com',
    ...input,
  }).map((e) => e.id);
}

describe('account menu entries', () => {
  it('a registered user gets the spec order without the guest entries', () => {
    expect(ids({ legalConsents: [terms('fr', '/legal/terms-fr.md')] })).toEqual([
      'profile',
      'subscription',
      'emails',
      'password',
      'myData',
      'logout',
      'signOutEverywhere',
      'feedback',
      'terms',
      'support',
    ]);
  });

  it('a guest gets create account and connect, never subscription, emails or password', () => {
    expect(ids({ isGuest: true })).toEqual([
      'profile',
      'registration',
      'connect',
      'myData',
      'logout',
      'feedback',
      'support',
    ]);
  });

  it('a guest leaves rather than signs out', () => {
    const entries = accountMenuEntries({
      isGuest: true,
      opens: () => false,
      legalConsents: [],
      language: 'fr',
      supportEmail: undefined,
    });
    expect(entries).toEqual([{ id: 'logout', labelKey: 'shell.account.leave', kind: 'logout' }]);
  });

  it('an entry whose overlay is not registered is absent', () => {
    expect(ids({ opens: (name) => name === 'emails' })).toEqual([
      'emails',
      'logout',
      'signOutEverywhere',
      'feedback',
      'support',
    ]);
  });

  it('feedback and support are absent without a support address; terms without a document', () => {
    expect(ids({ opens: () => false, supportEmail: undefined })).toEqual(['logout', 'signOutEverywhere']);
  });

  it('mail entries write to the support address', () => {
    const entries = accountMenuEntries({
      isGuest: false,
      opens: () => false,
      legalConsents: [],
      language: 'fr',
      supportEmail: 'help@example.com',
    });
    expect(entries.find((e) => e.id === 'support')).toMatchObject({ href: 'mailto:help@example.com' });
    expect(entries.find((e) => e.id === 'feedback')).toMatchObject({
      href: expect.stringMatching(/^mailto:help@example\.com\?subject=/) as unknown,
    });
  });

  it('terms link to the document in the interface language, else to another one', () => {
    const consents = [terms('en', '/legal/en.md'), terms('nl', '/legal/nl.md')];
    expect(termsPath(consents, 'nl')).toBe('/legal/nl.md');
    expect(termsPath(consents, 'fr')).toBe('/legal/en.md');
    expect(
      termsPath([{ ...terms('fr', '/legal/p.md'), documentType: 'privacy-policy' }], 'fr'),
    ).toBeUndefined();
  });

  it('every label is translated in fr, en and nl', () => {
    const labels = [false, true].flatMap((isGuest) =>
      accountMenuEntries({
        isGuest,
        opens: () => true,
        legalConsents: [terms('fr', '/t')],
        language: 'fr',
        supportEmail: 's@example.com',
      }).map((e) => e.labelKey),
    );
    for (const lng of ['fr', 'en', 'nl'])
      expect(labels.filter((key) => !i18n.exists(key, { lng }))).toEqual([]);
  });
});
