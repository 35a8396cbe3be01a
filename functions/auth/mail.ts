import type { MailTemplate } from '../lib/mail-templates';

/** The values of the sign-in code email. */
export interface LoginCodeMailValues {
  code: string;
  validityMinutes: number;
  firstName?: string | undefined;
}

/** The sign-in code email (spec 01 §8 login). */
export const loginCodeMail: MailTemplate<LoginCodeMailValues> = {
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
    subject: `${code} is je aanmeldcode`,
    greeting: firstName ? `Hallo ${firstName},` : 'Hallo,',
    paragraphs: ['Hier is je aanmeldcode:'],
    highlight: code,
    footer: `Deze code is ${validityMinutes} minuten geldig. Heb je niet gevraagd om aan te melden, negeer dan deze e-mail: niemand kan zich aanmelden zonder deze code.`,
  }),
};
