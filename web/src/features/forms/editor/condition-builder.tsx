import { Alert, Button, Group, NativeSelect, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DisplayCondition, FormAnswer } from '@shared/contracts/forms';
import { textIn } from '@shared/domain/sessions';
import { leafCondition, type EarlierAnswer } from './draft';
import { useEditor } from './editor-context';

const OPERATORS = ['exists', 'equals', 'contains', 'not', 'and', 'or'] as const;
type Operator = (typeof OPERATORS)[number];

export interface ConditionBuilderProps {
  value: DisplayCondition | undefined;
  onChange(value: DisplayCondition | undefined): void;
  /** The answers it may read: only those before what it shows (decision 0018). */
  earlier: readonly EarlierAnswer[];
  /** `page` or `question`: what the condition shows. */
  of: 'page' | 'question';
  error?: string | undefined;
  testId: string;
}

/** When a page or a question shows: always, or when a condition on earlier answers holds. */
export function ConditionBuilder(props: ConditionBuilderProps) {
  const { t } = useTranslation();
  const first = props.earlier[0]?.answer.id;
  return (
    <Paper withBorder p="sm" data-testid={props.testId}>
      <Stack gap="xs">
        <Switch
          label={t(`forms.condition.toggle.${props.of}`)}
          checked={props.value !== undefined}
          disabled={props.value === undefined && first === undefined}
          onChange={(e) =>
            props.onChange(e.currentTarget.checked && first ? leafCondition('exists', first) : undefined)
          }
          data-testid={`${props.testId}-toggle`}
        />
        <Text size="xs" c="dimmed" data-testid={`${props.testId}-rule`}>
          {first === undefined
            ? t(`forms.condition.noEarlier.${props.of}`)
            : t(`forms.condition.rule.${props.of}`)}
        </Text>
        {props.value && (
          <ConditionNode
            value={props.value}
            onChange={props.onChange}
            earlier={props.earlier}
            testId={`${props.testId}-root`}
            depth={0}
          />
        )}
        {props.error && (
          <Alert color="red" role="alert" data-testid={`${props.testId}-error`}>
            {props.error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function ConditionNode({
  value,
  onChange,
  onRemove,
  earlier,
  testId,
  depth,
}: {
  value: DisplayCondition;
  onChange(value: DisplayCondition): void;
  onRemove?: () => void;
  earlier: readonly EarlierAnswer[];
  testId: string;
  depth: number;
}) {
  const { t } = useTranslation();
  const { languages } = useEditor();
  const firstId = earlier[0]?.answer.id ?? '';
  const title = (a: FormAnswer) =>
    `${textIn(a.title, languages[0] ?? 'fr') || t('forms.designer.untitled')} (${a.id})`;

  const changeOperator = (operator: Operator) => {
    const answerId = 'answerId' in value ? value.answerId : firstId;
    if (operator === 'exists' || operator === 'equals' || operator === 'contains') {
      const kept = 'value' in value ? value.value : '';
      onChange(operator === 'exists' ? { operator, answerId } : { operator, answerId, value: kept });
    } else if (operator === 'not') onChange({ operator, condition: value });
    else onChange({ operator, conditions: [value] });
  };

  const answer =
    'answerId' in value ? earlier.find((e) => e.answer.id === value.answerId)?.answer : undefined;
  const notEarlier = 'answerId' in value && !answer;

  return (
    <Stack gap="xs" pl={depth ? 'md' : 0} data-testid={testId}>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <NativeSelect
          label={t('forms.condition.operator')}
          value={value.operator}
          onChange={(e) => changeOperator(e.currentTarget.value as Operator)}
          data={OPERATORS.map((o) => ({ value: o, label: t(`forms.condition.operators.${o}`) }))}
          data-testid={`${testId}-operator`}
        />
        {'answerId' in value && (
          <NativeSelect
            label={t('forms.condition.answer')}
            value={value.answerId}
            onChange={(e) => onChange({ ...value, answerId: e.currentTarget.value })}
            data={[
              ...(notEarlier
                ? [{ value: value.answerId, label: t('forms.condition.notEarlier', { id: value.answerId }) }]
                : []),
              ...earlier.map((e) => ({ value: e.answer.id, label: title(e.answer) })),
            ]}
            error={notEarlier ? t('forms.rules.conditionOrder') : undefined}
            data-testid={`${testId}-answer`}
          />
        )}
        {'value' in value &&
          (answer && (answer.type === 'choice' || answer.type === 'select') ? (
            <NativeSelect
              label={t('forms.condition.value')}
              value={String(value.value)}
              onChange={(e) => onChange({ ...value, value: e.currentTarget.value })}
              data={[
                { value: '', label: '—' },
                ...answer.values.map((v) => ({
                  value: v.value,
                  label: `${textIn(v.title, languages[0] ?? 'fr') || v.value} (${v.value})`,
                })),
              ]}
              data-testid={`${testId}-value`}
            />
          ) : (
            <TextInput
              label={t('forms.condition.value')}
              value={String(value.value)}
              onChange={(e) => {
                const raw = e.currentTarget.value;
                const numeric = answer && (answer.type === 'histo' || answer.type === 'likert');
                const n = Number(raw);
                onChange({ ...value, value: numeric && raw.trim() !== '' && Number.isFinite(n) ? n : raw });
              }}
              data-testid={`${testId}-value`}
            />
          ))}
        {onRemove && (
          <Button
            variant="subtle"
            color="red"
            c="red.9"
            size="xs"
            onClick={onRemove}
            data-testid={`${testId}-remove`}
          >
            {t('forms.condition.remove')}
          </Button>
        )}
      </Group>
      {value.operator === 'not' && (
        <ConditionNode
          value={value.condition}
          onChange={(condition) => onChange({ ...value, condition })}
          earlier={earlier}
          testId={`${testId}-0`}
          depth={depth + 1}
        />
      )}
      {(value.operator === 'and' || value.operator === 'or') && (
        <>
          {value.conditions.map((child, i) => (
            <ConditionNode
              key={i}
              value={child}
              onChange={(c) =>
                onChange({ ...value, conditions: value.conditions.map((x, j) => (j === i ? c : x)) })
              }
              onRemove={
                value.conditions.length > 1
                  ? () => onChange({ ...value, conditions: value.conditions.filter((_, j) => j !== i) })
                  : undefined
              }
              earlier={earlier}
              testId={`${testId}-${i}`}
              depth={depth + 1}
            />
          ))}
          <Button
            variant="light"
            size="xs"
            style={{ alignSelf: 'flex-start' }}
            onClick={() =>
              onChange({ ...value, conditions: [...value.conditions, leafCondition('exists', firstId)] })
            }
            data-testid={`${testId}-add`}
          >
            {t('forms.condition.add')}
          </Button>
        </>
      )}
    </Stack>
  );
}
