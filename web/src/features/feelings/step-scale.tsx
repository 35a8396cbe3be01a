import { useId, useState } from 'react';
import { Group, Text } from '@mantine/core';
import { HISTOGRAM_STEPS } from '../../../../shared/domain/feelings';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export interface StepScaleProps {
  /** Names the radio group and prefixes the test ids (`intensity-step-7`). */
  name: string;
  legend: string;
  /** What each step says to a screen reader ("7 of 10"). */
  describe: (step: number) => string;
  low: string;
  high: string;
  /** The chosen step (0 … 9) or null. */
  value: number | null;
  onChange: (step: number) => void;
  /** Fill of the chosen bars. */
  fill: string;
}

/**
 * A ten-step histogram (spec 01 §2 feeling entry) as a group of native radio buttons: Tab enters
 * it, the arrow keys move and choose, a screen reader says the step. The bars grow with the step;
 * the chosen one and those below it are filled and the chosen one is marked with its number in
 * bold and a check, so the choice does not rest on colour.
 */
export function StepScale({ name, legend, describe, low, high, value, onChange, fill }: StepScaleProps) {
  const [focused, setFocused] = useState<number | null>(null);
  const legendId = useId();
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }} aria-labelledby={legendId}>
      <Text component="legend" id={legendId} fw={600} mb={4} style={{ padding: 0 }}>
        {legend}
      </Text>
      <div style={{ display: 'flex', alignItems: 'flex-end', gap: 4, height: 112 }}>
        {Array.from({ length: HISTOGRAM_STEPS }, (_, step) => {
          const chosen = value === step;
          const filled = value !== null && step <= value;
          return (
            <label
              key={step}
              style={{
                flex: 1,
                minWidth: 0,
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'flex-end',
                alignItems: 'center',
                cursor: 'pointer',
              }}
            >
              <input
                type="radio"
                name={name}
                value={step}
                checked={chosen}
                onChange={() => onChange(step)}
                onFocus={() => setFocused(step)}
                onBlur={() => setFocused(null)}
                aria-label={describe(step)}
                data-testid={`${name}-step-${step + 1}`}
                style={visuallyHidden}
              />
              <span
                aria-hidden="true"
                style={{
                  display: 'block',
                  width: '100%',
                  height: `${(step + 1) * 8}%`,
                  borderRadius: 4,
                  background: filled ? fill : 'var(--mantine-color-gray-2)',
                  border: `1px solid ${filled ? fill : 'var(--mantine-color-gray-5)'}`,
                  outline: focused === step ? '3px solid var(--mantine-color-blue-9)' : 'none',
                  outlineOffset: 2,
                }}
              />
              <Text
                component="span"
                aria-hidden="true"
                size="sm"
                fw={chosen ? 800 : 400}
                mt={2}
                style={{ textDecoration: chosen ? 'underline' : 'none' }}
              >
                {chosen ? `✓${step + 1}` : step + 1}
              </Text>
            </label>
          );
        })}
      </div>
      <Group justify="space-between" mt={2}>
        <Text size="xs" c="dimmed">
          {low}
        </Text>
        <Text size="xs" c="dimmed">
          {high}
        </Text>
      </Group>
    </fieldset>
  );
}
