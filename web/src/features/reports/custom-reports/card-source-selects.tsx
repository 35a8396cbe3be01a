import { useMemo } from 'react';
import { NativeSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_SHOT_KINDS } from '@shared/contracts/custom-reports';
import { textIn } from '@shared/domain/sessions';
import { currentLanguage } from '../../../i18n';
import { useCampaignReport, useReportCampaign } from '../api/campaign-reports';
import { type ReportRef } from '../api/custom-reports';
import { useReportFormList } from '../api/reports';
import { cycleLabel } from '../exports/campaign-report-export';
import { ownLanguage } from '../exports/form-details';

/** A stopped cycle's step a campaign data shot may show: feelings, thinkings, custom themes. */
export interface StepOption {
  value: string;
  label: string;
  cycleId: string;
  stepId: string;
}

/** The kinds of step a data shot shows (decision 0036), by the step's type in the results. */
export const SHOT_STEP_TYPES: readonly string[] = CAMPAIGN_SHOT_KINDS;

/**
 * The steps of a campaign's stopped cycles, latest cycle first, named "cycle · step": read from the
 * campaign's results (the cycles that stopped and their steps) and its measures (their titles).
 */
export function useCampaignSteps(
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

export function CampaignStepSelect({
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
export interface FormOption {
  value: string;
  label: string;
}

/**
 * The questionnaires of the report's place (decision 0038): a group's report offers the group's,
 * a sphere's the sphere's; each named in the reader's language, else in the form's own, sorted by
 * name.
 */
export function usePlaceForms(
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

export function FormSelect({
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
