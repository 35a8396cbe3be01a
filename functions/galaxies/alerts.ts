import { sendTemplatedEmail } from '../lib/mail';
import { mailLocale } from '../lib/mail-templates';
import { galaxiesDb } from './store';
import { quotaAlertMail } from './mail';

/**
 * Mails every active admin of a galaxy, once each, that a quota crossed its alert (the notify
 * worker calls it for a `quota-alert` message). A galaxy that is gone is told to nobody.
 */
export async function mailQuotaAlert(galaxyId: string, quota: string, value: number): Promise<number> {
  const db = galaxiesDb();
  const [{ data: galaxy }, { data: members }] = await Promise.all([
    db.entities.galaxy.get({ galaxyId }).go(),
    db.entities.galaxyMember.query.galaxy({ galaxyId }).go({ pages: 'all' }),
  ]);
  if (!galaxy) return 0;
  const emails = new Map<string, string>();
  for (const member of members) {
    if (member.active && member.roles.includes('admin') && !emails.has(member.email.toLowerCase())) {
      emails.set(member.email.toLowerCase(), member.name);
    }
  }
  const locale = mailLocale(galaxy.language);
  await Promise.all(
    [...emails].map(([email, name]) =>
      sendTemplatedEmail(email, quotaAlertMail, locale, { galaxy: galaxy.name, quota, value, name }),
    ),
  );
  return emails.size;
}
