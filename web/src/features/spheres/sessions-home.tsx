import { Card, SimpleGrid, Skeleton, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sessionsOf, useMe, useMySessions } from '../../lib/me';
import { SessionCard } from './session-card';

/**
 * Home's groups and sessions (spec 01 §2 home: my groups and sessions, favourites first): a card
 * for each, with the smileys of the groups the person contributes to. Absent until they are in one.
 */
export default function SessionsHome() {
  const { t } = useTranslation();
  const me = useMe();
  const mine = useMySessions();
  if (me.isPending || mine.isPending) return <Skeleton height={80} />;
  const favourites = new Set(me.data?.profile.favoriteSessionIds ?? []);
  const sessions = [...sessionsOf(mine.data)].sort(
    (a, b) => Number(favourites.has(b.id)) - Number(favourites.has(a.id)),
  );
  if (sessions.length === 0) return null;
  return (
    <Card withBorder component="section" aria-labelledby="home-sessions-title" data-testid="home-sessions">
      <Title order={2} size="h4" mb="xs" id="home-sessions-title">
        {t('groups.home.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {sessions.map((session) => (
          <SessionCard key={session.id} session={session} />
        ))}
      </SimpleGrid>
    </Card>
  );
}
