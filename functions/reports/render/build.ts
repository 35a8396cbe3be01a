import { formStepCardData } from '@shared/domain/custom-reports';
import type { CardData, DataShot, ReportLanguage, SphereDataShot } from '@shared/contracts/custom-reports';
import type { Language } from '@shared/contracts/headers';
import type { ReportFigure, ThinkingFigure } from '@shared/contracts/reports';
import { FEELING_COLORS } from '@shared/domain/feelings';
import type { HiddenReason, QUESTION_HIDDEN_REASON } from '@shared/domain/report-privacy';
import { textIn } from '@shared/domain/sessions';
import type { RenderCard, RenderChart } from './document';
import type { FileLabels } from './labels';

/**
 * A card's figures as a file shows them (decision 0031): a chart, the same figures as a table, and
 * for a hidden group the reason instead of a number. Only figures the privacy function let out
 * reach this code; a hidden one gives no number anywhere in the card.
 */

export interface CardLabels {
  file: FileLabels;
  lang: ReportLanguage;
  /** A feeling word's label in the file's language. */
  word: (wordId: string) => string;
  /** A thinking axis's name in the file's language. */
  axis: (axisId: string) => string;
}

type Hidden = {
  shown: false;
  reason: HiddenReason | typeof QUESTION_HIDDEN_REASON;
  threshold: number;
};

/** Why a figure is hidden, in the file's language; every reason of the privacy rules has its words. */
function hiddenText(figure: Hidden, file: FileLabels): string {
  const reason = figure.reason;
  switch (reason) {
    case 'too-few-people':
    case 'too-few-answers':
      return file.hiddenTooFew(figure.threshold);
    case 'too-close-to-another-group':
      return file.hiddenTooClose(figure.threshold);
    case 'protects-a-smaller-group':
      return file.hiddenProtectsSmallerGroup;
    default: {
      const unknown: never = reason;
      return unknown;
    }
  }
}

const percent = (value: number | undefined) => (value === undefined ? null : Math.round(value * 100));

function numberText(value: number | null, lang: ReportLanguage): string {
  return value === null ? '—' : new Intl.NumberFormat(lang === 'en' ? 'en-GB' : `${lang}-BE`).format(value);
}

/** The value of one measure of a shown feelings figure. */
function measureOf(
  figure: Extract<ReportFigure, { shown: true }>,
  measure: SphereDataShot['measure'],
): number | null {
  switch (measure) {
    case 'people':
      return figure.people;
    case 'answers':
      return figure.answers;
    case 'averageValue':
      // Pleasantness −1…1 as a share of the way from −1 to 1.
      return figure.averageValue === undefined ? null : percent((figure.averageValue + 1) / 2);
    case 'averageEnergy':
      return percent(figure.averageEnergy);
    default:
      return null;
  }
}

function measureLabel(measure: SphereDataShot['measure'], file: FileLabels): string {
  switch (measure) {
    case 'people':
      return file.people;
    case 'answers':
      return file.answers;
    case 'averageValue':
      return file.averageValue;
    case 'averageEnergy':
      return file.averageEnergy;
    case 'colors':
      return file.answers;
    case 'words':
      return file.words;
  }
}

function feelingsCard(
  shot: SphereDataShot,
  data: Extract<CardData, { source: 'feelings' }>,
  labels: CardLabels,
): Pick<RenderCard, 'chart' | 'table' | 'hiddenNote'> {
  const { file, lang } = labels;
  const total = data.total;
  if (shot.measure === 'words' || (shot.measure === 'colors' && shot.view === 'total')) {
    if (!total.shown) return { hiddenNote: hiddenText(total, file) };
    const entries =
      shot.measure === 'words'
        ? (total.words ?? []).map((w) => [labels.word(w.wordId), w.count] as const)
        : FEELING_COLORS.map((c) => [file.colors[c], total.colors?.[c] ?? 0] as const);
    return {
      chart: {
        kind: 'bar',
        categories: entries.map(([label]) => label),
        series: [{ name: file.answers, values: entries.map(([, n]) => n) }],
      },
      table: {
        header: [shot.measure === 'words' ? file.words : file.quadrant, file.count],
        rows: entries.map(([label, n]) => [label, numberText(n, lang)]),
      },
    };
  }
  if (shot.view === 'total') {
    if (!total.shown) return { hiddenNote: hiddenText(total, file) };
    const value = measureOf(total, shot.measure);
    return {
      table: {
        header: [measureLabel(shot.measure, file), file.people],
        rows: [[numberText(value, lang), numberText(total.people, lang)]],
      },
    };
  }
  // A series: one value per period; a hidden period has no value, and the table says why.
  const categories = data.series.map((s) => s.period);
  const hiddenCount = data.series.filter((s) => !s.figure.shown).length;
  const note = hiddenCount ? { hiddenNote: file.hiddenPeriods(hiddenCount) } : {};
  if (!data.series.length) return { hiddenNote: file.noData };
  if (shot.measure === 'colors') {
    const chart: RenderChart = {
      kind: 'bar',
      categories,
      series: FEELING_COLORS.map((c) => ({
        name: file.colors[c],
        values: data.series.map((s) => (s.figure.shown ? (s.figure.colors?.[c] ?? 0) : null)),
      })),
    };
    return {
      chart,
      table: {
        header: [file.period_, ...FEELING_COLORS.map((c) => file.colors[c])],
        rows: data.series.map((s) =>
          s.figure.shown
            ? [
                s.period,
                ...FEELING_COLORS.map((c) =>
                  numberText(s.figure.shown ? (s.figure.colors?.[c] ?? 0) : 0, lang),
                ),
              ]
            : [s.period, hiddenText(s.figure, file), '', '', ''],
        ),
      },
      ...note,
    };
  }
  const values = data.series.map((s) => (s.figure.shown ? measureOf(s.figure, shot.measure) : null));
  return {
    chart: {
      kind: 'line',
      categories,
      series: [{ name: measureLabel(shot.measure, file), values }],
      ...(shot.measure === 'averageValue' || shot.measure === 'averageEnergy' ? { unit: '%' } : {}),
    },
    table: {
      header: [file.period_, measureLabel(shot.measure, file)],
      rows: data.series.map((s, i) => [
        s.period,
        s.figure.shown ? numberText(values[i] ?? null, lang) : hiddenText(s.figure, file),
      ]),
    },
    ...note,
  };
}

