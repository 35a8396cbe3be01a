/** The subscriptions domain as the registry (functions/domains.ts) reads it. */
import { subscriptionRoutes } from '@shared/contracts/subscriptions';
import { defineDomain } from '../lib/domain';
import { erasePromotionCodes, eraseRedemptions, promotionCodesOf, redemptionsOf } from './repository';
import { SUBSCRIPTIONS_ENTITIES } from './store';

export const subscriptionsDomain = defineDomain({
  name: 'subscriptions',
  routes: subscriptionRoutes,
  entities: SUBSCRIPTIONS_ENTITIES,
  belongings: [
    {
      name: 'promotion-code-redemptions',
      covers: ['promotionRedemption'],
      csv: 'promotion-code-redemptions.csv',
      describe: {
        fr: 'les codes promotionnels que vous avez utilisés, le mois offert et sa date de fin',
        en: 'the promotion codes you redeemed, the free month and when it ends',
        nl: 'de promotiecodes die je hebt ingewisseld, de gratis maand en wanneer die afloopt',
      },
      // Erased: the free months are on the account (its plan and end); the code's tally keeps the
      // voucher taken, so its count stays right without naming anyone.
      onLeave: 'erase',
      async gather(owner) {
        const items = await redemptionsOf(owner.userId);
        return {
          records: items.map((r) => ({
            code: r.code,
            subscription: r.subscription,
            planUntil: r.planUntil,
            redeemedAt: r.redeemedAt,
          })),
          leave: () => eraseRedemptions(items),
        };
      },
    },
    {
      name: 'promotion-codes',
      covers: ['promotionCode'],
      csv: 'promotion-codes.csv',
      describe: {
        fr: 'les codes promotionnels que vous avez créés comme ambassadeur : nom, sphère, session, nombre et utilisations',
        en: 'the promotion codes you created as an ambassador: name, sphere, session, count and uses',
        nl: 'de promotiecodes die je als ambassadeur hebt gemaakt: naam, sfeer, sessie, aantal en gebruik',
      },
      // Erased: a code is valid on the day of its creation only, and what it gave is on the
      // accounts of the people who redeemed it; nothing else relies on it.
      onLeave: 'erase',
      async gather(owner) {
        const items = await promotionCodesOf(owner.userId);
        return {
          records: items.map((c) => ({
            code: c.code,
            number: c.number,
            name: c.name,
            sphereId: c.sphereId,
            sphereName: c.sphereName,
            sessionId: c.sessionId,
            sessionName: c.sessionName,
            count: c.count,
            used: c.used,
            validOn: c.day,
            createdAt: c.createdAt,
          })),
          leave: () => erasePromotionCodes(items),
        };
      },
    },
  ],
  // A redemption tells the person's open tabs that their rules changed.
  grants: { events: true },
});
