import { AsyncLocalStorage } from 'node:async_hooks';
import { HEADER_QUOTA_ALERT } from '@shared/contracts/headers';

/**
 * What a request's work tells the client beside its answer, gathered while the handler runs and
 * sent as response headers by `functions/lib/http.ts`: today the galaxy quotas a create passed
 * the alert of (decision 0045), so every creating route says so without changing its answer.
 */
interface Notices {
  quotaAlerts: Set<string>;
}

const storage = new AsyncLocalStorage<Notices>();

/** Runs a request's handler with its notices; answers what it returned and the headers to add. */
export async function withNotices<T>(
  run: () => Promise<T>,
): Promise<{ result: T; headers: Record<string, string> }> {
  const notices: Notices = { quotaAlerts: new Set() };
  const result = await storage.run(notices, run);
  return { result, headers: noticeHeaders(notices) };
}

function noticeHeaders(notices: Notices): Record<string, string> {
  return notices.quotaAlerts.size ? { [HEADER_QUOTA_ALERT]: [...notices.quotaAlerts].sort().join(',') } : {};
}

/** Notes quotas past their alert for the answer of the request running (none outside one). */
export function noteQuotaAlerts(kinds: readonly string[]): void {
  const notices = storage.getStore();
  for (const kind of kinds) notices?.quotaAlerts.add(kind);
}
