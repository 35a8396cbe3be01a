import type { ReportLanguage } from '@shared/contracts/custom-reports';

/**
 * The fixed words of a rendered report file, in its language: the SPA's own strings stay in the
 * SPA; a file is written on the server, so its words live here, checked complete by the type.
 */
export interface FileLabels {
  contents: string;
  page: string;
  confidentialityTitle: string;
  confidentialityText: (threshold: number, thresholdTwoTags: number) => string;
  anonymityWarning: string;
  generated: (name: string, date: string) => string;
  period: (sphere: string, start: string, end: string) => string;
  wholeSphere: string;
  people: string;
  answers: string;
  averageValue: string;
  averageEnergy: string;
  colors: Record<'yellow' | 'green' | 'red' | 'blue', string>;
  words: string;
  quadrant: string;
  count: string;
  period_: string;
  axis: string;
  average: string;
  question: string;
  /** A custom theme's average, on its 1 … 5 scale. */
  likertAverage: string;
  /** A questionnaire's question or result: its average, on its own scale. */
  averageOnScale: string;
  scale: string;
  /** Where an average sits on its scale, from its lowest (0 %) to its highest value (100 %). */
  scalePosition: string;
  /** A choice question's most chosen values. */
  chosen: string;
  hiddenTooFew: (threshold: number) => string;
  hiddenTooClose: (threshold: number) => string;
  /** Hidden by complementary suppression, so that a smaller group cannot be worked out from the others. */
  hiddenProtectsSmallerGroup: string;
  hiddenPeriods: (count: number) => string;
  noData: string;
}

