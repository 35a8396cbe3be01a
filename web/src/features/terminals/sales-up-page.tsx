import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { useSphere } from '../../lib/sphere';
import { TerminalsManager } from './terminals-settings-tab';

/**
 * A sphere's Sales-Up page (spec 01 §2 `/apps/spheres/{sphereId}/sales-up`): where its sales-up
 * members, who do not reach the sphere's settings, and its admins set up its terminals.
 */
export default function SalesUpPage() {
  const { t } = useTranslation();
  const sphereId = useParams().sphereId ?? '';
  const sphere = useSphere(sphereId);
  return (
    <Stack maw={960} mx="auto" data-testid="sales-up-page">
      <Title order={1}>{t('terminals.salesUp.title')}</Title>
      {sphere.isPending && <Loader aria-label={t('terminals.kiosk.loading')} />}
      {sphere.isError && (
        <ErrorState
          title={t('terminals.salesUp.loadError')}
          error={sphere.error}
          onRetry={() => void sphere.refetch()}
          testId="sales-up-error"
        />
      )}
      {sphere.data && (
        <>
          <Text>
            <Anchor component={Link} to={`/apps/spheres/${encodeURIComponent(sphere.data.id)}`}>
              {sphere.data.name}
            </Anchor>
          </Text>
          <TerminalsManager sphere={sphere.data} />
        </>
      )}
    </Stack>
  );
}
