import { useEffect, useRef } from 'react';
import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ParticipationView, StepAnswerInput, StepView } from '@shared/contracts/campaigns';
import { QUESTIONNAIRE_MEASURE_TYPES } from '@shared/domain/campaigns';
import { ErrorState } from '../../components/error-state';
import { Markdown } from '../../components/markdown';
import { formatDateTime } from '../../lib/dates';
import { useParticipationStep, useSaveStep } from './api/participation';
import { answerErrors } from './rules';
import { AssessmentStep } from './runners/assessment-step';
import { CustomFormStep } from './runners/custom-form-step';
import { FeelingStep } from './runners/feeling-step';
import { FormStep } from './runners/form-step';
import { ProfileStep } from './runners/profile-step';
import { TagsStep } from './runners/tags-step';
import { ThinkingStep } from './runners/thinking-step';
import type { RunnerProps } from './runners/runner';

/**
 * One step (spec 02 §4): its title and message, whether its answer can still change and until
 * when, and the runner of its measure's type. Saving sends the answer; the answer is the new view,
 * and the screen moves on to the next step. What the server refuses shows on the answers, and
 * nothing typed is lost.
 */
export function StepPanel({
  view,
  stepId,
  code,
  onSaved,
  focusTitle = false,
}: {
  view: ParticipationView;
  stepId: string;
  code: string | undefined;
  onSaved: (next: ParticipationView) => void;
  /** Moves the focus to the step's title once it shows (the participant moved to it). */
  focusTitle?: boolean;
}) {
  const { t } = useTranslation();
  const campaignId = view.campaign.campaignId;
  const step = useParticipationStep(campaignId, stepId, code);
  const save = useSaveStep(campaignId, stepId, code);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const loaded = step.isSuccess;
  useEffect(() => {
    if (loaded && focusTitle) titleRef.current?.focus();
  }, [loaded, focusTitle]);

  if (step.isPending)
    return (
      <Paper withBorder p="lg">
        <Loader size="sm" aria-label={t('common.loading')} data-testid="participation-step-loading" />
      </Paper>
    );
  if (step.isError)
    return (
      <ErrorState
        title={t('participation.step.loadError')}
        error={step.error}
        onRetry={() => void step.refetch()}
        testId="participation-step-error"
      />
    );

  const data = step.data;
  const problems = answerErrors(save.error, t);
  const props: RunnerProps = {
    step: data,
    saving: save.isPending,
    errors: problems.byField,
    onSave: (answer: StepAnswerInput) => save.mutate(answer, { onSuccess: onSaved }),
  };
  const title =
    data.step.kind === 'tags' ? t('participation.menu.tags', { title: data.step.title }) : data.step.title;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="participation-step-title">
      <Stack data-testid="participation-step" data-type={data.step.type}>
        <Title order={2} size="h3" id="participation-step-title" ref={titleRef} tabIndex={-1}>
          {title || t(`participation.types.${data.step.type}`)}
        </Title>
        {data.step.message.trim() !== '' && (
          <Markdown headingLevel={3} data-testid="participation-step-message">
            {data.step.message}
          </Markdown>
        )}
        <EditNotice view={view} step={data} />
        {problems.general && (
          <Alert color="red" role="alert" data-testid="participation-save-error">
            {problems.general}
          </Alert>
        )}
        {data.editable && <Runner {...props} />}
      </Stack>
    </Paper>
  );
}

/** Whether the answer can still change, and until when; or why it cannot (spec 02 §4). */
function EditNotice({ view, step }: { view: ParticipationView; step: StepView }) {
  const { t } = useTranslation();
  if (!step.editable)
    return (
      <Alert color="gray" data-testid="participation-step-frozen">
        {t(`errors.${step.frozenReason ?? 'participation-closed'}`)}
      </Alert>
    );
  if (!step.answer) return null;
  const questionnaire = step.step.kind === 'main' && QUESTIONNAIRE_MEASURE_TYPES.includes(step.measure.type);
  const end = view.cycle?.end;
  const text = questionnaire
    ? t('participation.step.editable24h')
    : end
      ? t('participation.step.editableUntil', { date: formatDateTime(end) })
      : t('participation.step.editableWhileOpen');
  return (
    <Text size="sm" c="dimmed" data-testid="participation-step-editable">
      {text}
    </Text>
  );
}

function Runner(props: RunnerProps) {
  const { step } = props;
  if (step.step.kind === 'tags') return <TagsStep {...props} />;
  switch (step.measure.type) {
    case 'feeling':
      return <FeelingStep {...props} />;
    case 'thinking':
      return <ThinkingStep {...props} />;
    case 'profile':
      return <ProfileStep {...props} />;
    case 'form':
      return <FormStep {...props} />;
    case 'assessment':
      return <AssessmentStep {...props} />;
    case 'custom-form':
      return <CustomFormStep {...props} />;
  }
}
