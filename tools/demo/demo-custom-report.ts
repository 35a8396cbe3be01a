import type { CampaignDataShot, SphereDataShot } from '@shared/contracts/custom-reports';
import {
  importCustomReport,
  importRender,
  RENDER_SOURCES,
  type ImportedReport,
} from '../../functions/reports/seeding';
import { DEMO_AUTUMN_CYCLE_ID, DEMO_CAMPAIGN_ID, demoCycleDates } from './demo-campaigns';

const HORIZON = 'demo-atelier-horizon';
export const DEMO_CUSTOM_REPORT_ID = 'demo-horizon-year';

/** The first day of the month eleven months ago: a year of closed weeks up to today. */
function yearAgo(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
}

const shot = (shotFields: Partial<SphereDataShot> & Pick<SphereDataShot, 'measure'>): SphereDataShot => ({
  source: 'feelings',
  view: 'total',
  interval: 'month',
  tagIds: [],
  ...shotFields,
});

/**
 * Atelier Horizon's custom report over its synthetic members' year: two parts and twenty cards
 * (texts, and data shots of the whole workshop and of its age and seniority groups, some of which
 * are too small and show why).
 */
export function demoCustomReport(now = new Date()): ImportedReport {
  return {
    sphereId: HORIZON,
    reportId: DEMO_CUSTOM_REPORT_ID,
    report: {
      name: 'Bilan annuel de l’atelier',
      description: 'Le climat de l’atelier sur un an, pour le comité de direction et les équipes.',
      status: 'validated',
      template: 'full',
      languages: ['fr', 'en', 'nl'],
      dimensions: ['age-25-34', 'seniority-5-9'],
      start: yearAgo(now),
      end: now.toISOString().slice(0, 10),
    },
    parts: [
      {
        partId: 'demo-part-overview',
        name: 'Vue d’ensemble',
        status: 'validated',
        cards: [
          {
            cardId: 'demo-card-why',
            type: 'text',
            title: 'Pourquoi ce bilan',
            result:
              'Chaque semaine, les membres de l’atelier disent comment ils se sentent. Ce bilan rassemble une année de ces ressentis, sans jamais montrer un groupe de moins de huit personnes.\n\nIl sert de point de départ à nos échanges d’équipe de janvier.',
          },
          {
            cardId: 'demo-card-people',
            type: 'dataShot',
            title: 'Personnes qui ont répondu',
            dataShot: shot({ measure: 'people' }),
            favourite: true,
          },
          {
            cardId: 'demo-card-answers',
            type: 'dataShot',
            title: 'Ressentis partagés, mois par mois',
            dataShot: shot({ measure: 'answers', view: 'series' }),
          },
          {
            cardId: 'demo-card-colors',
            type: 'dataShot',
            title: 'Les quatre couleurs de l’année',
            dataShot: shot({ measure: 'colors' }),
            legend:
              'Jaune : agréable et énergique ; vert : agréable et calme ; rouge : désagréable et énergique ; bleu : désagréable et calme.',
            favourite: true,
          },
          {
            cardId: 'demo-card-colors-months',
            type: 'dataShot',
            title: 'Les couleurs, mois par mois',
            dataShot: shot({ measure: 'colors', view: 'series' }),
          },
          {
            cardId: 'demo-card-pleasant',
            type: 'dataShot',
            title: 'Agréable : l’évolution',
            dataShot: shot({ measure: 'averageValue', view: 'series' }),
            bookmark: true,
          },
          {
            cardId: 'demo-card-energy',
            type: 'dataShot',
            title: 'Énergie : l’évolution',
            dataShot: shot({ measure: 'averageEnergy', view: 'series' }),
          },
          {
            cardId: 'demo-card-words',
            type: 'dataShot',
            title: 'Les mots les plus choisis',
            dataShot: shot({ measure: 'words' }),
          },
          {
            cardId: 'demo-card-thinkings',
            type: 'dataShot',
            title: 'Nos avis, affirmation par affirmation',
            dataShot: shot({ source: 'thinkings', measure: 'people' }),
            bookmark: true,
          },
          {
            cardId: 'demo-card-wellbeing-check',
            type: 'dataShot',
            title: 'Le bilan de bien-être, affirmation par affirmation',
            // A questionnaire's surveys (decision 0038), its free texts never in a card.
            dataShot: { source: 'form', formId: 'demo-wellbeing-check', tagIds: [] },
          },
          {
            cardId: 'demo-card-takeaways',
            type: 'text',
            title: 'À retenir',
            result:
              'L’année reste majoritairement agréable, avec un creux d’énergie en fin d’hiver. Les mots les plus choisis parlent de calme et de concentration.',
          },
        ],
      },
      {
        partId: 'demo-part-groups',
        name: 'Par groupes',
        status: 'validated',
        cards: [
          {
            cardId: 'demo-card-groups-intro',
            type: 'text',
            title: 'Lire les groupes',
            result:
              'Les groupes suivent l’âge et l’ancienneté. Un groupe trop petit, ou trop proche d’un autre, est masqué et la raison est indiquée.',
          },
          {
            cardId: 'demo-card-senior-people',
            type: 'dataShot',
            title: '5 à 9 ans d’ancienneté : participation',
            dataShot: shot({ measure: 'people', tagIds: ['seniority-5-9'] }),
          },
          {
            cardId: 'demo-card-junior-pleasant',
            type: 'dataShot',
            title: '1 à 4 ans d’ancienneté : agréable',
            dataShot: shot({ measure: 'averageValue', view: 'series', tagIds: ['seniority-1-4'] }),
          },
          {
            cardId: 'demo-card-25-colors',
            type: 'dataShot',
            title: '25–34 ans : les couleurs',
            dataShot: shot({ measure: 'colors', tagIds: ['age-25-34'] }),
          },
          {
            cardId: 'demo-card-35-colors',
            type: 'dataShot',
            title: '35–44 ans : les couleurs',
            dataShot: shot({ measure: 'colors', tagIds: ['age-35-44'] }),
          },
          {
            cardId: 'demo-card-45-pleasant',
            type: 'dataShot',
            title: '45–54 ans : agréable',
            dataShot: shot({ measure: 'averageValue', tagIds: ['age-45-54'] }),
          },
          {
            cardId: 'demo-card-under25-people',
            type: 'dataShot',
            title: 'Moins de 25 ans : participation',
            dataShot: shot({ measure: 'people', tagIds: ['age-under-25'] }),
          },
          {
            cardId: 'demo-card-two-tags',
            type: 'dataShot',
            title: '25–34 ans avec 5 à 9 ans d’ancienneté',
            dataShot: shot({ measure: 'people', tagIds: ['age-25-34', 'seniority-5-9'] }),
          },
          {
            cardId: 'demo-card-thinkings-months',
            type: 'dataShot',
            title: 'Nos avis, mois par mois',
            dataShot: shot({ source: 'thinkings', measure: 'people', view: 'series' }),
          },
          {
            cardId: 'demo-card-next',
            type: 'text',
            title: 'Ce que nous allons faire',
            result:
              'Un atelier d’équipe par trimestre sur l’énergie, et un point mensuel avec les nouveaux arrivants.',
          },
        ],
      },
    ],
  };
}

