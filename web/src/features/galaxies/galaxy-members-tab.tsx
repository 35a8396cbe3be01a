import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { GalaxyMember } from '@shared/contracts/galaxies';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { listStatus } from '../../components/list-status';
import { overlaySearch } from '../../lib/overlays';
import { useAbility } from '../../lib/ability';
import { useGalaxyMembers, useRemoveGalaxyMember } from './api/galaxies';
import { ADD_GALAXY_MEMBER_OVERLAY } from './paths';

/** Tab "members" (spec 02 §2, §3 Galaxy member): the galaxy's admins. */
export function GalaxyMembersTab({ galaxyId }: { galaxyId: string }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const canEdit = ability.can('put', 'galaxy') || ability.can('manage', 'galaxy');
  const members = useGalaxyMembers(galaxyId);
  const navigate = useNavigate();
  const location = useLocation();
  const remove = useRemoveGalaxyMember(galaxyId);
  const removal = useConfirmedRemoval<GalaxyMember>({
    remove: (member) => remove.mutateAsync(member.id),
    title: t('galaxies.members.remove.title'),
    message: (member) => <Text>{t('galaxies.members.remove.message', { name: member.name })}</Text>,
    confirmLabel: t('galaxies.members.remove.confirm'),
    cancelLabel: t('galaxies.common.cancel'),
    success: 'galaxies.members.removed',
    testId: 'member-remove',
  });
  const open = (memberId?: string) => {
    const search = new URLSearchParams(overlaySearch(location.search, ADD_GALAXY_MEMBER_OVERLAY));
    search.set('galaxyId', galaxyId);
    if (memberId) search.set('memberId', memberId);
    void navigate({ search: `?${search.toString()}` });
  };
  const status = listStatus(members, {
    loadError: t('galaxies.members.loadError'),
    empty: t('galaxies.members.empty'),
    skeletonHeight: 120,
    testIds: { empty: 'members-empty', loading: 'members-loading' },
  });
  return (
    <Stack>
      {canEdit && (
        <Group justify="flex-end">
          <Button onClick={() => open()} data-testid="member-add">
            {t('galaxies.members.add')}
          </Button>
        </Group>
      )}
      {status ?? (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {members.data?.items.map((member) => (
            <Card component="li" withBorder key={member.id} data-testid="galaxy-member">
              <Group justify="space-between" wrap="wrap">
                <Stack gap={2}>
                  <Text fw={600}>{member.name}</Text>
                  <Text size="sm">{member.email}</Text>
                  <Group gap="xs">
                    <Badge variant="outline">
                      {member.active ? t('galaxies.members.active') : t('galaxies.members.inactive')}
                    </Badge>
                    <Badge variant="outline">
                      {member.userLinked ? t('galaxies.members.linked') : t('galaxies.members.notLinked')}
                    </Badge>
                  </Group>
                  {member.firstDayOfWork && (
                    <Text size="sm">{t('galaxies.members.firstDay', { date: member.firstDayOfWork })}</Text>
                  )}
                </Stack>
                {canEdit && (
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => open(member.id)}
                      aria-label={t('galaxies.members.editLabel', { name: member.name })}
                    >
                      {t('galaxies.members.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => removal.ask(member)}
                      aria-label={t('galaxies.members.remove.label', { name: member.name })}
                      data-testid="member-remove-button"
                    >
                      {t('galaxies.members.remove.button')}
                    </Button>
                  </Group>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {removal.dialog}
    </Stack>
  );
}
