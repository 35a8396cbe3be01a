import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import type { Sphere } from '@shared/contracts/spheres';
import { ErrorState } from '../../components/error-state';
import { useAbility } from '../../lib/ability';
import type { SettingsTabProps } from '../../lib/place-extensions';
import { useSphereLicences } from './api/licences';
import { LicenceModeSection } from './licence-mode';
import { LicencesTable } from './licences-table';
import { LicenceReport } from './licence-report';

/**
 * The Licences tab of a sphere's settings (spec 02 §4, §7): for those who manage the sphere (its
 * admins, a super-admin), the licence mode and the table of counts per tier. Others who reach the
 * settings are told the tab is its admins', and nothing is asked of the server.
 */
export default function LicencesTab({ place }: SettingsTabProps) {
  if (place.kind !== 'sphere') return null;
  return <SphereLicences sphere={place.sphere} />;
}

function SphereLicences({ sphere }: { sphere: Sphere }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const allowed = ability.can('manage', subject('sphere', { sphereId: sphere.id }));
  const licences = useSphereLicences(sphere.id, allowed);

  if (!allowed)
    return (
      <Alert color="gray" title={t('licences.notAllowedTitle')} data-testid="licences-not-allowed">
        <Text size="sm">{t('licences.notAllowed')}</Text>
      </Alert>
    );
  if (licences.isPending)
    return (
      <Stack gap="sm" data-testid="licences-loading" aria-busy="true">
        <Skeleton height={72} />
        <Skeleton height={220} />
      </Stack>
    );
  if (licences.isError)
    return (
      <ErrorState
        title={t('licences.loadError')}
        error={licences.error}
        onRetry={() => void licences.refetch()}
        testId="licences-error"
      />
    );
  return (
    <Stack gap="lg" data-testid="licences-tab">
      <Text size="sm">{t('licences.intro')}</Text>
      <LicenceModeSection sphereId={sphere.id} mode={licences.data.mode} />
      <LicencesTable sphere={sphere} licences={licences.data.licences} />
      <LicenceReport sphereId={sphere.id} sphereName={sphere.name} />
    </Stack>
  );
}
