import { Button, Card, Group, NumberInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalaxyQuota } from '@shared/contracts/galaxies';
import { QUOTA_FAMILIES } from '@shared/domain/galaxies';
import { ErrorState } from '../../components/error-state';
import { listStatus } from '../../components/list-status';
import { notifyError, notifySuccess } from '../../components/notify';
import { useAbility } from '../../lib/ability';
import { quotaKindName } from '../../lib/quota-kinds';
import { useGalaxyQuotaRequests, useGalaxyQuotas, useSetGalaxyQuota } from './api/galaxies';
import { QuotaRequestTable } from './quota-requests';
import { QuotaGauge } from './quota-row';
import { RequestDialog } from './request-dialog';

function SetValue({ galaxyId, quota }: { galaxyId: string; quota: GalaxyQuota }) {
  const { t } = useTranslation();
  const set = useSetGalaxyQuota(galaxyId);
  const [value, setValue] = useState<string | number>(quota.value ?? '');
  const name = quotaKindName(quota.kind, t);
  return (
    <Group gap="xs" align="flex-end">
      <NumberInput
        size="xs"
        w={120}
        min={0}
        allowDecimal={false}
        label={t('galaxies.quotas.setLabel', { name })}
        value={value}
        onChange={setValue}
      />
      <Button
        size="xs"
        variant="outline"
        loading={set.isPending}
        onClick={() =>
          set.mutate(
            { kind: quota.kind, value: value === '' ? null : Number(value) },
            { onSuccess: () => notifySuccess('galaxies.quotas.saved'), onError: (e) => notifyError(e) },
          )
        }
        data-testid="quota-set"
      >
        {t('galaxies.quotas.set')}
      </Button>
    </Group>
  );
}

/** Tab "quotas" (spec 02 §2, §3 Galaxy quota, §4): every quota by family, and the requests. */
export function GalaxyQuotasTab({ galaxyId }: { galaxyId: string }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const superAdmin = ability.can('manage', 'galaxy');
  const canRequest = ability.can('put', 'galaxy') || superAdmin;
  const quotas = useGalaxyQuotas(galaxyId);
  const requests = useGalaxyQuotaRequests(galaxyId);
  const [asked, setAsked] = useState<GalaxyQuota | undefined>();
  const requestsStatus = listStatus(requests, {
    loadError: t('galaxies.requests.loadError'),
    empty: t('galaxies.requests.empty'),
    skeletonHeight: 80,
    testIds: { empty: 'requests-empty' },
  });
  return (
    <Stack>
      {quotas.isPending ? (
        <Skeleton height={240} data-testid="quotas-loading" />
      ) : quotas.isError ? (
        <ErrorState
          title={t('galaxies.quotas.loadError')}
          error={quotas.error}
          onRetry={() => void quotas.refetch()}
          testId="quotas-error"
        />
      ) : (
        QUOTA_FAMILIES.map((family) => {
          const rows = quotas.data.filter((q) => q.family === family);
          if (rows.length === 0) return null;
          return (
            <section key={family} aria-labelledby={`family-${family}`}>
              <Title order={2} size="h3" id={`family-${family}`} mb="xs">
                {t(`galaxies.quotas.families.${family}`)}
              </Title>
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {rows.map((quota) => {
                  const name = quotaKindName(quota.kind, t);
                  return (
                    <Card component="li" withBorder key={quota.kind} data-testid={`quota-${quota.kind}`}>
                      <Group justify="space-between" align="flex-start" wrap="wrap">
                        <Stack gap={2} style={{ flex: '1 1 220px' }}>
                          <Text fw={600}>{name}</Text>
                          <Text size="sm" data-testid="quota-value">
                            {t('galaxies.quotas.value')} :{' '}
                            {quota.value === undefined ? t('galaxies.quotas.noLimit') : quota.value}
                          </Text>
                          <Text size="sm" data-testid="quota-usage">
                            {t('galaxies.quotas.usage')} :{' '}
                            {quota.counted ? quota.usage : t('galaxies.quotas.notCounted')}
                          </Text>
                          {quota.requestedValue !== undefined && (
                            <Text size="sm" data-testid="quota-requested">
                              {t('galaxies.quotas.pending', { value: quota.requestedValue })}
                            </Text>
                          )}
                        </Stack>
                        <Stack gap={4} style={{ flex: '1 1 200px' }}>
                          <QuotaGauge quota={quota} />
                        </Stack>
                        <Stack gap={4}>
                          {canRequest && (
                            <Button
                              size="xs"
                              variant="light"
                              onClick={() => setAsked(quota)}
                              aria-label={t('galaxies.quotas.requestFor', { name })}
                              data-testid="quota-request-button"
                            >
                              {t('galaxies.quotas.request')}
                            </Button>
                          )}
                          {superAdmin && <SetValue galaxyId={galaxyId} quota={quota} />}
                        </Stack>
                      </Group>
                    </Card>
                  );
                })}
              </Stack>
            </section>
          );
        })
      )}
      <Title order={2} size="h3">
        {t('galaxies.requests.history')}
      </Title>
      {requestsStatus ?? (
        <QuotaRequestTable
          requests={requests.data?.items ?? []}
          galaxyId={galaxyId}
          canDecide={superAdmin}
          canDelete={canRequest}
        />
      )}
      <RequestDialog galaxyId={galaxyId} quota={asked} onClose={() => setAsked(undefined)} />
    </Stack>
  );
}
