import { Badge } from '@mantine/core';
import { QUADRANTS, type FeelingColor } from '@shared/domain/feelings';
import { currentLanguage } from '../../i18n';
import { quadrantSwatch, quadrantSymbol } from '../../lib/quadrants';

/** A quadrant as a badge: its pattern and colour, its symbol and its name (never colour alone). */
export function QuadrantBadge({
  color,
  suffix,
  size,
  testId,
}: {
  color: FeelingColor;
  /** Text after the name, such as a count. */
  suffix?: string;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
}) {
  const name = `${quadrantSymbol(color)} ${QUADRANTS[color].label[currentLanguage()]}`;
  return (
    <Badge radius="sm" size={size} style={quadrantSwatch(color)} data-testid={testId}>
      {suffix ? `${name} · ${suffix}` : name}
    </Badge>
  );
}