/** Writes the demo report once and renders it once to PDF, in French, as its admin would. */
export const DEMO_CAMPAIGN_REPORT_ID = 'demo-horizon-pulse-autumn-report';

/** A step of the demo campaign's autumn cycle, for the workshop as a whole. */
const autumnStep = (stepId: string): CampaignDataShot => ({
  source: 'campaign',
  cycleId: DEMO_AUTUMN_CYCLE_ID,
  stepId,
  tagIds: [],
});

/**
 * The Pulse campaign's custom report on its autumn cycle (decision 0036): the feeling and the
 * climate theme as the cycle asked them, with a text to frame them.
 */
export function demoCampaignReport(now = Date.now()): ImportedReport {
  const { autumn } = demoCycleDates(now);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return {
    sphereId: HORIZON,
    reportId: DEMO_CAMPAIGN_REPORT_ID,
    report: {
      name: 'Pouls d’automne : restitution',
      description:
        'Ce que le cycle d’automne du Pouls saisonnier dit de l’atelier, pour la réunion d’équipe.',
      status: 'draft',
      template: 'synthesis',
      languages: ['fr', 'en', 'nl'],
      dimensions: [],
      start: day(autumn.start),
      end: day(autumn.end),
      campaignId: DEMO_CAMPAIGN_ID,
      cycleId: DEMO_AUTUMN_CYCLE_ID,
    },
    parts: [
      {
        partId: 'demo-pulse-part-autumn',
        name: 'Le cycle d’automne',
        status: 'draft',
        cards: [
          {
            cardId: 'demo-pulse-card-intro',
            type: 'text',
            title: 'Comment lire ce cycle',
            result:
              'Le cycle d’automne a été collecté pendant deux semaines. Ses chiffres sont scellés depuis son arrêt : ils ne bougeront plus.\n\nUn groupe de moins de huit personnes n’est jamais montré, et les idées libres ne le sont que pour huit personnes ou plus.',
          },
          {
            cardId: 'demo-pulse-card-feeling',
            type: 'dataShot',
            title: 'Le ressenti au travail',
            dataShot: autumnStep('feeling'),
            favourite: true,
          },
          {
            cardId: 'demo-pulse-card-climate',
            type: 'dataShot',
            title: 'Le climat d’équipe',
            dataShot: autumnStep('climate'),
            bookmark: true,
          },
          {
            cardId: 'demo-pulse-card-wellbeing',
            type: 'dataShot',
            title: 'Le bilan de bien-être du cycle',
            // A questionnaire step, as the cycle asked it (decision 0038).
            dataShot: autumnStep('wellbeing'),
          },
        ],
      },
    ],
  };
}

