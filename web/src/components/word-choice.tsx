import { Chip, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/contracts/headers';
import { QUADRANTS, type FeelingColor } from '@shared/domain/feelings';
import { ErrorState } from './error-state';
import { quadrantSwatch, quadrantSymbol } from '../lib/quadrants';
import { useEmotionWords } from '../lib/feeling-words';

/**
 * The words of the quadrant the two histograms point to (25 of them), one to choose or none; the
 * chosen word's description shows beneath. The quadrant is named with its symbol, not only its colour.
 */
export function WordChoice({
  color,
  value,
  onChange,
  language,
}: {
  color: FeelingColor;
  value: string | null;
  onChange: (wordId: string | null) => void;
  language: Language;
}) {
  const { t } = useTranslation();
  const words = useEmotionWords();
  if (words.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (words.isError)
    return (
      <ErrorState
        title={t('feelings.words.loadError')}
        error={words.error}
        onRetry={() => void words.refetch()}
        testId="words-error"
      />
    );
  const inQuadrant = words.data.items
    .filter((w) => w.color === color)
    .sort((a, b) => a.label[language].localeCompare(b.label[language], language));
  const chosen = inQuadrant.find((w) => w.id === value);
  return (
    <Group gap="xs" component="section" aria-labelledby="feeling-words-title" data-testid="feeling-words">
      <Text id="feeling-words-title" fw={600} w="100%">
        <span
          aria-hidden="true"
          style={{
            ...quadrantSwatch(color),
            display: 'inline-block',
            padding: '0 6px',
            borderRadius: 4,
            marginRight: 6,
          }}
        >
          {quadrantSymbol(color)}
        </span>
        {t('feelings.words.title', { quadrant: QUADRANTS[color].label[language] })}
      </Text>
      <Chip.Group multiple={false} value={value ?? ''} onChange={(id) => onChange(id || null)}>
        {inQuadrant.map((word) => (
          <Chip key={word.id} value={word.id} size="sm" data-testid={`word-${word.id}`}>
            {word.label[language]}
          </Chip>
        ))}
      </Chip.Group>
      <Text size="sm" c="dimmed" w="100%" aria-live="polite" data-testid="word-description">
        {chosen
          ? `${chosen.label[language]} — ${chosen.description[language]}`
          : t('feelings.words.optional')}
      </Text>
    </Group>
  );
}
