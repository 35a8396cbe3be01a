import { useQuery } from '@tanstack/react-query';
import { createCampaignReport } from '@shared/contracts/campaign-reports';
import { getCampaign } from '@shared/contracts/campaigns';
import { callApi } from '../../../lib/api';

/**
 * The campaign a results page is about: its name, sphere, measures (titles, custom themes, tag and
 * profile questions) and default language.
 */
export function useReportCampaign(campaignId: string) {
  return useQuery({
    // The same key as the campaign's own page: one read serves both.
    queryKey: ['campaigns', 'one', campaignId],
    queryFn: ({ signal }) => callApi(getCampaign, { params: { campaignId }, signal }),
    retry: false,
    enabled: campaignId !== '',
  });
}

/** What a campaign's results are asked for: its cycles (all but the cancelled when absent) and tags. */
export interface CampaignReportAsk {
  campaignId: string;
  cycleIds?: string[] | undefined;
  tagIds: string[];
}

/**
 * A campaign's results (`POST /v1/campaigns/{campaignId}/reports`, decision 0035): cycle by cycle,
 * the figures of each step of the cycles that stopped collecting, for everyone asked or the people
 * under one or two tags. The previous answer stays while another group loads, so the page does not
 * jump back to a skeleton under the reader's hand.
 */
export function useCampaignReport(ask: CampaignReportAsk, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'campaign', ask.campaignId, ask.cycleIds ?? null, ask.tagIds],
    queryFn: ({ signal }) =>
      callApi(createCampaignReport, {
        params: { campaignId: ask.campaignId },
        body: { ...(ask.cycleIds ? { cycleIds: ask.cycleIds } : {}), tagIds: ask.tagIds },
        signal,
      }),
    placeholderData: (previous) => previous,
    retry: false,
    enabled,
  });
}
