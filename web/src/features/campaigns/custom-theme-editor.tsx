import { Button, Fieldset, Group, NativeSelect, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CUSTOM_THEME_QUESTIONS_MAX, type MeasureInput } from '@shared/contracts/campaigns';
import type { Language } from '@shared/contracts/headers';
import { MultilingualInput, newId } from './parts';

type Theme = NonNullable<MeasureInput['customTheme']>;
type Question = Theme['questions'][number];

/** A new custom theme: coloured, agreement legend, standard direction, one Likert question. */
export function newCustomTheme(): Theme {
  return {
    title: {},
    shortTitle: {},
    colour: 'colored',
    legend: 'agreement',
    direction: 'standard',
    questions: [{ id: newId(), kind: 'likert', title: {}, required: true }],
  };
}

/**
 * A custom-form measure's theme (spec 02 §3 custom-form): its titles, colour, legend and direction,
 * and its Likert and free-text questions.
 */
export function CustomThemeEditor({
  theme: given,
  languages,
  problemFor,
  onChange,
  testId,
}: {
  theme: Theme | undefined;
  languages: Language[];
  problemFor: (field: string) => string | undefined;
  onChange: (theme: Theme) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const theme = given ?? newCustomTheme();
  const set = <K extends keyof Theme>(key: K, value: Theme[K]) => onChange({ ...theme, [key]: value });
  const changeQuestion = (index: number, q: Question) =>
    set(
      'questions',
      theme.questions.map((x, i) => (i === index ? q : x)),
    );
  const select = <K extends 'colour' | 'legend' | 'direction'>(
    key: K,
    values: readonly NonNullable<Theme[K]>[],
  ) => (
    <NativeSelect
      label={t(`campaigns.theme.${key}`)}
      value={theme[key] ?? values[0]}
      onChange={(e) => set(key, e.currentTarget.value as Theme[K])}
      data={values.map((v) => ({ value: v, label: t(`campaigns.theme.${key}s.${v}`) }))}
      data-testid={`${testId}-${key}`}
    />
  );
  return (
    <Fieldset legend={t('campaigns.theme.title')} data-testid={testId}>
      <Stack gap="sm">
        <MultilingualInput
          label={t('campaigns.theme.themeTitle')}
          value={theme.title ?? {}}
          languages={languages}
          onChange={(v) => set('title', v)}
          error={problemFor('title')}
          testId={`${testId}-title`}
        />
        <MultilingualInput
          label={t('campaigns.theme.shortTitle')}
          value={theme.shortTitle ?? {}}
          languages={languages}
          onChange={(v) => set('shortTitle', v)}
          error={problemFor('shortTitle')}
          testId={`${testId}-short-title`}
        />
        <Group grow align="flex-start">
          {select('colour', ['colored', 'monochrome'] as const)}
          {select('legend', ['agreement', 'frequency'] as const)}
          {select('direction', ['standard', 'reverse'] as const)}
        </Group>
        {theme.questions.map((q, index) => (
          <Stack key={q.id} gap="xs" data-testid={`${testId}-question-${index}`}>
            <Group align="flex-end">
              <NativeSelect
                label={t('campaigns.theme.kind')}
                value={q.kind}
                onChange={(e) =>
                  changeQuestion(index, { ...q, kind: e.currentTarget.value as Question['kind'] })
                }
                data={(['likert', 'text'] as const).map((k) => ({
                  value: k,
                  label: t(`campaigns.theme.kinds.${k}`),
                }))}
                data-testid={`${testId}-question-${index}-kind`}
              />
              <Switch
                label={t('campaigns.measures.required')}
                checked={q.required ?? true}
                onChange={(e) => changeQuestion(index, { ...q, required: e.currentTarget.checked })}
              />
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                c="red.9"
                disabled={theme.questions.length === 1}
                onClick={() =>
                  set(
                    'questions',
                    theme.questions.filter((_, i) => i !== index),
                  )
                }
                aria-label={t('campaigns.theme.removeQuestionNamed', { number: index + 1 })}
              >
                {t('campaigns.theme.removeQuestion')}
              </Button>
            </Group>
            <MultilingualInput
              label={t('campaigns.theme.question', { number: index + 1 })}
              value={q.title ?? {}}
              languages={languages}
              onChange={(title) => changeQuestion(index, { ...q, title })}
              error={problemFor(`questions.${index}`)}
              testId={`${testId}-question-${index}-title`}
            />
          </Stack>
        ))}
        {theme.questions.length < CUSTOM_THEME_QUESTIONS_MAX && (
          <Group>
            <Button
              size="compact-sm"
              variant="subtle"
              c="blue.9"
              onClick={() =>
                set('questions', [
                  ...theme.questions,
                  { id: newId(), kind: 'likert', title: {}, required: true },
                ])
              }
              data-testid={`${testId}-question-add`}
            >
              {t('campaigns.theme.addQuestion')}
            </Button>
          </Group>
        )}
        {problemFor('questions') && (
          <div role="alert" style={{ color: 'var(--mantine-color-red-9)', fontSize: 14 }}>
            {problemFor('questions')}
          </div>
        )}
      </Stack>
    </Fieldset>
  );
}
