import type { CSSProperties } from 'react';
import { QUADRANTS, type FeelingColor } from '../../../shared/domain/feelings';

/**
 * The four quadrants as the product draws them: a fill, the text colour that reads on it (contrast
 * of at least 4.5:1), and a pattern and a symbol, so that no screen tells them by colour alone.
 */
export const QUADRANT_STYLE: Record<FeelingColor, { fill: string; on: string; pattern: string }> = {
  yellow: {
    fill: '#FFCE3A',
    on: '#1A1A1A',
    pattern: 'radial-gradient(rgba(0,0,0,.35) 1px, transparent 1.5px) 0 0 / 6px 6px',
  },
  green: {
    fill: '#1E7A45',
    on: '#FFFFFF',
    pattern: 'repeating-linear-gradient(90deg, rgba(255,255,255,.35) 0 1px, transparent 1px 6px)',
  },
  red: {
    fill: '#C92A2A',
    on: '#FFFFFF',
    pattern: 'repeating-linear-gradient(45deg, rgba(255,255,255,.4) 0 1px, transparent 1px 6px)',
  },
  blue: {
    fill: '#1C5D99',
    on: '#FFFFFF',
    pattern: 'repeating-linear-gradient(0deg, rgba(255,255,255,.35) 0 1px, transparent 1px 6px)',
  },
};

export const quadrantSymbol = (color: FeelingColor) => QUADRANTS[color].symbol;

/** A swatch of a quadrant: its fill under its pattern. */
export function quadrantSwatch(color: FeelingColor): CSSProperties {
  const style = QUADRANT_STYLE[color];
  return { background: `${style.pattern}, ${style.fill}`, color: style.on };
}
