/** The phone domain as the registry (functions/domains.ts) reads it. */
import { phoneRoutes } from '../../shared/contracts/phone';
import { defineDomain, eraseInBatches, isoTime as iso } from '../lib/domain';
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
  ],
  // Codes go out by SMS (functions/lib/sms.ts); a proved phone updates the user's open tabs.
  grants: { sms: true, events: true },
});
