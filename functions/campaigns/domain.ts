/** The campaigns domain as the registry (functions/domains.ts) reads it. */
import { campaignReportRoutes } from '@shared/contracts/campaign-reports';
import { campaignRoutes } from '@shared/contracts/campaigns';
import { defineDomain } from '../lib/domain';
import { findSpheres } from '../spheres';
import { answerKeyOf } from './keys';
import { CAMPAIGN_ASSET_PREFIXES } from './logo';
import {
  eraseAnswers,
  eraseParticipations,
  findAnswer,
  findCycle,
  participationsOfPerson,
  type AnswerItem,
} from './repository';
import { CAMPAIGNS_ENTITIES } from './store';

export const campaignsDomain = defineDomain({
  name: 'campaigns',
  routes: [...campaignRoutes, ...campaignReportRoutes],
  entities: CAMPAIGNS_ENTITIES,
  belongings: [
    {
      name: 'campaignParticipations',
      // Answers hold no userId (decision 0025): a person's own are found through the cycle's key
      // while the cycle still collects, and go with them; once it has stopped nobody can tell them.
      covers: ['campaignParticipant'],
      csv: 'campaign-participations.csv',
      describe: {
        fr: 'vos participations aux campagnes : la campagne, le cycle, votre avancement, et vos réponses tant que la collecte est ouverte (ensuite elles ne sont plus liées à vous)',
        en: 'your campaign participations: the campaign, the cycle, how far you got, and your answers while the collection is open (afterwards they are no longer linked to you)',
        nl: 'je deelnames aan campagnes: de campagne, de cyclus, hoe ver je bent, en je antwoorden zolang de bevraging open is (daarna zijn ze niet meer aan jou gekoppeld)',
      },
      onLeave: 'erase',
      async gather(owner) {
        const participations = await participationsOfPerson(owner.userId);
        const linked: AnswerItem[] = [];
        const records = await Promise.all(
          participations.map(async (p) => {
            const cycle = await findCycle(p.campaignId, p.cycleId);
            const salt = cycle?.answerSalt;
            const answers = salt
              ? (
                  await Promise.all(
                    p.steps.map((s) =>
                      findAnswer(p.cycleId, answerKeyOf(salt, p.mode, owner.userId, s.stepId)),
                    ),
                  )
                ).filter((a): a is AnswerItem => a !== null)
              : [];
            linked.push(...answers);
            return {
              campaignId: p.campaignId,
              cycleId: p.cycleId,
              test: p.mode === 'test',
              status: p.status,
              steps: p.steps.map((s) => `${s.stepId}:${s.status}`).join(' '),
              answers: JSON.stringify(answers.map((a) => ({ stepId: a.stepId, value: a.value }))),
            };
          }),
        );
        return {
          records,
          leave: async () => {
            await eraseAnswers(linked);
            // A live participation in a sphere of a galaxy gives the galaxy's quota back with it.
            const sphereIds = [...new Set(participations.map((p) => p.sphereId))];
            const spheres = sphereIds.length > 0 ? await findSpheres(sphereIds) : [];
            const galaxies = new Map(
              spheres.flatMap((s) => (s.galaxyId ? [[s.sphereId, s.galaxyId] as const] : [])),
            );
            await eraseParticipations(participations, galaxies);
          },
        };
      },
    },
  ],
  // Cycles are scheduled (decision 0026); notifications go through the queue every domain may use.
  // Logos: the uploads it signs for admins, checked, copied to where browsers load them, and
  // deleted (./logo.ts).
  grants: {
    schedules: true,
    assets: { prefixes: CAMPAIGN_ASSET_PREFIXES, actions: ['read', 'write', 'delete'] },
  },
});
