import type { MailTemplate } from '../lib/mail-templates';

/** The values of a quota alert crossing, to one galaxy admin. */
export interface QuotaAlertMailValues {
  galaxy: string;
  quota: string;
  value: number;
  name?: string | undefined;
}

/** A galaxy quota crossed its alert (decision 0045): told to each active galaxy admin, once. */
export const quotaAlertMail: MailTemplate<QuotaAlertMailValues> = {
  fr: ({ galaxy, quota, value, name }) => ({
    subject: `${galaxy} : le quota « ${quota} » approche de sa limite`,
    greeting: name ? `Bonjour ${name},` : 'Bonjour,',
    paragraphs: [
      `L'usage du quota « ${quota} » de la galaxie ${galaxy} a franchi son seuil d'alerte (valeur : ${value}).`,
      'Au-delà de la valeur, les créations seront bloquées. Vous pouvez demander un changement de quota.',
    ],
    footer: 'Vous recevez ce message parce que vous administrez cette galaxie.',
  }),
  en: ({ galaxy, quota, value, name }) => ({
    subject: `${galaxy}: the "${quota}" quota is nearing its limit`,
    greeting: name ? `Hello ${name},` : 'Hello,',
    paragraphs: [
      `The usage of the "${quota}" quota of the galaxy ${galaxy} crossed its alert threshold (value: ${value}).`,
      'Past the value, creating will be blocked. You can request a quota change.',
    ],
    footer: 'You receive this message because you administer this galaxy.',
  }),
  nl: ({ galaxy, quota, value, name }) => ({
    subject: `${galaxy}: het quotum "${quota}" nadert zijn limiet`,
    greeting: name ? `Hallo ${name},` : 'Hallo,',
    paragraphs: [
      `Het gebruik van het quotum "${quota}" van de galaxie ${galaxy} heeft de alarmdrempel overschreden (waarde: ${value}).`,
      'Boven de waarde wordt aanmaken geblokkeerd. Je kunt een wijziging van het quotum aanvragen.',
    ],
    footer: 'Je ontvangt dit bericht omdat je deze galaxie beheert.',
  }),
};

/** The values of a decided change request, to its requester. */
export interface QuotaRequestDecidedMailValues {
  galaxy: string;
  quota: string;
  requestedValue: number;
  validated: boolean;
  comment?: string | undefined;
  name?: string | undefined;
}

/** A quota change request was validated or rejected: told to the requester. */
export const quotaRequestDecidedMail: MailTemplate<QuotaRequestDecidedMailValues> = {
  fr: ({ galaxy, quota, requestedValue, validated, comment, name }) => ({
    subject: `${galaxy} : votre demande de quota « ${quota} » a été ${validated ? 'validée' : 'refusée'}`,
    greeting: name ? `Bonjour ${name},` : 'Bonjour,',
    paragraphs: [
      `Votre demande de passer le quota « ${quota} » à ${requestedValue} a été ${validated ? 'validée' : 'refusée'}.`,
      ...(comment ? [`Commentaire : ${comment}`] : []),
    ],
    footer: 'Vous recevez ce message parce que vous avez fait cette demande.',
  }),
  en: ({ galaxy, quota, requestedValue, validated, comment, name }) => ({
    subject: `${galaxy}: your "${quota}" quota request was ${validated ? 'validated' : 'rejected'}`,
    greeting: name ? `Hello ${name},` : 'Hello,',
    paragraphs: [
      `Your request to set the "${quota}" quota to ${requestedValue} was ${validated ? 'validated' : 'rejected'}.`,
      ...(comment ? [`Comment: ${comment}`] : []),
    ],
    footer: 'You receive this message because you made this request.',
  }),
  nl: ({ galaxy, quota, requestedValue, validated, comment, name }) => ({
    subject: `${galaxy}: je aanvraag voor het quotum "${quota}" is ${validated ? 'goedgekeurd' : 'afgewezen'}`,
    greeting: name ? `Hallo ${name},` : 'Hallo,',
    paragraphs: [
      `Je aanvraag om het quotum "${quota}" op ${requestedValue} te zetten is ${validated ? 'goedgekeurd' : 'afgewezen'}.`,
      ...(comment ? [`Opmerking: ${comment}`] : []),
    ],
    footer: 'Je ontvangt dit bericht omdat je deze aanvraag hebt gedaan.',
  }),
};
