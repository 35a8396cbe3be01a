import type { EChartsCoreOption } from 'echarts/core';
import { QUADRANT_FILL } from '@shared/charts/palette';
import type { Language } from '@shared/contracts/headers';
import type { SphereReport } from '@shared/contracts/reports';
import { FEELING_COLORS, QUADRANTS, type FeelingColor } from '@shared/domain/feelings';

/**
 * The feelings of each week or month by quadrant, as stacked bars. A hidden period has no bar
 * (null, never 0); each quadrant is named in the legend with its symbol and drawn with a pattern,
 * so no bar is told by colour alone. The page's table gives the same figures as text.
 */
export function colorsOverTime(
  report: { series: readonly { figure: SphereReport['total'] }[] },
  periodLabels: readonly string[],
  language: Language,
): EChartsCoreOption {
  return {
    aria: { enabled: true, label: { enabled: false }, decal: { show: true } },
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: [...periodLabels] },
    yAxis: { type: 'value', minInterval: 1 },
    series: FEELING_COLORS.map((color) => ({
      name: `${QUADRANTS[color].symbol} ${QUADRANTS[color].label[language]}`,
      type: 'bar',
      stack: 'colors',
      itemStyle: { color: QUADRANT_FILL[color].fill },
      data: report.series.map(({ figure }) => (figure.shown && figure.colors ? figure.colors[color] : null)),
    })),
  };
}

/**
 * One figure's feelings by quadrant, as one bar per quadrant, each named under it with its symbol
 * and drawn with its own pattern, so no bar is told by colour alone. The page's table of quadrants
 * gives the same figures as text.
 */
export function colorBars(colors: Record<FeelingColor, number>, language: Language): EChartsCoreOption {
  return {
    aria: { enabled: true, label: { enabled: false }, decal: { show: true } },
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: FEELING_COLORS.map((color) => `${QUADRANTS[color].symbol} ${QUADRANTS[color].label[language]}`),
      axisLabel: { interval: 0, overflow: 'break', width: 96 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        colorBy: 'data',
        data: FEELING_COLORS.map((color) => ({
          value: colors[color],
          itemStyle: { color: QUADRANT_FILL[color].fill },
        })),
      },
    ],
  };
}

/** How many periods of the series are hidden. */
export function hiddenPeriods(report: { series: readonly { figure: { shown: boolean } }[] }): number {
  return report.series.filter((entry) => !entry.figure.shown).length;
}

/**
 * The average of each axis over the whole period, as horizontal bars from −1 ("not at all") to 1
 * ("fully"), one bar per axis named on its left. The page's table of axes gives the same figures.
 */
export function axisAverages(
  axes: readonly { name: string; average: number }[],
  bounds: { low: string; high: string },
): EChartsCoreOption {
  return {
    aria: { enabled: true, label: { enabled: false } },
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: {
      type: 'value',
      min: -1,
      max: 1,
      interval: 0.5,
      axisLabel: {
        formatter: (value: number) => (value === -1 ? bounds.low : value === 1 ? bounds.high : String(value)),
      },
    },
    yAxis: { type: 'category', inverse: true, data: axes.map((axis) => axis.name) },
    series: [
      {
        type: 'bar',
        itemStyle: { color: QUADRANT_FILL.blue.fill },
        data: axes.map((axis) => axis.average),
      },
    ],
  };
}

/**
 * One figure of each week or month (people, feelings, an average), as bars drawn with a pattern.
 * A hidden period has no bar (null, never 0); the card's table gives the same figures as text.
 */
export function measureOverTime(
  periodLabels: readonly string[],
  values: readonly (number | null)[],
  name: string,
): EChartsCoreOption {
  return {
    aria: { enabled: true, label: { enabled: false }, decal: { show: true } },
    animation: false,
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: [...periodLabels] },
    yAxis: { type: 'value' },
    series: [{ name, type: 'bar', itemStyle: { color: QUADRANT_FILL.blue.fill }, data: [...values] }],
  };
}

/**
 * The average of each additional result of a form over the whole period, as horizontal bars, one
 * per result named on its left, on the scale the form gives them (from the lowest of their ends to
 * the highest, else the averages' own). The page's table of results gives the same figures.
 */
export function resultAverages(
  results: readonly { title: string; average: number; min?: number | undefined; max?: number | undefined }[],
): EChartsCoreOption {
  const mins = results.flatMap((r) => (r.min === undefined ? [] : [r.min]));
  const maxes = results.flatMap((r) => (r.max === undefined ? [] : [r.max]));
  return {
    aria: { enabled: true, label: { enabled: false }, decal: { show: true } },
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: {
      type: 'value',
      ...(mins.length > 0 ? { min: Math.min(...mins) } : {}),
      ...(maxes.length > 0 ? { max: Math.max(...maxes) } : {}),
    },
    yAxis: { type: 'category', inverse: true, data: results.map((r) => r.title) },
    series: [
      {
        type: 'bar',
        itemStyle: { color: QUADRANT_FILL.blue.fill },
        data: results.map((r) => r.average),
      },
    ],
  };
}
