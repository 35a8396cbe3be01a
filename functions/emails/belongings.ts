import { eraseInBatches, isoTime as iso, type Belonging } from '../lib/domain';
import { emailsDb as db } from './store';

/** What the emails domain holds about a user: the verification codes of their addresses and phone. */
export const EMAILS_BELONGINGS: readonly Belonging[] = [
  {
    name: 'emailVerificationCodes',
    covers: ['emailCode'],
    csv: 'email-verification-codes.csv',
    describe: {
      fr: 'les codes de vérification de vos adresses (dates seulement)',
      en: 'the verification codes of your addresses (dates only)',
      nl: 'de verificatiecodes van uw adressen (alleen datums)',
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
  {
    name: 'phoneVerification',
    covers: ['phoneVerification'],
    single: true,
    describe: {
      fr: 'le changement de numéro de téléphone en cours et ses codes SMS (dates seulement)',
      en: 'the phone number change under way and its SMS codes (dates only)',
      nl: 'de lopende wijziging van uw telefoonnummer en de sms-codes (alleen datums)',
    },
    onLeave: 'erase',
    async gather(owner) {
      const { data } = await db().entities.phoneVerification.get({ userId: owner.userId }).go();
      return {
        records: data
          ? [
              {
                pendingPhone: data.pendingPhone,
                codeValidUntil: data.validUntil === undefined ? undefined : iso(data.validUntil),
                requestedAt: data.requests.map(iso),
                failures: data.failures,
                lockedUntil: data.lockedUntil === undefined ? undefined : iso(data.lockedUntil),
                lockReason: data.lockReason,
              },
            ]
          : [],
        leave: () =>
          eraseInBatches(
            (keys) => db().entities.phoneVerification.delete(keys).go(),
            data ? [{ userId: data.userId }] : [],
          ),
      };
    },
  },
];
