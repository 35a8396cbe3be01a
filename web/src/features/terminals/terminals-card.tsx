import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SphereRole } from '@shared/domain/spheres';
import { mayManageTerminals, takesTerminalFeelings } from '@shared/domain/terminals';
import { useMe } from '../../lib/me';
import type { PlaceSectionProps } from '../../lib/place-extensions';
import { salesUpPath } from './paths';

/** On a sphere's page, for those who set up its terminals: the way to its Sales-Up page. */
export default function TerminalsCard({ place }: PlaceSectionProps) {
  const { t } = useTranslation();
  const me = useMe();
  if (place.kind !== 'sphere') return null;
  const sphere = place.sphere;
  const roles = (me.data?.members.find((m) => m.sphereId === sphere.id)?.roles ?? []) as SphereRole[];
  if (!takesTerminalFeelings(sphere) || !mayManageTerminals(roles, sphere)) return null;
  return (
    <Card withBorder data-testid="terminals-card">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('terminals.card.title')}
        </Title>
        <Text size="sm">{t('terminals.card.body')}</Text>
        <Anchor component={Link} to={salesUpPath(sphere.id)} data-testid="terminals-card-link">
          {t('terminals.card.open')}
        </Anchor>
      </Stack>
    </Card>
  );
}
