import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { SessionSummary } from '@shared/contracts/me';
import { MoodFace } from '../../components/mood-face';
import { useAbility } from '../../lib/ability';
import { overlaySearch } from '../../lib/overlays';
import { FavoriteStar } from '../../components/favorite-star';
import { sessionPath, sessionSettingsPath } from './paths';

/** The feeling flow opened in a session (spec 01 §2: the smileys open it in that context). */
export function feelingInSession(search: string, sessionId: string, mood: 'good' | 'bad'): string {
  const params = new URLSearchParams(overlaySearch(search, 'feeling'));
  params.set('mode', mood);
  params.set('sessionId', sessionId);
  params.delete('sphereId');
  return `?${params.toString()}`;
}

/** The thinking flow opened in a session: the group's axes (spec 01 §7). */
export function thinkingInSession(search: string, sessionId: string): string {
  const params = new URLSearchParams(overlaySearch(search, 'thinking'));
  params.set('sessionId', sessionId);
  params.delete('sphereId');
  return `?${params.toString()}`;
}

/**
 * A session card (spec 01 §2): its favourite star, its name as the person may see it, its sphere,
 * kind, plan, the person's roles, its tags and the languages it speaks; a settings button for those who may edit it; and for members of a contributor
 * session, two smileys that open the feeling flow in that group. The card leads to the session.
 */
export function SessionCard({ session }: { session: SessionSummary }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const location = useLocation();
  const on = subject('session', { sessionId: session.id, sphereId: session.sphereId });
  const canEdit = ability.can('put', on);
  const contributes = session.category === 'contributor' && session.roles.includes('member');
  return (
    <Card
      withBorder
      padding="sm"
      component="article"
      aria-labelledby={`session-${session.id}-title`}
      data-testid="session-card"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap={4} wrap="nowrap">
            <FavoriteStar kind="session" id={session.id} name={session.name} />
            <Anchor
              component={Link}
              to={sessionPath(session.id)}
              fw={600}
              id={`session-${session.id}-title`}
              data-testid="session-card-title"
            >
              {session.name}
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed">
            {session.sphereName}
          </Text>
          <Group gap={6} wrap="wrap">
            <Badge size="xs" variant="outline">
              {t(`groups.category.${session.category}`)}
            </Badge>
            {session.subscription === 'essentials' && (
              <Badge size="xs" variant="light" color="grape">
                {t('groups.subscription.essentials')}
              </Badge>
            )}
            {(session.subscriptionModules ?? []).map((module) => (
              <Badge
                key={module}
                size="xs"
                variant="light"
                color="grape"
                data-testid={`session-module-${module}`}
              >
                {t(`groups.modules.${module}`)}
              </Badge>
            ))}
            {session.roles.map((role) => (
              <Badge key={role} size="xs" variant="light">
                {t(`groups.roles.${role}`)}
              </Badge>
            ))}
            {session.tags.map((tag) => (
              <Badge
                key={tag.id}
                size="xs"
                variant="outline"
                color="gray"
                leftSection={
                  <span
                    aria-hidden
                    style={{
                      display: 'inline-block',
                      width: 8,
                      height: 8,
                      borderRadius: 4,
                      background: tag.color,
                    }}
                  />
                }
                data-testid="session-card-tag"
              >
                {tag.name}
              </Badge>
            ))}
            {session.languages.length > 0 && (
              <Badge
                size="xs"
                variant="default"
                aria-label={t('groups.card.languages', {
                  languages: session.languages.map((l) => t(`groups.card.language.${l}`)).join(', '),
                })}
                data-testid="session-card-languages"
              >
                {session.languages.map((l) => l.toUpperCase()).join(' · ')}
              </Badge>
            )}
          </Group>
        </Stack>
        <Stack gap={6} align="flex-end">
          {contributes && (
            <Group gap={4} wrap="nowrap">
              {(['bad', 'good'] as const).map((mood) => (
                <Tooltip key={mood} label={t(`groups.card.${mood}`, { name: session.name })}>
                  <ActionIcon
                    component={Link}
                    to={feelingInSession(location.search, session.id, mood)}
                    variant="subtle"
                    size={48}
                    radius="xl"
                    aria-label={t(`groups.card.${mood}`, { name: session.name })}
                    data-testid={`session-card-${mood}`}
                  >
                    <MoodFace mood={mood} />
                  </ActionIcon>
                </Tooltip>
              ))}
            </Group>
          )}
          {canEdit && (
            <Button
              component={Link}
              to={sessionSettingsPath(session.id)}
              size="compact-xs"
              variant="subtle"
              data-testid="session-card-settings"
            >
              {t('groups.card.settings')}
            </Button>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
