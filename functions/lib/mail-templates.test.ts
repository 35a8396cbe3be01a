import { describe, expect, it } from 'vitest';
import { mailLocale, renderEmail, type MailTemplate } from './mail-templates';

const note: MailTemplate<{ name: string }> = {
  fr: ({ name }) => ({
    subject: `Pour ${name}`,
    greeting: `Bonjour ${name},`,
    paragraphs: ['Texte'],
    footer: 'Pied',
  }),
  en: ({ name }) => ({
    subject: `For ${name}`,
    greeting: `Hello ${name},`,
    paragraphs: ['Text'],
    footer: 'Foot',
  }),
  nl: ({ name }) => ({
    subject: `Voor ${name}`,
    greeting: `Hallo ${name},`,
    paragraphs: ['Tekst'],
    footer: 'Voet',
  }),
};

describe('mail layout', () => {
  it('gives the subject, a text body and an HTML body in the language asked', () => {
    const mail = renderEmail(note, 'nl', { name: 'Camille' });
    expect(mail.subject).toBe('Voor Camille');
    expect(mail.text).toBe('Hallo Camille,\n\nTekst\n\nVoet\n');
    expect(mail.html).toContain('lang="nl"');
  });

  it('escapes values in the HTML body', () => {
    const mail = renderEmail(note, 'en', { name: '<script>alert("x")</script>' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });
});

describe('mail language', () => {
  it('takes the first language the product speaks, else French', () => {
    expect(mailLocale(undefined, 'nl')).toBe('nl');
    expect(mailLocale('en', 'nl')).toBe('en');
    expect(mailLocale('nl-BE')).toBe('nl');
    expect(mailLocale('de', null)).toBe('fr');
    expect(mailLocale()).toBe('fr');
  });
});
