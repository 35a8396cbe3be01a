import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../lib/ability';
import type { PlaceSectionProps } from '../../lib/place-extensions';
import { engagementUpPath } from './paths';

/**
 * On a sphere's page, for those who change its settings and while Engagement-Up is active (spec 02
 * §6: the section needs that entitlement): the way to its Engagement-Up page.
 */
export default function EngagementUpCard({ place }: PlaceSectionProps) {
  const { t } = useTranslation();
  const ability = useAbility();
  if (place.kind !== 'sphere') return null;
  const sphere = place.sphere;
  if (!sphere.entitlements.engagementUp.active) return null;
  if (!ability.can('put', subject('sphere', { sphereId: sphere.id }))) return null;
  return (
    <Card withBorder data-testid="engagement-up-card">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('entitlements.card.title')}
        </Title>
        <Text size="sm">{t('entitlements.card.body')}</Text>
        <Anchor component={Link} to={engagementUpPath(sphere.id)} data-testid="engagement-up-card-link">
          {t('entitlements.card.open')}
        </Anchor>
      </Stack>
    </Card>
  );
}
