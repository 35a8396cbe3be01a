import { Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GalaxyQuota } from '@shared/contracts/galaxies';
import { quotaKindName } from '../../lib/quota-kinds';

/** A quota's state in words and an accessible bar: colour is never the only signal (spec 02 §8). */
export function QuotaGauge({ quota }: { quota: GalaxyQuota }) {
  const { t } = useTranslation();
  const name = quotaKindName(quota.kind, t);
  const state = t(`galaxies.quotas.states.${quota.state}`);
  if (!quota.counted) return <Text size="sm">{t('galaxies.quotas.notCounted')}</Text>;
  return (
    <>
      <Text size="sm" data-testid="quota-state">
        {quota.value === undefined ? '' : `${quota.percentage} % · `}
        {state}
      </Text>
      {quota.value !== undefined && (
        <Progress.Root>
          <Progress.Section
            value={Math.min(quota.percentage, 100)}
            color={quota.state === 'blocked' ? 'red' : quota.state === 'alert' ? 'orange' : 'teal'}
            aria-label={t('galaxies.quotas.gauge', { name, percentage: quota.percentage, state })}
            data-testid="quota-progress"
          />
        </Progress.Root>
      )}
    </>
  );
}
