import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/contracts/headers';

/**
 * The product's emails, one typed entry per template and language (fr default, en, nl). Each
 * language gives a subject, a greeting, paragraphs and an optional highlighted value; one layout
 * turns that into the HTML and text bodies, escaping every value.
 */

/** The values each template needs. Later features add their templates here. */
export interface MailTemplateValues {
  'login-code': { code: string; validityMinutes: number; firstName?: string | undefined };
  'email-verification': { code: string; validityMinutes: number; firstName?: string | undefined };
}
export type MailTemplateName = keyof MailTemplateValues;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** Shown large in the HTML body and on its own line in the text body (a code). */
  highlight?: string;
  /** Small print after the main content. */
  footer: string;
}

type Template<V> = Record<Language, (values: V) => MailContent>;

const templates: { [K in MailTemplateName]: Template<MailTemplateValues[K]> } = {
  'email-verification': {
    fr: ({ code, validityMinutes, firstName }) => ({
      subject: `${code} est votre code de vérification d'adresse`,
      greeting: firstName ? `Bonjour ${firstName},` : 'Bonjour,',
      paragraphs: ['Pour confirmer que cette adresse e-mail vous appartient, saisissez ce code :'],
      highlight: code,
      footer: `Ce code est valable ${validityMinutes} minutes. Si vous n'avez pas ajouté cette adresse à votre compte, ignorez cet e-mail.`,
    }),
    en: ({ code, validityMinutes, firstName }) => ({
      subject: `${code} is your email verification code`,
      greeting: firstName ? `Hello ${firstName},` : 'Hello,',
      paragraphs: ['To confirm that this email address is yours, enter this code:'],
      highlight: code,
      footer: `This code is valid for ${validityMinutes} minutes. If you did not add this address to your account, ignore this email.`,
    }),
    nl: ({ code, validityMinutes, firstName }) => ({
      subject: `${code} is uw verificatiecode voor uw e-mailadres`,
      greeting: firstName ? `Hallo ${firstName},` : 'Hallo,',
      paragraphs: ['Voer deze code in om te bevestigen dat dit e-mailadres van u is:'],
      highlight: code,
      footer: `Deze code is ${validityMinutes} minuten geldig. Hebt u dit adres niet aan uw account toegevoegd, negeer dan deze e-mail.`,
    }),
  },
  'login-code': {
    fr: ({ code, validityMinutes, firstName }) => ({
      subject: `${code} est votre code de connexion`,
      greeting: firstName ? `Bonjour ${firstName},` : 'Bonjour,',
      paragraphs: ['Voici votre code de connexion :'],
      highlight: code,
      footer: `Ce code est valable ${validityMinutes} minutes. Si vous n'avez pas demandé à vous connecter, ignorez cet e-mail : personne ne peut se connecter sans ce code.`,
    }),
    en: ({ code, validityMinutes, firstName }) => ({
      subject: `${code} is your sign-in code`,
      greeting: firstName ? `Hello ${firstName},` : 'Hello,',
      paragraphs: ['Here is your sign-in code:'],
      highlight: code,
      footer: `This code is valid for ${validityMinutes} minutes. If you did not ask to sign in, ignore this email: nobody can sign in without this code.`,
    }),
    nl: ({ code, validityMinutes, firstName }) => ({
      subject: `${code} is uw aanmeldcode`,
      greeting: firstName ? `Hallo ${firstName},` : 'Hallo,',
      paragraphs: ['Hier is uw aanmeldcode:'],
      highlight: code,
      footer: `Deze code is ${validityMinutes} minuten geldig. Hebt u niet gevraagd om aan te melden, negeer dan deze e-mail: niemand kan zich aanmelden zonder deze code.`,
    }),
  },
};

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function layout(content: MailContent, locale: Language): RenderedEmail {
  const html = [
    '<!doctype html>',
    `<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">',
    `<p>${escapeHtml(content.greeting)}</p>`,
    ...content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    content.highlight
      ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(content.highlight)}</p>`
      : '',
    `<p style="font-size:13px;color:#52606d">${escapeHtml(content.footer)}</p>`,
    '</body></html>',
  ]
    .filter((line) => line !== '')
    .join('\n');
  const text = [
    content.greeting,
    '',
    ...content.paragraphs,
    ...(content.highlight ? ['', content.highlight] : []),
    '',
    content.footer,
    '',
  ].join('\n');
  return { subject: content.subject, html, text };
}

/** The locale an email goes out in: the given one when the product speaks it, else French. */
export function mailLocale(...candidates: (string | undefined | null)[]): Language {
  for (const candidate of candidates) {
    const value = candidate?.trim().toLowerCase().slice(0, 2);
    if (value && (LANGUAGES as readonly string[]).includes(value)) return value as Language;
  }
  return DEFAULT_LANGUAGE;
}

export function renderEmail<K extends MailTemplateName>(
  template: K,
  locale: Language,
  values: MailTemplateValues[K],
): RenderedEmail {
  const byLocale = templates[template] as Template<MailTemplateValues[K]>;
  return layout(byLocale[locale](values), locale);
}
