import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GlobalRoleChange } from '@shared/contracts/global-members';
import { listStatus } from '../../components/list-status';
import { useGlobalRoleChanges } from './api/global-members';
import { RoleBadges } from './role-badges';

/** Rows of the log a page shows. */
export const ROLE_CHANGES_PAGE_SIZE = 20;

/** The log of every change of global roles, newest first (who, when, to whom, before and after). */
export function RoleChanges() {
  const { t, i18n } = useTranslation();
  const [offset, setOffset] = useState(0);
  const changes = useGlobalRoleChanges({ max: ROLE_CHANGES_PAGE_SIZE, offset });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const nameOf = (who: { id: string; name: string }) =>
    who.id === 'former' ? t('globalMembers.changes.former') : who.name;
  const status = listStatus(changes, {
    loadError: t('globalMembers.changes.loadError'),
    empty: t('globalMembers.changes.empty'),
    skeletonHeight: 120,
    testIds: { empty: 'global-role-changes-empty', error: 'global-role-changes-error' },
  });
  const count = changes.data?.count ?? 0;
  const state = (s: GlobalRoleChange['after']) => (
    <Group gap={4} component="span">
      <RoleBadges roles={s.roles} />
      {!s.active && <Text span>{t('globalMembers.status.suspended')}</Text>}
    </Group>
  );
  return (
    <Stack component="section" aria-labelledby="global-role-changes-title">
      <Title order={2} id="global-role-changes-title">
        {t('globalMembers.changes.title')}
      </Title>
      {status ?? (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table data-testid="global-role-changes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('globalMembers.changes.when')}</Table.Th>
                  <Table.Th>{t('globalMembers.changes.by')}</Table.Th>
                  <Table.Th>{t('globalMembers.changes.member')}</Table.Th>
                  <Table.Th>{t('globalMembers.changes.action')}</Table.Th>
                  <Table.Th>{t('globalMembers.changes.before')}</Table.Th>
                  <Table.Th>{t('globalMembers.changes.after')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.data?.items.map((change) => (
                  <Table.Tr key={change.id} data-testid="global-role-change">
                    <Table.Td>{when(change.at)}</Table.Td>
                    <Table.Td>{nameOf(change.by)}</Table.Td>
                    <Table.Td>
                      {nameOf(change.member)}
                      {change.member.email && (
                        <Text size="sm" c="dimmed">
                          {change.member.email}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{t(`globalMembers.changes.actions.${change.action}`)}</Table.Td>
                    <Table.Td>{change.before ? state(change.before) : '—'}</Table.Td>
                    <Table.Td>{state(change.after)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {count > ROLE_CHANGES_PAGE_SIZE && (
            <Group justify="space-between">
              <Button
                variant="default"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - ROLE_CHANGES_PAGE_SIZE))}
              >
                {t('globalMembers.changes.newer')}
              </Button>
              <Text>
                {t('globalMembers.changes.range', {
                  from: offset + 1,
                  to: Math.min(offset + ROLE_CHANGES_PAGE_SIZE, count),
                  count,
                })}
              </Text>
              <Button
                variant="default"
                disabled={offset + ROLE_CHANGES_PAGE_SIZE >= count}
                onClick={() => setOffset(offset + ROLE_CHANGES_PAGE_SIZE)}
              >
                {t('globalMembers.changes.older')}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
