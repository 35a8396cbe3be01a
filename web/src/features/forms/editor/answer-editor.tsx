import {
  ActionIcon,
  Button,
  ColorInput,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CHOICE_VALUES_MAX,
  DATE_FORMATS,
  FORM_DESCRIPTION_MAX_LENGTH,
  FORM_LEGEND_MAX_LENGTH,
  FORM_PLACEHOLDER_MAX_LENGTH,
  FORM_SHORT_TITLE_MAX_LENGTH,
  FORM_TITLE_MAX_LENGTH,
  HISTO_MAX_SCALE_SIZE,
  HISTO_MIN_SCALE_SIZE,
  LIKERT_DISPLAYS,
  LIKERT_MAX_POINTS,
  LIKERT_MIN_POINTS,
  SCALE_DIRECTIONS,
  TEXT_ANSWER_MAX_LIMIT,
  type ChoiceAnswer,
  type FormAnswer,
  type SelectAnswer,
} from '@shared/contracts/forms';
import type { MeasureType } from '@shared/contracts/forms';
import { textIn } from '@shared/domain/sessions';
import { ConditionBuilder } from './condition-builder';
import { move, resizeLikert, type EarlierAnswer } from './draft';
import { useEditor } from './editor-context';
import { MultilingualInput } from './multilingual-input';

export interface AnswerEditorProps {
  answer: FormAnswer;
  /** `steps.0.answers.1`: where its problems are. */
  path: string;
  position: { index: number; count: number };
  earlier: readonly EarlierAnswer[];
  measureTypes: readonly MeasureType[];
  onChange(answer: FormAnswer): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
  testId: string;
}