export const FILE_LABELS: Record<ReportLanguage, FileLabels> = {
  fr: {
    contents: 'Sommaire',
    page: 'Page',
    confidentialityTitle: 'Avis de confidentialité',
    confidentialityText: (n, n2) =>
      `Ce rapport ne montre que des résultats de groupe. Un groupe de moins de ${n} personnes (${n2} quand deux étiquettes le définissent) n'est jamais montré, ni un chiffre qui permettrait de le déduire d'un autre. Les cellules masquées disent pourquoi. Ce document est réservé aux personnes à qui l'organisation l'a confié : ne le diffusez pas au-delà et ne cherchez pas à identifier une personne à partir de ses chiffres.`,
    anonymityWarning: 'Programme d’étude : anonymat non garanti',
    generated: (name, date) => `${name} — généré le ${date}`,
    period: (sphere, start, end) => `${sphere} · du ${start} au ${end}`,
    wholeSphere: 'Toute la sphère',
    people: 'Personnes',
    answers: 'Ressentis',
    averageValue: 'Agréable (moyenne, %)',
    averageEnergy: 'Énergie (moyenne, %)',
    colors: { yellow: 'Jaune', green: 'Vert', red: 'Rouge', blue: 'Bleu' },
    words: 'Mots les plus choisis',
    quadrant: 'Quadrant',
    count: 'Nombre',
    period_: 'Période',
    axis: 'Axe',
    average: 'Moyenne (−1 à +1)',
    question: 'Question',
    likertAverage: 'Moyenne (1 à 5)',
    averageOnScale: 'Moyenne',
    scale: 'Échelle',
    scalePosition: 'Position sur l’échelle (%)',
    chosen: 'Choix les plus fréquents',
    hiddenTooFew: (n) => `Masqué : moins de ${n} personnes`,
    hiddenTooClose: (n) => `Masqué : trop proche d’un autre groupe (moins de ${n} personnes d’écart)`,
    hiddenProtectsSmallerGroup: 'Masqué pour qu’aucun groupe plus petit ne puisse être déduit',
    hiddenPeriods: (c) => (c === 1 ? '1 période est masquée.' : `${c} périodes sont masquées.`),
    noData: 'Aucune semaine close dans la période.',
  },
  en: {
    contents: 'Contents',
    page: 'Page',
    confidentialityTitle: 'Confidentiality notice',
    confidentialityText: (n, n2) =>
      `This report shows group results only. A group of fewer than ${n} people (${n2} when two tags define it) is never shown, nor any figure from which it could be worked out from another. Hidden cells say why. This document is for the people the organisation entrusted it to: do not share it further and do not try to identify anyone from its figures.`,
    anonymityWarning: 'Study programme: anonymity not guaranteed',
    generated: (name, date) => `${name} — generated on ${date}`,
    period: (sphere, start, end) => `${sphere} · ${start} to ${end}`,
    wholeSphere: 'The whole sphere',
    people: 'People',
    answers: 'Feelings',
    averageValue: 'Pleasantness (average, %)',
    averageEnergy: 'Energy (average, %)',
    colors: { yellow: 'Yellow', green: 'Green', red: 'Red', blue: 'Blue' },
    words: 'Most chosen words',
    quadrant: 'Quadrant',
    count: 'Count',
    period_: 'Period',
    axis: 'Axis',
    average: 'Average (−1 to +1)',
    question: 'Question',
    likertAverage: 'Average (1 to 5)',
    averageOnScale: 'Average',
    scale: 'Scale',
    scalePosition: 'Position on the scale (%)',
    chosen: 'Most chosen',
    hiddenTooFew: (n) => `Hidden: fewer than ${n} people`,
    hiddenTooClose: (n) => `Hidden: too close to another group (fewer than ${n} people apart)`,
    hiddenProtectsSmallerGroup: 'Hidden so that a smaller group cannot be worked out',
    hiddenPeriods: (c) => (c === 1 ? '1 period is hidden.' : `${c} periods are hidden.`),
    noData: 'No closed week in the period.',
  },
  nl: {
    contents: 'Inhoud',
    page: 'Pagina',
    confidentialityTitle: 'Vertrouwelijkheidsverklaring',
    confidentialityText: (n, n2) =>
      `Dit rapport toont alleen groepsresultaten. Een groep van minder dan ${n} personen (${n2} wanneer twee tags haar bepalen) wordt nooit getoond, en ook geen cijfer waaruit je haar uit een ander cijfer zou kunnen afleiden. Verborgen cellen zeggen waarom. Dit document is bestemd voor wie de organisatie het heeft toevertrouwd: deel het niet verder en probeer niemand te herkennen aan de cijfers.`,
    anonymityWarning: 'Studieprogramma: anonimiteit niet gegarandeerd',
    generated: (name, date) => `${name} — gemaakt op ${date}`,
    period: (sphere, start, end) => `${sphere} · van ${start} tot ${end}`,
    wholeSphere: 'De hele sfeer',
    people: 'Personen',
    answers: 'Gevoelens',
    averageValue: 'Aangenaam (gemiddelde, %)',
    averageEnergy: 'Energie (gemiddelde, %)',
    colors: { yellow: 'Geel', green: 'Groen', red: 'Rood', blue: 'Blauw' },
    words: 'Meest gekozen woorden',
    quadrant: 'Kwadrant',
    count: 'Aantal',
    period_: 'Periode',
    axis: 'As',
    average: 'Gemiddelde (−1 tot +1)',
    question: 'Vraag',
    likertAverage: 'Gemiddelde (1 tot 5)',
    averageOnScale: 'Gemiddelde',
    scale: 'Schaal',
    scalePosition: 'Positie op de schaal (%)',
    chosen: 'Meest gekozen',
    hiddenTooFew: (n) => `Verborgen: minder dan ${n} personen`,
    hiddenTooClose: (n) => `Verborgen: te dicht bij een andere groep (minder dan ${n} personen verschil)`,
    hiddenProtectsSmallerGroup: 'Verborgen zodat een kleinere groep niet kan worden afgeleid',
    hiddenPeriods: (c) => (c === 1 ? '1 periode is verborgen.' : `${c} periodes zijn verborgen.`),
    noData: 'Geen afgesloten week in de periode.',
  },
};
