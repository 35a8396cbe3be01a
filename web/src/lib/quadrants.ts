import type { CSSProperties } from 'react';
import { QUADRANT_FILL } from '@shared/charts/palette';
import { QUADRANTS, type FeelingColor } from '@shared/domain/feelings';

/**
 * The four quadrants as the product draws them: a fill, the text colour that reads on it (contrast
 * of at least 4.5:1), and a pattern and a symbol, so that no screen tells them by colour alone.
 */
export const QUADRANT_STYLE: Record<FeelingColor, { fill: string; on: string; pattern: string }> = {
  yellow: {
    ...QUADRANT_FILL.yellow,
    pattern: 'radial-gradient(rgba(0,0,0,.35) 1px, transparent 1.5px) 0 0 / 6px 6px',
  },
  green: {
    ...QUADRANT_FILL.green,
    pattern: 'repeating-linear-gradient(90deg, rgba(255,255,255,.35) 0 1px, transparent 1px 6px)',
  },
  red: {
    ...QUADRANT_FILL.red,
    pattern: 'repeating-linear-gradient(45deg, rgba(255,255,255,.4) 0 1px, transparent 1px 6px)',
  },
  blue: {
    ...QUADRANT_FILL.blue,
    pattern: 'repeating-linear-gradient(0deg, rgba(255,255,255,.35) 0 1px, transparent 1px 6px)',
  },
};

export const quadrantSymbol = (color: FeelingColor) => QUADRANTS[color].symbol;

/** A swatch of a quadrant: its fill under its pattern. */
export function quadrantSwatch(color: FeelingColor): CSSProperties {
  const style = QUADRANT_STYLE[color];
  return { background: `${style.pattern}, ${style.fill}`, color: style.on };
}
