import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ADDITIONAL_RESULT_COMPUTE_TYPES,
  ADDITIONAL_RESULTS_MAX,
  FORM_DESCRIPTION_MAX_LENGTH,
  FORM_SHORT_TITLE_MAX_LENGTH,
  FORM_TITLE_MAX_LENGTH,
  SHORT_CODE_MAX_LENGTH,
  type AdditionalResult,
} from '@shared/contracts/forms';
import { textIn } from '@shared/domain/sessions';
import { newAdditionalResult, numericAnswers, type Draft } from './draft';
import { useEditor } from './editor-context';
import { MultilingualInput } from './multilingual-input';

const BOUNDARIES = ['min', 'max', 'average', 'deviation'] as const;

/** Scores computed from answers (spec 02 §3 Additional results): averages of questions and other results. */
export function AdditionalResultsTab({ form, onChange }: { form: Draft; onChange(form: Draft): void }) {
  const { t } = useTranslation();
  const { messageFor, languages } = useEditor();
  const first = languages[0] ?? 'fr';
  const questions = numericAnswers(form);
  const results = form.additionalResults;
  const setResults = (additionalResults: AdditionalResult[]) => onChange({ ...form, additionalResults });
  const setResult = (r: number, patch: Partial<AdditionalResult>) =>
    setResults(results.map((x, i) => (i === r ? { ...x, ...patch } : x)));
  const toggle = (list: readonly string[], id: string, on: boolean) =>
    on ? [...list, id] : list.filter((x) => x !== id);

  return (
    <Stack data-testid="results">
      <Text c="dimmed">{t('forms.results.intro')}</Text>
      {results.length === 0 && <Text data-testid="results-empty">{t('forms.results.empty')}</Text>}
      {results.map((result, r) => {
        const path = `additionalResults.${r}`;
        const others = results.filter((x) => x.id !== result.id);
        return (
          <Paper key={r} withBorder p="md" component="section" data-testid={`result-${r}`}>
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={3}>{t('forms.results.heading', { index: r + 1 })}</Title>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  c="red.9"
                  onClick={() =>
                    setResults(
                      results
                        .filter((_, i) => i !== r)
                        .map((x) => ({ ...x, children: x.children.filter((c) => c !== result.id) })),
                    )
                  }
                  data-testid={`result-${r}-remove`}
                >
                  {t('forms.results.remove')}
                </Button>
              </Group>
              <Group grow>
                <TextInput
                  label={t('forms.results.id')}
                  value={result.id}
                  onChange={(e) => setResult(r, { id: e.currentTarget.value })}
                  error={messageFor(`${path}.id`)}
                  data-testid={`result-${r}-id`}
                />
                <TextInput
                  label={t('forms.results.shortCode')}
                  value={result.shortCode ?? ''}
                  maxLength={SHORT_CODE_MAX_LENGTH}
                  onChange={(e) => setResult(r, { shortCode: e.currentTarget.value || undefined })}
                  error={messageFor(`${path}.shortCode`)}
                  data-testid={`result-${r}-short-code`}
                />
                <NativeSelect
                  label={t('forms.results.computeType')}
                  value={result.computeType}
                  onChange={(e) =>
                    setResult(r, { computeType: e.currentTarget.value as AdditionalResult['computeType'] })
                  }
                  data={ADDITIONAL_RESULT_COMPUTE_TYPES.map((c) => ({
                    value: c,
                    label: t(`forms.results.computeTypes.${c}`),
                  }))}
                  error={messageFor(`${path}.computeType`)}
                  data-testid={`result-${r}-compute-type`}
                />
              </Group>
              <MultilingualInput
                label={t('forms.fields.title')}
                value={result.title}
                onChange={(title) => setResult(r, { title })}
                error={messageFor(`${path}.title`)}
                required
                maxLength={FORM_TITLE_MAX_LENGTH}
                testId={`result-${r}-title`}
              />
              <MultilingualInput
                label={t('forms.fields.shortTitle')}
                value={result.shortTitle}
                onChange={(shortTitle) => setResult(r, { shortTitle })}
                maxLength={FORM_SHORT_TITLE_MAX_LENGTH}
                testId={`result-${r}-short-title`}
              />
              <MultilingualInput
                label={t('forms.fields.description')}
                value={result.description}
                onChange={(description) => setResult(r, { description })}
                markdown
                maxLength={FORM_DESCRIPTION_MAX_LENGTH}
                testId={`result-${r}-description`}
              />
              <Group grow>
                {BOUNDARIES.map((b) => (
                  <NumberInput
                    key={b}
                    label={t(`forms.results.boundaries.${b}`)}
                    value={result.boundaries[b] ?? ''}
                    onChange={(v) =>
                      setResult(r, {
                        boundaries: { ...result.boundaries, [b]: typeof v === 'number' ? v : undefined },
                      })
                    }
                    error={messageFor(`${path}.boundaries.${b}`)}
                    data-testid={`result-${r}-${b}`}
                  />
                ))}
              </Group>
              <Checkbox.Group
                label={t('forms.results.questions')}
                description={t('forms.results.questionsHint')}
                value={result.sources.questions}
                error={messageFor(`${path}.sources`)}
              >
                <Stack gap={4} mt={4}>
                  {questions.length === 0 && <Text size="sm">{t('forms.results.noQuestions')}</Text>}
                  {questions.map((q) => (
                    <Checkbox
                      key={q.id}
                      value={q.id}
                      label={`${textIn(q.title, first) || t('forms.designer.untitled')} (${q.id})`}
                      onChange={(e) =>
                        setResult(r, {
                          sources: {
                            ...result.sources,
                            questions: toggle(result.sources.questions, q.id, e.currentTarget.checked),
                          },
                        })
                      }
                      data-testid={`result-${r}-question-${q.id}`}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
              <Checkbox.Group
                label={t('forms.results.children')}
                value={result.children}
                error={messageFor(`${path}.children`)}
              >
                <Stack gap={4} mt={4}>
                  {others.length === 0 && <Text size="sm">{t('forms.results.noChildren')}</Text>}
                  {others.map((o) => (
                    <Checkbox
                      key={o.id}
                      value={o.id}
                      label={`${textIn(o.title, first) || t('forms.designer.untitled')} (${o.id})`}
                      onChange={(e) =>
                        setResult(r, { children: toggle(result.children, o.id, e.currentTarget.checked) })
                      }
                      data-testid={`result-${r}-child-${o.id}`}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            </Stack>
          </Paper>
        );
      })}
      <Button
        variant="light"
        style={{ alignSelf: 'flex-start' }}
        disabled={results.length >= ADDITIONAL_RESULTS_MAX}
        onClick={() => setResults([...results, newAdditionalResult(form)])}
        data-testid="results-add"
      >
        {t('forms.results.add')}
      </Button>
    </Stack>
  );
}
