/** The strategies domain as the registry (functions/domains.ts) reads it. */
import { strategyRoutes } from '@shared/contracts/strategies';
import { strategyReportRoutes } from '@shared/contracts/strategy-reports';
import { defineDomain } from '../lib/domain';
import { allAssessments, eraseAssessments, eraseList, readList } from './repository';
import { STRATEGIES_ENTITIES } from './store';

export const strategiesDomain = defineDomain({
  name: 'strategies',
  routes: [...strategyRoutes, ...strategyReportRoutes],
  entities: STRATEGIES_ENTITIES,
  belongings: [
    {
      name: 'lifeCompass',
      // A sphere's or a session's strategy is the organisation's and names nobody.
      covers: ['strategy', 'strategyOutline'],
      csv: 'life-compass.csv',
      describe: {
        fr: 'votre boussole de vie : chaque élément de votre stratégie personnelle, son type, son titre, sa description, sa place, son retrait, sa visibilité et les objectifs liés',
        en: 'your life compass: each item of your personal strategy, its type, title, description, place, indent, visibility and linked goals',
        nl: 'je levenskompas: elk onderdeel van je persoonlijke strategie, het type, de titel, de beschrijving, de plaats, het inspringniveau, de zichtbaarheid en de gekoppelde doelen',
      },
      onLeave: 'erase',
      async gather(owner) {
        const list = await readList({ linkTo: 'user', linkId: owner.userId });
        return {
          records: list.items.map((s, order) => ({
            id: s.strategyId,
            type: s.type,
            title: s.title,
            description: s.description,
            order,
            indent: s.indent,
            isHidden: s.isHidden,
            goalsLinked: s.goalsLinked,
            createdAt: s.createdAt,
            updateDate: s.updatedAt,
          })),
          leave: () => eraseList(list),
        };
      },
    },
    {
      name: 'strategyAssessments',
      covers: ['strategyAssessment'],
      csv: 'strategy-assessments.csv',
      describe: {
        fr: 'vos évaluations de la stratégie de vos sphères et groupes : le niveau donné à chaque élément (1 très mécontent … 5 très content), les étiquettes enregistrées et la date',
        en: 'your assessments of your spheres’ and groups’ strategies: the level you gave each item (1 very unhappy … 5 very happy), the tags recorded and the date',
        nl: 'je beoordelingen van de strategie van je sferen en groepen: het niveau dat je elk onderdeel gaf (1 zeer ontevreden … 5 zeer tevreden), de opgeslagen labels en de datum',
      },
      // Erased: strategy reports read figures kept per sphere and session that name nobody
      // (decisions 0019, 0034), never the assessments themselves.
      onLeave: 'erase',
      async gather(owner) {
        const items = await allAssessments(owner.userId);
        return {
          records: items.map((a) => ({
            id: a.assessmentId,
            sphereId: a.sphereId,
            sessionId: a.sessionId,
            values: Object.fromEntries(a.values.map((v) => [v.id, v.value])),
            // The groups it counted under in its place's reports.
            tagIds: a.reportTagIds ?? a.specificTagIds,
            fromDirectLink: a.fromDirectLink,
            timeZone: a.locale,
            creationDate: a.creationDate,
            updateDate: a.updateDate,
            freezeDate: a.freezeDate,
          })),
          // Each takes its share of its place's report rollups with it.
          leave: () => eraseAssessments(items),
        };
      },
    },
  ],
  // Each assessment saved tells its person's open tabs (realtime `strategyAssessments`).
  grants: { events: true },
});
