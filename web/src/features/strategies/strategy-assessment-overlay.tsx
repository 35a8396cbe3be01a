import { useState } from 'react';
import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../components/notify';
import { ApiError, errorMessages } from '../../lib/errors';
import type { OverlayProps } from '../../lib/overlays';
import { useAddAssessment, type AssessedPlace } from './api/assessments';
import { reloadStrategies } from './api/strategies';
import { AssessmentForm } from './assessment-form';
import { WithAssessableItems, listOf } from './assessment-context';

/** The place an overlay's parameters name: `sphereId`, or `sessionId` (spec 01 §2 also says `session`). */
export function placeOf(params: URLSearchParams): AssessedPlace | undefined {
  const sessionId = params.get('sessionId') ?? params.get('session');
  if (sessionId) return { sessionId };
  const sphereId = params.get('sphereId');
  return sphereId ? { sphereId } : undefined;
}

/**
 * `show=strategyAssessment` (spec 01 §2, spec 02 §2) with `sphereId` or `sessionId`: a member
 * assesses the visible items of their sphere's or group's strategy on five levels; at least one
 * answer, empty ones dropped; a success notice, then the overlay closes.
 */
export default function StrategyAssessmentOverlay({ params, done }: OverlayProps) {
  const { t } = useTranslation();
  const place = placeOf(params);
  if (!place)
    return (
      <Alert color="gray" data-testid="assessment-no-place">
        {t('strategies.assessment.noPlace')}
      </Alert>
    );
  return (
    <WithAssessableItems place={place} action="post">
      {(items) => (
        <NewAssessment place={place} linkId={params.get('linkId') ?? undefined} items={items} done={done} />
      )}
    </WithAssessableItems>
  );
}

function NewAssessment({
  place,
  linkId,
  items,
  done,
}: {
  place: AssessedPlace;
  /** The campaign link that opened it, whose tags the assessment takes. */
  linkId: string | undefined;
  items: Parameters<typeof AssessmentForm>[0]['items'];
  done: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const add = useAddAssessment(place, linkId);
  const [problem, setProblem] = useState<string>();
  return (
    <AssessmentForm
      items={items}
      submitLabel={t('strategies.assessment.save')}
      pending={add.isPending}
      problem={problem}
      onSubmit={(values) => {
        setProblem(undefined);
        add.mutate(values, {
          onSuccess: () => {
            notifySuccess('strategies.assessment.saved');
            done();
          },
          onError: (error) => {
            // An item hidden or removed meanwhile: the strategy is read anew and the person told.
            if (error instanceof ApiError && error.keys.includes('not-valid')) {
              setProblem(t('strategies.assessment.changed'));
              void reloadStrategies(queryClient, listOf(place));
            } else setProblem(errorMessages(error, t));
          },
        });
      }}
    />
  );
}
