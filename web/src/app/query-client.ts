import { MutationCache, QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import i18n from '../i18n';
import { ApiError, errorMessages } from '../lib/errors';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The screen shows this mutation's errors itself: no toast. */
      errorsShownInline?: boolean;
    };
  }
}

/** Toasts last 5000 ms by default (spec 01 §9). */
export const TOAST_DURATION_MS = 5000;

/** Client errors (4xx) will not pass on a retry; server and network failures might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * One query client per app. Queries show their errors on the page (loading, empty and error
 * states); mutation errors reach the user once, as a toast, unless the screen shows them inline.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorsShownInline) return;
        notifications.show({
          color: 'red',
          message: errorMessages(error, i18n.t),
          autoClose: TOAST_DURATION_MS,
        });
      },
    }),
  });
}
