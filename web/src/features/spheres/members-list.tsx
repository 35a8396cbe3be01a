import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Member } from '@shared/contracts/spheres';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { ErrorState } from '../../components/error-state';
import { notifyError, notifySuccess } from '../../components/notify';
import { formatDate } from '../../lib/dates';
import { licenceOf, refreshSphereLicences, useSphereLicences } from '../../lib/licences';
import { useCreateMember, useDeleteMember, useMembers, useUpdateMember } from './api/spheres';
import { errorMessages } from '../../lib/errors';
import { MembersBulk } from './members-bulk';
import { SPHERE_ROLES, type SphereRole } from '@shared/domain/spheres';
import type { Language } from '@shared/contracts/headers';
import type { Tag } from '@shared/contracts/tags';
import { tagName } from '@shared/domain/tags';
import { Dialog } from '../../components/dialog';
import { currentLanguage } from '../../i18n';
import { useTags } from './api/tags';
import { MemberAccessCodes } from './member-access-codes';

/** A member's tags: those given by hand, then those the rules give (marked automatic). */
function MemberTags({
  member,
  tags,
}: {
  member: Member;
  tags: ReadonlyMap<string, { label: string; tag: Tag }>;
}) {
  const { t } = useTranslation();
  const badge = (id: string, auto: boolean) => (
    <Badge key={`${auto ? 'a' : 'o'}-${id}`} size="sm" variant={auto ? 'outline' : 'light'}>
      {tags.get(id)?.label ?? id}
      {auto ? ` · ${t('spheres.tags.auto')}` : ''}
    </Badge>
  );
  if (member.tagIds.length + member.autoTagIds.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {t('spheres.members.noTags')}
      </Text>
    );
  return (
    <Group gap={4} data-testid={`member-tags-${member.id}`}>
      {member.tagIds.map((id) => badge(id, false))}
      {member.autoTagIds.map((id) => badge(id, true))}
    </Group>
  );
}

