/** The galaxies domain as the registry (functions/domains.ts) reads it. */
import { galaxyRoutes } from '@shared/contracts/galaxies';
import { defineDomain } from '../lib/domain';
import { anonymiseRequest, eraseGalaxyMember, galaxyMembershipsOf, requestsBy } from './repository';
import { GALAXIES_ENTITIES } from './store';

export const galaxiesDomain = defineDomain({
  name: 'galaxies',
  routes: galaxyRoutes,
  entities: GALAXIES_ENTITIES,
  belongings: [
    // Before the memberships: a person's requests are found through the galaxies they administer.
    {
      name: 'quota-requests',
      covers: ['quotaRequest'],
      csv: 'galaxy-quota-requests.csv',
      describe: {
        fr: 'les demandes de changement de quota que vous avez faites ou décidées pour une galaxie : quota, valeur demandée, raison, décision et dates',
        en: 'the quota change requests you made or decided for a galaxy: quota, value requested, reason, decision and dates',
        nl: 'de aanvragen om een quotum te wijzigen die je voor een galaxie deed of besliste: quotum, gevraagde waarde, reden, beslissing en data',
      },
      // Anonymised: a galaxy keeps the history of its quotas; only who asked or decided is taken off.
      onLeave: 'anonymise',
      async gather(owner) {
        const memberships = await galaxyMembershipsOf(owner.userId);
        const requests = await requestsBy(owner.userId, [...new Set(memberships.map((m) => m.galaxyId))]);
        return {
          records: requests.map((r) => ({
            galaxyId: r.galaxyId,
            requestId: r.requestId,
            kind: r.kind,
            requestedValue: r.requestedValue,
            reason: r.reason,
            status: r.status,
            comment: r.comment,
            createdAt: r.createdAt,
            decidedAt: r.decidedAt,
          })),
          leave: async () => {
            for (const request of requests) await anonymiseRequest(request, owner.userId);
          },
        };
      },
    },
    {
      name: 'galaxy-memberships',
      covers: ['galaxyMember'],
      csv: 'galaxy-memberships.csv',
      describe: {
        fr: 'les galaxies que vous administrez : votre nom et votre adresse pour elles, vos rôles, votre premier jour de travail',
        en: 'the galaxies you administer: your name and address there, your roles and first day of work',
        nl: 'de galaxieën die je beheert: je naam en adres daar, je rollen en eerste werkdag',
      },
      onLeave: 'erase',
      async gather(owner) {
        const memberships = await galaxyMembershipsOf(owner.userId);
        return {
          records: memberships.map((m) => ({
            galaxyId: m.galaxyId,
            memberId: m.memberId,
            name: m.name,
            email: m.email,
            roles: [...m.roles].join(' '),
            active: m.active,
            firstDayOfWork: m.firstDayOfWork,
            createdAt: m.createdAt,
          })),
          leave: async () => {
            for (const member of memberships) await eraseGalaxyMember(member);
          },
        };
      },
    },
  ],
  grants: { mail: true, events: true },
});
