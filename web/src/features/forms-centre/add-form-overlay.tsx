import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { hasText, type Form, type FormSurvey } from '@shared/contracts/forms';
import { textIn } from '@shared/domain/sessions';
import { Markdown } from '../../components/markdown';
import { notifySuccess } from '../../components/notify';
import { ReservedFeature } from '../../components/reserved-feature';
import { currentLanguage } from '../../i18n';
import type { OverlayProps } from '../../lib/overlays';
import { useAvailableForms, useCreateSurvey, useFormDefinition } from './api/forms';
import { LazyRunner, LoadFailure, OverlayLoading } from './overlay-parts';
import { DIRECT_LINK_PARAM, UPDATE_FORM_OVERLAY } from './paths';
import { ESSENTIALS_REQUIRED, FORM_NOT_AVAILABLE, hasKey, surveyErrors } from './survey-errors';

/**
 * `show=addForm&formId=…` (spec 01 §2): a form of my centre answered with the runner, in a place
 * named by `sphereId` or `sessionId` or, without one, where the server finds it available. What
 * the server refuses shows on the answers; once saved, the form's completed page and the way to
 * change the answers within 24 hours. Opened from a shared link (`direct=1`), the survey records
 * `fromDirectLink`, and a form that is not offered to the person says so rather than failing.
 */
export default function AddFormOverlay({ params, done, close }: OverlayProps) {
  const { t } = useTranslation();
  const formId = params.get('formId') ?? '';
  const direct = params.get(DIRECT_LINK_PARAM) === '1';
  const available = useAvailableForms();
  const definition = useFormDefinition(formId);
  const entry = available.data?.items.find((f) => f.form.id === formId);

  if (available.isPending) return <OverlayLoading testId="add-form-loading" />;
  if (available.isSuccess && !entry)
    return direct ? (
      <Stack>
        <Alert
          color="gray"
          title={t('formsCentre.answer.directNotAvailableTitle')}
          data-testid="add-form-not-available"
        >
          {t('formsCentre.answer.directNotAvailable')}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={close} data-autofocus>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    ) : (
      <Alert color="gray" data-testid="add-form-not-available">
        {t('errors.form-not-available')}
      </Alert>
    );
  if (definition.isPending) return <OverlayLoading testId="add-form-loading" />;
  if (definition.isError)
    return <LoadFailure error={definition.error} close={close} testId="add-form-not-found" />;
  if (entry?.reserved) return <Reserved />;
  return (
    <AnswerForm
      form={definition.data}
      sphereId={params.get('sphereId') ?? undefined}
      sessionId={params.get('sessionId') ?? undefined}
      fromDirectLink={direct}
      linkId={params.get('linkId') ?? undefined}
      done={done}
    />
  );
}

function Reserved() {
  const { t } = useTranslation();
  return (
    <ReservedFeature
      title={t('formsCentre.home.reservedTitle')}
      reason={t('formsCentre.home.reserved')}
      guestReason={t('formsCentre.home.guest')}
      testId="add-form-reserved"
    />
  );
}

function AnswerForm({
  form,
  sphereId,
  sessionId,
  fromDirectLink,
  linkId,
  done,
}: {
  form: Form;
  sphereId: string | undefined;
  sessionId: string | undefined;
  fromDirectLink: boolean;
  /** The campaign link that opened it, whose tags the survey takes. */
  linkId: string | undefined;
  done: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const create = useCreateSurvey();
  const [saved, setSaved] = useState<FormSurvey>();
  const problems = create.isError ? surveyErrors(create.error, t) : undefined;

  if (hasKey(create.error, ESSENTIALS_REQUIRED)) return <Reserved />;
  if (saved) return <Completed form={form} survey={saved} done={done} />;
  return (
    <Stack data-testid="add-form">
      {problems?.general && (
        <Alert color="red" role="alert" data-testid="add-form-error">
          {hasKey(create.error, FORM_NOT_AVAILABLE) ? t('errors.form-not-available') : problems.general}
        </Alert>
      )}
      <LazyRunner
        form={form}
        language={language}
        headingLevel={3}
        submitting={create.isPending}
        answerErrors={problems?.byAnswer}
        onSubmit={(values) => {
          create.mutate(
            { formId: form.id, values, sphereId, sessionId, fromDirectLink, linkId },
            {
              onSuccess: (survey) => {
                notifySuccess('formsCentre.answer.saved');
                setSaved(survey);
              },
            },
          );
        }}
        testId="add-form-runner"
      />
    </Stack>
  );
}

/** The form's completed page (its own words, or ours), then close or change the answers. */
function Completed({ form, survey, done }: { form: Form; survey: FormSurvey; done: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const primary = form.languages[0];
  const { title, description } = form.completedPage;
  // The runner that had the focus is gone: it goes to Close, so the keyboard stays in the dialog.
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  const change = () => {
    const next = new URLSearchParams(location.search);
    next.set('show', UPDATE_FORM_OVERLAY);
    next.delete('formId');
    next.delete(DIRECT_LINK_PARAM);
    next.set('surveyId', survey.id);
    void navigate({ pathname: location.pathname, search: `?${next.toString()}` }, { replace: true });
  };
  return (
    <Stack data-testid="add-form-completed">
      <Title order={3}>
        {hasText(title) ? textIn(title, language, primary) : t('formsCentre.answer.thanks')}
      </Title>
      {hasText(description) ? (
        <Markdown headingLevel={4}>{textIn(description, language, primary)}</Markdown>
      ) : (
        <Text>{t('formsCentre.answer.savedText')}</Text>
      )}
      <Group justify="flex-end">
        {survey.editable && (
          <Button variant="default" onClick={change} data-testid="add-form-change">
            {t('formsCentre.answer.change')}
          </Button>
        )}
        <Button ref={closeRef} onClick={done} data-testid="add-form-close" data-autofocus>
          {t('common.close')}
        </Button>
      </Group>
    </Stack>
  );
}
