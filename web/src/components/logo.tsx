import { QUADRANT_FILL } from '@shared/charts/palette';

/**
 * The product's mark: the mood meter's four quadrants around a centre (unpleasant and energetic top
 * left, pleasant and energetic top right, unpleasant and calm bottom left, pleasant and calm bottom
 * right). Decorative: the product's name always stands beside it.
 */
export function Logo({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 2A14 14 0 0 0 2 16h14z" fill={QUADRANT_FILL.red.fill} />
      <path d="M16 2a14 14 0 0 1 14 14H16z" fill={QUADRANT_FILL.yellow.fill} />
      <path d="M2 16a14 14 0 0 0 14 14V16z" fill={QUADRANT_FILL.blue.fill} />
      <path d="M30 16a14 14 0 0 1-14 14V16z" fill={QUADRANT_FILL.green.fill} />
      <circle cx="16" cy="16" r="4.5" fill="#fff" />
    </svg>
  );
}
