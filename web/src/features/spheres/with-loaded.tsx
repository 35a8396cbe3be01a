import type { ReactNode } from 'react';
import { Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from '../../components/error-state';
import { ApiError } from '../../lib/errors';

/**
 * Shows a page's resource once read: a skeleton while loading; the same "not available" notice for
 * one that does not exist or is not the caller's (403 and 404 alike, so nobody learns what
 * exists); an error with a retry otherwise.
 */
export function WithLoaded<T>({
  query,
  notAllowed,
  errorTitle,
  testId,
  children,
}: {
  query: UseQueryResult<T>;
  notAllowed: ReactNode;
  errorTitle: string;
  /** `<testId>-loading` and `<testId>-error`. */
  testId: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton height={160} data-testid={`${testId}-loading`} />;
  if (query.isError)
    return query.error instanceof ApiError && [403, 404].includes(query.error.status) ? (
      notAllowed
    ) : (
      <ErrorState
        title={errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        testId={`${testId}-error`}
      />
    );
  return children(query.data);
}
