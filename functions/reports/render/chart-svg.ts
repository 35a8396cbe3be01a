import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { RenderChart, RenderDocument } from './document';
import { FONT_FAMILY } from './fonts';

// Only the parts a rendered file draws: bars, lines, their grid and legend, the decal patterns of
// the aria component, and the SVG renderer (the whole of ECharts would triple the bundle).
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, AriaComponent, SVGRenderer]);

export interface ChartSvgOptions {
  /** Size of the drawing, in SVG user units (pixels; the PDF places them as points). */
  width: number;
  height: number;
  /** Language of the numbers on the value axis. */
  lang: RenderDocument['lang'];
}

/** Dark enough for text contrast on white (≥ 4.5:1) and told apart by pattern and marker as well. */
const COLOURS = ['#1864ab', '#c2255c', '#2b8a3e', '#e8590c', '#5f3dc4', '#495057'];
/** Line series differ by their marker and their stroke, not by colour alone. */
const SYMBOLS = ['circle', 'rect', 'triangle', 'diamond', 'pin', 'arrow'];
const LINE_TYPES = ['solid', 'dashed', 'dotted'] as const;
const TEXT_COLOUR = '#212529';
/** A category label longer than this many characters is a long one (see `horizontal`). */
const LONG_LABEL = 14;

/**
 * A chart drawn to SVG on the server with ECharts' server-side rendering: no DOM, the same charts as
 * the app shows. Null values are gaps (no bar, a break in the line). Each series has a name in the
 * legend and its own pattern (bars) or marker and stroke (lines).
 */
export function chartSvg(chart: RenderChart, options: ChartSvgOptions): string {
  const instance = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: options.width,
    height: options.height,
  });
  try {
    const numbers = new Intl.NumberFormat(options.lang, { maximumFractionDigits: 2 });
    const rotate = chart.categories.length > 6 ? 30 : 0;
    // Long labels (a questionnaire's questions) lie beside horizontal bars, cut to a third of the
    // width with an ellipsis; the card's table gives them whole.
    const horizontal = chart.kind === 'bar' && chart.categories.some((c) => c.length > LONG_LABEL);
    // ECharts measures a label without the file's font: room beyond its width keeps it whole.
    const labelWidth = Math.round(options.width * 0.3);
    const categoryAxis = {
      type: 'category',
      data: chart.categories,
      axisLine: { lineStyle: { color: TEXT_COLOUR } },
      ...(horizontal
        ? {
            inverse: true,
            axisLabel: {
              interval: 0,
              width: labelWidth,
              overflow: 'truncate',
              color: TEXT_COLOUR,
              fontFamily: FONT_FAMILY,
            },
          }
        : { axisLabel: { interval: 0, rotate, color: TEXT_COLOUR, fontFamily: FONT_FAMILY } }),
    };
    const valueAxis = {
      type: 'value',
      name: chart.unit,
      ...(chart.max !== undefined ? { min: 0, max: chart.max } : {}),
      nameTextStyle: { color: TEXT_COLOUR, fontFamily: FONT_FAMILY },
      axisLabel: {
        color: TEXT_COLOUR,
        fontFamily: FONT_FAMILY,
        formatter: (value: number) => numbers.format(value),
      },
    };
    instance.setOption({
      animation: false,
      color: COLOURS,
      aria: { enabled: true, decal: { show: chart.kind === 'bar' } },
      textStyle: { fontFamily: FONT_FAMILY, fontSize: 11, color: TEXT_COLOUR },
      legend: {
        show: true,
        bottom: 0,
        itemGap: 24,
        textStyle: { fontFamily: FONT_FAMILY, fontSize: 11, color: TEXT_COLOUR },
        data: chart.series.map((series) => series.name),
      },
      grid: horizontal
        ? { left: Math.round(labelWidth * 1.2) + 12, right: 24, top: chart.unit ? 32 : 8, bottom: 52 }
        : { left: 8, right: 16, top: chart.unit ? 32 : 16, bottom: rotate ? 72 : 52 },
      xAxis: horizontal ? valueAxis : categoryAxis,
      yAxis: horizontal ? categoryAxis : valueAxis,
      series: chart.series.map((series, index) =>
        chart.kind === 'bar'
          ? { type: 'bar', name: series.name, data: series.values }
          : {
              type: 'line',
              name: series.name,
              data: series.values,
              connectNulls: false,
              symbol: SYMBOLS[index % SYMBOLS.length],
              symbolSize: 8,
              showAllSymbol: true,
              lineStyle: { width: 2, type: LINE_TYPES[index % LINE_TYPES.length] },
            },
      ),
    });
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}
