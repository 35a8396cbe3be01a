/** The forms domain as the registry (functions/domains.ts) reads it. */
import { formReportRoutes } from '@shared/contracts/form-reports';
import { formRoutes } from '@shared/contracts/forms';
import { defineDomain } from '../lib/domain';
import { FORM_ASSET_PREFIXES } from './logo';
import { allSurveys, eraseSurveys } from './repository';
import { FORMS_ENTITIES } from './store';

export const formsDomain = defineDomain({
  name: 'forms',
  routes: [...formRoutes, ...formReportRoutes],
  entities: FORMS_ENTITIES,
  belongings: [
    {
      name: 'formSurveys',
      // Forms, measure types and entitlements are the catalogue's and the spheres': they name nobody.
      covers: ['formSurvey'],
      csv: 'form-surveys.csv',
      describe: {
        fr: 'vos réponses aux questionnaires : le questionnaire, chaque réponse donnée, le lieu (sphère, groupe), les étiquettes enregistrées et les dates',
        en: 'your answers to questionnaires: the questionnaire, each answer you gave, the place (sphere, group), the tags recorded and the dates',
        nl: 'je antwoorden op vragenlijsten: de vragenlijst, elk antwoord dat je gaf, de plaats (sfeer, groep), de opgeslagen labels en de data',
      },
      // Erased, like contributor feelings: reports of spheres read figures kept per sphere and
      // session that name nobody (decision 0033), never the surveys themselves.
      onLeave: 'erase',
      async gather(owner) {
        const items = await allSurveys(owner.userId);
        return {
          records: items.map((s) => ({
            id: s.surveyId,
            formId: s.formId,
            values: s.values,
            sphereId: s.sphereId,
            sessionId: s.sessionId,
            tagIds: s.tagIds,
            fromDirectLink: s.fromDirectLink,
            timeZone: s.locale,
            creationDate: s.creationDate,
            updateDate: s.updateDate,
            freezeDate: s.freezeDate,
          })),
          // Surveys counted in a sphere's reports take their share of the rollups with them.
          leave: () => eraseSurveys(items),
        };
      },
    },
  ],
  // Each survey saved tells its person's open tabs (realtime `formSurveys`). Logos: the uploads it
  // signs for editors, checked, copied to where browsers load them, and deleted (./logo.ts).
  grants: {
    events: true,
    assets: { prefixes: FORM_ASSET_PREFIXES, actions: ['read', 'write', 'delete'] },
  },
});
