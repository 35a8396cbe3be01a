/** The payments domain as the registry (functions/domains.ts) reads it. */
import { paymentRoutes } from '@shared/contracts/payments';
import { defineDomain } from '../lib/domain';
import { cancelForLeaving } from './leaving';
import { customerOf, eraseCustomer } from './repository';
import { PAYMENTS_ENTITIES } from './store';

export const paymentsDomain = defineDomain({
  name: 'payments',
  routes: paymentRoutes,
  entities: PAYMENTS_ENTITIES,
  belongings: [
    {
      name: 'card-payments',
      covers: ['paymentCustomer'],
      csv: 'card-payments.csv',
      describe: {
        fr: 'votre lien avec le prestataire de paiement par carte : ses identifiants de client et d’abonnement, le forfait acheté et son état (ni carte ni facture : elles restent chez le prestataire)',
        en: 'your link with the card payment provider: its customer and subscription ids, the plan bought and its state (no card nor invoice: they stay with the provider)',
        nl: 'je koppeling met de kaartbetaalprovider: zijn klant- en abonnements-id’s, het gekochte abonnement en de status ervan (geen kaart of factuur: die blijven bij de provider)',
      },
      // Erased, after the provider's subscription is cancelled: nothing is charged once the person
      // has left. The provider keeps its invoices, as accounting law asks of it.
      onLeave: 'erase',
      async gather(owner) {
        const link = await customerOf(owner.userId);
        return {
          records: link
            ? [
                {
                  customerId: link.customerId,
                  subscriptionId: link.subscriptionId,
                  plan: link.plan,
                  status: link.status,
                  periodEnd: link.periodEnd,
                  trialUsed: link.trialUsed,
                  createdAt: link.createdAt,
                  updatedAt: link.updatedAt,
                },
              ]
            : [],
          async leave() {
            if (!link) return;
            await cancelForLeaving(link);
            await eraseCustomer(owner.userId);
          },
        };
      },
    },
  ],
  // A plan change tells the person's open tabs; the provider's keys are in Secrets Manager; the
  // provider's pages send the person back to the web origin.
  grants: { events: true, payments: true },
});
