import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GlobalMemberRole } from '@shared/domain/global-members';

/** The roles in words (`member`: no global role), as badges read in order. */
export function RoleBadges({ roles }: { roles: readonly GlobalMemberRole[] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} component="span">
      {roles.map((role) => (
        <Badge
          key={role}
          variant={role === 'super-admin' ? 'filled' : 'outline'}
          color={role === 'super-admin' ? 'red.9' : undefined}
        >
          {t(`globalMembers.roles.${role}`)}
        </Badge>
      ))}
    </Group>
  );
}
