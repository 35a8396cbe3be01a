import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../shared/contracts/spheres';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorState } from '../../components/error-state';
import { notifyError, notifySuccess } from '../../components/notify';
import { formatDate } from '../../lib/dates';
import { useMembers, useUpdateMember } from './api/spheres';

/** A sphere's members for its admins (spec 01 §2 sphere page: members): searched, active ones on demand. */
export function MembersList({ sphereId }: { sphereId: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [activeOnly, setActiveOnly] = useState(false);
  const members = useMembers(sphereId, { q, activeOnly });
  const update = useUpdateMember(sphereId);
  const [revoking, setRevoking] = useState<Member | null>(null);
  const setActive = (m: Member, active: boolean, done?: () => void) =>
    update.mutate(
      {
        memberId: m.id,
        body: {
          name: m.name,
          roles: m.roles,
          subscription: m.subscription,
          active,
          ...(m.firstDayOfWork ? { firstDayOfWork: m.firstDayOfWork } : {}),
        },
      },
      {
        onSuccess: () => {
          done?.();
          notifySuccess(active ? 'spheres.members.restored' : 'spheres.members.revoked', {
            values: { name: m.name },
          });
        },
        onError: (error) => {
          if (active) notifyError(error);
        },
      },
    );

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
              <Table.Th scope="col">{t('spheres.members.actions')}</Table.Th>
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
                <Table.Td>
                  {m.active ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setRevoking(m)}
                      data-testid={`member-revoke-${m.id}`}
                    >
                      {t('spheres.members.revoke')}
                    </Button>
                  ) : m.inactiveReason === 'left' ? (
                    <Text size="xs" c="dimmed">
                      {t('spheres.members.leftOwn')}
                    </Text>
                  ) : (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      loading={update.isPending && update.variables.memberId === m.id}
                      onClick={() => setActive(m, true)}
                      data-testid={`member-restore-${m.id}`}
                    >
                      {t('spheres.members.restore')}
                    </Button>
                  )}
                </Table.Td>
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
      <ConfirmDialog
        opened={revoking !== null}
        title={t('spheres.members.revokeTitle', { name: revoking?.name ?? '' })}
        confirmLabel={t('spheres.members.revoke')}
        cancelLabel={t('spheres.members.keep')}
        destructive
        pending={update.isPending}
        error={update.error}
        testId="member-revoke"
        onCancel={() => {
          update.reset();
          setRevoking(null);
        }}
        onConfirm={() => revoking && setActive(revoking, false, () => setRevoking(null))}
      >
        <Text size="sm">{t('spheres.members.revokeMessage')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
