import { useState } from 'react';
import { Checkbox, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { textIn } from '@shared/domain/sessions';
import { currentLanguage } from '../../../i18n';
import { valueError } from '../rules';
import { SaveBar, type RunnerProps } from './runner';

/**
 * A measure's tag questions (spec 02 §3): for each, one tag (radios) or several (checkboxes) among
 * those it offers, by the names the step view gives (a participant may not list the sphere's tags;
 * a tag archived since keeps its id as its label).
 */
export function TagsStep({ step, saving, errors, onSave }: RunnerProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const given = step.answer?.type === 'tags' ? step.answer.values : {};
  const [values, setValues] = useState<Record<string, string[]>>(() => ({ ...given }));
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const questions = step.measure.tagQuestions;
  const names = new Map(step.items.map((item) => [item.id, item.title]));
  const nameOf = (tagId: string) => names.get(tagId) || tagId;
  const set = (id: string, chosen: string[]) => {
    setValues((current) => ({ ...current, [id]: chosen }));
    setMissing((current) => new Set([...current].filter((m) => m !== id)));
  };
  const errorOf = (id: string) => (missing.has(id) ? t('errors.required') : valueError(errors, id));

  function save() {
    const empty = questions.filter((q) => q.required && (values[q.id]?.length ?? 0) === 0);
    setMissing(new Set(empty.map((q) => q.id)));
    if (empty.length > 0) return;
    onSave({
      type: 'tags',
      values: Object.fromEntries(questions.map((q) => [q.id, values[q.id] ?? []])),
    });
  }

  return (
    <Stack>
      {questions.map((q) => {
        const label = textIn(q.title, language) || t('participation.tags.question');
        const description = textIn(q.description, language) || undefined;
        const chosen = values[q.id] ?? [];
        return q.multiChoice ? (
          <Checkbox.Group
            key={q.id}
            label={label}
            description={description}
            required={q.required}
            value={chosen}
            onChange={(v) => set(q.id, v)}
            error={errorOf(q.id)}
            data-testid={`participation-tags-${q.id}`}
          >
            <Stack gap={6} mt="xs">
              {q.tagIds.map((tagId) => (
                <Checkbox
                  key={tagId}
                  value={tagId}
                  label={nameOf(tagId)}
                  data-testid={`participation-tag-${q.id}-${tagId}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : (
          <Radio.Group
            key={q.id}
            label={label}
            description={description}
            required={q.required}
            value={chosen[0] ?? ''}
            onChange={(v) => set(q.id, v ? [v] : [])}
            error={errorOf(q.id)}
            data-testid={`participation-tags-${q.id}`}
          >
            <Stack gap={6} mt="xs">
              {q.tagIds.map((tagId) => (
                <Radio
                  key={tagId}
                  value={tagId}
                  label={nameOf(tagId)}
                  data-testid={`participation-tag-${q.id}-${tagId}`}
                />
              ))}
            </Stack>
          </Radio.Group>
        );
      })}
      {questions.length === 0 && <Text c="dimmed">{t('participation.tags.none')}</Text>}
      <SaveBar saving={saving} onSave={save} />
    </Stack>
  );
}
