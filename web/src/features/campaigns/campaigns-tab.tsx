import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { listStatus } from '../../components/list-status';
import { formatDate } from '../../lib/dates';
import { useAbility } from '../../lib/ability';
import { overlaySearch } from '../../lib/overlays';
import type { SettingsTabProps } from '../../lib/place-extensions';
import { useSphereCampaigns } from './api/campaigns';
import { StatusBadge } from './parts';
import { CAMPAIGN_OVERLAY, campaignPath } from './paths';

/**
 * The Campaigns tab of a sphere's settings (`?tab=campaigns`, spec 02 §2 campaign admin): the
 * sphere's campaigns with their list and preparation statuses and dates, for those who may read
 * them; "New campaign" opens the `campaign` overlay for those who may create one.
 */
export default function CampaignsTab({ place }: SettingsTabProps) {
  const { t } = useTranslation();
  const ability = useAbility();
  const navigate = useNavigate();
  const location = useLocation();
  const sphereId = place.kind === 'sphere' ? place.sphere.id : place.session.sphereId;
  const canRead = ability.can('get', subject('campaign', { sphereId }));
  const canCreate = ability.can('post', subject('campaign', { sphereId }));
  const list = useSphereCampaigns(sphereId, canRead);

  const openCreation = () => {
    const params = new URLSearchParams(overlaySearch(location.search, CAMPAIGN_OVERLAY));
    params.set('sphereId', sphereId);
    void navigate({ pathname: location.pathname, search: `?${params.toString()}` });
  };
  const date = (iso: string | undefined) => (iso ? formatDate(iso) : t('campaigns.list.noDate'));

  const status = listStatus(list, {
    loadError: t('campaigns.list.loadError'),
    empty: t('campaigns.list.empty'),
    skeletonHeight: 120,
    testIds: { loading: 'campaigns-loading', error: 'campaigns-error', empty: 'campaigns-empty' },
  });
  let body;
  if (!canRead)
    body = (
      <Text c="dimmed" data-testid="campaigns-forbidden">
        {t('errors.campaign-forbidden')}
      </Text>
    );
  else if (status || !list.data) body = status;
  else
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table data-testid="campaigns-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('campaigns.list.name')}</Table.Th>
              <Table.Th>{t('campaigns.list.status')}</Table.Th>
              <Table.Th>{t('campaigns.list.preparation')}</Table.Th>
              <Table.Th>{t('campaigns.list.start')}</Table.Th>
              <Table.Th>{t('campaigns.list.end')}</Table.Th>
              <Table.Th>{t('campaigns.list.cycles')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((c) => (
              <Table.Tr key={c.campaignId} data-testid={`campaign-row-${c.campaignId}`}>
                <Table.Td>
                  <Anchor component={Link} to={campaignPath(c.campaignId)}>
                    {c.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <StatusBadge kind="campaign" status={c.status} testId={`campaign-status-${c.campaignId}`} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge
                    kind="preparation"
                    status={c.preparationStatus}
                    testId={`campaign-preparation-${c.campaignId}`}
                  />
                </Table.Td>
                <Table.Td>{date(c.start)}</Table.Td>
                <Table.Td>{date(c.end)}</Table.Td>
                <Table.Td data-testid={`campaign-cycles-${c.campaignId}`}>{c.cyclesCount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack data-testid="campaigns-tab">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('campaigns.list.title')}
        </Title>
        {canCreate && (
          <Button onClick={openCreation} data-testid="campaign-new">
            {t('campaigns.list.new')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('campaigns.list.intro')}
      </Text>
      {body}
    </Stack>
  );
}
