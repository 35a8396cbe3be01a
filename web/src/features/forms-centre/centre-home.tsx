import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { AvailableForm } from '@shared/contracts/forms';
import { isSurveyEditable } from '@shared/domain/form-surveys';
import { textIn } from '@shared/domain/sessions';
import { ErrorState } from '../../components/error-state';
import { closeButtonProps, LONG_TOAST_DURATION_MS, notifySuccess } from '../../components/notify';
import { ReservedFeature } from '../../components/reserved-feature';
import { currentLanguage } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { useMe } from '../../lib/me';
import { overlaySearch } from '../../lib/overlays';
import { useAvailableForms, useRecentSurveys } from './api/forms';
import {
  ADD_FORM_OVERLAY,
  MY_FORMS_REPORT_PATH,
  NEW_ADD_FORM_OVERLAY,
  UPDATE_FORM_OVERLAY,
  formDirectLink,
} from './paths';
import { holdsEssentials, placeName } from './places';

const RECENT_MS = 24 * 60 * 60 * 1000;

/**
 * Home's centre (spec 01 §2 home "my centre"): the forms available to me with where they come
 * from, each answered in the `addForm` overlay, and my answers of the last 24 hours, which can be
 * changed while they are not frozen; "Answer a form" opens the chooser (`newAddForm`), and each
 * form's shareable link can be copied (`addForm` with `direct=1`). The centre is an Essentials
 * feature (spec 01 §1): a form available only where it is reserved shows the reserved-feature
 * prompt instead of its button.
 */
export default function CentreHome() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const available = useAvailableForms();
  const [since] = useState(() => new Date(Date.now() - RECENT_MS).toISOString());
  const forms = available.data?.items ?? [];
  const openForms = forms.filter((f) => !f.reserved);
  const recent = useRecentSurveys(since, openForms.length > 0);
  const essentials = holdsEssentials(me.data);
  const isGuest = me.data?.profile.isGuest ?? false;

  const open = (overlay: string, extra: Record<string, string>) => {
    const params = new URLSearchParams(overlaySearch(location.search, overlay));
    for (const [key, value] of Object.entries(extra)) params.set(key, value);
    void navigate({ pathname: location.pathname, search: `?${params.toString()}` });
  };
  const title = (form: AvailableForm['form']) => textIn(form.title, language, form.languages[0]) || form.id;
  /** Copies the form's shareable address; the toast confirms it, or gives the link to copy by hand. */
  const copyLink = async (formId: string) => {
    const link = formDirectLink(formId);
    try {
      await navigator.clipboard.writeText(link);
      notifySuccess('formsCentre.home.linkCopied');
    } catch {
      notifications.show({
        color: 'red',
        message: t('formsCentre.home.copyFailed', { link }),
        autoClose: LONG_TOAST_DURATION_MS,
        closeButtonProps: closeButtonProps(),
      });
    }
  };

  const reserved = (
    <ReservedFeature
      title={t('formsCentre.home.reservedTitle')}
      reason={t('formsCentre.home.reserved')}
      guestReason={t('formsCentre.home.guest')}
      testId="forms-centre-reserved"
    />
  );

  let body;
  if (me.isPending || available.isPending) body = <Skeleton height={60} />;
  else if (available.isError)
    body = (
      <ErrorState
        title={t('formsCentre.home.loadError')}
        error={available.error}
        onRetry={() => void available.refetch()}
        testId="forms-centre-error"
      />
    );
  else if (!essentials && openForms.length === 0) body = reserved;
  else if (forms.length === 0)
    body = (
      <Text c="dimmed" size="sm" data-testid="forms-centre-empty">
        {t('formsCentre.home.empty')}
      </Text>
    );
  else
    body = (
      <Stack gap="sm">
        <List spacing="sm" listStyleType="none" data-testid="forms-centre-list">
          {forms.map(({ form, places, reserved: closed }) => (
            <List.Item key={form.id} data-testid={`forms-centre-form-${form.id}`}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text fw={600}>{title(form)}</Text>
                  <Text size="xs" c="dimmed" data-testid={`forms-centre-places-${form.id}`}>
                    {t('formsCentre.home.from', {
                      places: places.map((p) => placeName(p, me.data)).join(', '),
                    })}
                    {' · '}
                    {t('formsCentre.home.questions', { count: form.answersCount })}
                  </Text>
                </Stack>
                {closed ? (
                  <Badge variant="light" color="gray" data-testid={`forms-centre-closed-${form.id}`}>
                    {t('formsCentre.home.essentialsBadge')}
                  </Badge>
                ) : (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="subtle"
                      c="blue.9"
                      onClick={() => void copyLink(form.id)}
                      aria-label={t('formsCentre.home.copyLinkNamed', { title: title(form) })}
                      data-testid={`forms-centre-copy-${form.id}`}
                    >
                      {t('formsCentre.home.copyLink')}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => open(ADD_FORM_OVERLAY, { formId: form.id })}
                      aria-label={t('formsCentre.home.answerNamed', { title: title(form) })}
                      data-testid={`forms-centre-answer-${form.id}`}
                    >
                      {t('formsCentre.home.answer')}
                    </Button>
                  </Group>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
        {forms.some((f) => f.reserved) && reserved}
        {recent.data && recent.data.items.length > 0 && (
          <Stack gap={4} data-testid="forms-centre-recent">
            <Text fw={600} size="sm">
              {t('formsCentre.home.recent')}
            </Text>
            <List spacing={4} listStyleType="none">
              {recent.data.items.map((survey) => {
                const form = forms.find((f) => f.form.id === survey.formId)?.form;
                const editable = survey.editable && isSurveyEditable(survey, Date.now());
                return (
                  <List.Item key={survey.id} data-testid={`forms-centre-survey-${survey.id}`}>
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm">
                        {formatDateTime(new Date(survey.creationDate))} — {form ? title(form) : survey.formId}
                      </Text>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        c="blue.9"
                        onClick={() => open(UPDATE_FORM_OVERLAY, { surveyId: survey.id })}
                        data-testid={`forms-centre-open-survey-${survey.id}`}
                      >
                        {editable ? t('formsCentre.home.change') : t('formsCentre.home.view')}
                      </Button>
                    </Group>
                  </List.Item>
                );
              })}
            </List>
          </Stack>
        )}
      </Stack>
    );

  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="home-forms-centre-title"
      data-testid="home-forms-centre"
    >
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Title order={2} size="h4" id="home-forms-centre-title">
          {t('formsCentre.home.title')}
        </Title>
        {openForms.length > 0 && (
          <Button size="xs" onClick={() => open(NEW_ADD_FORM_OVERLAY, {})} data-testid="forms-centre-new">
            {t('formsCentre.home.answerAForm')}
          </Button>
        )}
      </Group>
      <Stack gap="xs">
        {body}
        {!isGuest && me.data && (
          <Anchor component={Link} to={MY_FORMS_REPORT_PATH} size="sm" data-testid="forms-centre-report-link">
            {t('formsCentre.home.report')}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
