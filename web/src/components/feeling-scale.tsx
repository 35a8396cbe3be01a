import { useId } from 'react';
import { Group, Text } from '@mantine/core';
import { HISTOGRAM_STEPS } from '@shared/domain/feelings';
import { StepScale } from './step-scale';

/** The steps of a feeling's histograms, 0 … 9, written 1 … 10. */
const STEPS = Array.from({ length: HISTOGRAM_STEPS }, (_, step) => step);

export interface FeelingScaleProps {
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
 * One of a feeling's ten-step histograms (spec 01 §2 feeling entry): a fieldset named by its
 * legend around the steps (`StepScale`), with the meaning of each end written under it.
 */
export function FeelingScale({
  name,
  legend,
  describe,
  low,
  high,
  value,
  onChange,
  fill,
}: FeelingScaleProps) {
  const legendId = useId();
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }} aria-labelledby={legendId}>
      <Text component="legend" id={legendId} fw={600} mb={4} style={{ padding: 0 }}>
        {legend}
      </Text>
      <StepScale
        name={name}
        values={STEPS}
        value={value}
        onChange={onChange}
        describe={describe}
        written={(step) => String(step + 1)}
        testId={(step) => `${name}-step-${step + 1}`}
        fill={fill}
      />
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
