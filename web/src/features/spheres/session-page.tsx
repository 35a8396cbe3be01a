import { Suspense, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { Session } from '@shared/contracts/sessions';
import { textIn } from '@shared/domain/sessions';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { MoodFace } from '../../components/mood-face';
import { useAbility } from '../../lib/ability';
import { sessionsOf, useMe, useMySessions } from '../../lib/me';
import { placeSections } from '../../lib/place-extensions';
import { HOME_PATH } from '../../lib/routes';
import { currentLanguage } from '../../i18n';
import { useLeaveSession, useSession } from './api/sessions';
import { feelingInSession, thinkingInSession } from './session-card';
import { sessionSettingsPath, spherePath } from './paths';
import { WithLoaded } from './with-loaded';

/** Overlay-like notice `session-not-allowed`: not a member, or no such session, said the same way. */
export function SessionNotAllowed() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" title={t('groups.notAllowed.title')} data-testid="session-not-allowed">
      {t('groups.notAllowed.body')}
    </Alert>
  );
}

/** Loads the session of the path: a skeleton, "not available" for one the caller may not see, an error with a retry. */
export function WithSession({ children }: { children: (session: Session) => ReactNode }) {
  const { t } = useTranslation();
  const { sessionId = '' } = useParams();
  return (
    <WithLoaded
      query={useSession(sessionId)}
      notAllowed={<SessionNotAllowed />}
      errorTitle={t('groups.loadError')}
      testId="session"
    >
      {children}
    </WithLoaded>
  );
}

export default function SessionPage() {
  return <WithSession>{(session) => <SessionHome s={session} />}</WithSession>;
}

/**
 * A session's page (spec 01 §2 `/apps/sessions/{sessionId}`): its name as the person may see it,
 * its sphere, their roles, the smileys of a group they contribute to, settings for those who may
 * change it, and leaving it after a confirmation.
 */
function SessionHome({ s }: { s: Session }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const me = useMe();
  const mine = useMySessions();
  const navigate = useNavigate();
  const location = useLocation();
  const leave = useLeaveSession(s.id);
  const name = textIn(s.name, currentLanguage());
  const leaving = useConfirmedRemoval({
    remove: () => leave.mutateAsync(),
    title: t('groups.leave.title', { name }),
    message: <Text size="sm">{t('groups.leave.message')}</Text>,
    confirmLabel: t('groups.leave.confirm'),
    cancelLabel: t('groups.leave.stay'),
    success: { key: 'groups.leave.done', values: { name } },
    onRemoved: () => void navigate(HOME_PATH),
    testId: 'session-leave',
  });
  const sphere = me.data?.spheres.find((x) => x.id === s.sphereId);
  const sphereName = sphere?.name ?? sessionsOf(mine.data).find((x) => x.id === s.id)?.sphereName;
  const canEdit = ability.can('put', subject('session', { sessionId: s.id, sphereId: s.sphereId }));
  const contributes = s.category === 'contributor' && s.roles.includes('member');
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap" align="flex-start">
        <Stack gap={4}>
          <Title order={1} data-testid="session-title">
            {name}
          </Title>
          {sphereName && (
            <Text c="dimmed">
              {sphere ? <Link to={spherePath(s.sphereId)}>{sphereName}</Link> : sphereName}
            </Text>
          )}
          <Group gap={6} wrap="wrap" data-testid="session-badges">
            <Badge variant="outline">{t(`groups.category.${s.category}`)}</Badge>
            <Badge variant="outline">{t(`groups.type.${s.type}`)}</Badge>
            {s.subscription === 'essentials' && (
              <Badge variant="light" color="grape">
                {t('groups.subscription.essentials')}
              </Badge>
            )}
            {(s.subscriptionModules ?? []).map((module) => (
              <Badge key={module} variant="light" color="grape" data-testid={`session-module-${module}`}>
                {t(`groups.modules.${module}`)}
              </Badge>
            ))}
            {s.archived && <Badge color="gray">{t('groups.archived')}</Badge>}
            {s.roles.map((role) => (
              <Badge key={role} variant="light">
                {t(`groups.roles.${role}`)}
              </Badge>
            ))}
          </Group>
        </Stack>
        {canEdit && (
          <Button
            component={Link}
            to={sessionSettingsPath(s.id)}
            variant="light"
            data-testid="session-settings"
          >
            {t('groups.card.settings')}
          </Button>
        )}
      </Group>
      {contributes && (
        <Card withBorder component="section" aria-labelledby="session-feel-title">
          <Title order={2} size="h4" id="session-feel-title" mb="xs">
            {t('groups.page.feelTitle')}
          </Title>
          <Text size="sm" mb="sm">
            {t('groups.page.feelIntro')}
          </Text>
          <Group gap="sm">
            {(['bad', 'good'] as const).map((mood) => (
              <Tooltip key={mood} label={t(`groups.card.${mood}`, { name })}>
                <ActionIcon
                  component={Link}
                  to={feelingInSession(location.search, s.id, mood)}
                  variant="subtle"
                  size={56}
                  radius="xl"
                  aria-label={t(`groups.card.${mood}`, { name })}
                  data-testid={`session-${mood}`}
                >
                  <MoodFace mood={mood} size={52} />
                </ActionIcon>
              </Tooltip>
            ))}
            {ability.can('post', 'thinking') && (
              <Button
                component={Link}
                to={thinkingInSession(location.search, s.id)}
                variant="light"
                data-testid="session-thinking"
              >
                {t('groups.page.think')}
              </Button>
            )}
          </Group>
        </Card>
      )}
      {placeSections('session').map(({ id, component: Section }) => (
        <Suspense key={id} fallback={<Skeleton height={120} />}>
          <Section place={{ kind: 'session', session: s }} />
        </Suspense>
      ))}
      {!s.isMember && !canEdit && (
        <Text size="sm" c="dimmed">
          {t('groups.page.notMember')}
        </Text>
      )}
      {s.isMember && (
        <Group>
          <Button variant="subtle" color="red" onClick={() => leaving.ask()} data-testid="session-leave">
            {t('groups.leave.open')}
          </Button>
        </Group>
      )}
      {leaving.dialog}
    </Stack>
  );
}
