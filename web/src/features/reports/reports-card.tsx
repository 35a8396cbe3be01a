import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../lib/ability';
import type { PlaceSectionProps } from '../../lib/place-extensions';
import { sphereReportPath } from './paths';

/**
 * On a sphere's page, for those who may read its reports (smartReport, its admins; spec 01 §6 menu
 * rules): the way to its feelings report. Nothing for anyone else.
 */
export default function ReportsCard({ place }: PlaceSectionProps) {
  const { t } = useTranslation();
  const ability = useAbility();
  if (place.kind !== 'sphere') return null;
  const sphereId = place.sphere.id;
  if (!ability.can('smartReport', subject('sphere', { sphereId }))) return null;
  return (
    <Card withBorder component="section" aria-labelledby="reports-card-title" data-testid="reports-card">
      <Stack gap="xs">
        <Title order={2} size="h4" id="reports-card-title">
          {t('reports.card.title')}
        </Title>
        <Text size="sm">{t('reports.card.body')}</Text>
        <Anchor component={Link} to={sphereReportPath(sphereId)} data-testid="reports-card-link">
          {t('reports.card.open')}
        </Anchor>
      </Stack>
    </Card>
  );
}
