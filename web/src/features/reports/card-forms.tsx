import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import {
  CAMPAIGN_SHOT_KINDS,
  DATA_SHOT_MEASURES,
  DATA_SHOT_STATUSES,
  DATA_SHOT_VIEWS,
  ReportCardCreateSchema,
  ReportCardUpdateSchema,
  type DataShot,
  type ReportCard,
  type SphereDataShot,
  type ReportCardCreate,
  type ReportCardUpdate,
} from '@shared/contracts/custom-reports';
import type { Language } from '@shared/contracts/headers';
import { SPHERE_REPORT_INTERVALS } from '@shared/contracts/reports';
import { PRIVACY_MAX_GROUP_TAGS } from '@shared/domain/report-privacy';
import { textIn } from '@shared/domain/sessions';
import { Dialog } from '../../components/dialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { useAbility } from '../../lib/ability';
import { ApiError, translateErrorItem } from '../../lib/errors';
import { useFormProblems } from '../../lib/form-problems';
import { useMe } from '../../lib/me';
import { useCampaignReport, useReportCampaign } from './api/campaign-reports';
import { useCreateReportCard, useUpdateReportCard, type ReportRef } from './api/custom-reports';
import { useReportFormList, useReportTags } from './api/reports';
import { beyondStarter } from './access';
import { cycleLabel } from './campaign-report-export';
import { ownLanguage } from './form-export';
import { tagLabel } from './report-view';

type Source = DataShot['source'];
type Measure = SphereDataShot['measure'];

/** The measures a source offers: thinkings count people or answers (their axes show beside). */
export function measuresFor(source: Source): readonly Measure[] {
  return source === 'thinkings' ? ['people', 'answers'] : DATA_SHOT_MEASURES;
}

function GeneralProblems({
  items,
  testId,
}: {
  items: ReturnType<typeof useFormProblems>['general'];
  testId: string;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Alert color="red" role="alert" data-testid={testId}>
      {items.map((p) => translateErrorItem(p, t)).join('; ')}
    </Alert>
  );
}

