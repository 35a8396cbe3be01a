import { useMemo, useState } from 'react';
import { Alert, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { feelingColor, feelingEnergy, feelingValue, type Mood } from '@shared/domain/feelings';
import { FeelingScale } from '../../../components/feeling-scale';
import { MoodFace } from '../../../components/mood-face';
import { WordChoice } from '../../../components/word-choice';
import { currentLanguage } from '../../../i18n';
import { QUADRANT_STYLE } from '../../../lib/quadrants';
import { PLAIN_FIELDSET, SaveBar, type RunnerProps } from './runner';

/**
 * A feeling step (spec 01 §2 feeling entry, in a campaign): a good or a bad moment, the two
 * ten-step histograms (intensity and energy), then a word of their quadrant when the measure asks.
 */
export function FeelingStep({ step, saving, errors, onSave }: RunnerProps) {
  const { t } = useTranslation();
  const given = step.answer?.type === 'feeling' ? step.answer : undefined;
  const [mood, setMood] = useState<Mood | null>(given?.mood ?? null);
  const [intensity, setIntensity] = useState<number | null>(given?.intensityStep ?? null);
  const [energy, setEnergy] = useState<number | null>(given?.energyStep ?? null);
  const [wordId, setWordId] = useState<string | null>(given?.wordId ?? null);
  const color = useMemo(
    () =>
      mood !== null && intensity !== null && energy !== null
        ? feelingColor(feelingValue(intensity, mood), feelingEnergy(energy))
        : null,
    [mood, intensity, energy],
  );
  const fill = color ? QUADRANT_STYLE[color].fill : 'var(--mantine-color-gray-6)';
  const complete = mood !== null && intensity !== null && energy !== null;
  const describe = (s: number) => t('participation.feeling.stepOf', { step: s + 1, total: 10 });

  return (
    <Stack>
      <fieldset style={PLAIN_FIELDSET}>
        <Text component="legend" fw={600} mb={4} style={{ padding: 0 }}>
          {t('participation.feeling.mood')}
        </Text>
        <Group gap="md">
          {(['good', 'bad'] as const).map((m) => (
            <UnstyledButton
              key={m}
              onClick={() => {
                setMood(m);
                setWordId(null);
              }}
              aria-pressed={mood === m}
              data-testid={`participation-mood-${m}`}
              style={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 4,
                padding: 8,
                borderRadius: 8,
                border:
                  mood === m
                    ? '3px solid var(--mantine-color-blue-9)'
                    : '1px solid var(--mantine-color-gray-5)',
                minWidth: 96,
              }}
            >
              <MoodFace mood={m} size={48} />
              <Text size="sm" fw={mood === m ? 700 : 400}>
                {mood === m ? '✓ ' : ''}
                {t(`participation.feeling.${m}`)}
              </Text>
            </UnstyledButton>
          ))}
        </Group>
      </fieldset>
      <FeelingScale
        name="participation-intensity"
        legend={t('participation.feeling.intensity')}
        describe={describe}
        low={t('participation.feeling.intensityLow')}
        high={t('participation.feeling.intensityHigh')}
        value={intensity}
        onChange={(s) => {
          setIntensity(s);
          setWordId(null);
        }}
        fill={fill}
      />
      <FeelingScale
        name="participation-energy"
        legend={t('participation.feeling.energy')}
        describe={describe}
        low={t('participation.feeling.energyLow')}
        high={t('participation.feeling.energyHigh')}
        value={energy}
        onChange={(s) => {
          setEnergy(s);
          setWordId(null);
        }}
        fill={fill}
      />
      {step.measure.wordSelection &&
        (color ? (
          <WordChoice color={color} value={wordId} onChange={setWordId} language={currentLanguage()} />
        ) : (
          <Alert color="gray" data-testid="participation-feeling-word-later">
            {t('participation.feeling.wordLater')}
          </Alert>
        ))}
      {errors.wordId && (
        <Text size="sm" c="red.9" role="alert">
          {errors.wordId}
        </Text>
      )}
      <SaveBar
        saving={saving}
        incomplete={complete ? undefined : t('participation.feeling.incomplete')}
        onSave={() => {
          if (!complete) return;
          onSave({
            type: 'feeling',
            mood,
            intensityStep: intensity,
            energyStep: energy,
            ...(step.measure.wordSelection && wordId ? { wordId } : {}),
          });
        }}
      />
    </Stack>
  );
}
