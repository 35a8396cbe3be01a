import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { moodOverTime, quadrantBars } from '@shared/charts/myself-report-charts';
import { FEELING_COLORS, QUADRANTS } from '@shared/domain/feelings';
import { GOAL_AXES } from '@shared/domain/goals';
import { NOTE_TYPES } from '@shared/domain/notes';
import type { MyselfReport } from '@shared/domain/myself-report';
import { ErrorState } from '../../../components/error-state';
import { currentLanguage } from '../../../i18n';
import { Chart } from '../../../lib/chart';
import { formatDate } from '../../../lib/dates';
import { useMe } from '../../../lib/me';
import { overlaySearch } from '../../../lib/overlays';
import { quadrantSymbol } from '../../../lib/quadrants';
import { useEmotionWords, useMyselfReport } from '../api/feelings';
import { PERIOD_CHOICES, periodOf, type PeriodChoice } from '../history/periods';

const DAY = 'YYYY-MM-DD';

/** A figure table under a chart, folded by default: the same numbers for screen readers and print. */
function FigureTable({
  caption,
  head,
  rows,
  testId,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
  testId: string;
}) {
  return (
    <details>
      <summary>
        <Text component="span" size="sm">
          {caption}
        </Text>
      </summary>
      <Table data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={String(row[0])}>
              {row.map((cell, i) => (
                <Table.Td key={i}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </details>
  );
}

/** One figure of the report: its name above, the number large. */
function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card withBorder>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

const signed = (n: number | null) => (n === null ? '—' : `${n > 0 ? '+' : ''}${n.toFixed(2)}`);

function Report({ report }: { report: MyselfReport }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const words = useEmotionWords();
  const wordLabel = (id: string) => words.data?.items.find((w) => w.id === id)?.label[language] ?? id;
  const goalLabel = (id: string) => GOAL_AXES.find((g) => g.id === id)?.label[language] ?? id;
  const formatStart = (start: string) =>
    report.interval === 'month' ? dayjs(start).locale(language).format('MMM YYYY') : formatDate(dayjs(start));
  const bars = useMemo(() => quadrantBars(report, language), [report, language]);
  const lines = useMemo(
    () => moodOverTime(report, { value: t('report.pleasantness'), energy: t('report.energy') }, formatStart),
    // formatStart depends on the report and the language only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [report, language, t],
  );
  if (report.count === 0)
    return (
      <Card withBorder data-testid="report-empty">
        <Text>{t('report.empty')}</Text>
      </Card>
    );
  const quadrantSummary = FEELING_COLORS.map(
    (c) => `${QUADRANTS[c].label[language]}: ${report.colors[c]}`,
  ).join(', ');
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="report-figures">
        <Figure label={t('report.feelings')} value={String(report.count)} testId="report-count" />
        <Figure label={t('report.activeDays')} value={String(report.activeDays)} />
        <Figure label={t('report.pleasantness')} value={signed(report.averageValue)} />
        <Figure label={t('report.energy')} value={report.averageEnergy?.toFixed(2) ?? '—'} />
      </SimpleGrid>

      <Card withBorder component="section" aria-labelledby="report-quadrants">
        <Title order={2} size="h4" id="report-quadrants" mb="xs">
          {t('report.quadrants')}
        </Title>
        <Chart
          option={bars}
          label={`${t('report.quadrants')}. ${quadrantSummary}`}
          height={200}
          testId="chart-quadrants"
        />
        <FigureTable
          caption={t('report.asTable')}
          head={[t('history.columns.quadrant'), t('report.feelings')]}
          rows={FEELING_COLORS.map((c) => [
            `${quadrantSymbol(c)} ${QUADRANTS[c].label[language]}`,
            report.colors[c],
          ])}
          testId="table-quadrants"
        />
      </Card>

      <Card withBorder component="section" aria-labelledby="report-time">
        <Title order={2} size="h4" id="report-time" mb="xs">
          {t('report.overTime')}
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          {t('report.overTimeHelp')}
        </Text>
        <Chart
          option={lines}
          label={t('report.overTimeLabel', {
            value: signed(report.averageValue),
            energy: report.averageEnergy?.toFixed(2) ?? '—',
          })}
          testId="chart-time"
        />
        <FigureTable
          caption={t('report.asTable')}
          head={[t('report.period'), t('report.feelings'), t('report.pleasantness'), t('report.energy')]}
          rows={report.series
            .filter((p) => p.count > 0)
            .map((p) => [
              formatStart(p.start),
              p.count,
              signed(p.averageValue),
              p.averageEnergy?.toFixed(2) ?? '—',
            ])}
          testId="table-time"
        />
      </Card>

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder component="section" aria-labelledby="report-words">
          <Title order={2} size="h4" id="report-words" mb="xs">
            {t('report.topWords')}
          </Title>
          {report.topWords.length === 0 ? (
            <Text c="dimmed">{t('report.noWords')}</Text>
          ) : (
            <Table data-testid="table-words">
              <Table.Tbody>
                {report.topWords.map((w, i) => (
                  <Table.Tr key={w.wordId}>
                    <Table.Td>{i + 1}.</Table.Td>
                    <Table.Td>{wordLabel(w.wordId)}</Table.Td>
                    <Table.Td>{t('report.times', { count: w.count })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
        <Card withBorder component="section" aria-labelledby="report-notes">
          <Title order={2} size="h4" id="report-notes" mb="xs">
            {t('report.notes')}
          </Title>
          <Table data-testid="table-notes">
            <Table.Tbody>
              {NOTE_TYPES.map((type) => (
                <Table.Tr key={type}>
                  <Table.Td>{t(`feelings.notes.types.${type}`)}</Table.Td>
                  <Table.Td>{report.notes[type]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      </SimpleGrid>

      <Card withBorder component="section" aria-labelledby="report-goals">
        <Title order={2} size="h4" id="report-goals" mb="xs">
          {t('report.goals')}
        </Title>
        {report.goals.length === 0 ? (
          <Text c="dimmed">{t('report.noGoals')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table data-testid="table-goals">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('report.goal')}</Table.Th>
                  <Table.Th>{t('report.closer')}</Table.Th>
                  <Table.Th>{t('report.neutral')}</Table.Th>
                  <Table.Th>{t('report.away')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.goals.map((g) => (
                  <Table.Tr key={g.id}>
                    <Table.Td>{goalLabel(g.id)}</Table.Td>
                    <Table.Td>{g.closer}</Table.Td>
                    <Table.Td>{g.neutral}</Table.Td>
                    <Table.Td>{g.away}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}

/**
 * My report (spec 01 §2 /apps/myself-report): over a period, how my feelings spread over the
 * quadrants, how pleasantness and energy moved, the words I used most, the goals they moved and my
 * notes. Guests are shown why it is closed to them and how to open it.
 */
export default function MyselfReportPage() {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const isGuest = me.data?.profile.isGuest ?? false;
  const [choice, setChoice] = useState<PeriodChoice>('default');
  const range = useMemo(() => periodOf(choice, new Date()), [choice]);
  const request = { start: dayjs(range.start).format(DAY), end: dayjs(range.end).format(DAY) };
  const report = useMyselfReport(request, me.isSuccess && !isGuest);

  return (
    <Container size="lg">
      <Stack>
        <Title order={1}>{t('report.title')}</Title>
        {isGuest ? (
          <Alert color="blue" data-testid="report-guest">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('report.guest')}</Text>
              <Button
                size="xs"
                onClick={() =>
                  void navigate({
                    pathname: location.pathname,
                    search: overlaySearch(location.search, 'registration'),
                  })
                }
              >
                {t('reserved.createAccount')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            <Group className="no-print">
              <NativeSelect
                label={t('history.period')}
                value={choice}
                onChange={(event) => setChoice(event.currentTarget.value as PeriodChoice)}
                data={PERIOD_CHOICES.filter((p) => p !== 'custom').map((p) => ({
                  value: p,
                  label: t(`history.periods.${p}`),
                }))}
                data-testid="report-period"
              />
            </Group>
            <Text size="sm" c="dimmed">
              {t('report.between', { start: formatDate(range.start), end: formatDate(range.end) })}
            </Text>
            {report.isPending && <Skeleton height={320} data-testid="report-loading" />}
            {report.isError && (
              <ErrorState
                title={t('report.loadError')}
                error={report.error}
                onRetry={() => void report.refetch()}
                testId="report-error"
              />
            )}
            {report.isSuccess && <Report report={report.data} />}
          </>
        )}
      </Stack>
    </Container>
  );
}
