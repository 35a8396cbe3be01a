import { useMemo } from 'react';
import { Badge, Box, Group, Progress, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ASSESSMENT_LEVELS } from '@shared/domain/strategies';
import { Chart } from '../../../lib/chart';
import { round2 } from '../exports/report-export';
import { ReportTable, Withheld } from '../common/report-parts';
import {
  averageWithLevel,
  levelName,
  strategyAverages,
  strategyFigureColumnCount,
  type StrategyCell,
  type StrategyDetail,
  type StrategyRow,
} from '../exports/strategy-export';
import type { AssessmentLevel } from '@shared/domain/strategies';

/** Each level's colour in a distribution bar, from very unhappy to very happy; its count is also text. */
const LEVEL_COLORS: Record<AssessmentLevel, string> = {
  veryUnhappy: 'red.8',
  unhappy: 'orange.7',
  neutral: 'gray.6',
  happy: 'teal.7',
  veryHappy: 'green.9',
};

/** An average to two decimals; a dash when there is none. */
export const averageText = (n: number | null) => (n === null ? '—' : round2(n).toFixed(2));

/** The item's name in its row: indented by its depth, its depth also said in words. */
export function ItemHeader({ detail }: { detail: StrategyDetail }) {
  const { t } = useTranslation();
  return (
    <Table.Th
      scope="row"
      fw={500}
      style={{ paddingLeft: `calc(var(--mantine-spacing-sm) + ${detail.indent * 1.25}rem)` }}
    >
      <Stack gap={2} align="flex-start">
        <Text size="sm" fw={500} span>
          {detail.title}
          <VisuallyHidden>{`, ${t('reports.strategy.outlineLevel', { level: detail.indent + 1 })}`}</VisuallyHidden>
        </Text>
        <Group gap={6}>
          <Text size="xs" c="gray.7" span>
            {detail.typeName}
          </Text>
          {detail.isHidden && (
            <Badge
              size="xs"
              variant="light"
              color="gray"
              c="gray.9"
              data-testid={`strategy-report-hidden-item-${detail.id}`}
            >
              {t('reports.strategy.hiddenFromMembers')}
            </Badge>
          )}
        </Group>
      </Stack>
    </Table.Th>
  );
}

/** The count of each level as a stacked bar (each part named) and as text. */
export function Distribution({ detail }: { detail: Extract<StrategyDetail, { shown: true }> }) {
  const { t } = useTranslation();
  const text = detail.levels.map((l) =>
    t('reports.strategy.segment', { level: l.label, count: l.count, share: l.share }),
  );
  return (
    <Stack gap={4} miw={200}>
      {detail.answers > 0 && (
        <Progress.Root
          role="group"
          size="lg"
          aria-label={t('reports.strategy.distributionLabel', { count: detail.answers, title: detail.title })}
        >
          {detail.levels.map((l, i) =>
            l.count > 0 ? (
              <Progress.Section
                key={l.level}
                value={(l.count / detail.answers) * 100}
                color={LEVEL_COLORS[l.level]}
                aria-label={text[i]}
                title={text[i]}
              />
            ) : null,
          )}
        </Progress.Root>
      )}
      <Text size="xs" data-testid={`strategy-report-levels-${detail.id}`}>
        {text.join(' · ')}
      </Text>
    </Stack>
  );
}

