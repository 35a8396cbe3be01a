import type { EChartsCoreOption } from 'echarts/core';
import { QUADRANT_FILL } from '@shared/charts/palette';
import { round2 } from './report-export';
import { type ShownDimension, type SelfEsteemQuadrant, type SelfEsteemPlacement } from './scale-views';

/** A number as the report's tables write it: two decimals. */
export const twoDecimals = (n: number) => round2(n).toFixed(2);

/**
 * The shown dimensions' averages as horizontal bars, each named on its left with its value written
 * at its end (never told by colour alone), on the scale the form gives them: from the lowest of
 * their ends to the highest, else the averages' own. The view's table gives the same figures.
 */
export function dimensionBars(dimensions: readonly ShownDimension[]): EChartsCoreOption {
  const mins = dimensions.flatMap((d) => (d.min === undefined ? [] : [d.min]));
  const maxes = dimensions.flatMap((d) => (d.max === undefined ? [] : [d.max]));
  return {
    aria: { enabled: true, label: { enabled: false }, decal: { show: true } },
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    // The axis labels stay inside the chart (ECharts 6's successor of `containLabel`); the bars'
    // written values get room on the right.
    grid: { left: 8, right: 48, top: 8, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    xAxis: {
      type: 'value',
      ...(mins.length > 0 ? { min: Math.min(...mins) } : {}),
      ...(maxes.length > 0 ? { max: Math.max(...maxes) } : {}),
    },
    yAxis: { type: 'category', inverse: true, data: dimensions.map((d) => d.title) },
    series: [
      {
        type: 'bar',
        itemStyle: { color: QUADRANT_FILL.blue.fill },
        label: {
          show: true,
          position: 'right',
          formatter: ({ value }: { value: number }) => twoDecimals(value),
        },
        data: dimensions.map((d) => d.average),
      },
    ],
  };
}

/** Light fills of the four areas; each also carries its name, so no area is told by colour alone. */
export const QUADRANT_AREA: Record<SelfEsteemQuadrant, string> = {
  authentic: 'rgba(30, 122, 69, 0.10)',
  competenceBased: 'rgba(28, 93, 153, 0.10)',
  worthinessBased: 'rgba(255, 206, 58, 0.16)',
  low: 'rgba(201, 42, 42, 0.08)',
};

/**
 * The self-esteem quadrants: competence across, worthiness up, each axis named from the form and
 * cut at its midpoint by a dashed midline, each of the four areas named in its outer corner, and
 * the group's average as one point with its two values written beside it.
 */
export function quadrantChart(
  placement: Extract<SelfEsteemPlacement, { placed: true }>,
  names: Record<SelfEsteemQuadrant, string>,
): EChartsCoreOption {
  const { point, midpoints } = placement;
  const { competence, worthiness } = placement.axes;
  const x = placement.ranges.competence;
  const y = placement.ranges.worthiness;
  const area = (
    quadrant: SelfEsteemQuadrant,
    xs: [number, number],
    ys: [number, number],
    position: string,
  ) => [
    {
      name: names[quadrant],
      xAxis: xs[0],
      yAxis: ys[0],
      itemStyle: { color: QUADRANT_AREA[quadrant] },
      label: { position, color: '#1A1A1A' },
    },
    { xAxis: xs[1], yAxis: ys[1] },
  ];
  return {
    aria: { enabled: true, label: { enabled: false } },
    animation: false,
    tooltip: { trigger: 'item' },
    // The axis labels and the axes' names stay inside the chart.
    grid: { left: 8, right: 24, top: 16, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    xAxis: {
      type: 'value',
      name: competence.title,
      nameLocation: 'middle',
      nameGap: 28,
      min: x.min,
      max: x.max,
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      name: worthiness.title,
      nameLocation: 'middle',
      nameGap: 36,
      min: y.min,
      max: y.max,
      splitLine: { show: false },
    },
    series: [
      {
        type: 'scatter',
        name: `${competence.title} · ${worthiness.title}`,
        symbol: 'diamond',
        symbolSize: 18,
        itemStyle: { color: QUADRANT_FILL.blue.fill },
        label: {
          show: true,
          position: 'right',
          formatter: `${twoDecimals(point.competence)} · ${twoDecimals(point.worthiness)}`,
        },
        data: [[point.competence, point.worthiness]],
        markLine: {
          silent: true,
          symbol: 'none',
          label: { show: false },
          lineStyle: { type: 'dashed', color: '#495057' },
          data: [{ xAxis: midpoints.competence }, { yAxis: midpoints.worthiness }],
        },
        markArea: {
          silent: true,
          label: { show: true, fontSize: 12 },
          data: [
            area('authentic', [midpoints.competence, x.max], [midpoints.worthiness, y.max], 'insideTopRight'),
            area(
              'competenceBased',
              [midpoints.competence, x.max],
              [y.min, midpoints.worthiness],
              'insideBottomRight',
            ),
            area(
              'worthinessBased',
              [x.min, midpoints.competence],
              [midpoints.worthiness, y.max],
              'insideTopLeft',
            ),
            area('low', [x.min, midpoints.competence], [y.min, midpoints.worthiness], 'insideBottomLeft'),
          ],
        },
      },
    ],
  };
}