export const DEMO_GROUP_REPORT_ID = 'demo-horizon-nord-quarter';

/**
 * The north team's own custom report (decision 0037): its members' alone (Camille is one of them),
 * over its last three months, with the team's feelings and nothing of the rest of the workshop.
 */
export function demoGroupReport(now = new Date()): ImportedReport {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1)).toISOString().slice(0, 10);
  return {
    sphereId: HORIZON,
    reportId: DEMO_GROUP_REPORT_ID,
    report: {
      name: 'Équipe Nord — le trimestre',
      description: 'Ce que l’équipe Nord a ressenti ces trois derniers mois, pour en parler entre nous.',
      status: 'draft',
      template: 'synthesis',
      languages: ['fr', 'en', 'nl'],
      dimensions: [],
      start,
      end: now.toISOString().slice(0, 10),
      sessionId: 'demo-horizon-nord',
    },
    parts: [
      {
        partId: 'demo-nord-part-quarter',
        name: 'Notre trimestre',
        status: 'draft',
        cards: [
          {
            cardId: 'demo-nord-card-intro',
            type: 'text',
            title: 'Pourquoi ce rapport',
            result:
              'Ce rapport est celui de l’équipe : seuls ses membres le voient. Il ne montre que les ressentis donnés dans l’équipe, jamais une personne.',
          },
          {
            cardId: 'demo-nord-card-people',
            type: 'dataShot',
            title: 'Combien d’entre nous ont partagé',
            dataShot: shot({ measure: 'people', view: 'series' }),
          },
          {
            cardId: 'demo-nord-card-colors',
            type: 'dataShot',
            title: 'Les couleurs de l’équipe',
            dataShot: shot({ measure: 'colors' }),
            favourite: true,
          },
        ],
      },
    ],
  };
}

export async function seedDemoCustomReport(userIds: ReadonlyMap<string, string>): Promise<void> {
  const adminId = userIds.get('camille@demo.wellbeing.local');
  if (!adminId) return;
  const report = demoCustomReport();
  await importCustomReport(report);
  await importCustomReport(demoCampaignReport());
  await importCustomReport(demoGroupReport());
  await importRender(
    HORIZON,
    DEMO_CUSTOM_REPORT_ID,
    {
      renderId: 'demo-render-first',
      name: `${report.report.name} — comité`,
      format: 'pdf',
      lang: 'fr',
      partIds: report.parts.map((p) => p.partId),
    },
    RENDER_SOURCES,
    adminId,
  );
}
