import { useState } from 'react';
import { Button, Group, Radio, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Axis, ThinkingAnswer } from '@shared/contracts/thinkings';
import {
  THINKING_COMMENT_MAX_LENGTH,
  THINKING_VALUES,
  axisDescription,
  inLanguage,
  type ThinkingValue,
} from '@shared/domain/thinkings';
import { currentLanguage } from '../../i18n';

/** The key of a value's words: −1 → "m1", −0.5 → "m05", 0 → "0", 0.5 → "p05", 1 → "p1". */
export const valueKey = (value: number) =>
  value === 0 ? '0' : `${value < 0 ? 'm' : 'p'}${String(Math.abs(value)).replace('.', '')}`;

interface Draft {
  value: ThinkingValue | null;
  comment: string;
}

/**
 * One question per axis (spec 01 §2 thinking entry): five values named in words (never a colour
 * or a position alone), as a native radio group that arrow keys move through, a way to leave an
 * axis unanswered, and a comment where the axis allows one. Save is enabled once one axis has a
 * value; every value set, 0 included, is sent.
 */
export function ThinkingForm({
  axes,
  initial = [],
  sphereName,
  submitLabel,
  pending,
  onSubmit,
}: {
  axes: readonly Axis[];
  /** The sphere the thinking is given in, named in the axes' descriptions (`%SPHERE_NAME%`). */
  sphereName?: string | undefined;
  initial?: readonly { id: string; value: number; comment?: string | undefined }[];
  submitLabel: string;
  pending: boolean;
  onSubmit: (answers: ThinkingAnswer[]) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() =>
    Object.fromEntries(
      initial.map((a) => [a.id, { value: a.value as ThinkingValue, comment: a.comment ?? '' }]),
    ),
  );
  const set = (id: string, change: Partial<Draft>) =>
    setDrafts((all) => ({ ...all, [id]: { value: null, comment: '', ...all[id], ...change } }));
  const answers: ThinkingAnswer[] = axes.flatMap((axis) => {
    const draft = drafts[axis.id];
    if (!draft || draft.value === null) return [];
    const comment = axis.allowComment ? draft.comment.trim() : '';
    return [{ id: axis.id, value: draft.value, ...(comment ? { comment } : {}) }];
  });
  const tooLong = axes.some((a) => (drafts[a.id]?.comment.length ?? 0) > THINKING_COMMENT_MAX_LENGTH);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (answers.length > 0 && !tooLong && !pending) onSubmit(answers);
      }}
      data-testid="thinking-form"
    >
      <Stack gap="lg">
        {axes.map((axis) => {
          const draft = drafts[axis.id];
          const name = inLanguage(axis.name, language) || axis.id;
          const description = axisDescription(
            inLanguage(axis.description, language),
            sphereName ?? t('thinking.thisSphere'),
          );
          return (
            <Stack key={axis.id} gap={6} data-testid={`thinking-axis-${axis.id}`}>
              <Radio.Group
                value={draft?.value === null || draft === undefined ? null : String(draft.value)}
                onChange={(value) => set(axis.id, { value: Number(value) as ThinkingValue })}
                label={name}
                description={description || undefined}
                name={`thinking-${axis.id}`}
              >
                <Group gap="sm" mt="xs" wrap="wrap">
                  {THINKING_VALUES.map((value) => (
                    <Radio
                      key={value}
                      value={String(value)}
                      label={t(`thinking.values.${valueKey(value)}`)}
                      data-testid={`thinking-${axis.id}-${valueKey(value)}`}
                    />
                  ))}
                </Group>
              </Radio.Group>
              {draft?.value !== null && draft?.value !== undefined && (
                <Group gap="xs">
                  <Text size="xs" c="dimmed" aria-live="polite">
                    {t('thinking.chosen', { value: t(`thinking.values.${valueKey(draft.value)}`) })}
                  </Text>
                  <UnstyledButton
                    fz="xs"
                    td="underline"
                    onClick={() => set(axis.id, { value: null })}
                    aria-label={t('thinking.clearAxis', { axis: name })}
                    data-testid={`thinking-${axis.id}-clear`}
                  >
                    {t('thinking.clear')}
                  </UnstyledButton>
                </Group>
              )}
              {axis.allowComment && draft?.value !== null && draft?.value !== undefined && (
                <Textarea
                  label={t('thinking.comment', { axis: name })}
                  value={draft.comment}
                  onChange={(event) => set(axis.id, { comment: event.currentTarget.value })}
                  autosize
                  minRows={2}
                  error={
                    draft.comment.length > THINKING_COMMENT_MAX_LENGTH
                      ? t('thinking.commentTooLong', { max: THINKING_COMMENT_MAX_LENGTH })
                      : undefined
                  }
                  data-testid={`thinking-${axis.id}-comment`}
                />
              )}
            </Stack>
          );
        })}
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="thinking-progress">
            {t('thinking.answered', { count: answers.length, total: axes.length })}
          </Text>
          <Button
            type="submit"
            disabled={answers.length === 0 || tooLong}
            loading={pending}
            data-testid="thinking-save"
          >
            {submitLabel}
          </Button>
        </Group>
        {answers.length === 0 && (
          <Text size="xs" c="dimmed" data-testid="thinking-save-hint">
            {t('thinking.saveHint')}
          </Text>
        )}
      </Stack>
    </form>
  );
}
