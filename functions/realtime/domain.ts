/** The realtime domain as the registry (functions/domains.ts) reads it. */
import { defineDomain, isoTime } from '../lib/domain';
import { endConnections } from './end';
import { REALTIME_ENTITIES, realtimeDb as db } from './store';

export const realtimeDomain = defineDomain({
  name: 'realtime',
  routes: [],
  entities: REALTIME_ENTITIES,
  belongings: [
    {
      name: 'connections',
      covers: ['connection'],
      csv: 'connections.csv',
      describe: {
        fr: "les connexions en temps réel ouvertes par l'application",
        en: 'the realtime connections opened by the app',
        nl: 'de realtimeverbindingen die de app heeft geopend',
      },
      onLeave: 'erase',
      async gather(owner) {
        const { data } = await db()
          .entities.connection.query.byUser({ userId: owner.userId })
          .go({ pages: 'all' });
        return {
          records: data.map((c) => ({
            connectionId: c.connectionId,
            connectedAt: c.connectedAt,
            // When the sign-in that opened it began (a connection saved before this was kept has none).
            ...(c.authTime === undefined ? {} : { signedInAt: isoTime(c.authTime * 1000) }),
          })),
          // Forgotten and closed: a socket left open would outlive the account.
          leave: () => endConnections(data.map(({ connectionId }) => connectionId)),
        };
      },
    },
  ],
  grants: {},
});