function axesOf(figure: Extract<ThinkingFigure, { shown: true }>) {
  return figure.axes;
}

function thinkingsCard(
  shot: SphereDataShot,
  data: Extract<CardData, { source: 'thinkings' }>,
  labels: CardLabels,
): Pick<RenderCard, 'chart' | 'table' | 'hiddenNote'> {
  const { file, lang } = labels;
  const total = data.total;
  if (!total.shown) return { hiddenNote: hiddenText(total, file) };
  const axes = axesOf(total);
  const round = (n: number) => Math.round(n * 100) / 100;
  if (shot.view === 'total' || !data.series.length) {
    return {
      chart: {
        kind: 'bar',
        categories: axes.map((a) => labels.axis(a.axisId)),
        series: [{ name: file.average, values: axes.map((a) => round(a.average)) }],
      },
      table: {
        header: [file.axis, file.count, file.average],
        rows: axes.map((a) => [
          labels.axis(a.axisId),
          numberText(a.answers, lang),
          numberText(round(a.average), lang),
        ]),
      },
    };
  }
  const shownAxes = axes.slice(0, 6);
  const hiddenCount = data.series.filter((s) => !s.figure.shown).length;
  const averageIn = (figure: ThinkingFigure, axisId: string) =>
    figure.shown ? (figure.axes.find((a) => a.axisId === axisId)?.average ?? null) : null;
  return {
    chart: {
      kind: 'line',
      categories: data.series.map((s) => s.period),
      series: shownAxes.map((a) => ({
        name: labels.axis(a.axisId),
        values: data.series.map((s) => {
          const v = averageIn(s.figure, a.axisId);
          return v === null ? null : round(v);
        }),
      })),
    },
    table: {
      header: [file.period_, ...shownAxes.map((a) => labels.axis(a.axisId))],
      rows: data.series.map((s) =>
        s.figure.shown
          ? [
              s.period,
              ...shownAxes.map((a) => {
                const v = averageIn(s.figure, a.axisId);
                return v === null ? '—' : numberText(round(v), lang);
              }),
            ]
          : [s.period, hiddenText(s.figure, file), ...shownAxes.slice(1).map(() => '')],
      ),
    },
    ...(hiddenCount ? { hiddenNote: file.hiddenPeriods(hiddenCount) } : {}),
  };
}

/**
 * A campaign step's figure (decision 0036): a feeling's quadrants, a thinking's axes, a custom
 * theme's questions with their average on the theme's scale; a question too few answered says why.
 */
function campaignCard(
  data: Extract<CardData, { source: 'campaign' }>,
  labels: CardLabels,
): Pick<RenderCard, 'chart' | 'table' | 'hiddenNote'> {
  const { result } = data;
  const shot = { measure: 'colors' as const, view: 'total' as const, interval: 'month' as const, tagIds: [] };
  if (result.kind === 'feeling')
    return feelingsCard(
      { ...shot, source: 'feelings' },
      { source: 'feelings', total: result.figure, series: [] },
      labels,
    );
  if (result.kind === 'thinking')
    return thinkingsCard(
      { ...shot, source: 'thinkings', measure: 'people' },
      { source: 'thinkings', total: result.figure, series: [] },
      labels,
    );
  if (result.kind === 'form') return formCard(formStepCardData(result), labels);
  const { file, lang } = labels;
  const figure = result.figure;
  if (!figure.shown) return { hiddenNote: hiddenText(figure, file) };
  const titles = new Map(
    result.questions.map((q) => [q.id, textIn(q.title, lang, data.defaultLocale as Language)]),
  );
  const round = (n: number) => Math.round(n * 100) / 100;
  const rows = figure.questions.map((q) => ({
    label: titles.get(q.answerId) || q.answerId,
    average: q.shown && q.average !== undefined ? round(q.average) : null,
    cells: q.shown
      ? [numberText(q.answers, lang), q.average === undefined ? '—' : numberText(round(q.average), lang)]
      : [hiddenText(q, file), ''],
  }));
  return {
    chart: {
      kind: 'bar',
      categories: rows.map((r) => r.label),
      series: [{ name: file.likertAverage, values: rows.map((r) => r.average) }],
    },
    table: {
      header: [file.question, file.count, file.likertAverage],
      rows: rows.map((r) => [r.label, ...r.cells]),
    },
  };
}

