import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
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
  DATA_SHOT_MEASURES,
  DATA_SHOT_VIEWS,
  ReportCardCreateSchema,
  type DataShot,
  type ReportCard,
  type SphereDataShot,
  type ReportCardCreate,
} from '@shared/contracts/custom-reports';
import type { Language } from '@shared/contracts/headers';
import { SPHERE_REPORT_INTERVALS } from '@shared/contracts/reports';
import { PRIVACY_MAX_GROUP_TAGS } from '@shared/domain/report-privacy';
import { Dialog } from '../../../components/dialog';
import { notifyError, notifySuccess } from '../../../components/notify';
import { currentLanguage } from '../../../i18n';
import { useAbility } from '../../../lib/ability';
import { ApiError, translateErrorItem } from '../../../lib/errors';
import { useFormProblems } from '../../../lib/form-problems';
import { CardTextFields } from './card-text-fields';
import { useMe } from '../../../lib/me';
import { useCreateReportCard, type ReportRef } from '../api/custom-reports';
import { useReportTags } from '../api/reports';
import { beyondStarter } from '../access';
import { tagLabel } from '../place-reports/report-filters';
import { useCampaignSteps, CampaignStepSelect, usePlaceForms, FormSelect } from './card-source-selects';

type Source = DataShot['source'];
type Measure = SphereDataShot['measure'];

/** The measures a source offers: thinkings count people or answers (their axes show beside). */
export function measuresFor(source: Source): readonly Measure[] {
  return source === 'thinkings' ? ['people', 'answers'] : DATA_SHOT_MEASURES;
}

export function GeneralProblems({
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
          <CardTextFields
            title={title}
            onTitle={setTitle}
            description={description}
            onDescription={setDescription}
            messageFor={problems.messageFor}
            testIdPrefix="card-add"
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
