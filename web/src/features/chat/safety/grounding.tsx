import { useId } from 'react';
import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STRATEGIES } from '@shared/domain/regulation';
import { currentLanguage } from '../../../i18n';

/** The grounding exercise of the safety step: the regulation content's 5-4-3-2-1. */
const GROUNDING_TECHNIQUE_ID = 'five-senses';

/** A short exercise that brings attention back to the present, while waiting or before calling. */
export function Grounding() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const headingId = useId();
  const technique = STRATEGIES.flatMap((s) => s.techniques).find((x) => x.id === GROUNDING_TECHNIQUE_ID);
  if (!technique) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid="safety-grounding">
      <Title order={3} size="h4" id={headingId}>
        {t('chat.safety.grounding.title', { name: technique.title[language] })}
      </Title>
      <Text size="sm">{technique.why[language]}</Text>
      <List type="ordered" spacing={4} size="sm">
        {technique.steps.map((step) => (
          <List.Item key={step.en}>{step[language]}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
