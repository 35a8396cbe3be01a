import { Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { FormEntitlement } from '@shared/contracts/forms';
import { textIn } from '@shared/domain/sessions';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { listStatus } from '../../components/list-status';
import { currentLanguage } from '../../i18n';
import { useAbility } from '../../lib/ability';
import { overlaySearch } from '../../lib/overlays';
import type { SettingsTabProps } from '../../lib/place-extensions';
import { useDeleteEntitlement, useSphereEntitlements } from './api/forms';
import { ENTITLEMENT_OVERLAY } from './paths';

/**
 * The Forms tab of a sphere's settings (`?tab=forms`, spec 01 §2 sphere page "form entitlements"):
 * the forms entitled to the sphere and who sees them, added and changed in the
 * `addOrUpdateFormEntitlement` overlay, removed after a confirmation.
 */
export default function EntitlementsTab({ place }: SettingsTabProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const ability = useAbility();
  const navigate = useNavigate();
  const location = useLocation();
  const sphereId = place.kind === 'sphere' ? place.sphere.id : place.session.sphereId;
  const on = subject('form-entitlement', { sphereId });
  const canRead = ability.can('get', on);
  const canAdd = ability.can('post', on);
  const canChange = ability.can('put', on);
  const list = useSphereEntitlements(sphereId, canRead);
  const remove = useDeleteEntitlement(sphereId);

  const open = (formId?: string) => {
    const params = new URLSearchParams(overlaySearch(location.search, ENTITLEMENT_OVERLAY));
    params.set('sphereId', sphereId);
    if (formId) params.set('formId', formId);
    else params.delete('formId');
    void navigate({ pathname: location.pathname, search: `?${params.toString()}` });
  };
  const name = (e: FormEntitlement) => textIn(e.title, language) || e.formId;
  const who = (e: FormEntitlement) =>
    e.availabilitiesThrough === 'sessionMember'
      ? t('formsCentre.entitlements.sessionsCount', { count: e.sessionIds.length })
      : t(`formsCentre.entitlements.availability.${e.availabilitiesThrough}`);
  const removal = useConfirmedRemoval<FormEntitlement>({
    remove: (e) => remove.mutateAsync(e.formId),
    title: t('formsCentre.entitlements.removeTitle'),
    message: (e) => <Text>{t('formsCentre.entitlements.removeText', { title: name(e) })}</Text>,
    confirmLabel: t('formsCentre.entitlements.remove'),
    cancelLabel: t('formsCentre.entitlements.cancel'),
    success: 'formsCentre.entitlements.removed',
    testId: 'entitlement-remove',
  });

  const status = listStatus(list, {
    loadError: t('formsCentre.entitlements.loadError'),
    empty: t('formsCentre.entitlements.empty'),
    skeletonHeight: 80,
    testIds: { error: 'entitlements-error', empty: 'entitlements-empty' },
  });
  let body;
  if (!canRead)
    body = (
      <Text c="dimmed" data-testid="entitlements-forbidden">
        {t('errors.forbidden')}
      </Text>
    );
  else if (status || !list.data) body = status;
  else
    body = (
      <Table.ScrollContainer minWidth={480}>
        <Table data-testid="entitlements-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('formsCentre.entitlements.form')}</Table.Th>
              <Table.Th>{t('formsCentre.entitlements.who')}</Table.Th>
              {canChange && (
                <Table.Th>
                  <VisuallyHidden>{t('formsCentre.entitlements.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((e) => (
              <Table.Tr key={e.formId} data-testid={`entitlement-${e.formId}`}>
                <Table.Td>
                  {name(e)}
                  {e.archived && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({t('formsCentre.entitlements.archived')})
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-testid={`entitlement-who-${e.formId}`}>{who(e)}</Table.Td>
                {canChange && (
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        c="blue.9"
                        onClick={() => open(e.formId)}
                        aria-label={t('formsCentre.entitlements.editNamed', { title: name(e) })}
                        data-testid={`entitlement-edit-${e.formId}`}
                      >
                        {t('formsCentre.entitlements.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        c="red.9"
                        onClick={() => removal.ask(e)}
                        aria-label={t('formsCentre.entitlements.removeNamed', { title: name(e) })}
                        data-testid={`entitlement-remove-${e.formId}`}
                      >
                        {t('formsCentre.entitlements.remove')}
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack data-testid="entitlements-tab">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('formsCentre.entitlements.title')}
        </Title>
        {canAdd && (
          <Button onClick={() => open()} data-testid="entitlement-add">
            {t('formsCentre.entitlements.add')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('formsCentre.entitlements.intro')}
      </Text>
      {body}
      {removal.dialog}
    </Stack>
  );
}
