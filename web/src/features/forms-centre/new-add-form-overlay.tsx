import { Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { AvailableForm } from '@shared/contracts/forms';
import { textIn } from '@shared/domain/sessions';
import { ErrorState } from '../../components/error-state';
import { ReservedFeature } from '../../components/reserved-feature';
import { currentLanguage } from '../../i18n';
import { useMe } from '../../lib/me';
import { overlaySteps, type OverlayProps } from '../../lib/overlays';
import { useAvailableForms } from './api/forms';
import { OverlayLoading } from './overlay-parts';
import { ADD_FORM_OVERLAY } from './paths';
import { placeName } from './places';

/**
 * The query string once a form is chosen in `newAddForm`: the chooser's step becomes `addForm` on
 * that form, the steps after it kept (an `addForm` step already next is not repeated).
 */
export function afterChoosing(search: URLSearchParams, formId: string): URLSearchParams {
  const next = new URLSearchParams(search);
  const [, ...rest] = overlaySteps(search.get('show'));
  const following = rest[0] === ADD_FORM_OVERLAY ? rest.slice(1) : rest;
  next.set('show', [ADD_FORM_OVERLAY, ...following].join(','));
  next.set('formId', formId);
  return next;
}

/**
 * `show=newAddForm` (spec 01 §2): the forms available to me, one to choose, which then opens in
 * `addForm`. Forms reserved to Essentials are listed without a way to answer them, and the
 * reserved-feature prompt says why.
 */
export default function NewAddFormOverlay({ params }: OverlayProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const available = useAvailableForms();
  const title = (form: AvailableForm['form']) => textIn(form.title, language, form.languages[0]) || form.id;

  if (available.isPending) return <OverlayLoading testId="new-add-form-loading" />;
  if (available.isError)
    return (
      <ErrorState
        title={t('formsCentre.home.loadError')}
        error={available.error}
        onRetry={() => void available.refetch()}
        testId="new-add-form-error"
      />
    );
  const forms = available.data.items;
  if (forms.length === 0)
    return (
      <Alert color="gray" data-testid="new-add-form-empty">
        {t('formsCentre.home.empty')}
      </Alert>
    );

  const choose = (formId: string) =>
    void navigate(
      { pathname: location.pathname, search: `?${afterChoosing(params, formId).toString()}` },
      { replace: true },
    );

  return (
    <Stack data-testid="new-add-form">
      <Text size="sm">{t('formsCentre.choose.intro')}</Text>
      <List spacing="sm" listStyleType="none" data-testid="new-add-form-list">
        {forms.map(({ form, places, reserved }) => (
          <List.Item key={form.id} data-testid={`new-add-form-${form.id}`}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
                <Text fw={600}>{title(form)}</Text>
                <Text size="xs" c="dimmed">
                  {t('formsCentre.home.from', {
                    places: places.map((p) => placeName(p, me.data)).join(', '),
                  })}
                  {' · '}
                  {t('formsCentre.home.questions', { count: form.answersCount })}
                </Text>
              </Stack>
              {reserved ? (
                <Badge variant="light" color="gray">
                  {t('formsCentre.home.essentialsBadge')}
                </Badge>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => choose(form.id)}
                  aria-label={t('formsCentre.home.answerNamed', { title: title(form) })}
                  data-testid={`new-add-form-choose-${form.id}`}
                >
                  {t('formsCentre.home.answer')}
                </Button>
              )}
            </Group>
          </List.Item>
        ))}
      </List>
      {forms.some((f) => f.reserved) && (
        <ReservedFeature
          title={t('formsCentre.home.reservedTitle')}
          reason={t('formsCentre.home.reserved')}
          guestReason={t('formsCentre.home.guest')}
          testId="new-add-form-reserved"
        />
      )}
    </Stack>
  );
}
