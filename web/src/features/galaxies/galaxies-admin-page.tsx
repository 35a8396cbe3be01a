import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Galaxy } from '@shared/contracts/galaxies';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { listStatus } from '../../components/list-status';
import { useAbility } from '../../lib/ability';
import { overlaySearch } from '../../lib/overlays';
import { useAllGalaxies, useDeleteGalaxy, usePendingQuotaRequests } from './api/galaxies';
import { ADD_GALAXY_OVERLAY, galaxyPath } from './paths';
import { QuotaRequestTable } from './quota-requests';

/** Page `/apps/galaxies/admin` (spec 02 §2): every galaxy and every pending change request. */
export default function GalaxiesAdminPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const allowed = ability.can('manage', 'galaxy');
  const [q, setQ] = useState('');
  const galaxies = useAllGalaxies(q.trim(), allowed);
  const pending = usePendingQuotaRequests(allowed);
  const navigate = useNavigate();
  const location = useLocation();
  const remove = useDeleteGalaxy();
  const removal = useConfirmedRemoval<Galaxy>({
    remove: (galaxy) => remove.mutateAsync(galaxy.id),
    title: t('galaxies.admin.delete.title'),
    message: (galaxy) => <Text>{t('galaxies.admin.delete.message', { name: galaxy.name })}</Text>,
    confirmLabel: t('galaxies.admin.delete.confirm'),
    cancelLabel: t('galaxies.common.cancel'),
    success: 'galaxies.admin.deleted',
    testId: 'galaxy-delete',
  });
  if (!allowed)
    return (
      <Text role="alert" data-testid="galaxies-admin-forbidden">
        {t('errors.forbidden')}
      </Text>
    );
  const status = listStatus(galaxies, {
    loadError: t('galaxies.admin.loadError'),
    empty: t('galaxies.admin.empty'),
    skeletonHeight: 160,
    testIds: {
      loading: 'galaxies-admin-loading',
      empty: 'galaxies-admin-empty',
      error: 'galaxies-admin-error',
    },
  });
  const pendingStatus = listStatus(pending, {
    loadError: t('galaxies.requests.loadError'),
    empty: t('galaxies.requests.noPending'),
    skeletonHeight: 80,
    testIds: { empty: 'pending-empty' },
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('galaxies.admin.title')}</Title>
        <Button
          onClick={() => void navigate({ search: overlaySearch(location.search, ADD_GALAXY_OVERLAY) })}
          data-testid="galaxy-new"
        >
          {t('galaxies.admin.new')}
        </Button>
      </Group>
      <TextInput
        label={t('galaxies.admin.search')}
        type="search"
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        data-testid="galaxies-search"
      />
      {status ?? (
        <Table.ScrollContainer minWidth={560}>
          <Table data-testid="galaxies-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('galaxies.fields.name')}</Table.Th>
                <Table.Th>{t('galaxies.fields.shortName')}</Table.Th>
                <Table.Th>{t('galaxies.signage.spheres')}</Table.Th>
                <Table.Th>{t('galaxies.signage.members')}</Table.Th>
                <Table.Th>{t('galaxies.requests.title')}</Table.Th>
                <Table.Th>{t('galaxies.requests.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {galaxies.data?.items.map((galaxy) => (
                <Table.Tr key={galaxy.id} data-testid="galaxy-row">
                  <Table.Td>
                    <Anchor component={Link} to={galaxyPath(galaxy.id)}>
                      {galaxy.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{galaxy.shortName}</Table.Td>
                  <Table.Td>{galaxy.sphereCount}</Table.Td>
                  <Table.Td>{galaxy.memberCount}</Table.Td>
                  <Table.Td>{galaxy.pendingRequests}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => removal.ask(galaxy)}
                      aria-label={t('galaxies.admin.delete.label', { name: galaxy.name })}
                      data-testid="galaxy-delete-button"
                    >
                      {t('galaxies.admin.delete.button')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={2}>{t('galaxies.requests.pendingTitle')}</Title>
      {pendingStatus ?? (
        <QuotaRequestTable requests={pending.data?.items ?? []} canDecide canDelete={false} showGalaxy />
      )}
      {removal.dialog}
    </Stack>
  );
}
