import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AXIS_MODULES, inLanguage, type AxisModule } from '@shared/domain/thinkings';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { ErrorState } from '../../components/error-state';
import { currentLanguage } from '../../i18n';
import { useAbility } from '../../lib/ability';
import { overlaySearch } from '../../lib/overlays';
import { useAxes, useDeleteAxis } from './api/thinkings';

/**
 * The thinking-axis manager (spec 01 §2 `/apps/thinking-axes`), for those who manage axes: the
 * catalogue with a search and a module filter, a new axis, each axis changed or removed (after a
 * confirmation naming it).
 */
export default function AxesPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const ability = useAbility();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [module, setModule] = useState<AxisModule | ''>('');
  const allowed = ability.can('manage', 'axes');
  const axes = useAxes({ q: q || undefined, module: module || undefined });
  const remove = useDeleteAxis();
  /** The axis asked about, by its id (its name from the list shown). */
  const removal = useConfirmedRemoval<string>({
    remove: (id) => remove.mutateAsync(id),
    title: t('axes.confirmTitle'),
    message: (id) => {
      const axis = axes.data?.items.find((a) => a.id === id);
      return <Text>{t('axes.confirmText', { name: axis ? inLanguage(axis.name, language) : id })}</Text>;
    },
    confirmLabel: t('axes.delete'),
    cancelLabel: t('axes.cancel'),
    success: 'axes.deleted',
    testId: 'axis-delete',
  });
  const open = (overlay: string, extra = '') =>
    void navigate({
      pathname: location.pathname,
      search: `${overlaySearch(location.search, overlay)}${extra}`,
    });

  if (!allowed)
    return (
      <Stack>
        <Title order={1}>{t('axes.title')}</Title>
        <Alert color="gray" data-testid="axes-not-allowed">
          {t('axes.notAllowed')}
        </Alert>
      </Stack>
    );

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('axes.title')}</Title>
        <Button onClick={() => open('createThinkingAxis')} data-testid="axes-create">
          {t('axes.create')}
        </Button>
      </Group>
      <Text c="dimmed">{t('axes.intro')}</Text>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('axes.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-testid="axes-search"
        />
        <NativeSelect
          label={t('axes.module')}
          value={module}
          onChange={(event) => setModule(event.currentTarget.value as AxisModule | '')}
          data={[
            { value: '', label: t('axes.allModules') },
            ...AXIS_MODULES.map((m) => ({ value: m, label: t(`axes.modules.${m}`) })),
          ]}
          data-testid="axes-module"
        />
      </Group>
      {axes.isPending && <Skeleton height={200} />}
      {axes.isError && (
        <ErrorState title={t('axes.loadError')} error={axes.error} onRetry={() => void axes.refetch()} />
      )}
      {axes.isSuccess && axes.data.items.length === 0 && (
        <Text data-testid="axes-empty">{q || module ? t('axes.noMatch') : t('axes.empty')}</Text>
      )}
      {axes.isSuccess && axes.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped data-testid="axes-table">
            <Table.Caption>{t('axes.count', { count: axes.data.count })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('axes.columns.id')}</Table.Th>
                <Table.Th scope="col">{t('axes.columns.name')}</Table.Th>
                <Table.Th scope="col">{t('axes.columns.modules')}</Table.Th>
                <Table.Th scope="col">{t('axes.columns.flags')}</Table.Th>
                <Table.Th scope="col">{t('axes.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {axes.data.items.map((axis) => {
                const name = inLanguage(axis.name, language);
                return (
                  <Table.Tr key={axis.id} data-testid={`axis-row-${axis.id}`}>
                    <Table.Td>
                      <code>{axis.id}</code>
                    </Table.Td>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td>{axis.modules.map((m) => t(`axes.modules.${m}`)).join(', ')}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {axis.required && <Badge variant="outline">{t('axes.required')}</Badge>}
                        {axis.allowComment && <Badge variant="outline">{t('axes.comments')}</Badge>}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => open('updateThinkingAxis', `&id=${encodeURIComponent(axis.id)}`)}
                          aria-label={t('axes.editNamed', { name })}
                          data-testid={`axis-edit-${axis.id}`}
                        >
                          {t('axes.edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="outline"
                          color="red.9"
                          onClick={() => removal.ask(axis.id)}
                          aria-label={t('axes.deleteNamed', { name })}
                          data-testid={`axis-delete-${axis.id}`}
                        >
                          {t('axes.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {removal.dialog}
    </Stack>
  );
}
