import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Strategy } from '@shared/contracts/strategies';
import {
  STRATEGY_DESCRIPTION_MAX_LENGTH,
  STRATEGY_TITLE_MAX_LENGTH,
  STRATEGY_TYPES,
  isTitleRequired,
  strategyProblems,
  type StrategyLink,
  type StrategyType,
} from '@shared/domain/strategies';
import { GOAL_AXES } from '@shared/domain/goals';
import { currentLanguage } from '../../i18n';
import { ApiError, translateErrorItem } from '../../lib/errors';
import { levelOf } from './outline-rules';

export interface StrategyDraft {
  type: StrategyType;
  title: string;
  description: string;
  isHidden: boolean;
  /** The life goals (spec 01 §3 Goal axes) the item serves. */
  goalsLinked: string[];
  indent: number;
}

/** The texts of a strategy as a form starts them: an item's own, or a new one of `type`. */
export function draftOf(item: Strategy | undefined, defaults: Partial<StrategyDraft> = {}): StrategyDraft {
  return {
    type: item?.type ?? defaults.type ?? 'vision',
    title: item?.title ?? '',
    description: item?.description ?? '',
    isHidden: item?.isHidden ?? false,
    goalsLinked: item?.goalsLinked ?? [],
    indent: item?.indent ?? defaults.indent ?? 0,
  };
}

type Field = 'title' | 'description';

/**
 * Adds or changes one item of a list (spec 01 §5): its type, a title (required for custom items and
 * for every item of a life compass, 250 characters at most), a description (always required, 2 500
 * at most), whether it is hidden, and for a new item its level (the level of the item above plus one
 * at most), the life goals it serves. Counters say how much room is left; problems show on their field, checked with the
 * shared rules before sending and as the server answers them.
 */
export function StrategyItemForm({
  linkTo,
  initial,
  levels,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  testId,
}: {
  linkTo: StrategyLink;
  initial: StrategyDraft;
  /** The levels (indents) a new item may take; absent when changing an item (moves change its level). */
  levels?: readonly number[];
  submitLabel: string;
  pending: boolean;
  /** The server's refusal, shown on its field or for the whole form. */
  error: unknown;
  onSubmit: (draft: StrategyDraft) => void;
  onCancel: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [found, setFound] = useState<Partial<Record<Field, string>>>({});
  const set = <K extends keyof StrategyDraft>(key: K, value: StrategyDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const titleRequired = isTitleRequired(draft.type, linkTo);
  const serverItems = error instanceof ApiError && error.status === 400 ? error.errors : [];
  const messageFor = (field: Field): string | undefined => {
    if (found[field]) return found[field];
    const item = serverItems.find((p) => p.field === `body.${field}`);
    if (!item) return undefined;
    return problemMessage(item.key, field) ?? translateErrorItem(item, t);
  };
  const general = serverItems.filter((p) => p.field !== 'body.title' && p.field !== 'body.description');

  function problemMessage(key: string, field: Field): string | undefined {
    if (key === 'required') return t('strategies.form.titleRequired');
    if (key === 'strategy-description-required') return t('strategies.form.descriptionRequired');
    if (key === 'length-out-of-range-error')
      return t('strategies.form.tooLong', {
        max: field === 'title' ? STRATEGY_TITLE_MAX_LENGTH : STRATEGY_DESCRIPTION_MAX_LENGTH,
      });
    return undefined;
  }

  const submit = () => {
    const problems = strategyProblems(draft, linkTo);
    setFound(
      Object.fromEntries(problems.map((p) => [p.field, problemMessage(p.key, p.field)])) as Partial<
        Record<Field, string>
      >,
    );
    if (problems.length > 0) {
      document.getElementById(`${testId}-${problems[0]?.field ?? 'title'}`)?.focus();
      return;
    }
    onSubmit({ ...draft, title: draft.title.trim(), description: draft.description.trim() });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) submit();
      }}
      noValidate
      data-testid={testId}
    >
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <NativeSelect
            label={t('strategies.form.type')}
            value={draft.type}
            onChange={(e) => set('type', e.currentTarget.value as StrategyType)}
            data={STRATEGY_TYPES.map((type) => ({ value: type, label: t(`strategies.types.${type}`) }))}
            data-testid={`${testId}-type`}
          />
          {levels && (
            <NativeSelect
              label={t('strategies.form.level')}
              value={String(draft.indent)}
              onChange={(e) => set('indent', Number(e.currentTarget.value))}
              data={levels.map((indent) => ({
                value: String(indent),
                label: t('strategies.outline.level', { level: levelOf(indent) }),
              }))}
              data-testid={`${testId}-level`}
            />
          )}
        </Group>
        <TextInput
          id={`${testId}-title`}
          label={titleRequired ? t('strategies.form.title') : t('strategies.form.titleOptional')}
          required={titleRequired}
          value={draft.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          maxLength={STRATEGY_TITLE_MAX_LENGTH}
          description={t('strategies.form.counter', {
            used: draft.title.length,
            max: STRATEGY_TITLE_MAX_LENGTH,
          })}
          error={messageFor('title')}
          // The form opens on its first field, for the keyboard as for the eye.
          autoFocus
          data-testid={`${testId}-title`}
        />
        <Textarea
          id={`${testId}-description`}
          label={t('strategies.form.description')}
          required
          value={draft.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          maxLength={STRATEGY_DESCRIPTION_MAX_LENGTH}
          autosize
          minRows={3}
          maxRows={10}
          description={t('strategies.form.counter', {
            used: draft.description.length,
            max: STRATEGY_DESCRIPTION_MAX_LENGTH,
          })}
          error={messageFor('description')}
          data-testid={`${testId}-description`}
        />
        <MultiSelect
          label={t('strategies.form.goals')}
          description={t('strategies.form.goalsHelp')}
          value={draft.goalsLinked}
          onChange={(goals) => set('goalsLinked', goals)}
          data={GOAL_AXES.map((goal) => ({ value: goal.id, label: goal.label[currentLanguage()] }))}
          searchable
          clearable
          data-testid={`${testId}-goals`}
        />
        <Checkbox
          label={t('strategies.form.hidden')}
          description={t(linkTo === 'user' ? 'strategies.form.hiddenHelpMine' : 'strategies.form.hiddenHelp')}
          checked={draft.isHidden}
          onChange={(e) => set('isHidden', e.currentTarget.checked)}
          data-testid={`${testId}-hidden`}
        />
        {general.length > 0 && (
          <Alert color="red" role="alert" data-testid={`${testId}-error`}>
            {general.map((item) => translateErrorItem(item, t)).join(' ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending} data-testid={`${testId}-cancel`}>
            {t('strategies.form.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid={`${testId}-save`}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