/** Where an average sits on its scale, 0 at its lowest value and 100 at its highest. */
const scalePosition = (average: number, min: number, max: number) =>
  max > min ? Math.round(((average - min) / (max - min)) * 1000) / 10 : null;

/**
 * A questionnaire's card (decision 0038): each counted question and result with its answers and
 * average on its own scale, or its most chosen values; the chart places each average on its scale
 * (0 % its lowest value, 100 % its highest), so questions on different scales compare.
 */
function formCard(
  data: Extract<CardData, { source: 'form' }>,
  labels: CardLabels,
): Pick<RenderCard, 'chart' | 'table' | 'hiddenNote'> {
  const { file, lang } = labels;
  const figure = data.total;
  if (!figure.shown) return { hiddenNote: hiddenText(figure, file) };
  const own = data.definition.languages[0] as Language | undefined;
  const title = (text: Parameters<typeof textIn>[0], fallback: string) =>
    textIn(text, lang, own ?? 'fr') || fallback;
  const round = (n: number) => Math.round(n * 100) / 100;
  const questions = new Map(data.definition.questions.map((q) => [q.id, q]));
  const rows = figure.questions.flatMap((q) => {
    const asked = questions.get(q.answerId);
    if (!asked) return [];
    const label = title(asked.title, q.answerId);
    if (!q.shown) return [{ label, position: null, cells: [hiddenText(q, file), '', ''] }];
    if (asked.kind === 'choice') {
      const names = new Map(asked.choices.map((c) => [c.value, title(c.title, c.value)]));
      const top = [...(q.choices ?? [])]
        .filter((c) => c.count > 0)
        .sort((a, b) => b.count - a.count)
        .slice(0, 3)
        .map((c) => `${names.get(c.value) ?? c.value} (${numberText(c.count, lang)})`);
      return [
        { label, position: null, cells: [numberText(q.answers, lang), top.join(', ') || '—', file.chosen] },
      ];
    }
    const scale = `${numberText(asked.min, lang)}–${numberText(asked.max, lang)}`;
    if (q.average === undefined)
      return [{ label, position: null, cells: [numberText(q.answers, lang), '—', scale] }];
    return [
      {
        label,
        position: scalePosition(q.average, asked.min, asked.max),
        cells: [numberText(q.answers, lang), numberText(round(q.average), lang), scale],
      },
    ];
  });
  const results = new Map(data.definition.results.map((r) => [r.id, r]));
  for (const r of figure.results) {
    const defined = results.get(r.resultId);
    if (!defined) continue;
    const label = title(defined.shortTitle ?? defined.title, r.resultId);
    const scale =
      defined.min !== undefined && defined.max !== undefined
        ? `${numberText(defined.min, lang)}–${numberText(defined.max, lang)}`
        : '—';
    rows.push(
      r.shown
        ? {
            label,
            position:
              defined.min !== undefined && defined.max !== undefined
                ? scalePosition(r.average, defined.min, defined.max)
                : null,
            cells: [numberText(r.answers, lang), numberText(round(r.average), lang), scale],
          }
        : { label, position: null, cells: [hiddenText(r, file), '', ''] },
    );
  }
  const charted = rows.filter((r) => r.position !== null);
  return {
    ...(charted.length
      ? {
          chart: {
            kind: 'bar' as const,
            categories: charted.map((r) => r.label),
            series: [{ name: file.scalePosition, values: charted.map((r) => r.position) }],
            max: 100,
          },
        }
      : {}),
    table: {
      header: [file.question, file.count, file.averageOnScale, file.scale],
      rows: rows.map((r) => [r.label, ...r.cells]),
    },
  };
}

/** A card as the file lays it out. */
export function renderCardOf(
  card: { title: string; description: string; result: string; legend: string; dataShot?: DataShot },
  data: CardData | undefined,
  labels: CardLabels,
): RenderCard {
  const shot = card.dataShot;
  const figures =
    shot && data
      ? data.source === 'campaign'
        ? campaignCard(data, labels)
        : data.source === 'form'
          ? formCard(data, labels)
          : shot.source === 'campaign' || shot.source === 'form'
            ? {}
            : data.source === 'feelings'
              ? feelingsCard(shot, data, labels)
              : thinkingsCard(shot, data, labels)
      : {};
  return {
    title: card.title,
    ...(card.description ? { description: card.description } : {}),
    ...(card.result ? { text: card.result } : {}),
    ...(card.legend ? { legend: card.legend } : {}),
    ...figures,
  };
}
