import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  AriaComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, use as registerParts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only what the product draws: named imports, so that the build leaves every other chart out.
registerParts([
  BarChart,
  LineChart,
  ScatterChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  AriaComponent,
  MarkLineComponent,
  MarkAreaComponent,
  SVGRenderer,
]);

export { init };