/** The outline over the whole period: each item at its depth, its figures or why they are hidden. */
export function TreeView({ details }: { details: StrategyDetail[] }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="strategy-report-tree">
      <ReportTable
        caption={t('reports.strategy.treeCaption')}
        columns={[
          t('reports.strategy.columns.item'),
          t('reports.strategy.columns.answers'),
          t('reports.strategy.columns.average'),
          t('reports.strategy.columns.distribution'),
        ]}
        minWidth={720}
        testId="strategy-report-items"
      >
        <Table.Tbody>
          {details.map((detail) => (
            <Table.Tr key={detail.id} data-testid={`strategy-report-item-${detail.id}`}>
              <ItemHeader detail={detail} />
              {detail.shown ? (
                <>
                  <Table.Td>{detail.answers}</Table.Td>
                  <Table.Td data-testid={`strategy-report-average-${detail.id}`}>
                    {detail.average === null ? (
                      <Withheld>{t('reports.strategy.noAssessment')}</Withheld>
                    ) : (
                      averageWithLevel(detail.average, t)
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Distribution detail={detail} />
                  </Table.Td>
                </>
              ) : (
                <Table.Td colSpan={3} data-testid={`strategy-report-item-reason-${detail.id}`}>
                  <Withheld>{detail.reason}</Withheld>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ReportTable>
    </Box>
  );
}

/** The averages as horizontal bars on the five levels, then the same figures as a table. */
export function GraphicView({ details }: { details: StrategyDetail[] }) {
  const { t } = useTranslation();
  const drawn = useMemo(
    () =>
      details.flatMap((d) =>
        d.shown && d.average !== null ? [{ id: d.id, title: d.title, average: d.average }] : [],
      ),
    [details],
  );
  const option = useMemo(
    () =>
      strategyAverages(
        drawn,
        ASSESSMENT_LEVELS.map((level) => levelName(level, t)),
      ),
    [drawn, t],
  );
  return (
    <Stack data-testid="strategy-report-graphic">
      {drawn.length > 0 ? (
        <Chart
          option={option}
          label={t('reports.strategy.chart', { count: drawn.length })}
          height={Math.max(160, 56 + drawn.length * 36)}
          testId="strategy-report-chart"
        />
      ) : (
        <Text size="sm" data-testid="strategy-report-no-chart">
          {t('reports.strategy.noChart')}
        </Text>
      )}
      <ReportTable
        caption={t('reports.strategy.graphicCaption')}
        columns={[
          t('reports.strategy.columns.item'),
          t('reports.strategy.columns.answers'),
          t('reports.strategy.columns.average'),
          t('reports.strategy.columns.level'),
        ]}
        minWidth={560}
        testId="strategy-report-averages"
      >
        <Table.Tbody>
          {details.map((detail) => (
            <Table.Tr key={detail.id} data-testid={`strategy-report-bar-${detail.id}`}>
              <ItemHeader detail={detail} />
              {detail.shown ? (
                <>
                  <Table.Td>{detail.answers}</Table.Td>
                  <Table.Td>{averageText(detail.average)}</Table.Td>
                  <Table.Td>
                    {detail.average === null ? t('reports.strategy.noAssessment') : detail.levelName}
                  </Table.Td>
                </>
              ) : (
                <Table.Td colSpan={3}>
                  <Withheld>{detail.reason}</Withheld>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ReportTable>
    </Stack>
  );
}

export function Cell({ cell }: { cell: StrategyCell }) {
  if (typeof cell === 'string')
    return (
      <Table.Td>
        <Withheld>{cell}</Withheld>
      </Table.Td>
    );
  return <Table.Td>{cell === null ? '—' : cell.toFixed(2)}</Table.Td>;
}

export function RowCells({ row, itemCount }: { row: StrategyRow; itemCount: number }) {
  if (!row.shown)
    return (
      <Table.Td
        colSpan={strategyFigureColumnCount(itemCount)}
        data-testid={`strategy-report-hidden-${row.key}`}
      >
        <Withheld>{row.reason}</Withheld>
      </Table.Td>
    );
  return (
    <>
      <Table.Td>{row.people}</Table.Td>
      <Table.Td>{row.answers}</Table.Td>
      {row.cells.map((cell, i) => (
        <Cell key={i} cell={cell} />
      ))}
    </>
  );
}

/** One row per period, then the whole period: people, assessments and each item's average; what the files hold. */
export function StrategySeriesTable({
  caption,
  header,
  itemCount,
  rows,
  total,
}: {
  caption: string;
  header: string[];
  itemCount: number;
  rows: StrategyRow[];
  total: StrategyRow | undefined;
}) {
  return (
    <ReportTable
      caption={caption}
      columns={header}
      minWidth={Math.max(560, 260 + itemCount * 140)}
      testId="strategy-report-table"
    >
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key} data-testid={`strategy-report-row-${row.key}`}>
            <Table.Th scope="row">{row.label}</Table.Th>
            <RowCells row={row} itemCount={itemCount} />
          </Table.Tr>
        ))}
      </Table.Tbody>
      {total && (
        <Table.Tfoot>
          <Table.Tr data-testid={`strategy-report-row-${total.key}`}>
            <Table.Th scope="row">{total.label}</Table.Th>
            <RowCells row={total} itemCount={itemCount} />
          </Table.Tr>
        </Table.Tfoot>
      )}
    </ReportTable>
  );
}
