import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { GlobalMember } from '@shared/contracts/global-members';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { listStatus } from '../../components/list-status';
import { overlaySearch } from '../../lib/overlays';
import { useGlobalMembers, useRemoveGlobalMemberAccess } from './api/global-members';
import { GLOBAL_MEMBER_OVERLAY } from './paths';
import { RoleBadges } from './role-badges';
import { RoleChanges } from './role-changes';
import { useManagesGlobalMembers } from './rights';

/** Page `/apps/global/members` (spec 01 §2): the people with a global role, and the log of changes. */
export default function GlobalMembersPage() {
  const { t } = useTranslation();
  const allowed = useManagesGlobalMembers();
  const members = useGlobalMembers(allowed);
  const [q, setQ] = useState('');
  const navigate = useNavigate();
  const location = useLocation();
  const remove = useRemoveGlobalMemberAccess();
  const removal = useConfirmedRemoval<GlobalMember>({
    remove: (member) => remove.mutateAsync(member.id),
    title: (member) => t('globalMembers.remove.title', { name: member.name }),
    message: (member) => <Text>{t('globalMembers.remove.message', { name: member.name })}</Text>,
    confirmLabel: t('globalMembers.remove.confirm'),
    cancelLabel: t('globalMembers.common.cancel'),
    success: 'globalMembers.remove.done',
    testId: 'global-member-remove',
  });
  if (!allowed)
    return (
      <Text role="alert" data-testid="global-members-forbidden">
        {t('errors.forbidden')}
      </Text>
    );
  const open = (memberId?: string) => {
    const search = new URLSearchParams(overlaySearch(location.search, GLOBAL_MEMBER_OVERLAY));
    if (memberId) search.set('memberId', memberId);
    else search.delete('memberId');
    void navigate({ search: `?${search.toString()}` });
  };
  const needle = q.trim().toLowerCase();
  const shown = (members.data?.items ?? []).filter(
    (m) => !needle || m.name.toLowerCase().includes(needle) || m.email.toLowerCase().includes(needle),
  );
  const status = listStatus(members, {
    loadError: t('globalMembers.list.loadError'),
    empty: t('globalMembers.list.empty'),
    skeletonHeight: 160,
    testIds: {
      loading: 'global-members-loading',
      empty: 'global-members-empty',
      error: 'global-members-error',
    },
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('globalMembers.title')}</Title>
        <Button onClick={() => open()} data-testid="global-member-add">
          {t('globalMembers.list.add')}
        </Button>
      </Group>
      <Text>{t('globalMembers.intro')}</Text>
      <TextInput
        label={t('globalMembers.list.search')}
        type="search"
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        data-testid="global-members-search"
      />
      {status ?? (
        <Table.ScrollContainer minWidth={640}>
          <Table data-testid="global-members-table">
            <Table.Caption>{t('globalMembers.list.caption', { count: shown.length })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('globalMembers.fields.name')}</Table.Th>
                <Table.Th>{t('globalMembers.fields.email')}</Table.Th>
                <Table.Th>{t('globalMembers.fields.roles')}</Table.Th>
                <Table.Th>{t('globalMembers.fields.status')}</Table.Th>
                <Table.Th>{t('globalMembers.list.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((member) => (
                <Table.Tr key={member.id} data-testid="global-member-row">
                  <Table.Td>{member.name}</Table.Td>
                  <Table.Td>{member.email}</Table.Td>
                  <Table.Td>
                    <RoleBadges roles={member.roles} />
                  </Table.Td>
                  <Table.Td>
                    {member.active ? t('globalMembers.status.active') : t('globalMembers.status.suspended')}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => open(member.id)}
                        aria-label={t('globalMembers.list.editLabel', { name: member.name })}
                        data-testid="global-member-edit"
                      >
                        {t('globalMembers.list.edit')}
                      </Button>
                      {!member.roles.includes('member') && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => removal.ask(member)}
                          aria-label={t('globalMembers.remove.label', { name: member.name })}
                          data-testid="global-member-remove-button"
                        >
                          {t('globalMembers.remove.button')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RoleChanges />
      {removal.dialog}
    </Stack>
  );
}
