import { Alert, Button, Checkbox, Group, Skeleton, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GalaxyMemberCreateSchema, GalaxyMemberUpdateSchema } from '@shared/contracts/galaxies';
import type { FieldError } from '@shared/contracts/errors';
import { notifySuccess } from '../../components/notify';
import { errorItems, errorMessages, errorsFromIssues, translateErrorItem } from '../../lib/errors';
import { useMe } from '../../lib/me';
import type { OverlayProps } from '../../lib/overlays';
import { useAddGalaxyMember, useGalaxyMembers, useUpdateGalaxyMember } from './api/galaxies';

/** Overlay `addGalaxyMember` (spec 02 §2): adds a galaxy admin, or edits one with `memberId`. */
export default function AddGalaxyMemberOverlay({ params, done, close }: OverlayProps) {
  const { t } = useTranslation();
  const galaxyId = params.get('galaxyId') ?? '';
  const memberId = params.get('memberId') ?? '';
  const members = useGalaxyMembers(galaxyId);
  if (galaxyId === '')
    return (
      <Alert color="red" role="alert" data-testid="member-no-galaxy">
        {t('errors.error')}
      </Alert>
    );
  if (memberId && members.isPending) return <Skeleton height={200} />;
  const member = memberId ? members.data?.items.find((m) => m.id === memberId) : undefined;
  if (memberId && !member)
    return (
      <Alert color="red" role="alert">
        {t('errors.not-found')}
      </Alert>
    );
  return (
    <MemberForm key={member?.id ?? 'new'} galaxyId={galaxyId} member={member} done={done} close={close} />
  );
}

function MemberForm({
  galaxyId,
  member,
  done,
  close,
}: {
  galaxyId: string;
  member: { id: string; name: string; email: string; active: boolean; firstDayOfWork?: string } | undefined;
  done: () => void;
  close: () => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const add = useAddGalaxyMember(galaxyId);
  const update = useUpdateGalaxyMember(galaxyId);
  const mutation = member ? update : add;
  const [name, setName] = useState(member?.name ?? '');
  const [email, setEmail] = useState(member?.email ?? '');
  const [admin, setAdmin] = useState(true);
  const [active, setActive] = useState(member?.active ?? true);
  const [firstDay, setFirstDay] = useState(member?.firstDayOfWork ?? '');
  const [local, setLocal] = useState<FieldError[]>([]);
  const items = local.length > 0 ? local : mutation.error ? errorItems(mutation.error) : [];
  const fieldError = (field: string) => {
    const item = items.find((i) => i.field === field);
    return item ? translateErrorItem(item, t) : undefined;
  };
  const general = items.filter(
    (i) => !i.field || !['name', 'email', 'roles', 'firstDayOfWork'].includes(i.field),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const roles = admin ? (['admin'] as const) : [];
    const common = {
      name: name.trim(),
      roles: [...roles],
      ...(firstDay ? { firstDayOfWork: firstDay } : {}),
    };
    const onSuccess = () => {
      notifySuccess(member ? 'galaxies.members.saved' : 'galaxies.members.added');
      done();
    };
    if (member) {
      const body = { ...common, active };
      const parsed = GalaxyMemberUpdateSchema.safeParse(body);
      if (!parsed.success) return setLocal(errorsFromIssues(parsed.error.issues, body));
      setLocal([]);
      update.mutate({ memberId: member.id, body }, { onSuccess });
    } else {
      const body = {
        ...common,
        galaxyId,
        email: email.trim(),
        ...(me.data ? { requestByUserId: me.data.userId } : {}),
      };
      const parsed = GalaxyMemberCreateSchema.safeParse(body);
      if (!parsed.success) return setLocal(errorsFromIssues(parsed.error.issues, body));
      setLocal([]);
      add.mutate(body, { onSuccess });
    }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="member-form">
      <Stack>
        <TextInput
          label={t('galaxies.members.name')}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fieldError('name')}
          data-testid="member-name"
        />
        <TextInput
          label={t('galaxies.members.email')}
          type="email"
          required
          disabled={member !== undefined}
          description={member ? t('galaxies.members.emailLocked') : undefined}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fieldError('email')}
          data-testid="member-email"
        />
        <Checkbox
          label={t('galaxies.members.roleAdmin')}
          checked={admin}
          onChange={(e) => setAdmin(e.currentTarget.checked)}
          error={fieldError('roles')}
        />
        {member && (
          <Checkbox
            label={t('galaxies.members.active')}
            checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)}
            data-testid="member-active"
          />
        )}
        <TextInput
          label={t('galaxies.members.firstDayOfWork')}
          type="date"
          value={firstDay}
          onChange={(e) => setFirstDay(e.currentTarget.value)}
          error={fieldError('firstDayOfWork')}
        />
        {general.length > 0 && (
          <Alert color="red" role="alert" data-testid="member-error">
            {local.length > 0
              ? general.map((i) => translateErrorItem(i, t)).join('; ')
              : errorMessages(mutation.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('galaxies.common.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="member-submit">
            {member ? t('galaxies.members.save') : t('galaxies.members.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