/** A card's edit form: its texts, its marks and, for a data shot, its status. */
export function EditCardDialog({
  reportRef,
  card,
  onClose,
}: {
  reportRef: ReportRef;
  card: ReportCard;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateReportCard(reportRef);
  // The server's refusals are toasts (spec 02 §8); the fields are checked here first.
  const problems = useFormProblems(null);
  const [title, setTitle] = useState(card.title);
  const [description, setDescription] = useState(card.description);
  const [result, setResult] = useState(card.result);
  const [legend, setLegend] = useState(card.legend);
  const [hidden, setHidden] = useState(card.hidden);
  const [bookmark, setBookmark] = useState(card.bookmark);
  const [favourite, setFavourite] = useState(card.favourite);
  const [dataShotStatus, setStatus] = useState(card.dataShotStatus ?? 'draft');
  const dataShot = card.type === 'dataShot';

  const submit = () => {
    const body: ReportCardUpdate = {
      title,
      description,
      result,
      legend,
      hidden,
      bookmark,
      favourite,
      ...(dataShot ? { dataShotStatus } : {}),
    };
    if (!problems.check(ReportCardUpdateSchema, body)) return;
    update.mutate(
      { cardId: card.cardId, body },
      {
        onSuccess: () => {
          notifySuccess('reports.custom.card.saved');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      opened
      onClose={() => !update.isPending && onClose()}
      title={t('reports.custom.card.editTitle', { title: card.title })}
      closeLabel={t('reports.custom.cancel')}
      size="lg"
      data-testid="card-edit-dialog"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('reports.custom.card.title')}
            required
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={problems.messageFor('title')}
            data-testid="card-edit-title"
          />
          <Textarea
            label={t('reports.custom.card.description')}
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={problems.messageFor('description')}
            data-testid="card-edit-description"
          />
          <Textarea
            label={t('reports.custom.card.result')}
            autosize
            minRows={4}
            value={result}
            onChange={(e) => setResult(e.currentTarget.value)}
            error={problems.messageFor('result')}
            data-testid="card-edit-result"
          />
          <TextInput
            label={t('reports.custom.card.legend')}
            value={legend}
            onChange={(e) => setLegend(e.currentTarget.value)}
            error={problems.messageFor('legend')}
            data-testid="card-edit-legend"
          />
          <Group>
            <Checkbox
              label={t('reports.custom.card.hidden')}
              checked={hidden}
              onChange={(e) => setHidden(e.currentTarget.checked)}
              data-testid="card-edit-hidden"
            />
            <Checkbox
              label={t('reports.custom.card.bookmark')}
              checked={bookmark}
              onChange={(e) => setBookmark(e.currentTarget.checked)}
              data-testid="card-edit-bookmark"
            />
            <Checkbox
              label={t('reports.custom.card.favourite')}
              checked={favourite}
              onChange={(e) => setFavourite(e.currentTarget.checked)}
              data-testid="card-edit-favourite"
            />
          </Group>
          {dataShot && (
            <NativeSelect
              label={t('reports.custom.card.dataShotStatus')}
              value={dataShotStatus}
              onChange={(e) => {
                const next = DATA_SHOT_STATUSES.find((s) => s === e.currentTarget.value);
                if (next) setStatus(next);
              }}
              data={DATA_SHOT_STATUSES.map((s) => ({
                value: s,
                label: t(`reports.custom.status.dataShot.${s}`),
              }))}
              data-testid="card-edit-status"
            />
          )}
          <GeneralProblems items={problems.general} testId="card-edit-problem" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              {t('reports.custom.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="card-edit-submit">
              {t('reports.custom.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/** The field of a questionnaire data shot's form, as the server names it in its refusals. */
const FORM_FIELD = 'body.dataShot.formId';

/**
 * "Add card": a text, or a data shot — its source (thinkings only where the sphere's report offers
 * them; a questionnaire answered in the report's place, decision 0038), measure, whole period or
 * series, week or month, and up to two of the sphere's tags, picked as on the sphere's report. The
 * card goes to the end of the part.
 */
export function AddCardDialog({
  reportRef,
  partId,
  primary,
  campaign,
  onClose,
}: {
  reportRef: ReportRef;
  partId: string;
  /** The sphere's language, the one its tags are always named in. */
  primary: Language | undefined;
  /** A campaign's report (decision 0036): a data shot may show one of its stopped cycles' steps. */
  campaign?: { campaignId: string; cycleId?: string | undefined } | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const ability = useAbility();
  const me = useMe();
  const create = useCreateReportCard(reportRef);
  // The server's refusals are toasts (spec 02 §8), but for a questionnaire the place's reports may
  // not show, said on its field; the fields are checked here first.
  const problems = useFormProblems(null);
  const canReadTags = ability.can('get', subject('sphere-tag', { sphereId: reportRef.sphereId }));
  const thinkingOffered = beyondStarter(me.data);
  const [type, setType] = useState<ReportCard['type']>('text');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [result, setResult] = useState('');
  const [legend, setLegend] = useState('');
  const [source, setSource] = useState<Source>(campaign ? 'campaign' : 'feelings');
  const [measure, setMeasure] = useState<Measure>('people');
  const [view, setView] = useState<SphereDataShot['view']>('total');
  const [interval, chooseInterval] = useState<SphereDataShot['interval']>('month');
  const [stepChoice, chooseStep] = useState<string>('');
  const steps = useCampaignSteps(campaign, type === 'dataShot' && source === 'campaign');
  const [formChoice, chooseForm] = useState<string>('');
  const forms = usePlaceForms(reportRef, type === 'dataShot' && source === 'form');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const tags = useReportTags(reportRef.sphereId, canReadTags && type === 'dataShot');
  const tagOptions = useMemo(
    () =>
      (tags.data?.items ?? [])
        .filter((tag) => !tag.archived)
        .map((tag) => ({ tag, label: tagLabel(tag, language, primary) }))
        .sort((a, b) => a.label.localeCompare(b.label, language)),
    [tags.data, language, primary],
  );
  const full = tagIds.length >= PRIVACY_MAX_GROUP_TAGS;
  const measures = measuresFor(source);
  // The step chosen, else the first of the report's own cycle, else the first of the latest cycle.
  const step =
    steps.options.find((o) => o.value === stepChoice) ??
    steps.options.find((o) => o.cycleId === campaign?.cycleId) ??
    steps.options[0];
  // The questionnaire chosen, else the first of the place's.
  const form = forms.options.find((o) => o.value === formChoice) ?? forms.options[0];
  // The server refuses a questionnaire not answered in the report's place: said on its field.
  const formProblem = problems.all.find((p) => p.field === FORM_FIELD);
  const formError =
    formProblem?.key === 'not-valid'
      ? t('reports.custom.dataShot.formNotHere')
      : problems.messageFor('dataShot.formId');

  const submit = () => {
    const body: ReportCardCreate =
      type === 'text'
        ? { type, partId, title, description, result }
        : {
            type,
            partId,
            title,
            description,
            legend,
            dataShot:
              source === 'campaign'
                ? { source, cycleId: step?.cycleId ?? '', stepId: step?.stepId ?? '', tagIds }
                : source === 'form'
                  ? { source, formId: form?.value ?? '', tagIds }
                  : { source, measure, view, interval, tagIds },
          };
    if (!problems.check(ReportCardCreateSchema, body)) return;
    create.mutate(body, {
      onSuccess: (card) => {
        notifySuccess('reports.custom.card.added', { values: { title: card.title } });
        onClose();
      },
      onError: (error) => {
        const onForm = error instanceof ApiError ? error.errors.filter((e) => e.field === FORM_FIELD) : [];
        // Any other refusal is a toast (spec 02 §8).
        if (onForm.length === 0) return notifyError(error);
        problems.show(onForm);
        // The place's questionnaires may have changed since they were read.
        void forms.refetch();
      },
    });
  };

  return (
    <Dialog
      opened
      onClose={() => !create.isPending && onClose()}
      title={t('reports.custom.card.addTitle')}
      closeLabel={t('reports.custom.cancel')}
      size="lg"
      data-testid="card-add-dialog"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Radio.Group
            label={t('reports.custom.card.type')}
            value={type}
            onChange={(v) => setType(v === 'dataShot' ? 'dataShot' : 'text')}
          >
            <Group mt="xs">
              <Radio
                value="text"
                label={t('reports.custom.cardTypes.text')}
                data-testid="card-add-type-text"
              />
              <Radio
                value="dataShot"
                label={t('reports.custom.cardTypes.dataShot')}
                data-testid="card-add-type-dataShot"
              />
            </Group>
          </Radio.Group>
          <TextInput
            label={t('reports.custom.card.title')}
            required
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={problems.messageFor('title')}
            data-testid="card-add-title"
          />
          <Textarea
            label={t('reports.custom.card.description')}
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={problems.messageFor('description')}
            data-testid="card-add-description"
          />
          {type === 'text' ? (
            <Textarea
              label={t('reports.custom.card.result')}
              autosize
              minRows={4}
              value={result}
              onChange={(e) => setResult(e.currentTarget.value)}
              error={problems.messageFor('result')}
              data-testid="card-add-result"
            />
          ) : (
            <>
              <Radio.Group
                label={t('reports.custom.dataShot.source')}
                value={source}
                onChange={(v) => {
                  const next = v === 'thinkings' || v === 'campaign' || v === 'form' ? v : 'feelings';
                  setSource(next);
                  if (!measuresFor(next).includes(measure)) setMeasure('people');
                }}
              >
                <Group mt="xs">
                  {campaign && (
                    <Radio
                      value="campaign"
                      label={t('reports.custom.dataShot.sources.campaign')}
                      data-testid="card-add-source-campaign"
                    />
                  )}
                  <Radio
                    value="feelings"
                    label={t('reports.custom.dataShot.sources.feelings')}
                    data-testid="card-add-source-feelings"
                  />
                  {thinkingOffered && (
                    <Radio
                      value="thinkings"
                      label={t('reports.custom.dataShot.sources.thinkings')}
                      data-testid="card-add-source-thinkings"
                    />
                  )}
                  <Radio
                    value="form"
                    label={t('reports.custom.dataShot.sources.form')}
                    data-testid="card-add-source-form"
                  />
                </Group>
              </Radio.Group>
              {source === 'campaign' ? (
                <CampaignStepSelect
                  steps={steps}
                  value={step?.value ?? ''}
                  onChange={chooseStep}
                  error={problems.messageFor('dataShot.stepId') ?? problems.messageFor('dataShot.cycleId')}
                />
              ) : source === 'form' ? (
                <FormSelect forms={forms} value={form?.value ?? ''} onChange={chooseForm} error={formError} />
              ) : (
                <>
                  <NativeSelect
                    label={t('reports.custom.dataShot.measure')}
                    value={measure}
                    onChange={(e) => {
                      const next = measures.find((m) => m === e.currentTarget.value);
                      if (next) setMeasure(next);
                    }}
                    data={measures.map((m) => ({ value: m, label: t(`reports.custom.measures.${m}`) }))}
                    data-testid="card-add-measure"
                  />
                  <Group>
                    <Radio.Group
                      label={t('reports.custom.dataShot.view')}
                      value={view}
                      onChange={(v) => setView(DATA_SHOT_VIEWS.find((x) => x === v) ?? 'total')}
                    >
                      <Group mt="xs">
                        {DATA_SHOT_VIEWS.map((v) => (
                          <Radio
                            key={v}
                            value={v}
                            label={t(`reports.custom.dataShot.views.${v}`)}
                            data-testid={`card-add-view-${v}`}
                          />
                        ))}
                      </Group>
                    </Radio.Group>
                    <Radio.Group
                      label={t('reports.filters.interval')}
                      value={interval}
                      onChange={(v) =>
                        chooseInterval(SPHERE_REPORT_INTERVALS.find((x) => x === v) ?? 'month')
                      }
                    >
                      <Group mt="xs">
                        {SPHERE_REPORT_INTERVALS.map((v) => (
                          <Radio
                            key={v}
                            value={v}
                            label={t(v === 'week' ? 'reports.filters.week' : 'reports.filters.month')}
                            data-testid={`card-add-interval-${v}`}
                          />
                        ))}
                      </Group>
                    </Radio.Group>
                  </Group>
                </>
              )}
              {canReadTags && (
                <MultiSelect
                  label={t('reports.filters.group')}
                  description={t('reports.filters.groupHelp', {
                    chosen: tagIds.length,
                    max: PRIVACY_MAX_GROUP_TAGS,
                  })}
                  placeholder={tagIds.length ? undefined : t('reports.filters.wholeSphere')}
                  value={tagIds}
                  onChange={(value) => setTagIds(value.slice(0, PRIVACY_MAX_GROUP_TAGS))}
                  maxValues={PRIVACY_MAX_GROUP_TAGS}
                  data={tagOptions.map(({ tag, label }) => ({
                    value: tag.id,
                    label,
                    disabled: full && !tagIds.includes(tag.id),
                  }))}
                  searchable
                  clearable
                  disabled={tags.isPending}
                  error={problems.messageFor('dataShot.tagIds')}
                  data-testid="card-add-tags"
                />
              )}
              {tags.isError && (
                <Text size="sm" c="dimmed" data-testid="card-add-tags-error">
                  {t('reports.filters.tagsError')}
                </Text>
              )}
              <TextInput
                label={t('reports.custom.card.legend')}
                value={legend}
                onChange={(e) => setLegend(e.currentTarget.value)}
                error={problems.messageFor('legend')}
                data-testid="card-add-legend"
              />
            </>
          )}
          <GeneralProblems items={problems.general} testId="card-add-problem" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              {t('reports.custom.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending}
              // A questionnaire's card needs one of the place's questionnaires.
              disabled={type === 'dataShot' && source === 'form' && !form}
              data-testid="card-add-submit"
            >
              {t('reports.custom.card.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/** A stopped cycle's step a campaign data shot may show: feelings, thinkings, custom themes. */
interface StepOption {
  value: string;
  label: string;
  cycleId: string;
  stepId: string;
}

/** The kinds of step a data shot shows (decision 0036), by the step's type in the results. */
const SHOT_STEP_TYPES: readonly string[] = CAMPAIGN_SHOT_KINDS;

/**
 * The steps of a campaign's stopped cycles, latest cycle first, named "cycle · step": read from the
 * campaign's results (the cycles that stopped and their steps) and its measures (their titles).
 */
function useCampaignSteps(
  campaign: { campaignId: string } | undefined,
  enabled: boolean,
): { options: StepOption[]; isPending: boolean; isError: boolean } {
  const { t } = useTranslation();
  const language = currentLanguage();
  const campaignId = campaign?.campaignId ?? '';
  const results = useCampaignReport({ campaignId, tagIds: [] }, enabled && campaignId !== '');
  const definition = useReportCampaign(enabled ? campaignId : '');
  const options = useMemo(() => {
    const measures = definition.data?.measures ?? [];
    const primary = definition.data?.defaultLocale;
    return [...(results.data?.cycles ?? [])]
      .filter((cycle) => cycle.ready)
      .reverse()
      .flatMap((cycle) =>
        cycle.steps
          .filter((s) => SHOT_STEP_TYPES.includes(s.type))
          .map((s) => {
            const measure = measures.find((m) => m.id === s.measureId);
            const title = measure ? textIn(measure.title, language, primary) : s.stepId;
            return {
              value: `${cycle.cycleId}|${s.stepId}`,
              label: `${cycleLabel(cycle, t)} · ${title || s.stepId}`,
              cycleId: cycle.cycleId,
              stepId: s.stepId,
            };
          }),
      );
  }, [results.data, definition.data, language, t]);
  return {
    options,
    isPending: results.isPending || definition.isPending,
    isError: results.isError || definition.isError,
  };
}

function CampaignStepSelect({
  steps,
  value,
  onChange,
  error,
}: {
  steps: ReturnType<typeof useCampaignSteps>;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  if (steps.isError)
    return (
      <Text size="sm" c="red.9" role="alert" data-testid="card-add-steps-error">
        {t('reports.custom.dataShot.stepsError')}
      </Text>
    );
  if (!steps.isPending && steps.options.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="card-add-no-step">
        {t('reports.custom.dataShot.noStep')}
      </Text>
    );
  return (
    <NativeSelect
      label={t('reports.custom.dataShot.step')}
      description={t('reports.custom.dataShot.stepHelp')}
      required
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={steps.options.map((o) => ({ value: o.value, label: o.label }))}
      disabled={steps.isPending}
      error={error}
      data-testid="card-add-step"
    />
  );
}

/** A questionnaire a data shot may show: its id and its title in the reader's language. */
interface FormOption {
  value: string;
  label: string;
}

/**
 * The questionnaires of the report's place (decision 0038): a group's report offers the group's,
 * a sphere's the sphere's; each named in the reader's language, else in the form's own, sorted by
 * name.
 */
function usePlaceForms(
  reportRef: ReportRef,
  enabled: boolean,
): { options: FormOption[]; isPending: boolean; isError: boolean; refetch: () => Promise<unknown> } {
  const language = currentLanguage();
  const list = useReportFormList(reportRef, enabled);
  const options = useMemo(
    () =>
      (list.data?.forms ?? [])
        .map((f) => ({ value: f.formId, label: textIn(f.title, language, ownLanguage(f)) || f.formId }))
        .sort((a, b) => a.label.localeCompare(b.label, language)),
    [list.data, language],
  );
  return { options, isPending: list.isPending, isError: list.isError, refetch: list.refetch };
}

function FormSelect({
  forms,
  value,
  onChange,
  error,
}: {
  forms: ReturnType<typeof usePlaceForms>;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  if (forms.isError)
    return (
      <Text size="sm" c="red.9" role="alert" data-testid="card-add-forms-error">
        {t('reports.custom.dataShot.formsError')}
      </Text>
    );
  if (!forms.isPending && forms.options.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="card-add-no-form">
        {t('reports.custom.dataShot.noForm')}
      </Text>
    );
  return (
    <NativeSelect
      label={t('reports.custom.dataShot.form')}
      description={t('reports.custom.dataShot.formHelp')}
      required
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={
        forms.isPending ? [{ value: '', label: t('reports.custom.dataShot.formsLoading') }] : forms.options
      }
      disabled={forms.isPending}
      error={error}
      data-testid="card-add-form"
    />
  );
}
