import { useState } from 'react';
import { Text } from '@mantine/core';

/** Kept in the keyboard's and screen readers' reach, out of sight (the bar shows it). */
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

/** Scales with more steps than this draw their bars closer together. */
const WIDE_GAP_UP_TO = 30;

export interface StepScaleProps {
  /** Names the radio buttons: one group, which the arrow keys move through. */
  name: string;
  /** The steps' values, lowest first. */
  values: readonly number[];
  /** Shows the highest value first. */
  reverse?: boolean;
  /** The chosen value, or null. */
  value: number | null;
  onChange(value: number): void;
  /** What a screen reader says for a step ("7 of 10"). */
  describe(value: number): string;
  /** The number written under a step's bar. */
  written(value: number): string;
  /** Whether a step's number is written (the chosen one's always is); every one by default. */
  numbered?(value: number): boolean;
  testId(value: number): string;
  /** Fill of the chosen bar and those below it. */
  fill: string;
  readOnly?: boolean;
}

/**
 * A row of bars growing with their value (a feeling's ten-step histograms, spec 01 §2; a form's
 * histogram, spec 02 §3 histo), each a native radio button: Tab enters the group, the arrow keys
 * move and choose, a screen reader says the step. The chosen bar and those below it are filled,
 * and the chosen one's number is written in bold with a check mark, so the choice never rests on
 * colour alone. The caller names the group and writes its legends.
 */
export function StepScale({
  name,
  values,
  reverse = false,
  value,
  onChange,
  describe,
  written,
  numbered,
  testId,
  fill,
  readOnly = false,
}: StepScaleProps) {
  const [focused, setFocused] = useState<number | null>(null);
  const shown = reverse ? [...values].reverse() : values;
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'flex-end',
        gap: values.length > WIDE_GAP_UP_TO ? 1 : 4,
        height: 112,
      }}
    >
      {shown.map((step, position) => {
        const rank = values.indexOf(step);
        const chosen = value === step;
        const filled = value !== null && step <= value;
        return (
          <label
            key={step}
            style={{
              position: 'relative',
              flex: 1,
              minWidth: 0,
              height: '100%',
              display: 'flex',
              flexDirection: 'column',
              justifyContent: 'flex-end',
              alignItems: 'center',
              cursor: readOnly ? 'default' : 'pointer',
            }}
          >
            <input
              type="radio"
              name={name}
              value={String(step)}
              checked={chosen}
              disabled={readOnly}
              onChange={() => onChange(step)}
              onFocus={() => setFocused(position)}
              onBlur={() => setFocused(null)}
              aria-label={describe(step)}
              data-testid={testId(step)}
              style={visuallyHidden}
            />
            <span
              aria-hidden="true"
              style={{
                display: 'block',
                width: '100%',
                height: `${Math.max(8, ((rank + 1) / values.length) * 80)}%`,
                borderRadius: 4,
                background: filled ? fill : 'var(--mantine-color-gray-2)',
                border: `1px solid ${filled ? fill : 'var(--mantine-color-gray-6)'}`,
                outline: focused === position ? '3px solid var(--mantine-color-blue-9)' : 'none',
                outlineOffset: 2,
              }}
            />
            <Text
              component="span"
              aria-hidden="true"
              fz="sm"
              fw={chosen ? 800 : 400}
              mt={2}
              style={{
                textDecoration: chosen ? 'underline' : 'none',
                whiteSpace: 'nowrap',
                visibility: chosen || (numbered?.(step) ?? true) ? 'visible' : 'hidden',
              }}
            >
              {chosen ? `✓${written(step)}` : written(step)}
            </Text>
          </label>
        );
      })}
    </div>
  );
}
