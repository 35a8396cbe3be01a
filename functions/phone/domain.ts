/** The phone domain as the registry (functions/domains.ts) reads it. */
import { phoneRoutes } from '@shared/contracts/phone';
import { defineDomain, eraseInBatches, isoTime as iso } from '../lib/domain';
import { getAccount } from '../users';
import { sendsToNumber } from './send-limit';
import { PHONE_ENTITIES, phoneDb as db } from './store';

export const phoneDomain = defineDomain({
  name: 'phone',
  routes: phoneRoutes,
  entities: PHONE_ENTITIES,
  belongings: [
    {
      name: 'phoneVerification',
      covers: ['phoneVerification'],
      single: true,
      describe: {
        fr: 'le changement de numéro de téléphone en cours et ses codes SMS (dates seulement)',
        en: 'the phone number change under way and its SMS codes (dates only)',
        nl: 'de lopende wijziging van je telefoonnummer en de sms-codes (alleen datums)',
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
    {
      // The sends that count a number's texts (decision 0006), of the number the user proved: a
      // number merely asked for may be someone else's, and its count stays (it ends within 24 h).
      name: 'phoneCodeSends',
      covers: ['phoneCodeSend'],
      csv: 'phone-code-sends.csv',
      describe: {
        fr: 'les envois récents de SMS à votre numéro, qui limitent leur nombre',
        en: 'recent texts sent to your number, which limit how many can be sent',
        nl: 'recente sms’en naar je nummer, die hun aantal beperken',
      },
      onLeave: 'erase',
      async gather(owner) {
        const phone = (await getAccount(owner.userId))?.user.phone;
        const items = phone === undefined ? [] : await sendsToNumber(phone);
        return {
          records: items.map((s) => ({ phone: s.phone, sentAt: iso(s.sentAt) })),
          leave: () =>
            eraseInBatches(
              (keys) => db().entities.phoneCodeSend.delete(keys).go(),
              items.map(({ phone: number, slot }) => ({ phone: number, slot })),
            ),
        };
      },
    },
  ],
  // Codes go out by SMS (functions/lib/sms.ts); a proved phone updates the user's open tabs.
  grants: { sms: true, events: true },
});
