/** The sessions domain as the registry (functions/domains.ts) reads it. */
import { sessionRoutes } from '@shared/contracts/sessions';
import { RENDERS_PREFIX } from '../lib/assets';
import { defineDomain, eraseInBatches } from '../lib/domain';
import { removeSessionMembers, sessionMembershipsOf } from './repository';
import { SESSIONS_ENTITIES } from './store';

export const sessionsDomain = defineDomain({
  name: 'sessions',
  routes: sessionRoutes,
  entities: SESSIONS_ENTITIES,
  belongings: [
    {
      name: 'sessionMemberships',
      covers: ['sessionMember'],
      csv: 'session-memberships.csv',
      describe: {
        fr: 'les groupes et sessions dont vous faites partie : votre nom et votre adresse pour eux, vos rôles',
        en: 'the groups and sessions you are in: your name and address there, and your roles',
        nl: 'de groepen en sessies waarin je zit: je naam en adres daar, en je rollen',
      },
      // Sessions keep no personal data of a person who left the product; the feelings they
      // shared stay in the figures, anonymous.
      onLeave: 'erase',
      async gather(owner) {
        const memberships = await sessionMembershipsOf(owner.userId);
        return {
          records: memberships.map((m) => ({
            sessionId: m.sessionId,
            sphereId: m.sphereId,
            memberId: m.memberId,
            category: m.category,
            name: m.name,
            email: m.email,
            roles: [...m.roles].join(' '),
            createdAt: m.createdAt,
          })),
          leave: () => eraseInBatches(removeSessionMembers, memberships),
        };
      },
    },
  ],
  // Changes of sessions and memberships tell the people concerned (realtime `sessions`, `ability`);
  // a deleted group's custom reports go with their rendered files (decision 0037).
  grants: { events: true, assets: { prefixes: [RENDERS_PREFIX], actions: ['delete'] } },
});
