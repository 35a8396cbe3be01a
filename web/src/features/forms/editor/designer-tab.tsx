import { useState } from 'react';
import { Button, Checkbox, Group, NativeSelect, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ANSWER_TYPES,
  FORM_DESCRIPTION_MAX_LENGTH,
  FORM_STEPS_MAX,
  FORM_TITLE_MAX_LENGTH,
  type AnswerType,
  type FormAnswer,
  type FormStep,
  type MeasureType,
} from '@shared/contracts/forms';
import { LANGUAGES, type Language } from '@shared/contracts/headers';
import { textIn } from '@shared/domain/sessions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AnswerEditor } from './answer-editor';
import { ConditionBuilder } from './condition-builder';
import { earlierAnswers, move, newAnswer, newStep, type Draft } from './draft';
import { useEditor } from './editor-context';
import { MultilingualInput } from './multilingual-input';

export interface DesignerTabProps {
  form: Draft;
  onChange(form: Draft): void;
  measureTypes: readonly MeasureType[];
}

type Removal = { step: number; answer?: number };

/** The designer: the form's texts and languages, then its steps and their questions. */
export function DesignerTab({ form, onChange, measureTypes }: DesignerTabProps) {
  const { t } = useTranslation();
  const { messageFor, languages } = useEditor();
  const [removal, setRemoval] = useState<Removal | null>(null);

  const setSteps = (steps: FormStep[]) => onChange({ ...form, steps });
  const setStep = (s: number, step: FormStep) => setSteps(form.steps.map((x, i) => (i === s ? step : x)));
  const setAnswers = (s: number, answers: FormAnswer[]) => {
    const step = form.steps[s];
    if (step) setStep(s, { ...step, answers });
  };
  const toggleLanguage = (language: Language, on: boolean) => {
    const next = on ? [...form.languages, language] : form.languages.filter((l) => l !== language);
    // The first language stays first: it is the one shown when the reader's is missing.
    if (next.length) onChange({ ...form, languages: next });
  };
  const confirmRemoval = () => {
    if (!removal) return;
    if (removal.answer === undefined) setSteps(form.steps.filter((_, i) => i !== removal.step));
    else
      setAnswers(
        removal.step,
        (form.steps[removal.step]?.answers ?? []).filter((_, i) => i !== removal.answer),
      );
    setRemoval(null);
  };
  const removedName = (() => {
    if (!removal) return '';
    const step = form.steps[removal.step];
    const item = removal.answer === undefined ? step : step?.answers[removal.answer];
    return (item && textIn(item.title, languages[0] ?? 'fr')) || t('forms.designer.untitled');
  })();

  return (
    <Stack data-testid="designer">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2}>{t('forms.designer.formHeading')}</Title>
          <Checkbox.Group
            label={t('forms.fields.languages')}
            description={t('forms.fields.languagesHint')}
            value={form.languages}
            error={messageFor('languages')}
          >
            <Group>
              {LANGUAGES.map((l) => (
                <Checkbox
                  key={l}
                  value={l}
                  label={t(`language.${l}`)}
                  disabled={form.languages.length === 1 && form.languages[0] === l}
                  onChange={(e) => toggleLanguage(l, e.currentTarget.checked)}
                  data-testid={`designer-language-${l}`}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <MultilingualInput
            label={t('forms.fields.title')}
            value={form.title}
            onChange={(title) => onChange({ ...form, title })}
            error={messageFor('title')}
            required
            maxLength={FORM_TITLE_MAX_LENGTH}
            testId="designer-form-title"
          />
          <MultilingualInput
            label={t('forms.fields.description')}
            value={form.description}
            onChange={(description) => onChange({ ...form, description })}
            error={messageFor('description')}
            markdown
            maxLength={FORM_DESCRIPTION_MAX_LENGTH}
            testId="designer-form-description"
          />
          <Switch
            label={t('forms.fields.isPrivate')}
            description={t('forms.fields.isPrivateHint')}
            checked={form.isPrivate}
            onChange={(e) => onChange({ ...form, isPrivate: e.currentTarget.checked })}
            data-testid="designer-private"
          />
        </Stack>
      </Paper>

      {form.steps.length === 0 && (
        <Text c="dimmed" data-testid="designer-no-steps">
          {t('forms.designer.noSteps')}
        </Text>
      )}

      {form.steps.map((step, s) => {
        const stepName = textIn(step.title, languages[0] ?? 'fr') || t('forms.designer.untitled');
        const path = `steps.${s}`;
        return (
          <Paper
            key={step.id}
            withBorder
            p="md"
            component="section"
            aria-label={stepName}
            data-testid={`step-${s}`}
          >
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap">
                <Title order={3}>{t('forms.designer.stepHeading', { index: s + 1 })}</Title>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    disabled={s === 0}
                    onClick={() => setSteps(move(form.steps, s, -1))}
                    aria-label={t('forms.designer.moveStepUp', { name: stepName })}
                    data-testid={`step-${s}-up`}
                  >
                    ↑
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={s === form.steps.length - 1}
                    onClick={() => setSteps(move(form.steps, s, 1))}
                    aria-label={t('forms.designer.moveStepDown', { name: stepName })}
                    data-testid={`step-${s}-down`}
                  >
                    ↓
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    c="red.9"
                    onClick={() => setRemoval({ step: s })}
                    data-testid={`step-${s}-remove`}
                  >
                    {t('forms.designer.removeStep')}
                  </Button>
                </Group>
              </Group>
              <MultilingualInput
                label={t('forms.fields.pageTitle')}
                value={step.title}
                onChange={(title) => setStep(s, { ...step, title })}
                error={messageFor(`${path}.title`)}
                required
                maxLength={FORM_TITLE_MAX_LENGTH}
                testId={`step-${s}-title`}
              />
              <MultilingualInput
                label={t('forms.fields.pageDescription')}
                value={step.description}
                onChange={(description) => setStep(s, { ...step, description })}
                error={messageFor(`${path}.description`)}
                required
                markdown
                maxLength={FORM_DESCRIPTION_MAX_LENGTH}
                testId={`step-${s}-description`}
              />
              <Switch
                label={t('forms.fields.sameTabAsPreviousOne')}
                checked={step.sameTabAsPreviousOne}
                disabled={s === 0}
                onChange={(e) => setStep(s, { ...step, sameTabAsPreviousOne: e.currentTarget.checked })}
                data-testid={`step-${s}-same-tab`}
              />
              <ConditionBuilder
                value={step.displayCondition}
                onChange={(displayCondition) => setStep(s, { ...step, displayCondition })}
                earlier={earlierAnswers(form, s)}
                of="page"
                error={messageFor(`${path}.displayCondition`)}
                testId={`step-${s}-condition`}
              />
              {step.answers.map((answer, a) => (
                <AnswerEditor
                  key={a}
                  answer={answer}
                  path={`${path}.answers.${a}`}
                  position={{ index: a, count: step.answers.length }}
                  earlier={earlierAnswers(form, s, a)}
                  measureTypes={measureTypes}
                  onChange={(next) =>
                    setAnswers(
                      s,
                      step.answers.map((x, i) => (i === a ? next : x)),
                    )
                  }
                  onMove={(by) => setAnswers(s, move(step.answers, a, by))}
                  onRemove={() => setRemoval({ step: s, answer: a })}
                  testId={`step-${s}-answer-${a}`}
                />
              ))}
              <AddAnswer
                testId={`step-${s}-add-answer`}
                onAdd={(type) => setAnswers(s, [...step.answers, newAnswer(type, form)])}
              />
            </Stack>
          </Paper>
        );
      })}
      <Button
        variant="light"
        style={{ alignSelf: 'flex-start' }}
        disabled={form.steps.length >= FORM_STEPS_MAX}
        onClick={() => setSteps([...form.steps, newStep(form)])}
        data-testid="designer-add-step"
      >
        {t('forms.designer.addStep')}
      </Button>
      <ConfirmDialog
        opened={removal !== null}
        title={t(
          removal?.answer === undefined
            ? 'forms.designer.removeStepTitle'
            : 'forms.designer.removeQuestionTitle',
        )}
        confirmLabel={t('forms.designer.removeConfirm')}
        cancelLabel={t('forms.cancel')}
        onConfirm={confirmRemoval}
        onCancel={() => setRemoval(null)}
        pending={false}
        testId="designer-remove"
      >
        <Text>
          {t(
            removal?.answer === undefined
              ? 'forms.designer.removeStepText'
              : 'forms.designer.removeQuestionText',
            {
              name: removedName,
            },
          )}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

function AddAnswer({ onAdd, testId }: { onAdd(type: AnswerType): void; testId: string }) {
  const { t } = useTranslation();
  const [type, setType] = useState<AnswerType>('likert');
  return (
    <Group align="flex-end" gap="xs">
      <NativeSelect
        label={t('forms.designer.questionType')}
        value={type}
        onChange={(e) => setType(e.currentTarget.value as AnswerType)}
        data={ANSWER_TYPES.map((x) => ({ value: x, label: t(`forms.types.${x}`) }))}
        data-testid={`${testId}-type`}
      />
      <Button variant="light" onClick={() => onAdd(type)} data-testid={testId}>
        {t('forms.designer.addQuestion')}
      </Button>
    </Group>
  );
}
