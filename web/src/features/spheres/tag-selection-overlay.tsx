import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TagRuleInput, TagSelection } from '@shared/contracts/tags';
import { GENDERS } from '@shared/contracts/me';
import {
  NUMBER_OPERATORS,
  TAG_CONDITIONS,
  TAG_SELECTION_FIELDS,
  TAG_SELECTION_IDS,
  TEXT_OPERATORS,
  tagName,
  type TagCondition,
  type TagSelectionId,
} from '@shared/domain/tags';
import type { OverlayProps } from '../../lib/overlays';
import { errorMessages } from '../../lib/errors';
import { useFormProblems } from '../../lib/form-problems';
import { notifySuccess } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { useSphere } from './api/spheres';
import { useSaveTagSelection, useTagSelections, useTags } from './api/tags';

interface DraftRule {
  key: number;
  condition: TagCondition;
  operator: string | null;
  value: string | number;
  tagIds: string[];
}

const tests = (condition: TagCondition) => condition !== 'else' && condition !== 'others';

/**
 * Overlay `addOrUpdateTagsSelection` (spec 01 §2, §3 Tag selection): the rules that tag members by
 * one field of theirs (age, gender, seniority): a default tag for an unknown value, and rules
 * if / else if / else, all and others, each with an operator that fits the field, a value and the
 * tags it gives. Saving applies them to every member and says how many changed.
 */
export default function TagSelectionOverlay({ params, done }: OverlayProps) {
  const { t } = useTranslation();
  const sphereId = params.get('sphereId') ?? '';
  const asked = params.get('selectionId') as TagSelectionId | null;
  const selectionId = asked && TAG_SELECTION_IDS.includes(asked) ? asked : null;
  const sphere = useSphere(sphereId);
  const selections = useTagSelections(sphereId);
  const tags = useTags(sphereId, 'false');
  if (!selectionId)
    return (
      <Alert color="red" role="alert" data-testid="tag-selection-not-found">
        {t('spheres.rules.notFound')}
      </Alert>
    );
  if (sphere.isError || selections.isError || tags.isError)
    return (
      <Alert color="red" role="alert" data-testid="tag-selection-load-error">
        {errorMessages(sphere.error ?? selections.error ?? tags.error, t)}
      </Alert>
    );
  if (sphere.isPending || selections.isPending || tags.isPending) return <Skeleton height={320} />;
  const fieldType = TAG_SELECTION_FIELDS[selectionId].tagType;
  const language = currentLanguage();
  const choices = tags.data.items
    .filter((tag) => tag.type === fieldType)
    .map((tag) => ({ value: tag.id, label: tagName(tag.name, language, sphere.data.languages.primary) }));
  return (
    <SelectionForm
      sphereId={sphereId}
      selection={
        selections.data.items.find((s) => s.selectionId === selectionId) ?? { selectionId, rules: [] }
      }
      choices={choices}
      done={done}
    />
  );
}

