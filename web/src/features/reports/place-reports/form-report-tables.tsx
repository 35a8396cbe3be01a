import { useMemo } from 'react';
import { Box, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/contracts/headers';
import { Chart } from '../../../lib/chart';
import { formFigureColumnCount, type FormCell, type FormColumn, type FormRow } from '../exports/form-export';
import {
  questionHeader,
  resultHeader,
  scaleText,
  type QuestionDetail,
  type ResultDetail,
} from '../exports/form-details';
import { resultAverages } from '../common/report-chart';
import { ReportTable, Withheld } from '../common/report-parts';
import { round2 } from '../exports/report-export';

/** An average of a form's scale, to two decimals; a dash when the period has none. */
const averageText = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : round2(n).toFixed(2);

/** The whole period question by question: answers, average and each value's or choice's count. */
export function QuestionTable({ details }: { details: QuestionDetail[] }) {
  const { t } = useTranslation();
  const header = questionHeader(t);
  if (details.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="form-report-no-question">
        {t('reports.forms.noQuestion')}
      </Text>
    );
  return (
    <ReportTable
      caption={t('reports.forms.questionsTitle')}
      columns={header}
      minWidth={640}
      testId="form-report-questions"
    >
      <Table.Tbody>
        {details.map((question) => (
          <Table.Tr key={question.answerId} data-testid={`form-report-question-${question.answerId}`}>
            <Table.Th scope="row" fw={500}>
              {question.title}
            </Table.Th>
            {question.shown ? (
              <>
                <Table.Td>{question.answers}</Table.Td>
                <Table.Td data-testid={`form-report-average-${question.answerId}`}>
                  {averageText(question.average)}
                </Table.Td>
                <Table.Td>
                  <Box component="ul" m={0} pl="md">
                    {question.distribution.map((v, i) => (
                      <li key={i}>
                        <Text size="sm" span>
                          {t('reports.forms.share', { label: v.label, count: v.count, share: v.share })}
                        </Text>
                      </li>
                    ))}
                  </Box>
                </Table.Td>
              </>
            ) : (
              <Table.Td colSpan={3} data-testid={`form-report-question-hidden-${question.answerId}`}>
                <Withheld>{question.reason}</Withheld>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ReportTable>
  );
}

/** The form's additional results over the whole period: a chart of their averages and its table. */
export function ResultsCard({ details, language }: { details: ResultDetail[]; language: Language }) {
  const { t } = useTranslation();
  const header = resultHeader(t);
  const shown = useMemo(() => details.flatMap((d) => (d.shown ? [d] : [])), [details]);
  const chart = useMemo(() => resultAverages(shown), [shown]);
  return (
    <Card withBorder component="section" aria-labelledby="form-report-results-title">
      <Title order={2} size="h4" id="form-report-results-title" mb="xs">
        {t('reports.forms.resultsTitle')}
      </Title>
      {details.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="form-report-no-result">
          {t('reports.forms.noResult')}
        </Text>
      ) : (
        <Stack>
          {shown.length > 0 && (
            <Chart
              option={chart}
              label={t('reports.forms.chart', { count: shown.length })}
              height={Math.max(140, 48 + shown.length * 36)}
              testId="form-report-chart"
            />
          )}
          <ReportTable
            caption={t('reports.forms.resultsTitle')}
            columns={header}
            minWidth={560}
            testId="form-report-results"
          >
            <Table.Tbody>
              {details.map((result) => (
                <Table.Tr key={result.resultId} data-testid={`form-report-result-${result.resultId}`}>
                  <Table.Th scope="row" fw={500}>
                    {result.title}
                  </Table.Th>
                  {result.shown ? (
                    <>
                      <Table.Td>{result.answers}</Table.Td>
                      <Table.Td>{averageText(result.average)}</Table.Td>
                      <Table.Td>{scaleText(result, language) || '—'}</Table.Td>
                    </>
                  ) : (
                    <Table.Td colSpan={3} data-testid={`form-report-result-hidden-${result.resultId}`}>
                      <Withheld>{result.reason}</Withheld>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ReportTable>
        </Stack>
      )}
    </Card>
  );
}

export function Cell({ cell }: { cell: FormCell }) {
  if (typeof cell === 'string')
    return (
      <Table.Td>
        <Withheld>{cell}</Withheld>
      </Table.Td>
    );
  return <Table.Td>{averageText(cell)}</Table.Td>;
}

export function FormRowCells({ row, columns }: { row: FormRow; columns: readonly FormColumn[] }) {
  if (!row.shown)
    return (
      <Table.Td colSpan={formFigureColumnCount(columns)} data-testid={`form-report-hidden-${row.key}`}>
        <Withheld>{row.reason}</Withheld>
      </Table.Td>
    );
  return (
    <>
      <Table.Td>{row.people}</Table.Td>
      <Table.Td>{row.answers}</Table.Td>
      {row.cells.map((cell, i) => (
        <Cell key={columns[i]?.id ?? i} cell={cell} />
      ))}
    </>
  );
}

/** One row per period, then the whole period: people, surveys and each average; what the files hold. */
export function FormSeriesTable({
  caption,
  header,
  columns,
  rows,
  total,
}: {
  caption: string;
  header: string[];
  columns: readonly FormColumn[];
  rows: FormRow[];
  total: FormRow | undefined;
}) {
  return (
    <ReportTable
      caption={caption}
      columns={header}
      minWidth={Math.max(560, 260 + columns.length * 140)}
      testId="form-report-table"
    >
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key} data-testid={`form-report-row-${row.key}`}>
            <Table.Th scope="row">{row.label}</Table.Th>
            <FormRowCells row={row} columns={columns} />
          </Table.Tr>
        ))}
      </Table.Tbody>
      {total && (
        <Table.Tfoot>
          <Table.Tr data-testid={`form-report-row-${total.key}`}>
            <Table.Th scope="row">{total.label}</Table.Th>
            <FormRowCells row={total} columns={columns} />
          </Table.Tr>
        </Table.Tfoot>
      )}
    </ReportTable>
  );
}
