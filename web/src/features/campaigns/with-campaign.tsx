import type { ReactNode } from 'react';
import { Alert, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Campaign } from '@shared/contracts/campaigns';
import { ErrorState } from '../../components/error-state';
import { ApiError } from '../../lib/errors';
import { useCampaign } from './api/campaigns';

/**
 * The campaign of the page's `:campaignId`, with its loading, missing, forbidden and failed states
 * before the page itself.
 */
export function WithCampaign({ children }: { children: (campaign: Campaign) => ReactNode }) {
  const { t } = useTranslation();
  const campaignId = useParams().campaignId ?? '';
  const campaign = useCampaign(campaignId);
  if (campaign.isPending) return <Skeleton height={320} data-testid="campaign-loading" />;
  if (campaign.isError) {
    const status = campaign.error instanceof ApiError ? campaign.error.status : 0;
    if (status === 404 || status === 403)
      return (
        <Alert color="gray" title={t('campaigns.page.unavailableTitle')} data-testid="campaign-unavailable">
          {t(status === 404 ? 'errors.not-found' : 'errors.campaign-forbidden')}
        </Alert>
      );
    return (
      <ErrorState
        title={t('campaigns.page.loadError')}
        error={campaign.error}
        onRetry={() => void campaign.refetch()}
        testId="campaign-error"
      />
    );
  }
  return <>{children(campaign.data)}</>;
}
