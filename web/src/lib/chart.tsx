import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';

/** ECharts with only what the product draws (lib/echarts-parts.ts), loaded the first time a chart shows. */
async function loadEcharts() {
  return import('./echarts-parts');
}

/**
 * A chart of the shared options (shared/charts), drawn as SVG. It is one image named by `label`;
 * the page gives its figures as text or a table beside it.
 */
export function Chart({
  option,
  label,
  height = 260,
  testId,
}: {
  option: EChartsCoreOption;
  label: string;
  height?: number;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { setOption(o: EChartsCoreOption): void; resize(): void; dispose(): void } | undefined;
    const onResize = () => chart?.resize();
    void loadEcharts().then((echarts) => {
      if (disposed || !ref.current) return;
      chart = echarts.init(ref.current, null, { renderer: 'svg' });
      chart.setOption(option);
      window.addEventListener('resize', onResize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [option]);
  return (
    <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height }} data-testid={testId} />
  );
}
