import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  MEASURE_TAG_QUESTIONS_MAX,
  MeasuresUpdateSchema,
  PROFILE_QUESTION_IDS,
  type Campaign,
  type MeasureInput,
} from '@shared/contracts/campaigns';
import type { FieldError } from '@shared/contracts/errors';
import type { Language } from '@shared/contracts/headers';
import type { Sphere } from '@shared/contracts/spheres';
import { CAMPAIGN_MEASURES_MAX, MEASURE_TYPES, type MeasureType } from '@shared/domain/campaigns';
import { EVALUATION_PERIODS, type EvaluationPeriodType } from '@shared/domain/feelings';
import { textIn } from '@shared/domain/sessions';
import { LoadedSelect } from '../../components/loaded-select';
import { notifySuccess } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { errorsFromIssues } from '../../lib/errors';
import {
  useAxisChoices,
  useSphereFormChoices,
  useSphereGroupChoices,
  useSphereTagChoices,
  useUpdateMeasures,
} from './api/campaigns';
import { CustomThemeEditor, newCustomTheme } from './custom-theme-editor';
import { MultilingualInput, fieldMessages, newId, sphereLanguages, useConflictReload } from './parts';

/** A new measure of this type with the contract's defaults. */
export function newMeasure(type: MeasureType): MeasureInput {
  return {
    id: newId(),
    type,
    title: {},
    message: {},
    period: 'none',
    axes: [],
    context: 'sphere',
    tagQuestions: [],
    profileQuestions: [],
    smsEnabled: false,
    wordSelection: true,
    ...(type === 'custom-form' ? { customTheme: newCustomTheme() } : {}),
  };
}

/** The problems of the measures before sending, on fields `measures.{index}.{field}`. */
export function measuresProblems(measures: readonly MeasureInput[], updateDate: string): FieldError[] {
  const body = { measures, updateDate };
  const parsed = MeasuresUpdateSchema.safeParse(body);
  return parsed.success ? [] : errorsFromIssues(parsed.error.issues, body);
}

/**
 * The measures tab (spec 02 §3 Measure): the campaign's measures in order — added, changed,
 * moved and removed here, each type with its own settings and up to five extra tag questions —
 * saved together with `updateCampaignMeasures`.
 */
