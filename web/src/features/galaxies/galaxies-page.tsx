import { Anchor, Avatar, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { FavoriteStar } from '../../components/favorite-star';
import { useAbility } from '../../lib/ability';
import { useMe } from '../../lib/me';
import { GALAXIES_ADMIN_PATH, galaxyPath } from './paths';

/** Page `/apps/galaxies` (spec 02 §2): the galaxies the member administers, from the start call. */
export default function GalaxiesPage() {
  const { t } = useTranslation();
  const me = useMe();
  const ability = useAbility();
  // Favourites first (spec 01 §2), each group in the server's order.
  const favourites = me.data?.profile.favoriteGalaxyIds ?? [];
  const all = me.data?.galaxies ?? [];
  const galaxies = [
    ...all.filter((g) => favourites.includes(g.id)),
    ...all.filter((g) => !favourites.includes(g.id)),
  ];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('galaxies.list.title')}</Title>
        {ability.can('manage', 'galaxy') && (
          <Anchor component={Link} to={GALAXIES_ADMIN_PATH} data-testid="galaxies-admin-link">
            {t('galaxies.list.admin')}
          </Anchor>
        )}
      </Group>
      {me.isPending ? (
        <Skeleton height={120} data-testid="galaxies-loading" />
      ) : me.isError ? (
        <ErrorState title={t('galaxies.list.loadError')} error={me.error} onRetry={() => void me.refetch()} />
      ) : galaxies.length === 0 ? (
        <Text c="dimmed" data-testid="galaxies-empty">
          {t('galaxies.list.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
          {galaxies.map((galaxy) => (
            <Card component="li" key={galaxy.id} withBorder data-testid="galaxy-card">
              <Group>
                <Avatar src={galaxy.photoUrl} alt="" radius="sm">
                  {galaxy.shortName.slice(0, 2)}
                </Avatar>
                <Stack gap={0} style={{ flex: 1 }}>
                  <Anchor component={Link} to={galaxyPath(galaxy.id)} fw={600}>
                    {galaxy.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {galaxy.shortName}
                  </Text>
                </Stack>
                <FavoriteStar kind="galaxy" id={galaxy.id} name={galaxy.name} />
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
