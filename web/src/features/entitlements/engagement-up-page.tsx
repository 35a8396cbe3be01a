import { Alert, Anchor, Badge, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Sphere } from '@shared/contracts/spheres';
import { CAMPAIGN_TEMPLATES } from '@shared/domain/campaigns';
import { campaignTemplatesOffered } from '@shared/domain/entitlements';
import { ErrorState } from '../../components/error-state';
import { useAbility } from '../../lib/ability';
import { useSphere } from '../../lib/sphere';
import { entitlementsTabPath } from './paths';

/**
 * A sphere's Engagement-Up page (spec 01 §2, spec 02 §2 `/apps/spheres/{sphereId}/engagement-up`):
 * a section of its settings, for those who change them (`put` on the sphere), shown only while its
 * Engagement-Up entitlement is active (decision 0047). It gathers the campaign templates the
 * sphere's campaigns are offered, and says what remote voting and review customisation are today:
 * not in the product yet, so nothing is shown as if it were.
 */
export default function EngagementUpPage() {
  const { t } = useTranslation();
  const sphereId = useParams().sphereId ?? '';
  const sphere = useSphere(sphereId);
  return (
    <Stack maw={860} mx="auto" data-testid="engagement-up-page">
      <Title order={1}>{t('entitlements.engagementUp.title')}</Title>
      {sphere.isPending && <Loader aria-label={t('entitlements.engagementUp.loading')} />}
      {sphere.isError && (
        <ErrorState
          title={t('entitlements.engagementUp.loadError')}
          error={sphere.error}
          onRetry={() => void sphere.refetch()}
          testId="engagement-up-error"
        />
      )}
      {sphere.data && <EngagementUp sphere={sphere.data} />}
    </Stack>
  );
}

function EngagementUp({ sphere }: { sphere: Sphere }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const back = (
    <Text>
      <Anchor component={Link} to={`/apps/spheres/${encodeURIComponent(sphere.id)}`}>
        {sphere.name}
      </Anchor>
    </Text>
  );
  if (!ability.can('put', subject('sphere', { sphereId: sphere.id })))
    return (
      <>
        {back}
        <Text c="dimmed" data-testid="engagement-up-forbidden">
          {t('entitlements.engagementUp.forbidden')}
        </Text>
      </>
    );
  if (!sphere.entitlements.engagementUp.active)
    return (
      <>
        {back}
        <Alert color="gray" title={t('entitlements.engagementUp.offTitle')} data-testid="engagement-up-off">
          <Stack gap="xs">
            <Text size="sm">{t('entitlements.engagementUp.off')}</Text>
            <Anchor component={Link} to={entitlementsTabPath(sphere.id)} size="sm">
              {t('entitlements.engagementUp.toEntitlements')}
            </Anchor>
          </Stack>
        </Alert>
      </>
    );
  const offered = new Set(campaignTemplatesOffered(sphere.entitlements));
  const templatesOn = sphere.entitlements.engagementUp.campaignTemplatesAvailable;
  return (
    <>
      {back}
      <Text size="sm">{t('entitlements.engagementUp.intro')}</Text>
      <Card withBorder component="section" aria-labelledby="eu-templates-title" data-testid="eu-templates">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} size="h4" id="eu-templates-title">
              {t('entitlements.engagementUp.templates.title')}
            </Title>
            <Badge
              {...(templatesOn ? { variant: 'outline' } : { color: 'gray', variant: 'light' })}
              data-testid="eu-templates-state"
            >
              {t(templatesOn ? 'entitlements.available' : 'entitlements.unavailable')}
            </Badge>
          </Group>
          <Text size="sm">
            {t(
              templatesOn
                ? 'entitlements.engagementUp.templates.on'
                : 'entitlements.engagementUp.templates.off',
            )}
          </Text>
          <List size="sm" data-testid="eu-templates-list">
            {CAMPAIGN_TEMPLATES.map((template) => (
              <List.Item key={template} data-testid={`eu-template-${template}`}>
                {t('entitlements.engagementUp.templates.item', {
                  name: t(`entitlements.templates.${template}`),
                  state: t(
                    offered.has(template)
                      ? 'entitlements.engagementUp.templates.offered'
                      : 'entitlements.engagementUp.templates.notOffered',
                  ),
                })}
              </List.Item>
            ))}
          </List>
        </Stack>
      </Card>
      {(['remoteVoting', 'reviewCustomisation'] as const).map((part) => (
        <Card
          withBorder
          component="section"
          aria-labelledby={`eu-${part}-title`}
          key={part}
          data-testid={`eu-${part}`}
        >
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={2} size="h4" id={`eu-${part}-title`}>
                {t(`entitlements.engagementUp.${part}.title`)}
              </Title>
              <Badge color="gray" variant="light">
                {t('entitlements.engagementUp.notYet')}
              </Badge>
            </Group>
            <Text size="sm">{t(`entitlements.engagementUp.${part}.body`)}</Text>
          </Stack>
        </Card>
      ))}
      <Anchor component={Link} to={entitlementsTabPath(sphere.id)} size="sm">
        {t('entitlements.engagementUp.toEntitlements')}
      </Anchor>
    </>
  );
}