export function MeasuresEditor({ campaign, sphere }: { campaign: Campaign; sphere: Sphere }) {
  const { t } = useTranslation();
  const save = useUpdateMeasures(campaign.campaignId);
  const onConflict = useConflictReload(campaign.campaignId);
  const [measures, setMeasures] = useState<MeasureInput[]>(campaign.measures);
  const [adding, setAdding] = useState<MeasureType>('feeling');
  const [found, setFound] = useState<FieldError[]>([]);
  const problems = fieldMessages(found, save.error, t);
  const languages = sphereLanguages(sphere);

  const change = (index: number, measure: MeasureInput) =>
    setMeasures((list) => list.map((m, i) => (i === index ? measure : m)));
  const move = (index: number, by: -1 | 1) =>
    setMeasures((list) => {
      const next = [...list];
      const [taken] = next.splice(index, 1);
      if (taken) next.splice(index + by, 0, taken);
      return next;
    });
  const submit = () => {
    const problemsFound = measuresProblems(measures, campaign.updateDate);
    setFound(problemsFound);
    if (problemsFound.length > 0) return;
    save.mutate(
      { measures, updateDate: campaign.updateDate },
      { onSuccess: () => notifySuccess('campaigns.measures.saved'), onError: onConflict },
    );
  };

  return (
    <Stack data-testid="measures-editor">
      <Title order={2} size="h4">
        {t('campaigns.measures.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('campaigns.measures.intro', { max: CAMPAIGN_MEASURES_MAX })}
      </Text>
      {measures.length === 0 && (
        <Text c="dimmed" data-testid="measures-empty">
          {t('campaigns.measures.empty')}
        </Text>
      )}
      {measures.map((measure, index) => (
        <MeasureCard
          key={measure.id}
          measure={measure}
          index={index}
          count={measures.length}
          sphereId={campaign.sphereId}
          languages={languages}
          problemFor={(field) => problems.messageFor(`measures.${index}.${field}`)}
          onChange={(m) => change(index, m)}
          onMove={(by) => move(index, by)}
          onRemove={() => setMeasures((list) => list.filter((_, i) => i !== index))}
        />
      ))}
      {measures.length < CAMPAIGN_MEASURES_MAX && (
        <Group align="flex-end">
          <NativeSelect
            label={t('campaigns.measures.type')}
            value={adding}
            onChange={(e) => setAdding(e.currentTarget.value as MeasureType)}
            data={MEASURE_TYPES.map((type) => ({
              value: type,
              label: t(`campaigns.measures.types.${type}`),
            }))}
            data-testid="measure-add-type"
          />
          <Button
            variant="default"
            onClick={() => setMeasures((list) => [...list, newMeasure(adding)])}
            data-testid="measure-add"
          >
            {t('campaigns.measures.add')}
          </Button>
        </Group>
      )}
      {found.length > 0 && (
        <Alert color="red" role="alert" data-testid="measures-invalid">
          {t('campaigns.measures.invalid')}
        </Alert>
      )}
      {problems.general.length > 0 && (
        <Alert color="red" role="alert" data-testid="measures-problem">
          {problems.general.join('; ')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending} data-testid="measures-save">
          {t('campaigns.measures.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function MeasureCard({
  measure,
  index,
  count,
  sphereId,
  languages,
  problemFor,
  onChange,
  onMove,
  onRemove,
}: {
  measure: MeasureInput;
  index: number;
  count: number;
  sphereId: string;
  languages: Language[];
  problemFor: (field: string) => string | undefined;
  onChange: (measure: MeasureInput) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const set = <K extends keyof MeasureInput>(key: K, value: MeasureInput[K]) =>
    onChange({ ...measure, [key]: value });
  const typeName = t(`campaigns.measures.types.${measure.type}`);
  const name = textIn(measure.title ?? {}, language) || typeName;
  const testId = `measure-${index}`;
  return (
    <Paper withBorder p="md" data-testid={testId} component="section" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>
            {index + 1}. {typeName}
          </Text>
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="subtle"
              c="blue.9"
              disabled={index === 0}
              onClick={() => onMove(-1)}
              aria-label={t('campaigns.measures.moveUpNamed', { name })}
              data-testid={`${testId}-up`}
            >
              {t('campaigns.measures.moveUp')}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              c="blue.9"
              disabled={index === count - 1}
              onClick={() => onMove(1)}
              aria-label={t('campaigns.measures.moveDownNamed', { name })}
              data-testid={`${testId}-down`}
            >
              {t('campaigns.measures.moveDown')}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              c="red.9"
              onClick={onRemove}
              aria-label={t('campaigns.measures.removeNamed', { name })}
              data-testid={`${testId}-remove`}
            >
              {t('campaigns.measures.remove')}
            </Button>
          </Group>
        </Group>
        <MultilingualInput
          label={t('campaigns.measures.titleField')}
          value={measure.title ?? {}}
          languages={languages}
          onChange={(v) => set('title', v)}
          error={problemFor('title')}
          testId={`${testId}-title`}
        />
        <MultilingualInput
          label={t('campaigns.measures.message')}
          value={measure.message ?? {}}
          languages={languages}
          onChange={(v) => set('message', v)}
          multiline
          error={problemFor('message')}
          testId={`${testId}-message`}
        />
        <TypeSettings
          measure={measure}
          sphereId={sphereId}
          languages={languages}
          problemFor={problemFor}
          onChange={onChange}
          testId={testId}
        />
        <TagQuestions
          measure={measure}
          sphereId={sphereId}
          languages={languages}
          problemFor={problemFor}
          onChange={(tagQuestions) => set('tagQuestions', tagQuestions)}
          testId={testId}
        />
        <Switch
          label={t('campaigns.measures.sms')}
          checked={measure.smsEnabled ?? false}
          onChange={(e) => set('smsEnabled', e.currentTarget.checked)}
          data-testid={`${testId}-sms`}
        />
      </Stack>
    </Paper>
  );
}

/** The settings of the measure's own type. */
function TypeSettings({
  measure,
  sphereId,
  languages,
  problemFor,
  onChange,
  testId,
}: {
  measure: MeasureInput;
  sphereId: string;
  languages: Language[];
  problemFor: (field: string) => string | undefined;
  onChange: (measure: MeasureInput) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const set = <K extends keyof MeasureInput>(key: K, value: MeasureInput[K]) =>
    onChange({ ...measure, [key]: value });
  const axes = useAxisChoices(measure.type === 'thinking');
  const forms = useSphereFormChoices(sphereId, measure.type === 'form');
  const groups = useSphereGroupChoices(
    sphereId,
    (measure.type === 'thinking' || measure.type === 'assessment') && measure.context === 'session',
  );
  const context = (
    <Group align="flex-start" grow>
      <NativeSelect
        label={t('campaigns.measures.context')}
        value={measure.context ?? 'sphere'}
        onChange={(e) => set('context', e.currentTarget.value as 'sphere' | 'session')}
        data={(['sphere', 'session'] as const).map((c) => ({
          value: c,
          label: t(`campaigns.measures.contexts.${c}`),
        }))}
        data-testid={`${testId}-context`}
      />
      {measure.context === 'session' && (
        <NativeSelect
          label={t('campaigns.measures.session')}
          value={measure.sessionId ?? ''}
          onChange={(e) => set('sessionId', e.currentTarget.value || undefined)}
          data={[
            { value: '', label: t('campaigns.measures.chooseSession') },
            ...(groups.data?.items ?? []).map((g) => ({
              value: g.id,
              label: textIn(g.name, language) || g.id,
            })),
          ]}
          error={
            problemFor('sessionId') ?? (groups.isError ? t('campaigns.measures.choicesError') : undefined)
          }
          data-testid={`${testId}-session`}
        />
      )}
    </Group>
  );
  switch (measure.type) {
    case 'feeling':
      return (
        <Group align="flex-end">
          <NativeSelect
            label={t('campaigns.measures.period')}
            value={measure.period ?? 'none'}
            onChange={(e) => set('period', e.currentTarget.value as EvaluationPeriodType)}
            data={EVALUATION_PERIODS.map((p) => ({ value: p, label: t(`campaigns.measures.periods.${p}`) }))}
            data-testid={`${testId}-period`}
          />
          <Switch
            label={t('campaigns.measures.wordSelection')}
            checked={measure.wordSelection ?? true}
            onChange={(e) => set('wordSelection', e.currentTarget.checked)}
            data-testid={`${testId}-word`}
          />
        </Group>
      );
    case 'thinking':
      return (
        <Stack gap="xs">
          <LoadedSelect
            multiple
            query={axes}
            options={(data) =>
              data.items.map((a) => ({ value: a.id, label: textIn(a.name, language) || a.id }))
            }
            loadError={t('campaigns.measures.choicesError')}
            label={t('campaigns.measures.axes')}
            searchable
            value={measure.axes ?? []}
            onChange={(v) => set('axes', v)}
            error={problemFor('axes')}
            data-testid={`${testId}-axes`}
          />
          {context}
        </Stack>
      );
    case 'profile':
      return (
        <Checkbox.Group
          label={t('campaigns.measures.profileQuestions')}
          value={measure.profileQuestions ?? []}
          onChange={(v) => set('profileQuestions', v as MeasureInput['profileQuestions'])}
          error={problemFor('profileQuestions')}
          data-testid={`${testId}-profile`}
        >
          <Stack gap={4} mt="xs">
            {PROFILE_QUESTION_IDS.map((q) => (
              <Checkbox key={q} value={q} label={t(`campaigns.measures.profile.${q}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'form':
      return (
        <NativeSelect
          label={t('campaigns.measures.form')}
          required
          value={measure.formId ?? ''}
          onChange={(e) => set('formId', e.currentTarget.value || undefined)}
          data={[
            { value: '', label: t('campaigns.measures.chooseForm') },
            ...(forms.data?.items ?? [])
              .filter((f) => !f.archived || f.formId === measure.formId)
              .map((f) => ({ value: f.formId, label: textIn(f.title, language) || f.formId })),
          ]}
          description={
            forms.data && forms.data.items.length === 0 ? t('campaigns.measures.noForms') : undefined
          }
          error={problemFor('formId') ?? (forms.isError ? t('campaigns.measures.choicesError') : undefined)}
          data-testid={`${testId}-form`}
        />
      );
    case 'assessment':
      return context;
    case 'custom-form':
      return (
        <CustomThemeEditor
          theme={measure.customTheme}
          languages={languages}
          problemFor={(field) =>
            problemFor(`customTheme.${field}`) ?? (field === '' ? problemFor('customTheme') : undefined)
          }
          onChange={(customTheme) => set('customTheme', customTheme)}
          testId={`${testId}-theme`}
        />
      );
  }
}

type TagQuestion = NonNullable<MeasureInput['tagQuestions']>[number];

/** Extra questions whose answers are among the sphere's tags (spec 02 §3 Measure). */
function TagQuestions({
  measure,
  sphereId,
  languages,
  problemFor,
  onChange,
  testId,
}: {
  measure: MeasureInput;
  sphereId: string;
  languages: Language[];
  problemFor: (field: string) => string | undefined;
  onChange: (questions: TagQuestion[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const questions = measure.tagQuestions ?? [];
  const tags = useSphereTagChoices(sphereId, questions.length > 0);
  const change = (index: number, q: TagQuestion) => onChange(questions.map((x, i) => (i === index ? q : x)));
  return (
    <Fieldset legend={t('campaigns.measures.tagQuestions')} data-testid={`${testId}-tag-questions`}>
      <Stack gap="sm">
        {questions.map((q, index) => (
          <Stack key={q.id} gap="xs" data-testid={`${testId}-tag-question-${index}`}>
            <MultilingualInput
              label={t('campaigns.measures.tagQuestionTitle')}
              value={q.title ?? {}}
              languages={languages}
              onChange={(title) => change(index, { ...q, title })}
              testId={`${testId}-tag-question-${index}-title`}
            />
            <MultilingualInput
              label={t('campaigns.measures.tagQuestionDescription')}
              value={q.description ?? {}}
              languages={languages}
              multiline
              onChange={(description) => change(index, { ...q, description })}
              testId={`${testId}-tag-question-${index}-description`}
            />
            <LoadedSelect
              multiple
              query={tags}
              options={(data) =>
                data.items.map((tag) => ({ value: tag.id, label: textIn(tag.name, language) || tag.shortId }))
              }
              loadError={t('campaigns.measures.choicesError')}
              label={t('campaigns.measures.tagChoices')}
              searchable
              value={q.tagIds}
              onChange={(tagIds) => change(index, { ...q, tagIds })}
              error={problemFor(`tagQuestions.${index}.tagIds`)}
              data-testid={`${testId}-tag-question-${index}-tags`}
            />
            <Group>
              <Switch
                label={t('campaigns.measures.multiChoice')}
                checked={q.multiChoice ?? false}
                onChange={(e) => change(index, { ...q, multiChoice: e.currentTarget.checked })}
              />
              <Switch
                label={t('campaigns.measures.required')}
                checked={q.required ?? false}
                onChange={(e) => change(index, { ...q, required: e.currentTarget.checked })}
              />
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                c="red.9"
                onClick={() => onChange(questions.filter((_, i) => i !== index))}
                data-testid={`${testId}-tag-question-${index}-remove`}
              >
                {t('campaigns.measures.removeTagQuestion')}
              </Button>
            </Group>
          </Stack>
        ))}
        {questions.length < MEASURE_TAG_QUESTIONS_MAX && (
          <Group>
            <Button
              size="compact-sm"
              variant="subtle"
              c="blue.9"
              onClick={() => onChange([...questions, { id: newId(), tagIds: [] }])}
              data-testid={`${testId}-tag-question-add`}
            >
              {t('campaigns.measures.addTagQuestion')}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
