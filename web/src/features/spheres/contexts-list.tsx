import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Language } from '@shared/contracts/headers';
import type { SphereContext } from '@shared/contracts/sphere-contexts';
import { textIn } from '@shared/domain/sessions';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { listStatus } from '../../components/list-status';
import { notifySuccess } from '../../components/notify';
import { errorMessages } from '../../lib/errors';
import { overlaySearch } from '../../lib/overlays';
import { currentLanguage } from '../../i18n';
import { useDeleteSphereContext, useSphereContexts, useUpdateSphereContext } from './api/contexts';

/** The `addOrUpdateSphereContext` overlay on this page: a new context, or the one named. */
export function contextOverlaySearch(search: string, sphereId: string, contextId?: string): string {
  const params = new URLSearchParams(overlaySearch(search, 'addOrUpdateSphereContext'));
  params.set('sphereId', sphereId);
  if (contextId) params.set('contextId', contextId);
  else params.delete('contextId');
  return `?${params.toString()}`;
}

/** How many pairs of words a context holds, all languages together. */
const wordCount = (context: SphereContext) =>
  Object.values(context.substitutions).reduce((n, pairs) => n + (pairs?.length ?? 0), 0);

/**
 * A sphere's contexts for its admins (spec 01 §2 sphere settings: context, §3 Sphere context):
 * which one is active, how many words each puts in the sphere's own words; add, edit, make
 * active or not, and delete (confirmed).
 */
export function ContextsList({ sphereId, primary }: { sphereId: string; primary: Language }) {
  const { t } = useTranslation();
  const location = useLocation();
  const language = currentLanguage();
  const contexts = useSphereContexts(sphereId);
  const update = useUpdateSphereContext(sphereId);
  const remove = useDeleteSphereContext(sphereId);
  const label = (context: SphereContext) => textIn(context.name, language, primary);
  const removal = useConfirmedRemoval<SphereContext>({
    remove: (context) => remove.mutateAsync(context.id),
    title: (context) => t('spheres.contexts.deleteTitle', { name: label(context) }),
    message: (context) => (
      <Text size="sm">
        {t(context.active ? 'spheres.contexts.deleteActiveMessage' : 'spheres.contexts.deleteMessage')}
      </Text>
    ),
    confirmLabel: t('spheres.contexts.delete'),
    cancelLabel: t('spheres.contexts.cancel'),
    success: (context) => ({ key: 'spheres.contexts.deleted', values: { name: label(context) } }),
    testId: 'context-delete',
  });

  const switchActive = (context: SphereContext) => {
    const { id, name, description, substitutions, overrides, active, updateDate } = context;
    update.mutate(
      {
        contextId: id,
        body: { name, description, substitutions, overrides, active: !active, updateDate },
      },
      {
        onSuccess: () =>
          notifySuccess(active ? 'spheres.contexts.deactivated' : 'spheres.contexts.activated', {
            values: { name: label(context) },
          }),
      },
    );
  };

  const status = listStatus(contexts, {
    loadError: t('spheres.contexts.loadError'),
    empty: t('spheres.contexts.empty'),
    skeletonHeight: 120,
    testIds: { loading: 'contexts-loading', error: 'contexts-error', empty: 'contexts-empty' },
  });
  let body;
  if (status || !contexts.data) body = status;
  else
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="contexts-table">
          <Table.Caption>{t('spheres.contexts.count', { count: contexts.data.count })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('spheres.contexts.name')}</Table.Th>
              <Table.Th scope="col">{t('spheres.contexts.state')}</Table.Th>
              <Table.Th scope="col">{t('spheres.contexts.words')}</Table.Th>
              <Table.Th scope="col">{t('spheres.contexts.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contexts.data.items.map((context) => (
              <Table.Tr key={context.id} data-testid={`context-row-${context.id}`}>
                <Table.Td>{label(context)}</Table.Td>
                <Table.Td>
                  {context.active ? (
                    <Badge size="sm" variant="filled">
                      {t('spheres.contexts.active')}
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('spheres.contexts.inactive')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{t('spheres.contexts.wordCount', { count: wordCount(context) })}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      component={Link}
                      to={contextOverlaySearch(location.search, sphereId, context.id)}
                      aria-label={t('spheres.contexts.editOf', { name: label(context) })}
                      data-testid={`context-edit-${context.id}`}
                    >
                      {t('spheres.contexts.edit')}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => switchActive(context)}
                      loading={update.isPending && update.variables?.contextId === context.id}
                      aria-label={t(
                        context.active ? 'spheres.contexts.deactivateOf' : 'spheres.contexts.activateOf',
                        { name: label(context) },
                      )}
                      data-testid={`context-${context.active ? 'deactivate' : 'activate'}-${context.id}`}
                    >
                      {t(context.active ? 'spheres.contexts.deactivate' : 'spheres.contexts.activate')}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => removal.ask(context)}
                      aria-label={t('spheres.contexts.deleteOf', { name: label(context) })}
                      data-testid={`context-delete-${context.id}`}
                    >
                      {t('spheres.contexts.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="sm" data-testid="contexts-list">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" c="dimmed" maw={560}>
          {t('spheres.contexts.intro')}
        </Text>
        <Button
          component={Link}
          to={contextOverlaySearch(location.search, sphereId)}
          variant="light"
          data-testid="context-add"
        >
          {t('spheres.contexts.add')}
        </Button>
      </Group>
      {update.isError && (
        <Alert color="red" role="alert" data-testid="context-switch-error">
          {errorMessages(update.error, t)}
        </Alert>
      )}
      {body}
      {removal.dialog}
    </Stack>
  );
}