function SelectionForm({
  sphereId,
  selection,
  choices,
  done,
}: {
  sphereId: string;
  selection: TagSelection;
  choices: { value: string; label: string }[];
  done: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTagSelection(sphereId);
  const problems = useFormProblems(save.error);
  const field = TAG_SELECTION_FIELDS[selection.selectionId];
  const operators = field.kind === 'number' ? NUMBER_OPERATORS : TEXT_OPERATORS;
  const [defaultTagId, setDefaultTagId] = useState<string | null>(selection.defaultTagId ?? null);
  const [nextKey, setNextKey] = useState(selection.rules.length);
  const [rules, setRules] = useState<DraftRule[]>(
    selection.rules.map((r, key) => ({
      key,
      condition: r.condition,
      operator: r.operator ?? null,
      value: r.value ?? '',
      tagIds: r.tagIds,
    })),
  );
  const change = (key: number, patch: Partial<DraftRule>) =>
    setRules(rules.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const fieldLabel = t(`spheres.rules.fields.${selection.selectionId}`);

  function submit() {
    const body: TagRuleInput[] = rules.map((r) => ({
      condition: r.condition,
      ...(tests(r.condition) && r.operator ? { operator: r.operator } : {}),
      ...(tests(r.condition) && r.value !== '' ? { value: r.value } : {}),
      tagIds: r.tagIds,
    }));
    save.mutate(
      {
        selectionId: selection.selectionId,
        selection: { ...(defaultTagId ? { defaultTagId } : {}), rules: body },
      },
      {
        onSuccess: (saved) => {
          if (saved.applied.status === 'done')
            notifySuccess('spheres.rules.applied', { values: { count: saved.applied.changed } });
          else notifySuccess('spheres.rules.queued');
          done();
        },
      },
    );
  }

  if (choices.length === 0)
    return (
      <Stack>
        <Alert color="yellow" data-testid="tag-selection-no-tags">
          {t('spheres.rules.noTags', { type: t(`spheres.tags.types.${field.tagType}`) })}
        </Alert>
        <Group>
          <Button variant="default" onClick={done}>
            {t('spheres.tags.close')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="tag-selection-form"
    >
      <Stack>
        <Text size="sm">{t('spheres.rules.intro', { field: fieldLabel.toLocaleLowerCase() })}</Text>
        <Select
          label={t('spheres.rules.defaultTag')}
          description={t('spheres.rules.defaultTagHelp')}
          data={choices}
          value={defaultTagId}
          onChange={setDefaultTagId}
          clearable
          error={problems.messageFor('selection.defaultTagId')}
          data-testid="tag-selection-default"
        />
        {rules.map((rule, index) => (
          <Card
            key={rule.key}
            withBorder
            component="fieldset"
            aria-label={t('spheres.rules.ruleN', { n: index + 1 })}
            data-testid={`tag-rule-${index}`}
          >
            <Stack gap="xs">
              <Group align="flex-end" wrap="wrap">
                <Select
                  label={t('spheres.rules.condition')}
                  data={TAG_CONDITIONS.map((c) => ({ value: c, label: t(`spheres.rules.conditions.${c}`) }))}
                  value={rule.condition}
                  onChange={(v) => v && change(rule.key, { condition: v as TagCondition })}
                  allowDeselect={false}
                  w={160}
                  data-testid={`tag-rule-${index}-condition`}
                />
                {tests(rule.condition) && (
                  <>
                    <Select
                      label={t('spheres.rules.operator')}
                      data={operators.map((o) => ({ value: o, label: t(`spheres.rules.operators.${o}`) }))}
                      value={rule.operator}
                      onChange={(v) => change(rule.key, { operator: v })}
                      w={200}
                      error={problems.messageFor(`selection.rules.${index}.operator`)}
                      data-testid={`tag-rule-${index}-operator`}
                    />
                    {field.kind === 'number' ? (
                      <NumberInput
                        label={t(`spheres.rules.valueLabel.${selection.selectionId}`)}
                        value={rule.value}
                        onChange={(v) => change(rule.key, { value: v })}
                        min={0}
                        max={150}
                        allowDecimal={false}
                        w={140}
                        error={problems.messageFor(`selection.rules.${index}.value`)}
                        data-testid={`tag-rule-${index}-value`}
                      />
                    ) : (
                      <Select
                        label={t(`spheres.rules.valueLabel.${selection.selectionId}`)}
                        data={GENDERS.map((g) => ({ value: g, label: t(`spheres.rules.genders.${g}`) }))}
                        value={rule.value === '' ? null : String(rule.value)}
                        onChange={(v) => change(rule.key, { value: v ?? '' })}
                        w={160}
                        error={problems.messageFor(`selection.rules.${index}.value`)}
                        data-testid={`tag-rule-${index}-value`}
                      />
                    )}
                  </>
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  onClick={() => setRules(rules.filter((r) => r.key !== rule.key))}
                  aria-label={t('spheres.rules.remove', { n: index + 1 })}
                  data-testid={`tag-rule-${index}-remove`}
                >
                  ×
                </ActionIcon>
              </Group>
              <MultiSelect
                label={t('spheres.rules.tags')}
                data={choices}
                value={rule.tagIds}
                onChange={(v) => change(rule.key, { tagIds: v })}
                required
                error={problems.messageFor(`selection.rules.${index}.tagIds`)}
                data-testid={`tag-rule-${index}-tags`}
              />
            </Stack>
          </Card>
        ))}
        <Group>
          <Button
            variant="light"
            onClick={() => {
              setRules([
                ...rules,
                {
                  key: nextKey,
                  condition: rules.length ? 'elseIf' : 'if',
                  operator: null,
                  value: '',
                  tagIds: [],
                },
              ]);
              setNextKey(nextKey + 1);
            }}
            data-testid="tag-rule-add"
          >
            {t('spheres.rules.add')}
          </Button>
        </Group>
        {problems.all.length > 0 && (
          <Alert color="red" role="alert" data-testid="tag-selection-error">
            {errorMessages(save.error, t)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="tag-selection-save">
            {t('spheres.rules.save')}
          </Button>
          <Button variant="default" onClick={done}>
            {t('spheres.tags.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
