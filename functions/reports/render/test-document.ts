import type { RenderDocument } from './document';

/**
 * A report as the render tests lay it out (render.test.ts, bundle.test.ts): French and Dutch text
 * with œ, ĳ and accents, two parts, a bar chart with a hidden group, a line chart, a hidden figure,
 * tables and a study-programme warning.
 */
export function testDocument(): RenderDocument {
  const long = Array.from(
    { length: 20 },
    (_, index) =>
      `Paragraphe ${index + 1} : le cœur de l'équipe bat à l'unisson, même quand la saison est chargée. ` +
      'Les étudiants notent leur énergie chaque semaine et la comparent à celle du mois précédent, ' +
      'ce qui aide les coordinateurs à prévoir des moments de récupération.',
  ).join('\n\n');
  return {
    lang: 'fr',
    title: "Cœur de l'équipe",
    subtitle: 'Rijkelijk ĳverig — sept. 2026 à déc. 2026',
    generatedLine: 'Rapport généré le 26 novembre 2026',
    anonymityWarning: 'Programme d’études : les réponses sont anonymes',
    confidentiality: {
      title: 'Confidentialité',
      text: 'Ce document est confidentiel.\n\nNe le partagez pas en dehors de la sphère.',
    },
    labels: { contents: 'Sommaire', page: 'page' },
    parts: [
      {
        name: 'Énergie collective',
        cards: [
          {
            title: 'Humeur par couleur',
            description: 'Réponses de la campagne « Noël » (à compléter).',
            text: long,
            legend: 'Une barre manque quand moins de 8 personnes ont répondu.',
            chart: {
              kind: 'bar',
              categories: ['Rouge', 'Jaune', 'Vert'],
              series: [
                { name: 'Semaine 1', values: [12, null, 30] },
                { name: 'Semaine 2', values: [9, 14, 27] },
              ],
              unit: 'personnes',
            },
            table: {
              header: ['Couleur', 'Semaine 1', 'Semaine 2'],
              rows: [
                ['Rouge', '12', '9'],
                ['Jaune', '—', '14'],
                ['Vert', '30', '27'],
              ],
            },
          },
          {
            title: 'Stress déclaré',
            hiddenNote: 'Masqué : moins de 8 personnes',
          },
        ],
      },
      {
        name: 'Rijkelijk ĳverig, naïef en één',
        cards: [
          {
            title: 'Evolutie van het welzijn',
            text: 'Het welzijn stijgt geleidelijk tijdens het semester.',
            chart: {
              kind: 'line',
              categories: ['sept.', 'oct.', 'nov.', 'déc.'],
              series: [
                { name: 'Gemiddelde score', values: [3.2, 3.5, null, 4.1] },
                { name: 'Doelwaarde', values: [4, 4, 4, 4] },
              ],
              unit: '%',
            },
            table: {
              header: ['Periode', 'Gemiddelde score'],
              rows: [
                ['sept.', '3,2'],
                ['oct.', '3,5'],
                ['nov.', '—'],
                ['déc.', '4,1'],
              ],
            },
          },
        ],
      },
    ],
  };
}
