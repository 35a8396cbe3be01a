import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notifyError } from '../components/notify';
import { reportBackgroundError } from '../features/shell';
import { ApiError } from '../lib/errors';

export { TOAST_DURATION_MS } from '../components/notify';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The screen shows this mutation's errors itself: no toast. */
      errorsShownInline?: boolean;
    };
  }
}

/** Client errors (4xx) will not pass on a retry; server and network failures might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * One query client per app. A query's first load shows its errors on the page (loading, empty and
 * error states); a failed background refresh of data already shown raises the global API-error
 * banner. Mutation errors reach the user once, as a toast, unless the screen shows them inline.
 * Every error is logged.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        console.error(error);
        // A 401 already sends the user to the sign-in page.
        if (error instanceof ApiError && error.status === 401) return;
        if (query.state.data !== undefined) reportBackgroundError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorsShownInline) {
          console.error(error);
          return;
        }
        notifyError(error);
      },
    }),
  });
}
