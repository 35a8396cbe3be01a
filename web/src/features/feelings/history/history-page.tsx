import { useMemo, useState } from 'react';
import {
  Anchor,
  Button,
  Card,
  Chip,
  Container,
  Group,
  MultiSelect,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { listFeelings, type Feeling } from '@shared/contracts/feelings';
import {
  clampDateFilter,
  dateFilterBounds,
  defaultDateFilter,
  type DateRange,
} from '@shared/domain/date-filter';
import { FEELING_COLORS, QUADRANTS, type FeelingColor } from '@shared/domain/feelings';
import { ErrorState } from '../../../components/error-state';
import { notifyError } from '../../../components/notify';
import { currentLanguage } from '../../../i18n';
import { callApi } from '../../../lib/api';
import { DATE_FORMAT, formatDateTime } from '../../../lib/dates';
import { overlaySearch } from '../../../lib/overlays';
import { quadrantSymbol } from '../../../lib/quadrants';
import { useEmotionWords, useFeelingFacets, useFeelingList } from '../api/feelings';
import { QuadrantBadge } from '../quadrant-badge';
import { XLSX_MEDIA_TYPE } from '../../../lib/table-export';
import { download, exportTable, toCsv, toXlsx } from './history-export';
import { PERIOD_CHOICES, periodOf, type PeriodChoice } from './periods';

/** Rows per page of the list (the export takes every filtered row). */
export const HISTORY_PAGE_SIZE = 50;
/** Wait after the last key typed in the notes search before asking again (spec 01 §9). */
export const NOTES_SEARCH_DEBOUNCE_MS = 600;

/**
 * My activity (spec 01 §2 /apps/history): my feelings in a period, by colour and by a search in
 * the notes, a page at a time; the same rows as CSV or Excel, and a print layout.
 */
export default function HistoryPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const location = useLocation();
  const [choice, setChoice] = useState<PeriodChoice>('default');
  const [range, setRange] = useState<DateRange>(() => defaultDateFilter(new Date()));
  const [colors, setColors] = useState<FeelingColor[]>([]);
  const [search, setSearch] = useState('');
  const [notes] = useDebouncedValue(search.trim(), NOTES_SEARCH_DEBOUNCE_MS);
  const [sphereId, setSphereId] = useState('');
  const [sessionId, setSessionId] = useState('');
  const [goalIds, setGoalIds] = useState<string[]>([]);
  const [goalLevel, setGoalLevel] = useState('');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const words = useEmotionWords();

  const filter = useMemo(
    () => ({
      start: range.start.toISOString(),
      end: range.end.toISOString(),
      ...(colors.length ? { color: colors.join(',') } : {}),
      ...(notes ? { personalNotes: notes } : {}),
      ...(sphereId ? { sphereId } : {}),
      ...(sessionId ? { sessionId } : {}),
      ...(goalIds.length ? { goalIds: goalIds.join(',') } : {}),
      ...(goalLevel ? { goalLevels: goalLevel } : {}),
    }),
    [range, colors, notes, sphereId, sessionId, goalIds, goalLevel],
  );
  // The spheres, sessions and goals of the period, with their counts: a filter is offered only
  // when the period has something to choose (no empty list, no dead end).
  const facets = useFeelingFacets(
    dayjs(range.start).format('YYYY-MM-DD'),
    dayjs(range.end).format('YYYY-MM-DD'),
  );
  const facetOptions = (entries: { value: string; label: string; count: number }[] | undefined) =>
    (entries ?? []).map((e) => ({ value: e.value, label: `${e.label} (${e.count})` }));
  const list = useFeelingList(filter, { max: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE });
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / HISTORY_PAGE_SIZE));
  const wordLabel = (id: string | undefined) =>
    id ? words.data?.items.find((w) => w.id === id)?.label[language] : undefined;

  function choose(next: PeriodChoice) {
    setChoice(next);
    setPage(1);
    if (next !== 'custom') setRange(periodOf(next, new Date()));
  }

  async function exportAs(format: 'csv' | 'xlsx') {
    setExporting(format);
    try {
      const all = await callApi(listFeelings, { query: { ...filter, _max: 10_000, _offset: 0 } });
      const table = exportTable(all.items as Feeling[], words.data?.items ?? [], language, t);
      const name = `${t('history.fileName')}-${new Date().toISOString().slice(0, 10)}`;
      if (format === 'csv') download(toCsv(table), 'text/csv;charset=utf-8', `${name}.csv`);
      else download(await toXlsx(table, t('history.title')), XLSX_MEDIA_TYPE, `${name}.xlsx`);
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(null);
    }
  }

  const bounds = dateFilterBounds(new Date());
  return (
    <Container size="lg">
      <Stack>
        <Title order={1}>{t('history.title')}</Title>
        <Card withBorder component="section" aria-label={t('history.filters')} className="no-print">
          <Stack gap="sm">
            <Group align="flex-end" gap="sm">
              <NativeSelect
                label={t('history.period')}
                value={choice}
                onChange={(event) => choose(event.currentTarget.value as PeriodChoice)}
                data={PERIOD_CHOICES.map((p) => ({ value: p, label: t(`history.periods.${p}`) }))}
                data-testid="history-period"
              />
              <DatePickerInput
                type="range"
                label={t('history.dates')}
                valueFormat={DATE_FORMAT}
                locale={language}
                minDate={bounds.start}
                maxDate={bounds.end}
                value={[range.start, range.end]}
                onChange={([start, end]) => {
                  if (!start || !end) return;
                  setChoice('custom');
                  setPage(1);
                  const from = dayjs(start).startOf('day').toDate();
                  const to = dayjs(end).endOf('day').toDate();
                  setRange(clampDateFilter({ start: from, end: to }, new Date()));
                }}
                data-testid="history-dates"
              />
              <TextInput
                label={t('history.search')}
                value={search}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  setPage(1);
                }}
                data-testid="history-search"
              />
            </Group>
            <Group align="flex-end" wrap="wrap">
              {(facets.data?.sphere.length ?? 0) > 0 && (
                <NativeSelect
                  label={t('history.sphere')}
                  value={sphereId}
                  onChange={(event) => {
                    setSphereId(event.currentTarget.value);
                    setPage(1);
                  }}
                  data={[{ value: '', label: t('history.any') }, ...facetOptions(facets.data?.sphere)]}
                  data-testid="history-sphere"
                />
              )}
              {(facets.data?.session.length ?? 0) > 0 && (
                <NativeSelect
                  label={t('history.session')}
                  value={sessionId}
                  onChange={(event) => {
                    setSessionId(event.currentTarget.value);
                    setPage(1);
                  }}
                  data={[{ value: '', label: t('history.any') }, ...facetOptions(facets.data?.session)]}
                  data-testid="history-session"
                />
              )}
              {(facets.data?.goalIds.length ?? 0) > 0 && (
                <>
                  <MultiSelect
                    label={t('history.goals')}
                    placeholder={goalIds.length ? undefined : t('history.any')}
                    value={goalIds}
                    onChange={(value) => {
                      setGoalIds(value);
                      setPage(1);
                    }}
                    data={facetOptions(facets.data?.goalIds)}
                    clearable
                    data-testid="history-goals"
                  />
                  <NativeSelect
                    label={t('history.goalLevel')}
                    value={goalLevel}
                    onChange={(event) => {
                      setGoalLevel(event.currentTarget.value);
                      setPage(1);
                    }}
                    data={[{ value: '', label: t('history.any') }, ...facetOptions(facets.data?.goalLevels)]}
                    data-testid="history-goal-level"
                  />
                </>
              )}
            </Group>
            <Chip.Group
              multiple
              value={colors}
              onChange={(value) => {
                setColors(value as FeelingColor[]);
                setPage(1);
              }}
            >
              <Group gap="xs" role="group" aria-label={t('history.colors')}>
                {FEELING_COLORS.map((color) => (
                  <Chip key={color} value={color} size="sm" data-testid={`history-color-${color}`}>
                    {`${quadrantSymbol(color)} ${QUADRANTS[color].label[language]}`}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                onClick={() => void exportAs('csv')}
                loading={exporting === 'csv'}
                disabled={count === 0}
                data-testid="history-export-csv"
              >
                {t('history.exportCsv')}
              </Button>
              <Button
                variant="default"
                size="xs"
                onClick={() => void exportAs('xlsx')}
                loading={exporting === 'xlsx'}
                disabled={count === 0}
                data-testid="history-export-xlsx"
              >
                {t('history.exportXlsx')}
              </Button>
              <Button variant="default" size="xs" onClick={() => window.print()} data-testid="history-print">
                {t('history.print')}
              </Button>
            </Group>
          </Stack>
        </Card>
        <Text aria-live="polite" data-testid="history-count">
          {list.isSuccess ? t('history.count', { count }) : ''}
        </Text>
        {list.isPending && <Skeleton height={240} data-testid="history-loading" />}
        {list.isError && (
          <ErrorState
            title={t('history.loadError')}
            error={list.error}
            onRetry={() => void list.refetch()}
            testId="history-error"
          />
        )}
        {list.isSuccess && count === 0 && (
          <Card withBorder data-testid="history-empty">
            <Text>{t('history.empty')}</Text>
          </Card>
        )}
        {list.isSuccess && count > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table striped data-testid="history-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('history.columns.date')}</Table.Th>
                  <Table.Th>{t('history.columns.quadrant')}</Table.Th>
                  <Table.Th>{t('history.columns.word')}</Table.Th>
                  <Table.Th>{t('history.columns.intensity')}</Table.Th>
                  <Table.Th>{t('history.columns.energy')}</Table.Th>
                  <Table.Th>{t('history.columns.notes')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((feeling) => (
                  <Table.Tr key={feeling.id} data-testid="history-row">
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`${location.pathname}${overlaySearch(location.search, 'update-feeling')}&feelingId=${encodeURIComponent(feeling.id)}`}
                      >
                        {formatDateTime(new Date(feeling.timestamp))}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <QuadrantBadge color={feeling.color} testId={`quadrant-${feeling.color}`} />
                    </Table.Td>
                    <Table.Td>{wordLabel(feeling.wordId) ?? '—'}</Table.Td>
                    <Table.Td>{Math.round(Math.abs(feeling.value) * 10)}</Table.Td>
                    <Table.Td>{Math.round(feeling.energy * 10)}</Table.Td>
                    <Table.Td>{feeling.personalNotes.map((n) => n.value).join(' · ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 && (
          <Pagination
            className="no-print"
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': t(`history.pages.${control}`),
            })}
            getItemProps={(item) => ({ 'aria-label': t('history.pages.page', { page: item }) })}
            data-testid="history-pages"
          />
        )}
      </Stack>
    </Container>
  );
}
