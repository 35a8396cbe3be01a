import { Alert, Anchor, Badge, Button, Card, Group, List, Skeleton, Text, Title } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Session } from '@shared/contracts/sessions';
import { textIn, treeOrder } from '@shared/domain/sessions';
import { useAbility } from '../../lib/ability';
import { errorMessages } from '../../lib/errors';
import { overlaySearch } from '../../lib/overlays';
import { currentLanguage } from '../../i18n';
import { useSphereSessions } from './api/sessions';
import { useSphereWording } from './api/contexts';
import { sessionPath } from './paths';

/** The `createSession` overlay on this page, for the sphere and, for a sub-group, its parent. */
function createSessionSearch(search: string, sphereId: string, parent?: Session): string {
  const params = new URLSearchParams(overlaySearch(search, 'createSession'));
  params.set('sphereId', sphereId);
  params.delete('parentSessionId');
  if (parent) {
    params.set('parentSessionId', parent.id);
    params.set('category', parent.category);
  } else params.delete('category');
  return `?${params.toString()}`;
}

/**
 * A sphere's groups and sessions (spec 01 §2 sphere page: sessions): the whole tree for its admins,
 * who add groups and sub-groups; the groups a member is in for the others.
 */
export function SphereSessions({ sphereId }: { sphereId: string }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const location = useLocation();
  const sessions = useSphereSessions(sphereId);
  const { say } = useSphereWording(sphereId);
  const language = currentLanguage();
  const canAdd = ability.can('post', subject('session', { sphereId }));
  const tree = treeOrder(
    (sessions.data?.items ?? []).map((s) => ({ ...s, sessionId: s.id, label: textIn(s.name, language) })),
  );
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="sphere-sessions-title"
      data-testid="sphere-sessions"
    >
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="sphere-sessions-title">
          {say(t('groups.sphere.title'))}
        </Title>
        {canAdd && (
          <Button
            component={Link}
            to={createSessionSearch(location.search, sphereId)}
            variant="light"
            size="xs"
            data-testid="sphere-add-session"
          >
            {t('groups.sphere.add')}
          </Button>
        )}
      </Group>
      {sessions.isPending ? (
        <Skeleton height={80} />
      ) : sessions.isError ? (
        <Alert color="red" role="alert">
          {errorMessages(sessions.error, t)}
        </Alert>
      ) : tree.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="sphere-sessions-empty">
          {canAdd
            ? t('groups.sphere.emptyAdmin')
            : say(t('groups.sphere.empty'), { override: 'groupsEmpty' })}
        </Text>
      ) : (
        <List listStyleType="none" spacing={6} data-testid="sphere-sessions-list">
          {tree.map((s) => (
            <List.Item key={s.id} style={{ paddingInlineStart: `${s.level * 1.25}rem` }}>
              <Group gap="xs" wrap="wrap">
                <Anchor component={Link} to={sessionPath(s.id)} data-testid="sphere-session-link">
                  {s.label}
                </Anchor>
                <Badge size="xs" variant="outline">
                  {t(`groups.category.${s.category}`)}
                </Badge>
                {s.roles.map((role) => (
                  <Badge key={role} size="xs" variant="light">
                    {t(`groups.roles.${role}`)}
                  </Badge>
                ))}
                {canAdd && !s.isLeaf && (
                  <Anchor
                    component={Link}
                    size="xs"
                    to={createSessionSearch(location.search, sphereId, s)}
                    aria-label={t('groups.sphere.addChildOf', { name: s.label })}
                    data-testid="sphere-add-child"
                  >
                    {t('groups.sphere.addChild')}
                  </Anchor>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}
