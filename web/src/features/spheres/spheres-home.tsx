import { Anchor, Badge, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../lib/ability';
import { useMe } from '../../lib/me';
import { FavoriteStar } from '../../components/favorite-star';
import { CREATE_SPHERE_PATH, spherePath } from './paths';

/** Home's spheres section (spec 01 §2 home: my spheres, favourites first), and a way to create one. */
export default function SpheresHome() {
  const { t } = useTranslation();
  const me = useMe();
  const ability = useAbility();
  if (me.isPending) return <Skeleton height={80} />;
  const favourites = new Set(me.data?.profile.favoriteSphereIds ?? []);
  const spheres = [...(me.data?.spheres ?? [])].sort(
    (a, b) => Number(favourites.has(b.id)) - Number(favourites.has(a.id)),
  );
  const canCreate = ability.can('post', 'sphere');
  if (spheres.length === 0 && !canCreate) return null;
  return (
    <Card withBorder component="section" aria-labelledby="home-spheres-title" data-testid="home-spheres">
      <Title order={2} size="h4" mb="xs" id="home-spheres-title">
        {t('spheres.home.title')}
      </Title>
      <Stack gap="xs">
        {spheres.length === 0 ? (
          <Text c="dimmed" data-testid="home-spheres-empty">
            {t('spheres.home.none')}
          </Text>
        ) : (
          <List spacing="xs" listStyleType="none" data-testid="home-spheres-list">
            {spheres.map((sphere) => (
              <List.Item key={sphere.id}>
                <Group gap="xs" wrap="wrap">
                  <FavoriteStar kind="sphere" id={sphere.id} name={sphere.name} />
                  <Anchor component={Link} to={spherePath(sphere.id)}>
                    {sphere.name}
                  </Anchor>
                  {(Array.isArray(sphere.roles) ? (sphere.roles as string[]) : []).map((role) => (
                    <Badge key={role} size="xs" variant="light">
                      {t(`spheres.roles.${role}`)}
                    </Badge>
                  ))}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        {canCreate && (
          <Group>
            <Button component={Link} to={CREATE_SPHERE_PATH} variant="light" data-testid="home-create-sphere">
              {t('spheres.home.create')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
