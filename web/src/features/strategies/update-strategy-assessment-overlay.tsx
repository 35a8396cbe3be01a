import { useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StrategyAssessment } from '@shared/contracts/strategies';
import { isAssessmentEditable } from '@shared/domain/strategies';
import { ErrorState } from '../../components/error-state';
import { notifySuccess } from '../../components/notify';
import { formatDateTime } from '../../lib/dates';
import { ApiError, errorMessages } from '../../lib/errors';
import type { OverlayProps } from '../../lib/overlays';
import { assessmentsKey, useAssessment, useUpdateAssessment, type AssessedPlace } from './api/assessments';
import { reloadStrategies } from './api/strategies';
import { AssessmentAnswers, AssessmentForm } from './assessment-form';
import { OverlayLoading, WithAssessableItems, listOf } from './assessment-context';

/** The key of the refusal of a change after the freeze date (spec 01 §4, decision 0019). */
export const ASSESSMENT_FROZEN = 'strategy-assessment-frozen';

/**
 * `show=updateStrategyAssessment&assessmentId=…` (spec 01 §2): one's own assessment, changed with
 * the same form while it is not frozen (an hour after it was given, spec 01 §4); afterwards, or
 * when the server says it froze meanwhile, its answers to read with the reason it cannot change.
 */
export default function UpdateStrategyAssessmentOverlay({ params, done }: OverlayProps) {
  const { t } = useTranslation();
  const assessmentId = params.get('assessmentId') ?? '';
  const assessment = useAssessment(assessmentId);
  if (assessment.isPending) return <OverlayLoading />;
  if (assessment.isError) {
    if (assessment.error instanceof ApiError && assessment.error.status === 404)
      return (
        <Alert
          color="gray"
          title={t('strategies.assessment.notFoundTitle')}
          data-testid="assessment-not-found"
        >
          {t('strategies.assessment.notFound')}
        </Alert>
      );
    return (
      <ErrorState
        title={t('strategies.assessment.loadError')}
        error={assessment.error}
        onRetry={() => void assessment.refetch()}
        testId="assessment-load-error"
      />
    );
  }
  const place: AssessedPlace = assessment.data.sessionId
    ? { sessionId: assessment.data.sessionId }
    : { sphereId: assessment.data.sphereId };
  return (
    <WithAssessableItems place={place} action="get">
      {(items) => <ChangeAssessment assessment={assessment.data} place={place} items={items} done={done} />}
    </WithAssessableItems>
  );
}

function ChangeAssessment({
  assessment,
  place,
  items,
  done,
}: {
  assessment: StrategyAssessment;
  place: AssessedPlace;
  items: Parameters<typeof AssessmentForm>[0]['items'];
  done: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateAssessment(assessment.id);
  const [problem, setProblem] = useState<string>();
  const [frozenMeanwhile, setFrozenMeanwhile] = useState(false);
  const editable = !frozenMeanwhile && assessment.editable && isAssessmentEditable(assessment, Date.now());
  const given = t('strategies.assessment.givenOn', {
    date: formatDateTime(new Date(assessment.creationDate)),
  });

  if (!editable)
    return (
      <Stack data-testid="assessment-frozen-view">
        <Text size="sm" c="dimmed">
          {given}
        </Text>
        <Alert color="gray" title={t('strategies.assessment.frozenTitle')} data-testid="assessment-frozen">
          {t('strategies.assessment.frozen', { date: formatDateTime(new Date(assessment.freezeDate)) })}
        </Alert>
        <AssessmentAnswers items={items} values={assessment.values} />
      </Stack>
    );
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {given}{' '}
        {t('strategies.assessment.editableUntil', { date: formatDateTime(new Date(assessment.freezeDate)) })}
      </Text>
      <AssessmentForm
        items={items}
        initial={assessment.values}
        submitLabel={t('strategies.assessment.update')}
        pending={update.isPending}
        problem={problem}
        onSubmit={(values) => {
          setProblem(undefined);
          update.mutate(values, {
            onSuccess: () => {
              notifySuccess('strategies.assessment.updatedNotice');
              done();
            },
            onError: (error) => {
              if (error instanceof ApiError && error.keys.includes(ASSESSMENT_FROZEN)) {
                setFrozenMeanwhile(true);
                void queryClient.invalidateQueries({ queryKey: [...assessmentsKey, 'one', assessment.id] });
              } else if (error instanceof ApiError && error.keys.includes('not-valid')) {
                setProblem(t('strategies.assessment.changed'));
                void reloadStrategies(queryClient, listOf(place));
              } else setProblem(errorMessages(error, t));
            },
          });
        }}
      />
    </Stack>
  );
}