const num = (v: string | number, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;

/** One question: what every type has, then the options of its type (spec 02 §3). */
export function AnswerEditor(props: AnswerEditorProps) {
  const { t } = useTranslation();
  const { messageFor, languages } = useEditor();
  const { answer, path, testId } = props;
  const set = (patch: Partial<FormAnswer>) => props.onChange({ ...answer, ...patch } as FormAnswer);
  const name = textIn(answer.title, languages[0] ?? 'fr') || t('forms.designer.untitled');

  return (
    <Paper withBorder p="md" data-testid={testId} component="section" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={4}>
            {t('forms.designer.questionHeading', {
              index: props.position.index + 1,
              type: t(`forms.types.${answer.type}`),
            })}
          </Title>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              disabled={props.position.index === 0}
              onClick={() => props.onMove(-1)}
              aria-label={t('forms.designer.moveQuestionUp', { name })}
              data-testid={`${testId}-up`}
            >
              ↑
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={props.position.index === props.position.count - 1}
              onClick={() => props.onMove(1)}
              aria-label={t('forms.designer.moveQuestionDown', { name })}
              data-testid={`${testId}-down`}
            >
              ↓
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              c="red.9"
              onClick={props.onRemove}
              data-testid={`${testId}-remove`}
            >
              {t('forms.designer.removeQuestion')}
            </Button>
          </Group>
        </Group>
        <TextInput
          label={t('forms.designer.answerId')}
          description={t('forms.designer.answerIdHint')}
          value={answer.id}
          onChange={(e) => set({ id: e.currentTarget.value })}
          error={messageFor(`${path}.id`)}
          maw={260}
          data-testid={`${testId}-id`}
        />
        <MultilingualInput
          label={t('forms.fields.title')}
          value={answer.title}
          onChange={(title) => set({ title })}
          error={messageFor(`${path}.title`)}
          required
          maxLength={FORM_TITLE_MAX_LENGTH}
          testId={`${testId}-title`}
        />
        <MultilingualInput
          label={t('forms.fields.shortTitle')}
          value={answer.shortTitle}
          onChange={(shortTitle) => set({ shortTitle })}
          error={messageFor(`${path}.shortTitle`)}
          maxLength={FORM_SHORT_TITLE_MAX_LENGTH}
          testId={`${testId}-short-title`}
        />
        <MultilingualInput
          label={t('forms.fields.description')}
          value={answer.description}
          onChange={(description) => set({ description })}
          error={messageFor(`${path}.description`)}
          markdown
          maxLength={FORM_DESCRIPTION_MAX_LENGTH}
          testId={`${testId}-description`}
        />
        <Group>
          <Switch
            label={t('forms.fields.required')}
            checked={answer.required}
            onChange={(e) => set({ required: e.currentTarget.checked })}
            data-testid={`${testId}-required`}
          />
          <Switch
            label={t('forms.fields.enableNotApplicable')}
            checked={answer.enableNotApplicable}
            onChange={(e) => set({ enableNotApplicable: e.currentTarget.checked })}
            data-testid={`${testId}-not-applicable`}
          />
        </Group>
        <NativeSelect
          label={t('forms.fields.measureType')}
          value={answer.measureType ?? ''}
          onChange={(e) => set({ measureType: e.currentTarget.value || undefined })}
          data={[
            { value: '', label: t('forms.fields.noMeasureType') },
            ...props.measureTypes.map((m) => ({
              value: m.id,
              label: textIn(m.title, languages[0] ?? 'fr') || m.id,
            })),
            ...(answer.measureType && !props.measureTypes.some((m) => m.id === answer.measureType)
              ? [{ value: answer.measureType, label: answer.measureType }]
              : []),
          ]}
          maw={360}
          data-testid={`${testId}-measure-type`}
        />
        <TypeOptions {...props} set={set} />
        <ConditionBuilder
          value={answer.displayCondition}
          onChange={(displayCondition) => set({ displayCondition })}
          earlier={props.earlier}
          of="question"
          error={messageFor(`${path}.displayCondition`)}
          testId={`${testId}-condition`}
        />
      </Stack>
    </Paper>
  );
}

function TypeOptions(props: AnswerEditorProps & { set(patch: Partial<FormAnswer>): void }) {
  const { t } = useTranslation();
  const { messageFor } = useEditor();
  const { answer, path, testId } = props;
  const change = (next: FormAnswer) => props.onChange(next);

  switch (answer.type) {
    case 'histo':
      return (
        <Stack gap="xs" data-testid={`${testId}-histo`}>
          <Group grow>
            <NumberInput
              label={t('forms.fields.firstValue')}
              value={answer.firstValue}
              onChange={(v) => change({ ...answer, firstValue: num(v, 1) })}
              error={messageFor(`${path}.firstValue`)}
              data-testid={`${testId}-first-value`}
            />
            <NumberInput
              label={t('forms.fields.stepValue')}
              value={answer.stepValue}
              min={0}
              onChange={(v) => change({ ...answer, stepValue: num(v, 1) })}
              error={messageFor(`${path}.stepValue`)}
              data-testid={`${testId}-step-value`}
            />
            <NumberInput
              label={t('forms.fields.scaleSize')}
              value={answer.scaleSize}
              min={HISTO_MIN_SCALE_SIZE}
              max={HISTO_MAX_SCALE_SIZE}
              allowDecimal={false}
              onChange={(v) => change({ ...answer, scaleSize: num(v, answer.scaleSize) })}
              error={messageFor(`${path}.scaleSize`)}
              data-testid={`${testId}-scale-size`}
            />
          </Group>
          <Group grow>
            <NativeSelect
              label={t('forms.fields.direction')}
              value={answer.direction}
              onChange={(e) =>
                change({ ...answer, direction: e.currentTarget.value as (typeof SCALE_DIRECTIONS)[number] })
              }
              data={SCALE_DIRECTIONS.map((d) => ({ value: d, label: t(`forms.directions.${d}`) }))}
              data-testid={`${testId}-direction`}
            />
            <ColorInput
              label={t('forms.fields.color')}
              format="hex"
              eyeDropperButtonProps={{ 'aria-label': t('forms.fields.pickColor') }}
              value={answer.color ?? ''}
              onChange={(color) => change({ ...answer, color: color || undefined })}
              error={messageFor(`${path}.color`)}
              data-testid={`${testId}-color`}
            />
          </Group>
          <MultilingualInput
            label={t('forms.fields.legendLow')}
            value={answer.legendLow}
            onChange={(legendLow) => change({ ...answer, legendLow })}
            maxLength={FORM_LEGEND_MAX_LENGTH}
            testId={`${testId}-legend-low`}
          />
          <MultilingualInput
            label={t('forms.fields.legendHigh')}
            value={answer.legendHigh}
            onChange={(legendHigh) => change({ ...answer, legendHigh })}
            maxLength={FORM_LEGEND_MAX_LENGTH}
            testId={`${testId}-legend-high`}
          />
        </Stack>
      );
    case 'likert': {
      const points = answer.options.length;
      return (
        <Stack gap="xs" data-testid={`${testId}-likert`}>
          <Group grow>
            <NumberInput
              label={t('forms.fields.points')}
              description={t('forms.fields.pointsHint', { min: LIKERT_MIN_POINTS, max: LIKERT_MAX_POINTS })}
              value={points}
              min={LIKERT_MIN_POINTS}
              max={LIKERT_MAX_POINTS}
              allowDecimal={false}
              clampBehavior="strict"
              onChange={(v) => {
                const resized = resizeLikert(answer, num(v, points));
                if (resized) change(resized);
              }}
              error={messageFor(`${path}.options`)}
              data-testid={`${testId}-points`}
            />
            <NativeSelect
              label={t('forms.fields.display')}
              value={answer.display}
              onChange={(e) =>
                change({ ...answer, display: e.currentTarget.value as (typeof LIKERT_DISPLAYS)[number] })
              }
              data={LIKERT_DISPLAYS.map((d) => ({ value: d, label: t(`forms.displays.${d}`) }))}
              data-testid={`${testId}-display`}
            />
            <NativeSelect
              label={t('forms.fields.direction')}
              value={answer.direction}
              onChange={(e) =>
                change({ ...answer, direction: e.currentTarget.value as (typeof SCALE_DIRECTIONS)[number] })
              }
              data={SCALE_DIRECTIONS.map((d) => ({ value: d, label: t(`forms.directions.${d}`) }))}
              data-testid={`${testId}-direction`}
            />
          </Group>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              disabled={points >= LIKERT_MAX_POINTS}
              onClick={() => {
                const resized = resizeLikert(answer, points + 1);
                if (resized) change(resized);
              }}
              data-testid={`${testId}-add-point`}
            >
              {t('forms.fields.addPoint')}
            </Button>
            {points >= LIKERT_MAX_POINTS && (
              <Text size="sm" data-testid={`${testId}-points-max`}>
                {t('forms.fields.pointsMax', { max: LIKERT_MAX_POINTS })}
              </Text>
            )}
          </Group>
          {answer.options.map((option, i) => (
            <Paper key={i} withBorder p="xs" data-testid={`${testId}-option-${i}`}>
              <Group align="flex-start" grow>
                <NumberInput
                  label={t('forms.fields.optionValue', { index: i + 1 })}
                  value={option.value}
                  onChange={(v) =>
                    change({
                      ...answer,
                      options: answer.options.map((o, j) => (j === i ? { ...o, value: num(v, o.value) } : o)),
                    })
                  }
                  error={messageFor(`${path}.options.${i}.value`)}
                />
                <ColorInput
                  label={t('forms.fields.optionColor', { index: i + 1 })}
                  format="hex"
                  eyeDropperButtonProps={{ 'aria-label': t('forms.fields.pickColor') }}
                  value={option.color ?? ''}
                  onChange={(color) =>
                    change({
                      ...answer,
                      options: answer.options.map((o, j) =>
                        j === i ? { ...o, color: color || undefined } : o,
                      ),
                    })
                  }
                  error={messageFor(`${path}.options.${i}.color`)}
                />
              </Group>
              <MultilingualInput
                label={t('forms.fields.optionLegend', { index: i + 1 })}
                value={option.legend}
                onChange={(legend) =>
                  change({
                    ...answer,
                    options: answer.options.map((o, j) => (j === i ? { ...o, legend } : o)),
                  })
                }
                maxLength={FORM_LEGEND_MAX_LENGTH}
                testId={`${testId}-option-${i}-legend`}
              />
            </Paper>
          ))}
          <MultilingualInput
            label={t('forms.fields.legendTop')}
            value={answer.legendTop}
            onChange={(legendTop) => change({ ...answer, legendTop })}
            maxLength={FORM_LEGEND_MAX_LENGTH}
            testId={`${testId}-legend-top`}
          />
          <MultilingualInput
            label={t('forms.fields.legendBottom')}
            value={answer.legendBottom}
            onChange={(legendBottom) => change({ ...answer, legendBottom })}
            maxLength={FORM_LEGEND_MAX_LENGTH}
            testId={`${testId}-legend-bottom`}
          />
        </Stack>
      );
    }
    case 'text':
      return (
        <Stack gap="xs" data-testid={`${testId}-text`}>
          <Group>
            <Switch
              label={t('forms.fields.multiline')}
              checked={answer.multiline}
              onChange={(e) => change({ ...answer, multiline: e.currentTarget.checked })}
              data-testid={`${testId}-multiline`}
            />
            <NumberInput
              label={t('forms.fields.maxCharacters')}
              value={answer.max}
              min={1}
              max={TEXT_ANSWER_MAX_LIMIT}
              allowDecimal={false}
              onChange={(v) => change({ ...answer, max: num(v, answer.max) })}
              error={messageFor(`${path}.max`)}
              data-testid={`${testId}-max`}
            />
          </Group>
          <MultilingualInput
            label={t('forms.fields.placeholder')}
            value={answer.placeholder}
            onChange={(placeholder) => change({ ...answer, placeholder })}
            maxLength={FORM_PLACEHOLDER_MAX_LENGTH}
            testId={`${testId}-placeholder`}
          />
        </Stack>
      );
    case 'choice':
    case 'select':
      return <ChoiceOptions {...props} answer={answer} />;
    case 'date':
      return (
        <NativeSelect
          label={t('forms.fields.dateFormat')}
          value={answer.format}
          onChange={(e) =>
            change({ ...answer, format: e.currentTarget.value as (typeof DATE_FORMATS)[number] })
          }
          data={[...DATE_FORMATS]}
          maw={220}
          data-testid={`${testId}-date-format`}
        />
      );
  }
}

function ChoiceOptions(props: AnswerEditorProps & { answer: ChoiceAnswer | SelectAnswer }) {
  const { t } = useTranslation();
  const { messageFor } = useEditor();
  const { answer, path, testId } = props;
  const change = (patch: Partial<ChoiceAnswer>) => props.onChange({ ...answer, ...patch } as FormAnswer);
  const values = answer.values;
  const setValues = (next: ChoiceAnswer['values']) => change({ values: next });
  const optionalCount = (v: string | number) => (typeof v === 'number' && v > 0 ? v : undefined);

  return (
    <Stack gap="xs" data-testid={`${testId}-choice`}>
      <Group align="flex-end">
        <Switch
          label={t('forms.fields.multiChoice')}
          checked={answer.multiChoice}
          onChange={(e) =>
            change(
              e.currentTarget.checked
                ? { multiChoice: true }
                : { multiChoice: false, multiChoiceMin: undefined, multiChoiceMax: undefined },
            )
          }
          data-testid={`${testId}-multi`}
        />
        {answer.multiChoice && (
          <>
            <NumberInput
              label={t('forms.fields.multiChoiceMin')}
              value={answer.multiChoiceMin ?? ''}
              min={1}
              allowDecimal={false}
              onChange={(v) => change({ multiChoiceMin: optionalCount(v) })}
              error={messageFor(`${path}.multiChoiceMin`)}
              data-testid={`${testId}-multi-min`}
            />
            <NumberInput
              label={t('forms.fields.multiChoiceMax')}
              value={answer.multiChoiceMax ?? ''}
              min={1}
              allowDecimal={false}
              onChange={(v) => change({ multiChoiceMax: optionalCount(v) })}
              error={messageFor(`${path}.multiChoiceMax`)}
              data-testid={`${testId}-multi-max`}
            />
          </>
        )}
      </Group>
      {answer.type === 'select' && (
        <MultilingualInput
          label={t('forms.fields.placeholder')}
          value={answer.placeholder}
          onChange={(placeholder) => props.onChange({ ...answer, placeholder })}
          maxLength={FORM_PLACEHOLDER_MAX_LENGTH}
          testId={`${testId}-placeholder`}
        />
      )}
      {values.map((value, i) => (
        <Paper key={i} withBorder p="xs" data-testid={`${testId}-value-${i}`}>
          <Group justify="space-between" align="flex-end">
            <TextInput
              label={t('forms.fields.choiceValue', { index: i + 1 })}
              description={t('forms.fields.choiceValueHint')}
              value={value.value}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setValues(values.map((x, j) => (j === i ? { ...x, value: v } : x)));
              }}
              error={messageFor(`${path}.values.${i}.value`)}
              data-testid={`${testId}-value-${i}-value`}
            />
            <Group gap="xs">
              <ActionIcon
                variant="default"
                disabled={i === 0}
                onClick={() => setValues(move(values, i, -1))}
                aria-label={t('forms.fields.moveValueUp', { index: i + 1 })}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="default"
                disabled={i === values.length - 1}
                onClick={() => setValues(move(values, i, 1))}
                aria-label={t('forms.fields.moveValueDown', { index: i + 1 })}
              >
                ↓
              </ActionIcon>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                c="red.9"
                disabled={values.length <= 1}
                onClick={() => setValues(values.filter((_, j) => j !== i))}
                data-testid={`${testId}-value-${i}-remove`}
              >
                {t('forms.fields.removeValue', { index: i + 1 })}
              </Button>
            </Group>
          </Group>
          <MultilingualInput
            label={t('forms.fields.choiceTitle', { index: i + 1 })}
            value={value.title}
            onChange={(title) => setValues(values.map((x, j) => (j === i ? { ...x, title } : x)))}
            error={messageFor(`${path}.values.${i}.title`)}
            required
            maxLength={FORM_TITLE_MAX_LENGTH}
            testId={`${testId}-value-${i}-title`}
          />
        </Paper>
      ))}
      <Button
        size="xs"
        variant="light"
        style={{ alignSelf: 'flex-start' }}
        disabled={values.length >= CHOICE_VALUES_MAX}
        onClick={() => {
          const taken = new Set(values.map((v) => v.value));
          let n = values.length + 1;
          while (taken.has(String(n))) n += 1;
          setValues([...values, { title: {}, value: String(n) }]);
        }}
        data-testid={`${testId}-add-value`}
      >
        {t('forms.fields.addValue')}
      </Button>
    </Stack>
  );
}
