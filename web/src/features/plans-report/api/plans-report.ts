import { useQuery } from '@tanstack/react-query';
import { getSubscriptionsReport } from '@shared/contracts/subscriptions';
import type { LicenceReportInterval } from '@shared/domain/licence-history';
import { callApi } from '../../../lib/api';

/** GET /v1/users/subscriptions/report: the plans held now and what each period changed. */
export function usePlansReport(query: { from?: string; interval: LicenceReportInterval }, enabled = true) {
  return useQuery({
    queryKey: ['plans-report', query] as const,
    queryFn: ({ signal }) => callApi(getSubscriptionsReport, { query, signal }),
    enabled,
  });
}
