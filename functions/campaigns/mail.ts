import type { MailTemplate } from '../lib/mail-templates';

/** The values of a cycle's notification to one person. */
export interface CycleMailValues {
  /** The campaign's public name in the person's language. */
  campaign: string;
  /** The subject the admins wrote; the template's own when they left it empty. */
  subject: string;
  /** The message the admins wrote, its `{url}` already replaced by the person's link. */
  message: string;
  firstName?: string | undefined;
  /** An admin's copy says so: admins receive what participants are sent, to follow the cycle. */
  forAdmin: boolean;
}

const paragraphs = (message: string) =>
  message
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter((p) => p !== '');

/**
 * A cycle's invitation or reminder (spec 02 §3 Cycle notifications): the admins' words, framed in
 * the person's language; the link it carries opens their participation.
 */
export const cycleMail: MailTemplate<CycleMailValues> = {
  fr: ({ campaign, subject, message, firstName, forAdmin }) => ({
    subject: subject || `${campaign} : votre avis compte`,
    greeting: firstName ? `Bonjour ${firstName},` : 'Bonjour,',
    paragraphs: [
      ...(forAdmin ? [`Message prévu pour la campagne « ${campaign} » :`] : []),
      ...paragraphs(message),
    ],
    footer: forAdmin
      ? 'Vous recevez ce rappel parce que vous administrez cette campagne.'
      : 'Vos réponses sont anonymes : personne dans votre organisation ne peut savoir ce que vous avez répondu.',
  }),
  en: ({ campaign, subject, message, firstName, forAdmin }) => ({
    subject: subject || `${campaign}: your opinion counts`,
    greeting: firstName ? `Hello ${firstName},` : 'Hello,',
    paragraphs: [
      ...(forAdmin ? [`Message planned for the campaign "${campaign}":`] : []),
      ...paragraphs(message),
    ],
    footer: forAdmin
      ? 'You receive this reminder because you run this campaign.'
      : 'Your answers are anonymous: nobody in your organisation can know what you answered.',
  }),
  nl: ({ campaign, subject, message, firstName, forAdmin }) => ({
    subject: subject || `${campaign}: jouw mening telt`,
    greeting: firstName ? `Hallo ${firstName},` : 'Hallo,',
    paragraphs: [
      ...(forAdmin ? [`Gepland bericht voor de campagne "${campaign}":`] : []),
      ...paragraphs(message),
    ],
    footer: forAdmin
      ? 'Je ontvangt deze herinnering omdat je deze campagne beheert.'
      : 'Je antwoorden zijn anoniem: niemand in je organisatie kan weten wat je geantwoord hebt.',
  }),
};
