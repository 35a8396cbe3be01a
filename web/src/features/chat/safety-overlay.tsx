import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SafetyStep } from './safety/safety-step';

/**
 * Overlay `safety` (`?show=safety`): who to call now, grounding and the safety plan, without any
 * chat. Offered after a very low feeling; it calls no route and is open to anyone, guests included:
 * help in a crisis is never a reserved feature.
 */
export default function SafetyOverlay() {
  const { t } = useTranslation();
  return (
    <Stack data-testid="safety-overlay">
      <Text>{t('chat.safety.overlayIntro')}</Text>
      <SafetyStep />
    </Stack>
  );
}
