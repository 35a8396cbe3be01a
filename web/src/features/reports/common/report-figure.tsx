import { Card, Text } from '@mantine/core';

/** One figure of a report: its name above, the number large. */
export function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card withBorder>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}
