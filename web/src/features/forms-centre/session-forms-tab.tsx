import { Anchor, Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { AvailableForm, FormEntitlement } from '@shared/contracts/forms';
import type { Session } from '@shared/contracts/sessions';
import { textIn } from '@shared/domain/sessions';
import { listStatus } from '../../components/list-status';
import { currentLanguage } from '../../i18n';
import { useAbility } from '../../lib/ability';
import { overlaySearch } from '../../lib/overlays';
import type { SettingsTabProps } from '../../lib/place-extensions';
import { useAvailableForms, useSessionEntitlements } from './api/forms';
import { ADD_FORM_OVERLAY, FORMS_TAB } from './paths';

/** The sphere's settings on its Forms tab, where the forms offered to its groups are changed. */
const sphereFormsPath = (sphereId: string) =>
  `/apps/spheres/${encodeURIComponent(sphereId)}/settings?tab=${FORMS_TAB}`;

/**
 * Whether the caller may answer a form from this session: they are a member of it and the form is
 * available to them there (through this session, or to every member of its sphere) and open to
 * them, as the `addForm` overlay requires.
 */
export function answerableHere(entry: AvailableForm | undefined, session: Session): boolean {
  if (!entry || entry.reserved || !session.roles.includes('member')) return false;
  return entry.places.some(
    (p) =>
      !p.reserved &&
      (p.sessionId === session.id || (p.sphereId === session.sphereId && p.sessionId === undefined)),
  );
}

/**
 * The Forms tab of a session's settings (`?tab=forms`, GET /v1/forms/sessions/{sessionId}/
 * entitlements): the forms its members see, offered to the whole sphere or to chosen groups among
 * which this one. The right is the sphere admins' (get on form-entitlement); they change the offer
 * in the sphere's settings, and answer a form from here when it is theirs to answer.
 */
export default function SessionFormsTab({ place }: SettingsTabProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const ability = useAbility();
  const navigate = useNavigate();
  const location = useLocation();
  const session = place.kind === 'session' ? place.session : undefined;
  const sphereId = session?.sphereId ?? '';
  const on = subject('form-entitlement', { sphereId });
  const canRead = session !== undefined && ability.can('get', on);
  const canChange = ability.can('put', on);
  const list = useSessionEntitlements(session?.id ?? '', canRead);
  const isMember = session?.roles.includes('member') ?? false;
  const available = useAvailableForms(canRead && isMember);
  if (!session) return null;

  const name = (e: FormEntitlement) => textIn(e.title, language) || e.formId;
  const answer = (formId: string) => {
    const params = new URLSearchParams(overlaySearch(location.search, ADD_FORM_OVERLAY));
    params.set('formId', formId);
    params.set('sessionId', session.id);
    void navigate({ pathname: location.pathname, search: `?${params.toString()}` });
  };
  const answerable = (formId: string) =>
    answerableHere(
      available.data?.items.find((f) => f.form.id === formId),
      session,
    );

  const status = listStatus(list, {
    loadError: t('formsCentre.sessionForms.loadError'),
    empty: t('formsCentre.sessionForms.empty'),
    skeletonHeight: 80,
    testIds: { error: 'session-forms-error', empty: 'session-forms-empty' },
  });
  let body;
  if (!canRead)
    body = (
      <Text c="dimmed" data-testid="session-forms-forbidden">
        {t('formsCentre.sessionForms.adminsOnly')}
      </Text>
    );
  else if (status || !list.data) body = status;
  else {
    const withAnswers = isMember && list.data.items.some((e) => answerable(e.formId));
    body = (
      <Table.ScrollContainer minWidth={480}>
        <Table data-testid="session-forms-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('formsCentre.entitlements.form')}</Table.Th>
              <Table.Th scope="col">{t('formsCentre.entitlements.who')}</Table.Th>
              {withAnswers && (
                <Table.Th scope="col">
                  <VisuallyHidden>{t('formsCentre.entitlements.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((e) => (
              <Table.Tr key={e.formId} data-testid={`session-form-${e.formId}`}>
                <Table.Td>
                  {name(e)}
                  {e.archived && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({t('formsCentre.entitlements.archived')})
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-testid={`session-form-who-${e.formId}`}>
                  {e.availabilitiesThrough === 'sessionMember'
                    ? t('formsCentre.sessionForms.throughSession')
                    : t('formsCentre.sessionForms.throughSphere')}
                </Table.Td>
                {withAnswers && (
                  <Table.Td>
                    {answerable(e.formId) && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        c="blue.9"
                        onClick={() => answer(e.formId)}
                        aria-label={t('formsCentre.home.answerNamed', { title: name(e) })}
                        data-testid={`session-form-answer-${e.formId}`}
                      >
                        {t('formsCentre.home.answer')}
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack data-testid="session-forms-tab">
      <Title order={2} size="h4">
        {t('formsCentre.sessionForms.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('formsCentre.sessionForms.intro')}
      </Text>
      {body}
      {canRead && canChange && (
        <Anchor component={Link} to={sphereFormsPath(sphereId)} size="sm" data-testid="session-forms-manage">
          {t('formsCentre.sessionForms.manage')}
        </Anchor>
      )}
    </Stack>
  );
}
