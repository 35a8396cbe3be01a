import { lazy, Suspense } from 'react';
import { Alert, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SurveyValues } from '@shared/contracts/forms';
import { currentLanguage } from '../../../i18n';
import type { RunnerProps } from './runner';

const FormRunner = lazy(() => import('../../../components/form-runner'));

const VALUES_FIELD = 'values.';

/**
 * A questionnaire step (spec 02 §4): the form of the measure in the shared runner, its answers
 * given before when they may still change; what the server refuses shows on its answers.
 */
export function FormStep({ step, saving, errors, onSave }: RunnerProps) {
  const { t } = useTranslation();
  if (!step.form)
    return (
      <Alert color="gray" data-testid="participation-form-missing">
        {t('errors.form-not-available')}
      </Alert>
    );
  const given = step.answer?.type === 'form' ? (step.answer.values as SurveyValues) : undefined;
  const answerErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([field]) => field.startsWith(VALUES_FIELD))
      .map(([field, message]) => [field.slice(VALUES_FIELD.length).split('.')[0] ?? '', message]),
  );
  return (
    <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
      <FormRunner
        form={step.form}
        language={currentLanguage()}
        headingLevel={3}
        showTitle={false}
        {...(given ? { initialValues: given } : {})}
        submitting={saving}
        submitLabel={t('participation.step.save')}
        answerErrors={answerErrors}
        onSubmit={(values) => onSave({ type: 'form', values })}
        testId="participation-form-runner"
      />
    </Suspense>
  );
}
