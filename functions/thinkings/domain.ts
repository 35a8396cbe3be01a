/** The thinkings domain as the registry (functions/domains.ts) reads it. */
import { thinkingRoutes } from '@shared/contracts/thinkings';
import { defineDomain } from '../lib/domain';
import { allThinkings, eraseThinkings } from './repository';
import { THINKINGS_ENTITIES } from './store';

export const thinkingsDomain = defineDomain({
  name: 'thinkings',
  routes: thinkingRoutes,
  entities: THINKINGS_ENTITIES,
  belongings: [
    {
      name: 'thinkings',
      covers: ['thinking'],
      csv: 'thinkings.csv',
      describe: {
        fr: 'vos avis (pensées) : la valeur donnée à chaque axe, vos commentaires, le lieu et la date',
        en: 'your thinkings: the value you gave each axis, your comments, place and date',
        nl: 'je meningen: de waarde die je aan elke as gaf, je opmerkingen, plaats en datum',
      },
      onLeave: 'erase',
      async gather(owner) {
        const items = await allThinkings(owner.userId);
        return {
          records: items.map((t) => ({
            id: t.thinkingId,
            creationDate: t.creationDate,
            updateDate: t.updateDate,
            freezeDate: t.freezeDate,
            category: t.category,
            sphereId: t.sphereId,
            sessionId: t.sessionId,
            groupId: t.groupId,
            fromDirectLink: t.fromDirectLink,
            specificTagIds: t.specificTagIds,
            axes: t.axes,
            latitude: t.geoPoint.latitude,
            longitude: t.geoPoint.longitude,
            timeZone: t.locale,
          })),
          // Thinkings counted in a sphere's reports take their share of the rollups with them.
          leave: () => eraseThinkings(items),
        };
      },
    },
  ],
  // Each write tells the owner's open tabs (realtime `thinkings`).
  grants: { events: true },
});
