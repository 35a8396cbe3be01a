/** The terminals domain as the registry (functions/domains.ts) reads it. */
import { terminalRoutes } from '@shared/contracts/terminals';
import { defineDomain } from '../lib/domain';
import { anonymiseCreator, terminalsCreatedBy } from './repository';
import { TERMINALS_ENTITIES } from './store';

export const terminalsDomain = defineDomain({
  name: 'terminals',
  routes: terminalRoutes,
  entities: TERMINALS_ENTITIES,
  belongings: [
    {
      name: 'terminals',
      covers: ['terminal'],
      csv: 'terminals.csv',
      describe: {
        fr: 'les terminaux (bornes) que vous avez installés pour une session de votre sphère : nom de l’appareil, code, étapes demandées et date',
        en: 'the terminals (kiosks) you set up for a session of your sphere: device name, code, steps asked and date',
        nl: 'de terminals (kiosken) die je instelde voor een sessie van je sfeer: naam van het toestel, code, gevraagde stappen en datum',
      },
      // Anonymised: a terminal is its sphere's and keeps working once the person who set it up
      // has left; only their id is taken off it. Its visitors' feelings never named anyone.
      onLeave: 'anonymise',
      async gather(owner) {
        const items = await terminalsCreatedBy(owner.userId);
        return {
          records: items.map((t) => ({
            id: t.terminalId,
            sphereId: t.sphereId,
            sessionId: t.sessionId,
            deviceName: t.deviceName,
            deviceCode: t.deviceCode,
            steps: t.steps,
            createdAt: t.createdAt,
          })),
          leave: () => anonymiseCreator(items),
        };
      },
    },
  ],
  grants: {},
});
