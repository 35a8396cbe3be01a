import { useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Form, FormSurvey } from '@shared/contracts/forms';
import { isSurveyEditable } from '@shared/domain/form-surveys';
import { notifySuccess } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import type { OverlayProps } from '../../lib/overlays';
import { surveysKey, useFormDefinition, useSurvey, useUpdateSurvey } from './api/forms';
import { LazyRunner, LoadFailure, OverlayLoading } from './overlay-parts';
import { SURVEY_FROZEN, hasKey, surveyErrors } from './survey-errors';

/**
 * `show=updateForm&surveyId=…` (spec 01 §2, §4): one's own answers to a form, changed with the
 * runner for 24 hours after saving; afterwards, or when the server says it froze meanwhile
 * (`survey-frozen`), the answers to read with the reason they cannot change.
 */
export default function UpdateFormOverlay({ params, done, close }: OverlayProps) {
  const surveyId = params.get('surveyId') ?? '';
  const survey = useSurvey(surveyId);
  const definition = useFormDefinition(survey.data?.formId);
  if (survey.isError)
    return <LoadFailure error={survey.error} close={close} testId="update-form-not-found" />;
  if (definition.isError)
    return <LoadFailure error={definition.error} close={close} testId="update-form-not-found" />;
  if (survey.isPending || definition.isPending) return <OverlayLoading testId="update-form-loading" />;
  // Keyed: the runner reads its initial values once.
  return <ChangeSurvey key={survey.data.id} survey={survey.data} form={definition.data} done={done} />;
}

function ChangeSurvey({ survey, form, done }: { survey: FormSurvey; form: Form; done: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const update = useUpdateSurvey(survey.id);
  const [frozenMeanwhile, setFrozenMeanwhile] = useState(false);
  const editable = !frozenMeanwhile && survey.editable && isSurveyEditable(survey, Date.now());
  const problems = update.isError && !frozenMeanwhile ? surveyErrors(update.error, t) : undefined;
  const given = t('formsCentre.answer.givenOn', { date: formatDateTime(new Date(survey.creationDate)) });

  return (
    <Stack data-testid={editable ? 'update-form' : 'update-form-frozen-view'}>
      <Text size="sm" c="dimmed">
        {given}{' '}
        {editable &&
          t('formsCentre.answer.editableUntil', { date: formatDateTime(new Date(survey.freezeDate)) })}
      </Text>
      {!editable && (
        <Alert color="gray" title={t('formsCentre.answer.frozenTitle')} data-testid="update-form-frozen">
          {t('formsCentre.answer.frozen', { date: formatDateTime(new Date(survey.freezeDate)) })}
        </Alert>
      )}
      {problems?.general && (
        <Alert color="red" role="alert" data-testid="update-form-error">
          {problems.general}
        </Alert>
      )}
      <LazyRunner
        form={form}
        language={language}
        headingLevel={3}
        initialValues={survey.values}
        readOnly={!editable}
        submitting={update.isPending}
        submitLabel={t('formsCentre.answer.update')}
        answerErrors={problems?.byAnswer}
        onSubmit={(values) => {
          update.mutate(values, {
            onSuccess: () => {
              notifySuccess('formsCentre.answer.updated');
              done();
            },
            onError: (error) => {
              if (hasKey(error, SURVEY_FROZEN)) {
                setFrozenMeanwhile(true);
                void queryClient.invalidateQueries({ queryKey: [...surveysKey, 'one', survey.id] });
              }
            },
          });
        }}
        testId="update-form-runner"
      />
    </Stack>
  );
}
