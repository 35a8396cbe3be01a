import { Avatar, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { useGalaxy } from './api/galaxies';
import { GalaxyContextTab } from './galaxy-context-tab';
import { GalaxyMembersTab } from './galaxy-members-tab';
import { GalaxyQuotasTab } from './galaxy-quotas-tab';
import { GalaxyReportTab } from './galaxy-report-tab';
import { GalaxySignageTab } from './galaxy-signage-tab';
import { GalaxySpheresTab } from './galaxy-spheres-tab';
import { GALAXY_TABS, galaxyPath, type GalaxyTab } from './paths';

/** Pages `/apps/galaxy/{galaxyId}/{tab}` (spec 02 §2): a shared header and the galaxy's tabs. */
export default function GalaxyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { galaxyId = '', tab = 'quotas' } = useParams();
  const galaxy = useGalaxy(galaxyId);
  if (!(GALAXY_TABS as readonly string[]).includes(tab))
    return <Navigate to={galaxyPath(galaxyId)} replace />;
  const current = tab as GalaxyTab;
  if (galaxy.isPending) return <Skeleton height={200} data-testid="galaxy-loading" />;
  if (galaxy.isError)
    return (
      <ErrorState
        title={t('galaxies.galaxy.loadError')}
        error={galaxy.error}
        onRetry={() => void galaxy.refetch()}
        testId="galaxy-error"
      />
    );
  const data = galaxy.data;
  return (
    <Stack>
      <Group>
        <Avatar src={data.photoUrl} alt="" radius="sm" size="lg">
          {data.shortName.slice(0, 2)}
        </Avatar>
        <Stack gap={0}>
          <Title order={1} data-testid="galaxy-title">
            {data.name}
          </Title>
          <Text c="dimmed">{data.shortName}</Text>
        </Stack>
      </Group>
      <Tabs
        value={current}
        onChange={(value) => value && void navigate(galaxyPath(galaxyId, value as GalaxyTab))}
        keepMounted={false}
      >
        <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {GALAXY_TABS.map((id) => (
            <Tabs.Tab key={id} value={id} data-testid={`galaxy-tab-${id}`}>
              {t(`galaxies.tabs.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={current} pt="md">
          {current === 'signage' && <GalaxySignageTab galaxy={data} />}
          {current === 'quotas' && <GalaxyQuotasTab galaxyId={galaxyId} />}
          {current === 'members' && <GalaxyMembersTab galaxyId={galaxyId} />}
          {current === 'spheres' && <GalaxySpheresTab galaxyId={galaxyId} />}
          {current === 'report' && <GalaxyReportTab galaxyId={galaxyId} />}
          {current === 'context' && <GalaxyContextTab galaxyId={galaxyId} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
