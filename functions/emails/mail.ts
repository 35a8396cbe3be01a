import type { MailTemplate } from '../lib/mail-templates';

/** The values of the address verification email. */
export interface EmailVerificationMailValues {
  code: string;
  validityMinutes: number;
  firstName?: string | undefined;
}

/** The code that proves an added address is the user's (spec 01 §4 Email). */
export const emailVerificationMail: MailTemplate<EmailVerificationMailValues> = {
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
    subject: `${code} is je verificatiecode voor je e-mailadres`,
    greeting: firstName ? `Hallo ${firstName},` : 'Hallo,',
    paragraphs: ['Voer deze code in om te bevestigen dat dit e-mailadres van jou is:'],
    highlight: code,
    footer: `Deze code is ${validityMinutes} minuten geldig. Heb je dit adres niet aan je account toegevoegd, negeer dan deze e-mail.`,
  }),
};
