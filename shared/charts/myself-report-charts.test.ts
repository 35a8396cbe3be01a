import { describe, expect, it } from 'vitest';
import * as echarts from 'echarts';
import { myselfReport } from '../domain/myself-report';
import { combine, contribution } from '../domain/feeling-days';
import { moodOverTime, quadrantBars } from './myself-report-charts';

const report = myselfReport(
  [
    {
      day: '2026-11-02',
      counts: combine(
        contribution({ value: 0.6, energy: 0.8, color: 'yellow' }),
        contribution({ value: -0.4, energy: 0.2, color: 'blue' }),
      ),
    },
    { day: '2026-11-04', counts: contribution({ value: 0.3, energy: 0.3, color: 'green' }) },
  ],
  '2026-11-01',
  '2026-11-05',
);

/** Renders an option as the files will: SVG on the server, no DOM. */
function svgOf(option: echarts.EChartsCoreOption): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 600, height: 300 });
  chart.setOption(option);
  const svg = chart.renderToSVGString();
  chart.dispose();
  return svg;
}

describe('my report charts', () => {
  it('draw one bar per quadrant, named with its symbol and its words', () => {
    const option = quadrantBars(report, 'en') as {
      yAxis: { data: string[] };
      series: { data: { value: number }[] }[];
    };
    expect(option.yAxis.data).toEqual([
      '▲ Pleasant, high energy',
      '● Pleasant, low energy',
      '◆ Unpleasant, high energy',
      '■ Unpleasant, low energy',
    ]);
    expect(option.series[0]?.data.map((d) => d.value)).toEqual([1, 1, 0, 1]);
    const svg = svgOf(quadrantBars(report, 'fr'));
    expect(svg).toContain('<svg');
    expect(svg).toContain('Agréable et énergique');
  });

  it('draw pleasantness and energy over time as two lines told apart by dash and marker, with gaps for empty days', () => {
    const option = moodOverTime(report, { value: 'Pleasantness', energy: 'Energy' }, (d) => d.slice(8)) as {
      xAxis: { data: string[] };
      series: { data: (number | null)[]; lineStyle: { type: string }; symbol: string }[];
    };
    expect(option.xAxis.data).toEqual(['01', '02', '03', '04', '05']);
    expect(option.series[0]?.data).toEqual([null, 0.1, null, 0.3, null]);
    expect(option.series[1]?.data).toEqual([null, 0.5, null, 0.3, null]);
    expect(option.series.map((s) => [s.lineStyle.type, s.symbol])).toEqual([
      ['solid', 'circle'],
      ['dashed', 'diamond'],
    ]);
    expect(svgOf(moodOverTime(report, { value: 'Pleasantness', energy: 'Energy' }, (d) => d))).toContain(
      'Energy',
    );
  });
});