/** The tags an admin gives a member by hand: active tags offered to members. */
function MemberTagsDialog({
  member,
  choices,
  pending,
  error,
  onSave,
  onClose,
}: {
  member: Member;
  choices: { value: string; label: string }[];
  pending: boolean;
  error: unknown;
  onSave: (tagIds: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(member.tagIds);
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('spheres.members.tagsTitle', { name: member.name })}
      closeLabel={t('spheres.members.cancel')}
      data-testid="member-tags-dialog"
    >
      <Stack>
        <MultiSelect
          label={t('spheres.members.tags')}
          description={t('spheres.members.tagsHelp')}
          data={choices}
          value={value}
          onChange={setValue}
          searchable
          data-testid="member-tags-select"
        />
        {error !== null && error !== undefined && (
          <Alert color="red" role="alert">
            {errorMessages(error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('spheres.members.cancel')}
          </Button>
          <Button loading={pending} onClick={() => onSave(value)} data-testid="member-tags-save">
            {t('spheres.members.tagsSave')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

type Plan = Member['subscription'];
const isPlan = (value: string): value is Plan => value === 'starter' || value === 'essentials';

/**
 * The plan of the member form (spec 01 §5, spec 02 §7): Starter, or Essentials, which takes one of
 * the sphere's licences. With none left, Essentials is offered disabled, with the reason in words,
 * unless the member already has it. While the licences are unknown (loading, failed) nothing is
 * disabled: the server still refuses with `not-enough-licenses`.
 */
function PlanSelect({
  sphereId,
  value,
  onChange,
  current,
  testId,
}: {
  sphereId: string;
  value: Plan;
  onChange: (plan: Plan) => void;
  /** The member's plan now (the update form): keeping Essentials takes no new licence. */
  current?: Plan;
  testId: string;
}) {
  const { t } = useTranslation();
  const licences = useSphereLicences(sphereId);
  const essentials = licenceOf(licences.data, 'essentials');
  const blocked = essentials !== undefined && essentials.remaining <= 0 && current !== 'essentials';
  return (
    <NativeSelect
      label={t('spheres.members.plan')}
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isPlan(next)) onChange(next);
      }}
      data={[
        { value: 'starter', label: t('spheres.members.plans.starter') },
        {
          value: 'essentials',
          label: t(blocked ? 'spheres.members.plans.essentialsNone' : 'spheres.members.plans.essentials'),
          disabled: blocked,
        },
      ]}
      description={
        blocked
          ? t('spheres.members.noEssentialsLeft', {
              remaining: essentials.remaining,
              total: essentials.count,
            })
          : undefined
      }
      data-testid={testId}
    />
  );
}

/** The plan of a member already there (spec 01 §5 member form, update). */
function MemberPlanDialog({
  sphereId,
  member,
  pending,
  error,
  onSave,
  onClose,
}: {
  sphereId: string;
  member: Member;
  pending: boolean;
  error: unknown;
  onSave: (plan: Plan) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<Plan>(member.subscription);
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('spheres.members.planTitle', { name: member.name })}
      closeLabel={t('spheres.members.cancel')}
      data-testid="member-plan-dialog"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave(value);
        }}
      >
        <Stack>
          <PlanSelect
            sphereId={sphereId}
            value={value}
            onChange={setValue}
            current={member.subscription}
            testId="member-plan-select"
          />
          {error !== null && error !== undefined && (
            <Alert color="red" role="alert" data-testid="member-plan-error">
              {errorMessages(error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('spheres.members.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="member-plan-save">
              {t('spheres.members.planSave')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/**
 * Adding a member (spec 01 §5 member form): a name and an address (not editable later), roles
 * (sales-up only with that entitlement), a first day of work. A duplicate says who is already there.
 */
function AddMember({ sphereId, salesUp }: { sphereId: string; salesUp: boolean }) {
  const { t } = useTranslation();
  const create = useCreateMember(sphereId);
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<SphereRole[]>(['contributor']);
  const [firstDay, setFirstDay] = useState('');
  const [plan, setPlan] = useState<Plan>('starter');
  if (!opened)
    return (
      <Group>
        <Button variant="light" onClick={() => setOpened(true)} data-testid="member-add-open">
          {t('spheres.members.add')}
        </Button>
      </Group>
    );
  return (
    <Card withBorder component="section" aria-labelledby="member-add-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            {
              sphereId,
              name,
              email,
              roles,
              subscription: plan,
              ...(firstDay ? { firstDayOfWork: firstDay } : {}),
            },
            {
              onSuccess: (member) => {
                notifySuccess('spheres.members.added', { values: { name: member.name } });
                setName('');
                setEmail('');
                setFirstDay('');
                setPlan('starter');
                setOpened(false);
                if (member.subscription === 'essentials') void refreshSphereLicences(queryClient, sphereId);
              },
              // A refusal for want of licences: what is left is read again for the select.
              onError: () => void refreshSphereLicences(queryClient, sphereId),
            },
          );
        }}
        data-testid="member-add"
      >
        <Stack gap="xs">
          <Text fw={600} id="member-add-title">
            {t('spheres.members.addTitle')}
          </Text>
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label={t('spheres.members.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              required
              maxLength={100}
              data-testid="member-add-name"
            />
            <TextInput
              type="email"
              label={t('spheres.members.email')}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              required
              data-testid="member-add-email"
            />
            <TextInput
              type="date"
              label={t('spheres.members.firstDay')}
              value={firstDay}
              onChange={(e) => setFirstDay(e.currentTarget.value)}
              data-testid="member-add-first-day"
            />
            <PlanSelect sphereId={sphereId} value={plan} onChange={setPlan} testId="member-add-plan" />
          </Group>
          <Checkbox.Group
            label={t('spheres.members.roles')}
            value={roles}
            onChange={(v) => setRoles(v as SphereRole[])}
            required
          >
            <Group gap="md" mt={4}>
              {SPHERE_ROLES.filter((r) => r !== 'sales-up' || salesUp).map((role) => (
                <Checkbox key={role} value={role} label={t(`spheres.roles.${role}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Text size="xs" c="dimmed">
            {t('spheres.members.addHelp')}
          </Text>
          {create.isError && (
            <Alert color="red" role="alert" data-testid="member-add-error">
              {errorMessages(create.error, t)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={create.isPending} data-testid="member-add-submit">
              {t('spheres.members.addSubmit')}
            </Button>
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('spheres.members.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** A sphere's members for its admins (spec 01 §2 sphere page: members): searched, active ones on demand. */
export function MembersList({
  sphereId,
  salesUp = false,
  primary,
  lowSecurity = false,
}: {
  sphereId: string;
  salesUp?: boolean;
  primary: Language;
  /** The sphere lets members sign in with an access code: each member's codes can be set. */
  lowSecurity?: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const tags = useTags(sphereId);
  const tagsById = new Map(
    (tags.data?.items ?? []).map((tag) => [tag.id, { tag, label: tagName(tag.name, language, primary) }]),
  );
  const tagChoices = [...tagsById.values()]
    .filter(({ tag }) => !tag.archived && tag.modules.includes('member'))
    .map(({ tag, label }) => ({ value: tag.id, label }));
  const [tagging, setTagging] = useState<Member | null>(null);
  const [coding, setCoding] = useState<Member | null>(null);
  const [planning, setPlanning] = useState<Member | null>(null);
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [activeOnly, setActiveOnly] = useState(false);
  const members = useMembers(sphereId, { q, activeOnly });
  const update = useUpdateMember(sphereId);
  const remove = useDeleteMember(sphereId);
  const bodyOf = (m: Member) => ({
    name: m.name,
    roles: m.roles,
    subscription: m.subscription,
    active: m.active,
    ...(m.firstDayOfWork ? { firstDayOfWork: m.firstDayOfWork } : {}),
  });
  const setTags = (m: Member, tagIds: string[]) =>
    update.mutate(
      { memberId: m.id, body: { ...bodyOf(m), tagIds } },
      {
        onSuccess: () => {
          setTagging(null);
          notifySuccess('spheres.members.tagsSaved', { values: { name: m.name } });
        },
      },
    );
  const setPlan = (m: Member, subscription: Plan) =>
    update.mutate(
      { memberId: m.id, body: { ...bodyOf(m), subscription } },
      {
        onSuccess: () => {
          setPlanning(null);
          notifySuccess('spheres.members.planSaved', {
            values: { name: m.name, plan: t(`spheres.members.plans.${subscription}`) },
          });
          if (subscription !== m.subscription) void refreshSphereLicences(queryClient, sphereId);
        },
        onError: () => void refreshSphereLicences(queryClient, sphereId),
      },
    );
  const restore = (m: Member) =>
    update.mutate(
      { memberId: m.id, body: { ...bodyOf(m), active: true } },
      {
        onSuccess: () => notifySuccess('spheres.members.restored', { values: { name: m.name } }),
        onError: (error) => notifyError(error),
      },
    );
  const revoking = useConfirmedRemoval<Member>({
    remove: (m) => update.mutateAsync({ memberId: m.id, body: { ...bodyOf(m), active: false } }),
    title: (m) => t('spheres.members.revokeTitle', { name: m.name }),
    message: <Text size="sm">{t('spheres.members.revokeMessage')}</Text>,
    confirmLabel: t('spheres.members.revoke'),
    cancelLabel: t('spheres.members.keep'),
    success: (m) => ({ key: 'spheres.members.revoked', values: { name: m.name } }),
    testId: 'member-revoke',
  });
  const removing = useConfirmedRemoval<Member>({
    remove: (m) => remove.mutateAsync(m.id),
    title: (m) => t('spheres.members.deleteTitle', { name: m.name }),
    message: <Text size="sm">{t('spheres.members.deleteMessage')}</Text>,
    confirmLabel: t('spheres.members.delete'),
    cancelLabel: t('spheres.members.keep'),
    success: (m) => ({ key: 'spheres.members.deleted', values: { name: m.name } }),
    testId: 'member-delete',
  });

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
      <Table.ScrollContainer minWidth={860}>
        <Table striped data-testid="members-table">
          <Table.Caption>{t('spheres.members.count', { count: members.data.count })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('spheres.members.name')}</Table.Th>
              <Table.Th scope="col">{t('spheres.members.email')}</Table.Th>
              <Table.Th scope="col">{t('spheres.members.roles')}</Table.Th>
              <Table.Th scope="col">{t('spheres.members.plan')}</Table.Th>
              <Table.Th scope="col">{t('spheres.members.tags')}</Table.Th>
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
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm" data-testid={`member-plan-${m.id}`}>
                      {t(`spheres.members.plans.${m.subscription}`)}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => {
                        update.reset();
                        setPlanning(m);
                      }}
                      aria-label={t('spheres.members.planOf', { name: m.name })}
                      data-testid={`member-plan-edit-${m.id}`}
                    >
                      {t('spheres.members.planEdit')}
                    </Button>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <MemberTags member={m} tags={tagsById} />
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
                      onClick={() => revoking.ask(m)}
                      data-testid={`member-revoke-${m.id}`}
                    >
                      {t('spheres.members.revoke')}
                    </Button>
                  ) : m.inactiveReason === 'left' ? (
                    <Text size="xs" c="dimmed">
                      {t('spheres.members.leftOwn')}
                    </Text>
                  ) : m.inactiveReason === 'no-user' ? (
                    <Text size="xs" c="dimmed">
                      {t('spheres.members.waiting')}
                    </Text>
                  ) : (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      loading={update.isPending && update.variables.memberId === m.id}
                      onClick={() => restore(m)}
                      data-testid={`member-restore-${m.id}`}
                    >
                      {t('spheres.members.restore')}
                    </Button>
                  )}
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => {
                      update.reset();
                      setTagging(m);
                    }}
                    aria-label={t('spheres.members.tagsOf', { name: m.name })}
                    data-testid={`member-tag-${m.id}`}
                  >
                    {t('spheres.members.tagsEdit')}
                  </Button>
                  {lowSecurity && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => setCoding(m)}
                      aria-label={t(m.lowSecurityAccessEnabled ? 'spheres.codes.ofOn' : 'spheres.codes.of', {
                        name: m.name,
                      })}
                      data-testid={`member-codes-${m.id}`}
                    >
                      {t('spheres.codes.open')}
                      {m.lowSecurityAccessEnabled ? ' ✓' : ''}
                    </Button>
                  )}
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => removing.ask(m)}
                    aria-label={t('spheres.members.deleteOf', { name: m.name })}
                    data-testid={`member-delete-${m.id}`}
                  >
                    {t('spheres.members.delete')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="sm" data-testid="members-list">
      <AddMember sphereId={sphereId} salesUp={salesUp} />
      <MembersBulk sphereId={sphereId} />
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
      {coding && <MemberAccessCodes sphereId={sphereId} member={coding} onClose={() => setCoding(null)} />}
      {tagging && (
        <MemberTagsDialog
          member={tagging}
          choices={tagChoices}
          pending={update.isPending}
          error={update.error}
          onSave={(tagIds) => setTags(tagging, tagIds)}
          onClose={() => setTagging(null)}
        />
      )}
      {planning && (
        <MemberPlanDialog
          sphereId={sphereId}
          member={planning}
          pending={update.isPending}
          error={update.error}
          onSave={(plan) => setPlan(planning, plan)}
          onClose={() => setPlanning(null)}
        />
      )}
      {revoking.dialog}
      {removing.dialog}
    </Stack>
  );
}
