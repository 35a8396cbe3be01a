import type { ReactNode } from 'react';
import { Skeleton, Text } from '@mantine/core';
import { ErrorState } from './error-state';

/** What a list's query gives: loading, failed, or its items. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: { items: readonly unknown[] } | undefined;
  refetch: () => unknown;
}

export interface ListStatusOptions {
  /** The title of the failure, with its retry. */
  loadError: string;
  /** Said when the list is empty. */
  empty: string;
  /** Height of the placeholder while loading. */
  skeletonHeight: number;
  testIds?: { loading?: string; error?: string; empty?: string };
}

/**
 * A list's three states before its items: a placeholder while loading, the failure with a retry,
 * and the sentence of an empty list; `null` once there are items to show.
 */
export function listStatus(query: ListQuery, options: ListStatusOptions): ReactNode | null {
  const ids = options.testIds ?? {};
  if (query.isPending) return <Skeleton height={options.skeletonHeight} data-testid={ids.loading} />;
  if (query.isError)
    return (
      <ErrorState
        title={options.loadError}
        error={query.error}
        onRetry={() => void query.refetch()}
        testId={ids.error}
      />
    );
  if (!query.data || query.data.items.length === 0)
    return (
      <Text c="dimmed" data-testid={ids.empty}>
        {options.empty}
      </Text>
    );
  return null;
}
