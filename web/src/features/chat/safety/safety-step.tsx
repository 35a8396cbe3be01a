import { useEffect, useId, useRef } from 'react';
import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CrisisLines } from './crisis-lines';
import { Grounding } from './grounding';
import { SafetyPlanEditor } from './safety-plan-editor';

/**
 * The safety step (decision 0054): when a person may be at risk for their life, no more coaching,
 * but who to call now in their country, a short grounding exercise and a safety plan of their own.
 * The chat shows it under its safety message; the `safety` overlay shows it alone.
 */
export function SafetyStep({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const section = useRef<HTMLDivElement>(null);
  // Reached by answering the safety question: the focus goes to what replaced the buttons.
  useEffect(() => {
    if (focusOnMount) section.current?.focus();
  }, [focusOnMount]);
  return (
    <Stack
      component="section"
      ref={section}
      tabIndex={-1}
      aria-labelledby={headingId}
      gap="md"
      data-testid="safety-step"
    >
      <Alert color="red" variant="light" title={<span id={headingId}>{t('chat.safety.dangerTitle')}</span>}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('chat.safety.danger')}</Text>
          <Button component="a" href="tel:112" color="red.9" data-testid="safety-call-112">
            {t('chat.safety.call112')}
          </Button>
        </Stack>
      </Alert>
      <CrisisLines />
      <Divider />
      <Grounding />
      <Divider />
      <SafetyPlanEditor />
    </Stack>
  );
}
