import { eraseInBatches, isoTime as iso, type Belonging } from '../lib/domain';
import { emailsDb as db } from './store';

/** What the emails domain holds about a user: the verification codes of their addresses. */
export const EMAILS_BELONGINGS: readonly Belonging[] = [
  {
    name: 'emailVerificationCodes',
    covers: ['emailCode'],
    csv: 'email-verification-codes.csv',
    describe: {
      fr: 'les codes de vérification de vos adresses (dates seulement)',
      en: 'the verification codes of your addresses (dates only)',
      nl: 'de verificatiecodes van je adressen (alleen datums)',
    },
    onLeave: 'erase',
    async gather(owner) {
      const found = await Promise.all(
        owner.emails.map(
          async (email) => (await db().entities.emailCode.get({ userId: owner.userId, email }).go()).data,
        ),
      );
      const items = found.flatMap((c) => (c ? [c] : []));
      return {
        records: items.map((c) => ({
          email: c.email,
          validUntil: iso(c.validUntil),
          attempts: c.attempts,
        })),
        leave: () =>
          eraseInBatches(
            (keys) => db().entities.emailCode.delete(keys).go(),
            items.map(({ userId, email }) => ({ userId, email })),
          ),
      };
    },
  },
];
