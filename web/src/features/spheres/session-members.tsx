import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import type { Session, SessionMember } from '@shared/contracts/sessions';
import { SESSION_ROLES, type SessionRole } from '@shared/domain/sessions';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { ErrorState } from '../../components/error-state';
import { notifyError, notifySuccess } from '../../components/notify';
import { useAbility } from '../../lib/ability';
import { errorMessages } from '../../lib/errors';
import { useMembers } from './api/spheres';
import {
  useAddSessionMember,
  useRemoveSessionMember,
  useSessionMembers,
  useUpdateSessionMember,
} from './api/sessions';

/** Roles a session offers: a consumer session's members come by its link, admins name its owners. */
const rolesFor = (session: Session): readonly SessionRole[] =>
  session.category === 'consumer' ? ['owner'] : SESSION_ROLES;

/** Adding a member of the sphere (overlay `addOrUpdateSessionMember`: member and roles required). */
function AddSessionMember({ session, existing }: { session: Session; existing: readonly SessionMember[] }) {
  const { t } = useTranslation();
  const sphereMembers = useMembers(session.sphereId, { q: '', activeOnly: true });
  const add = useAddSessionMember(session.id);
  const [memberId, setMemberId] = useState('');
  const [roles, setRoles] = useState<SessionRole[]>([rolesFor(session)[0] ?? 'member']);
  const taken = new Set(existing.map((m) => m.id));
  const candidates = (sphereMembers.data?.items ?? []).filter((m) => !taken.has(m.id));
  if (sphereMembers.isPending) return <Skeleton height={60} />;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!memberId || roles.length === 0) return;
        add.mutate(
          { memberId, roles },
          {
            onSuccess: (added) => {
              setMemberId('');
              notifySuccess('groups.members.added', { values: { name: added.name } });
            },
          },
        );
      }}
      data-testid="session-member-add"
    >
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('groups.members.addTitle')}
        </Title>
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('groups.members.member')}
            value={memberId}
            onChange={(e) => setMemberId(e.currentTarget.value)}
            required
            data={[
              { value: '', label: t('groups.members.choose') },
              ...candidates.map((m) => ({ value: m.id, label: `${m.name} (${m.email})` })),
            ]}
            data-testid="session-member-choice"
          />
          <Checkbox.Group
            label={t('groups.members.roles')}
            value={roles}
            onChange={(v) => setRoles(v as SessionRole[])}
            required
          >
            <Group gap="sm" mt={4}>
              {rolesFor(session).map((role) => (
                <Checkbox key={role} value={role} label={t(`groups.roles.${role}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Button
            type="submit"
            loading={add.isPending}
            disabled={!memberId || roles.length === 0}
            data-testid="session-member-add-submit"
          >
            {t('groups.members.add')}
          </Button>
        </Group>
        {add.isError && (
          <Alert color="red" role="alert">
            {errorMessages(add.error, t)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/**
 * A session's members for those who run it (spec 01 §2 session settings): who is in it, with their
 * address and roles, the roles changed in place, a member removed after a confirmation; the
 * sphere's admins add members of the sphere.
 */
export function SessionMembers({ session }: { session: Session }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const members = useSessionMembers(session.id);
  const update = useUpdateSessionMember(session.id);
  const remove = useRemoveSessionMember(session.id);
  const removal = useConfirmedRemoval<SessionMember>({
    remove: (m) => remove.mutateAsync(m.id),
    title: (m) => t('groups.members.removeTitle', { name: m.name }),
    message: <Text size="sm">{t('groups.members.removeMessage')}</Text>,
    confirmLabel: t('groups.members.removeConfirm'),
    cancelLabel: t('groups.members.keep'),
    success: (m) => ({ key: 'groups.members.removed', values: { name: m.name } }),
    testId: 'session-member-remove',
  });
  const canAdd = ability.can('get', subject('member', { sphereId: session.sphereId }));

  if (members.isPending) return <Skeleton height={120} />;
  if (members.isError)
    return (
      <ErrorState
        title={t('groups.members.loadError')}
        error={members.error}
        onRetry={() => void members.refetch()}
      />
    );
  const items = members.data.items;
  return (
    <Stack>
      {items.length === 0 ? (
        <Text c="dimmed" data-testid="session-members-empty">
          {t('groups.members.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-testid="session-members-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('groups.members.name')}</Table.Th>
                <Table.Th>{t('groups.members.email')}</Table.Th>
                <Table.Th>{t('groups.members.roles')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('groups.members.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((m) => (
                <Table.Tr key={m.id} data-testid="session-member-row">
                  <Table.Td>
                    {m.name}{' '}
                    {!m.isSphereMember && (
                      <Badge size="xs" variant="outline" color="gray">
                        {t('groups.members.notSphereMember')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{m.email}</Table.Td>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      {SESSION_ROLES.map((role) => (
                        <Checkbox
                          key={role}
                          label={t(`groups.roles.${role}`)}
                          checked={m.roles.includes(role)}
                          disabled={
                            update.isPending ||
                            (role === 'member' &&
                              session.category === 'consumer' &&
                              !m.roles.includes('member'))
                          }
                          onChange={(e) => {
                            const next = e.currentTarget.checked
                              ? [...m.roles, role]
                              : m.roles.filter((r) => r !== role);
                            if (next.length === 0) return removal.ask(m);
                            update.mutate(
                              { memberId: m.id, roles: next },
                              {
                                onSuccess: () =>
                                  notifySuccess('groups.members.saved', { values: { name: m.name } }),
                                onError: (error) => notifyError(error),
                              },
                            );
                          }}
                        />
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => removal.ask(m)}
                      aria-label={t('groups.members.removeOf', { name: m.name })}
                    >
                      {t('groups.members.remove')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canAdd && <AddSessionMember session={session} existing={items} />}
      {removal.dialog}
    </Stack>
  );
}
