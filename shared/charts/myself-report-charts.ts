import type { EChartsCoreOption } from 'echarts/core';
import { FEELING_COLORS, QUADRANTS, type FeelingColor } from '../domain/feelings';
import type { MyselfReport } from '../domain/myself-report';
import type { Language } from '../contracts/headers';
import { QUADRANT_FILL } from './palette';

/**
 * The charts of my report as ECharts options, the same for the screen and for rendered files.
 * None tells its series by colour alone: the quadrant bars carry their symbol in the axis label
 * and a pattern (ECharts' decals), the two lines differ by dash and marker.
 */

const ARIA = { enabled: true, label: { enabled: false }, decal: { show: true } } as const;

/** How many feelings fell in each quadrant: one bar per quadrant. */
export function quadrantBars(report: Pick<MyselfReport, 'colors'>, language: Language): EChartsCoreOption {
  return {
    aria: ARIA,
    animation: false,
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      inverse: true,
      data: FEELING_COLORS.map((c) => `${QUADRANTS[c].symbol} ${QUADRANTS[c].label[language]}`),
    },
    series: [
      {
        type: 'bar',
        data: FEELING_COLORS.map((c: FeelingColor) => ({
          value: report.colors[c],
          itemStyle: { color: QUADRANT_FILL[c].fill },
        })),
        label: { show: true, position: 'right' },
      },
    ],
  };
}

/**
 * Average pleasantness (−1 … 1) and energy (0 … 1) per interval: two lines, solid with circles and
 * dashed with diamonds; an interval without feelings leaves a gap rather than a false zero.
 */
export function moodOverTime(
  report: Pick<MyselfReport, 'series'>,
  labels: { value: string; energy: string },
  formatStart: (start: string) => string,
): EChartsCoreOption {
  return {
    aria: ARIA,
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: report.series.map((p) => formatStart(p.start)) },
    yAxis: { type: 'value', min: -1, max: 1 },
    series: [
      {
        name: labels.value,
        type: 'line',
        connectNulls: false,
        symbol: 'circle',
        symbolSize: 7,
        lineStyle: { type: 'solid', width: 2, color: '#1C5D99' },
        itemStyle: { color: '#1C5D99' },
        data: report.series.map((p) => p.averageValue),
      },
      {
        name: labels.energy,
        type: 'line',
        connectNulls: false,
        symbol: 'diamond',
        symbolSize: 9,
        lineStyle: { type: 'dashed', width: 2, color: '#8A4B00' },
        itemStyle: { color: '#8A4B00' },
        data: report.series.map((p) => p.averageEnergy),
      },
    ],
  };
}
