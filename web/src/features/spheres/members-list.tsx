import { useState } from 'react';
import { Badge, Checkbox, Group, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state';
import { formatDate } from '../../lib/dates';
import { useMembers } from './api/spheres';

/** A sphere's members for its admins (spec 01 §2 sphere page: members): searched, active ones on demand. */
export function MembersList({ sphereId }: { sphereId: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [activeOnly, setActiveOnly] = useState(false);
  const members = useMembers(sphereId, { q, activeOnly });

  let body;
  if (members.isPending) body = <Skeleton height={120} />;
  else if (members.isError)
    body = (
      <ErrorState
        title={t('spheres.members.loadError')}
        error={members.error}
        onRetry={() => void members.refetch()}
      />
    );
  else if (members.data.items.length === 0) body = <Text c="dimmed">{t('spheres.members.empty')}</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="members-table">
          <Table.Caption>{t('spheres.members.count', { count: members.data.count })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('spheres.members.name')}</Table.Th>
              <Table.Th scope="col">{t('spheres.members.email')}</Table.Th>
              <Table.Th scope="col">{t('spheres.members.roles')}</Table.Th>
              <Table.Th scope="col">{t('spheres.members.state')}</Table.Th>
              <Table.Th scope="col">{t('spheres.members.since')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.data.items.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>{m.name}</Table.Td>
                <Table.Td>{m.email}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {m.roles.map((role) => (
                      <Badge key={role} size="sm" variant="light">
                        {t(`spheres.roles.${role}`)}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {m.active
                    ? t('spheres.members.active')
                    : t(`spheres.members.inactive.${m.inactiveReason ?? 'left'}`)}
                </Table.Td>
                <Table.Td>{formatDate(new Date(m.createdAt))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="sm" data-testid="members-list">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('spheres.members.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid="members-search"
        />
        <Checkbox
          label={t('spheres.members.activeOnly')}
          checked={activeOnly}
          onChange={(e) => setActiveOnly(e.currentTarget.checked)}
          mb={6}
        />
      </Group>
      {body}
    </Stack>
  );
}
