import { useState } from 'react';
import { Button, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StepTexts } from '../exports/export-shapes';

/** How many texts a list shows before "show all": enough to read, not a wall. */
const TEXTS_SHOWN = 20;

/**
 * A free-text question's texts, or an axis's comments (decisions 0033, 0035: only for a group of at
 * least 8 whose figure is shown), in the order the server gives, which says nothing of who wrote
 * them; or why none.
 */
export function FreeTexts({ part, testId }: { part: StepTexts; testId: string }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const titleId = `${testId}-title`;
  let body;
  if (!part.shown)
    body = (
      <Text size="sm" fs="italic" data-testid={`${testId}-hidden`}>
        {part.reason}
      </Text>
    );
  else if (part.texts.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {t('reports.campaign.texts.none')}
      </Text>
    );
  else
    body = (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('reports.campaign.texts.count', { count: part.texts.length })}
        </Text>
        <List size="sm" spacing={4} aria-labelledby={titleId} data-testid={`${testId}-list`}>
          {(all ? part.texts : part.texts.slice(0, TEXTS_SHOWN)).map((text, i) => (
            <List.Item key={i}>{text}</List.Item>
          ))}
        </List>
        {part.texts.length > TEXTS_SHOWN && (
          <Button variant="subtle" size="compact-sm" onClick={() => setAll((v) => !v)} aria-expanded={all}>
            {all
              ? t('reports.campaign.texts.showFewer')
              : t('reports.campaign.texts.showAll', { count: part.texts.length })}
          </Button>
        )}
      </Stack>
    );
  return (
    <Stack gap={4} data-testid={testId}>
      <Title order={4} size="h6" id={titleId}>
        {t('reports.campaign.texts.title', { question: part.title })}
      </Title>
      {body}
    </Stack>
  );
}
