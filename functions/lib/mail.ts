import type { Language } from '@shared/contracts/headers';
import { sesApi } from './ses';
import { config } from './config';
import { renderEmail, type MailTemplate, type RenderedEmail } from './mail-templates';

export interface OutgoingEmail extends RenderedEmail {
  to: string;
}

/** Sends one email through SES v2 from MAIL_FROM (locally: the SES emulator). Returns SES's message id. */
export async function sendEmail(email: OutgoingEmail): Promise<string | undefined> {
  const { client, sdk } = await sesApi();
  const result = await client.send(
    new sdk.SendEmailCommand({
      FromEmailAddress: config().MAIL_FROM,
      Destination: { ToAddresses: [email.to] },
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: {
            Html: { Data: email.html, Charset: 'UTF-8' },
            Text: { Data: email.text, Charset: 'UTF-8' },
          },
        },
      },
    }),
  );
  return result.MessageId;
}

/** Renders a template in the recipient's language and sends it. */
export async function sendTemplatedEmail<V>(
  to: string,
  template: MailTemplate<V>,
  locale: Language,
  values: V,
): Promise<string | undefined> {
  return sendEmail({ to, ...renderEmail(template, locale, values) });
}
