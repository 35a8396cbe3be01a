/** The legal domain as the registry (functions/domains.ts) reads it. */
import { legalRoutes } from '@shared/contracts/legal';
import { defineDomain, eraseInBatches } from '../lib/domain';
import { LEGAL_ENTITIES, legalDb as db } from './store';

export const legalDomain = defineDomain({
  name: 'legal',
  routes: legalRoutes,
  entities: LEGAL_ENTITIES,
  belongings: [
    {
      name: 'legalConsents',
      covers: ['legalAcceptance'],
      csv: 'legal-consents.csv',
      describe: {
        fr: "les conditions d'utilisation et politiques de confidentialité que vous avez acceptées",
        en: 'the terms of use and privacy policies you accepted',
        nl: 'de gebruiksvoorwaarden en privacybeleiden die je hebt aanvaard',
      },
      onLeave: 'erase',
      async gather(owner) {
        const { data } = await db()
          .entities.legalAcceptance.query.byUser({ userId: owner.userId })
          .go({ pages: 'all' });
        return {
          records: data.map((a) => ({
            documentType: a.documentType,
            version: a.version,
            lang: a.lang,
            acceptedAt: a.acceptedAt,
          })),
          leave: () =>
            eraseInBatches(
              (keys) => db().entities.legalAcceptance.delete(keys).go(),
              data.map(({ userId, documentType, version }) => ({ userId, documentType, version })),
            ),
        };
      },
    },
  ],
  // Accepting a document updates the user's open tabs.
  grants: { events: true },
});
