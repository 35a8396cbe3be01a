import { Button, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STRATEGIES } from '@shared/domain/regulation';
import { currentLanguage } from '../../i18n';

/** A technique of the regulation content by its id (a message's `cardId`), if there is one. */
export function techniqueOf(id: string) {
  return STRATEGIES.flatMap((s) => s.techniques).find((technique) => technique.id === id);
}

/**
 * The technique an assistant's message offers: its title and why it helps, and the way to the
 * help overlay where it runs with its steps and a timer.
 */
export function TechniqueCard({ cardId, onOpen }: { cardId: string; onOpen: (techniqueId: string) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const technique = techniqueOf(cardId);
  if (!technique) return null;
  return (
    <Paper withBorder p="sm" radius="md" w="100%" data-testid={`chat-card-${technique.id}`}>
      <Stack gap={4} align="flex-start">
        <Text size="xs" fw={600} tt="uppercase">
          {t('chat.card.label')}
        </Text>
        <Text fw={700}>{technique.title[language]}</Text>
        <Text size="sm">{technique.why[language]}</Text>
        <Button
          size="xs"
          variant="light"
          onClick={() => onOpen(technique.id)}
          data-testid={`chat-card-open-${technique.id}`}
        >
          {t('chat.card.open', { title: technique.title[language] })}
        </Button>
      </Stack>
    </Paper>
  );
}
