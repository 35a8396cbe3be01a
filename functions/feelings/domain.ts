/** The feelings domain as the registry (functions/domains.ts) reads it. */
import { feelingRoutes } from '@shared/contracts/feelings';
import { countsOf } from '@shared/domain/feeling-days';
import { defineDomain, eraseInBatches } from '../lib/domain';
import { allDays, allFeelings, eraseFeelings } from './repository';
import { FEELINGS_ENTITIES, feelingsDb as db } from './store';

export const feelingsDomain = defineDomain({
  name: 'feelings',
  routes: feelingRoutes,
  entities: FEELINGS_ENTITIES,
  belongings: [
    {
      name: 'feelings',
      covers: ['feeling'],
      csv: 'feelings.csv',
      describe: {
        fr: 'vos émotions enregistrées : intensité, énergie, couleur, mot, objectifs, notes personnelles, lieu et date',
        en: 'the feelings you recorded: intensity, energy, colour, word, goals, personal notes, place and date',
        nl: 'de gevoelens die je registreerde: intensiteit, energie, kleur, woord, doelen, persoonlijke notities, plaats en datum',
      },
      onLeave: 'erase',
      async gather(owner) {
        const items = await allFeelings(owner.userId);
        return {
          records: items.map((f) => ({
            id: f.feelingId,
            timestamp: f.timestamp,
            value: f.value,
            energy: f.energy,
            color: f.color,
            wordId: f.wordId,
            category: f.category,
            sphereId: f.sphereId,
            sessionId: f.sessionId,
            fromDirectLink: f.fromDirectLink,
            specificTagIds: f.specificTagIds,
            evaluationPeriod: f.evaluationPeriod.type,
            latitude: f.geoPoint.latitude,
            longitude: f.geoPoint.longitude,
            timeZone: f.locale,
            goals: f.goals,
            personalNotes: f.personalNotes,
          })),
          // Feelings counted in a sphere's reports take their share of the rollups with them.
          leave: () => eraseFeelings(items),
        };
      },
    },
    {
      name: 'feelingDays',
      covers: ['feelingDay'],
      csv: 'feeling-days.csv',
      describe: {
        fr: 'le résumé de chaque jour où vous avez noté une émotion (nombre, couleurs, mots, objectifs), qui sert à vos rapports',
        en: 'the summary of each day you recorded a feeling (count, colours, words, goals), which your reports read',
        nl: 'de samenvatting van elke dag waarop je een gevoel registreerde (aantal, kleuren, woorden, doelen), waaruit je rapporten lezen',
      },
      onLeave: 'erase',
      async gather(owner) {
        const items = await allDays(owner.userId);
        return {
          records: items.map((d) => ({ day: d.day, ...countsOf(d.counts) })),
          leave: () =>
            eraseInBatches(
              (keys) => db().entities.feelingDay.delete(keys).go(),
              items.map((d) => ({ userId: d.userId, day: d.day })),
            ),
        };
      },
    },
  ],
  // Each write tells the owner's open tabs (realtime `feelings`).
  grants: { events: true },
});
