import type { FeelingColor } from '../domain/feelings';

/**
 * The quadrants' colours, the product's palette (used by the SPA's theme and swatches and by the
 * charts of screens and rendered files): the fill, and the text colour that reads on it with a
 * contrast of at least 4.5:1.
 */
export const QUADRANT_FILL: Record<FeelingColor, { fill: string; on: string }> = {
  yellow: { fill: '#FFCE3A', on: '#1A1A1A' },
  green: { fill: '#1E7A45', on: '#FFFFFF' },
  red: { fill: '#C92A2A', on: '#FFFFFF' },
  blue: { fill: '#1C5D99', on: '#FFFFFF' },
};
