import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shared/contracts/headers';

/**
 * The layout of the product's emails. Each domain defines its own templates beside its code
 * (`functions/<domain>/mail.ts`), one function per language (fr default, en, nl) giving a subject,
 * a greeting, paragraphs and an optional highlighted value; this layout turns that into the HTML
 * and text bodies, escaping every value.
 */

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** Shown large in the HTML body and on its own line in the text body (a code). */
  highlight?: string;
  /** Small print after the main content. */
  footer: string;
}

/** One template: its content in each language the product speaks. */
export type MailTemplate<V> = Record<Language, (values: V) => MailContent>;

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

/** The email a template gives in one language. */
export function renderEmail<V>(template: MailTemplate<V>, locale: Language, values: V): RenderedEmail {
  return layout(template[locale](values), locale);
}
