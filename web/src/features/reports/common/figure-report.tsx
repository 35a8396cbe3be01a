import type { ReactNode } from 'react';
import { Card, Skeleton, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';

/** What a report's figures cover: the closed weeks, from the first Monday to the last Sunday. */
export interface CoveredFigures {
  covered?: { first: string; last: string } | null | undefined;
  weeks: readonly unknown[];
}

/** A report whose period has closed weeks: the figures it shows cover them. */
export type Covered<R extends CoveredFigures> = R & { covered: { first: string; last: string } };

/** Whether a report has closed weeks in its period; without any it shows no figure at all. */
export const coversWeeks = <R extends CoveredFigures>(report: R): report is Covered<R> =>
  !!report.covered && report.weeks.length > 0;

/** The card a report shows when its period has no closed week. */
export function NoWeekCard({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid={testId}>
      <Text>{t('reports.empty.noWeek')}</Text>
    </Card>
  );
}

/**
 * A report's figures loaded by a query (spec 02 §2 report views): a skeleton while they load, the
 * error with a retry when they fail, the card that says so when the period has no closed week,
 * else the figures — each report's own view, with its chart and the table that says the same.
 * The test ids are `<testId>-loading`, `-error` and `-empty`.
 */
export function FigureReport<T, S extends T = T>({
  query,
  testId,
  loadingTestId = `${testId}-loading`,
  errorTitle,
  height = 320,
  refusal,
  covers,
  children,
}: {
  query: UseQueryResult<T>;
  testId: string;
  loadingTestId?: string;
  /** The error's title; by default "the report could not be loaded". */
  errorTitle?: string;
  height?: number;
  /** An error that is an answer, not a failure (strategies not enabled): what to show instead. */
  refusal?: (error: unknown) => ReactNode;
  /** Whether the loaded figures cover closed weeks (`coversWeeks`): else the empty card shows instead. */
  covers?: (data: T) => data is S;
  children: (data: S) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton height={height} data-testid={loadingTestId} />;
  if (query.isError)
    return (
      refusal?.(query.error) ?? (
        <ErrorState
          title={errorTitle ?? t('reports.page.loadError')}
          error={query.error}
          onRetry={() => void query.refetch()}
          testId={`${testId}-error`}
        />
      )
    );
  const data = query.data;
  if (!covers) return <>{children(data as S)}</>;
  if (!covers(data)) return <NoWeekCard testId={`${testId}-empty`} />;
  return <>{children(data)}</>;
}
