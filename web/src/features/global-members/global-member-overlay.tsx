import { Alert, Button, Checkbox, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GLOBAL_MEMBER_NO_ACCOUNT_KEY,
  GlobalMemberCreateSchema,
  GlobalMemberUpdateSchema,
  type GlobalMember,
} from '@shared/contracts/global-members';
import type { FieldError } from '@shared/contracts/errors';
import {
  GLOBAL_ROLES,
  NO_GLOBAL_ROLE,
  globalRolesOf,
  grantsSuperAdmin,
  type GlobalMemberRole,
  type GlobalRole,
} from '@shared/domain/global-members';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifySuccess } from '../../components/notify';
import { errorItems, errorMessages, errorsFromIssues, translateErrorItem } from '../../lib/errors';
import { useMe } from '../../lib/me';
import type { OverlayProps } from '../../lib/overlays';
import { useAddGlobalMember, useGlobalMembers, useUpdateGlobalMember } from './api/global-members';
import { useManagesGlobalMembers } from './rights';

/** Overlay `addGlobalMember` (spec 01 §2, §5): adds a global member, or edits one with `memberId`. */
export default function GlobalMemberOverlay({ params, done, close }: OverlayProps) {
  const { t } = useTranslation();
  const allowed = useManagesGlobalMembers();
  const memberId = params.get('memberId') ?? '';
  const members = useGlobalMembers(allowed && memberId !== '');
  if (!allowed)
    return (
      <Alert color="red" role="alert" data-testid="global-member-forbidden">
        {t('errors.forbidden')}
      </Alert>
    );
  if (memberId && members.isPending) return <Skeleton height={240} />;
  const member = memberId ? members.data?.items.find((m) => m.id === memberId) : undefined;
  if (memberId && !member)
    return (
      <Alert color="red" role="alert" data-testid="global-member-not-found">
        {t('errors.not-found')}
      </Alert>
    );
  return <MemberForm key={member?.id ?? 'new'} member={member} done={done} close={close} />;
}

/** Fields the form shows its problems on; the others show once under it. */
const FIELDS = ['name', 'email', 'roles', 'active'];

function MemberForm({
  member,
  done,
  close,
}: {
  member: GlobalMember | undefined;
  done: () => void;
  close: () => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const add = useAddGlobalMember();
  const update = useUpdateGlobalMember();
  const mutation = member ? update : add;
  const held = globalRolesOf(member?.roles ?? []);
  const [name, setName] = useState(member?.name ?? '');
  const [email, setEmail] = useState(member?.email ?? '');
  const [roles, setRoles] = useState<GlobalRole[]>(held);
  const [active, setActive] = useState(member?.active ?? true);
  const [local, setLocal] = useState<FieldError[]>([]);
  /** The body checked and waiting for the super-admin warning to be confirmed. */
  const [warned, setWarned] = useState<(() => void) | null>(null);

  const items = local.length > 0 ? local : mutation.error ? errorItems(mutation.error) : [];
  const fieldOf = (item: FieldError) => item.field?.replace(/^body\./, '').split('.')[0];
  const messageOf = (item: FieldError) => {
    if (item.key === GLOBAL_MEMBER_NO_ACCOUNT_KEY) return t('globalMembers.errors.noAccount');
    if (item.key === 'exist') return t('globalMembers.errors.exist');
    return translateErrorItem(item, t);
  };
  const fieldError = (field: string) => {
    const item = items.find((i) => fieldOf(i) === field);
    return item ? messageOf(item) : undefined;
  };
  const general = items.filter((i) => !FIELDS.includes(fieldOf(i) ?? ''));
  // The roles sent: the global roles ticked, or `member` (none) when none is.
  const chosen: GlobalMemberRole[] = roles.length
    ? GLOBAL_ROLES.filter((r) => roles.includes(r))
    : [NO_GLOBAL_ROLE];
  const requester = me.data ? { requestByUserId: me.data.userId } : {};

  const onSuccess = () => {
    notifySuccess(member ? 'globalMembers.form.saved' : 'globalMembers.form.added');
    done();
  };
  /** Sends once checked; granting super-admin asks first. */
  const confirmThen = (send: () => void) => {
    setLocal([]);
    if (grantsSuperAdmin(held, chosen)) setWarned(() => send);
    else send();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (member) {
      const body = { name: name.trim(), roles: chosen, active, ...requester };
      const parsed = GlobalMemberUpdateSchema.safeParse(body);
      if (!parsed.success) return setLocal(errorsFromIssues(parsed.error.issues, body));
      confirmThen(() => update.mutate({ memberId: member.id, body }, { onSuccess }));
    } else {
      const body = { name: name.trim(), email: email.trim(), roles: chosen, ...requester };
      const parsed = GlobalMemberCreateSchema.safeParse(body);
      if (!parsed.success) return setLocal(errorsFromIssues(parsed.error.issues, body));
      confirmThen(() => add.mutate(body, { onSuccess }));
    }
  };

  return (
    <>
      <form onSubmit={submit} noValidate data-testid="global-member-form">
        <Stack>
          <TextInput
            label={t('globalMembers.fields.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError('name')}
            data-testid="global-member-name"
          />
          <TextInput
            label={t('globalMembers.fields.email')}
            type="email"
            required
            disabled={member !== undefined}
            description={member ? t('globalMembers.form.emailLocked') : t('globalMembers.form.emailHint')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldError('email')}
            data-testid="global-member-email"
          />
          <Checkbox.Group
            label={t('globalMembers.fields.roles')}
            description={t('globalMembers.form.rolesHint')}
            value={roles}
            onChange={(value) => setRoles(globalRolesOf(value))}
            error={fieldError('roles')}
          >
            <Stack gap="xs" mt={4}>
              {GLOBAL_ROLES.map((role) => (
                <Checkbox
                  key={role}
                  value={role}
                  label={t(`globalMembers.roles.${role}`)}
                  data-testid={`global-member-role-${role}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          {member && (
            <Checkbox
              label={t('globalMembers.form.active')}
              description={t('globalMembers.form.activeHint')}
              checked={active}
              onChange={(e) => setActive(e.currentTarget.checked)}
              data-testid="global-member-active"
            />
          )}
          {general.length > 0 && (
            <Alert color="red" role="alert" data-testid="global-member-error">
              {local.length > 0 ? general.map(messageOf).join('; ') : errorMessages(mutation.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('globalMembers.common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending} data-testid="global-member-submit">
              {member ? t('globalMembers.form.save') : t('globalMembers.form.add')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={warned !== null}
        title={t('globalMembers.superAdminWarning.title')}
        confirmLabel={t('globalMembers.superAdminWarning.confirm')}
        cancelLabel={t('globalMembers.common.cancel')}
        pending={false}
        onCancel={() => setWarned(null)}
        onConfirm={() => {
          const send = warned;
          setWarned(null);
          send?.();
        }}
        testId="global-member-super-admin"
      >
        <Text>{t('globalMembers.superAdminWarning.message', { name: name.trim() || email.trim() })}</Text>
      </ConfirmDialog>
    </>
  );
}
