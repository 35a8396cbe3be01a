import { useMemo, useState } from 'react';
import {
  Box,
  Card,
  Group,
  MultiSelect,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { subject } from '@casl/ability';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/contracts/headers';
import {
  SPHERE_REPORT_INCLUDES,
  type SphereReport,
  type SphereReportInterval,
} from '@shared/contracts/reports';
import type { ReportGroups, Tag } from '@shared/contracts/tags';
import { clampDateFilter, dateFilterBounds, defaultDateFilter } from '@shared/domain/date-filter';
import { FEELING_COLORS, QUADRANTS } from '@shared/domain/feelings';
import { PRIVACY_MAX_GROUP_TAGS } from '@shared/domain/report-privacy';
import { tagName } from '@shared/domain/tags';
import { ErrorState } from '../../components/error-state';
import { currentLanguage } from '../../i18n';
import { useAbility } from '../../lib/ability';
import { useMe } from '../../lib/me';
import { Chart } from '../../lib/chart';
import { DATE_FORMAT } from '../../lib/dates';
import { ApiError } from '../../lib/errors';
import { useEmotionWords } from '../../lib/feeling-words';
import { quadrantSwatch } from '../../lib/quadrants';
import { useFeelingsReport, useReportGroups, useReportTags, type FeelingsReportRequest } from './api/reports';
import { colorsOverTime, hiddenPeriods } from './report-chart';
import { Figure } from './report-figure';
import { ThinkingReportSection } from './thinking-report';
import { FormReportSection, type FormReportFilters } from './form-report';
import { StrategyReportSection } from './strategy-report';
import { beyondStarter } from './access';
import {
  FIGURE_COLUMN_COUNT,
  TOTAL_ROW,
  exportTable,
  reportColumns,
  reportFileName,
  reportRows,
  round2,
  signed,
  type ExportContext,
  type ReportRow,
  type ShownFigure,
} from './report-export';
import {
  AnonymityAlert,
  CoveredNotice,
  SeriesCard,
  TotalCard,
  useTableExport,
  type ExportFormat,
} from './report-parts';

/**
 * What a feelings report covers (spec 02 §2 reports): a whole sphere, for its admins, or one of its
 * groups (a session), for the group's members alone (§6 group-report exception). Either may be
 * narrowed to the people under one or two of the sphere's tags.
 */
export type ReportTarget =
  | {
      kind: 'sphere';
      id: string;
      sphereId: string;
      name: string;
      /** The sphere's language, the one its tags are always named in. */
      primary: Language;
      /** A study programme says that anonymity is not guaranteed before its report answers. */
      studyProgramme: boolean;
    }
  | { kind: 'session'; id: string; sphereId: string; name: string; primary?: Language | undefined };

/** What a report shows: its feelings, a sphere's thinkings axis by axis, or one form's surveys. */
type ReportKind = 'feelings' | 'thinking' | 'forms' | 'strategy';

const REPORT_KINDS: readonly ReportKind[] = ['feelings', 'thinking', 'forms', 'strategy'];
const isReportKind = (value: string): value is ReportKind =>
  (REPORT_KINDS as readonly string[]).includes(value);

const DAY = 'YYYY-MM-DD';
const dayOf = (date: Date | string) => dayjs(date).format(DAY);

const plain = (n: number | null | undefined) => (n === null || n === undefined ? '—' : round2(n).toFixed(2));

/** Which column of the table a figure cell is in: the averages are written signed or to two decimals. */
function cellText(value: number | null, column: number): string {
  if (column === 2) return signed(value);
  if (column === 3) return plain(value);
  return value === null ? '—' : String(value);
}

/** The names of the chosen tags, in the reader's language (else the sphere's, else any). */
export function tagLabel(
  tag: Pick<Tag, 'id' | 'name'> & { shortId?: string },
  language: Language,
  primary: Language | undefined,
): string {
  return tagName(tag.name, language, primary) || tag.shortId || tag.id;
}

/** A tag the report may be narrowed to: its label, and why its figures would be hidden today. */
interface GroupChoice {
  id: string;
  label: string;
  hint?: string | undefined;
}

/**
 * Why a sphere's group would be hidden today (decision 0030), before the reader picks it: a tag
 * fewer than the threshold hold, or, once a first tag is chosen, a second one fewer hold together
 * with it. Only a hint: the report counts the tags people held when they answered.
 */
export function groupHint(
  group: ReportGroups['items'][number],
  groups: Pick<ReportGroups, 'threshold' | 'pairThreshold'>,
  firstTagId: string | undefined,
  t: TFunction,
): string | undefined {
  if (firstTagId !== undefined && group.tagId !== firstTagId)
    return group.pairEnough === false
      ? t('reports.filters.fewHoldBoth', { threshold: groups.pairThreshold })
      : undefined;
  return group.enough ? undefined : t('reports.filters.fewHoldTag', { threshold: groups.threshold });
}

/**
 * A feelings report (spec 02 §2, §5 report privacy; decision 0030): the feelings of a sphere or of
 * a group over a period, per closed week or month (the week in progress is never counted), for the
 * whole of it or the people under one or two of the sphere's tags, as figures, a chart and a table,
 * and the same table as CSV or Excel. A hidden figure says why; a study programme says that
 * anonymity is not guaranteed. The tags are offered to those who may read them: a group's plain
 * members may not, and read the report of the whole group with no filter and no error. A sphere's
 * report offers, beside its feelings and with the same filters, its thinkings axis by axis to a
 * reader whose subscription is not starter; a sphere's and a group's offer that reader, with the same
 * filters again, the surveys of one of their questionnaires.
 */
export function FeelingsReport({ target }: { target: ReportTarget }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const ability = useAbility();
  const me = useMe();
  const [range, setRange] = useState(() => {
    const initial = defaultDateFilter(new Date());
    return { start: dayOf(initial.start), end: dayOf(initial.end) };
  });
  const [interval, chooseInterval] = useState<SphereReportInterval>('week');
  const [chosenTagIds, setTagIds] = useState<string[]>([]);
  const ofGroup = target.kind === 'session';
  // A group (session) is narrowed by the sphere's tags, for those who may read them; a sphere by
  // the groups of its report, for its report's readers, each saying whether it is too small today.
  const canChoose = ofGroup
    ? ability.can('get', subject('sphere-tag', { sphereId: target.sphereId }))
    : ability.can('smartReport', subject('sphere', { sphereId: target.sphereId }));
  const tags = useReportTags(target.sphereId, ofGroup && canChoose);
  const groups = useReportGroups(target.sphereId, chosenTagIds[0], !ofGroup && canChoose);
  const choices = ofGroup ? tags : groups;
  // Refused by the server (rules changed since the start call): the report covers the whole of it.
  const choicesForbidden = choices.error instanceof ApiError && choices.error.status === 403;
  // A group's filter shows once its tags are read: its members mostly may not read them.
  const groupFilter = canChoose && (ofGroup ? tags.isSuccess : !choicesForbidden);
  const tagIds = useMemo(() => (groupFilter ? chosenTagIds : []), [groupFilter, chosenTagIds]);
  const request = useMemo<FeelingsReportRequest>(() => {
    const filters = {
      start: range.start,
      end: range.end,
      tagIds,
      template: 'general' as const,
      generalOptions: { include: [...SPHERE_REPORT_INCLUDES], interval },
    };
    return target.kind === 'session'
      ? { kind: 'session', body: { sessionId: target.id, ...filters } }
      : { kind: 'sphere', body: { sphereId: target.id, ...filters } };
  }, [target.kind, target.id, range, tagIds, interval]);
  // Beyond starter only; the thinkings are a sphere's, never a group's.
  const kinds: ReportKind[] = !beyondStarter(me.data)
    ? ['feelings']
    : target.kind === 'sphere'
      ? ['feelings', 'thinking', 'forms', 'strategy']
      : ['feelings', 'forms', 'strategy'];
  const [chosenKind, chooseKind] = useState<ReportKind>('feelings');
  // Four kinds side by side are wider than a phone: there they stand one above the other.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const kind: ReportKind = kinds.includes(chosenKind) ? chosenKind : 'feelings';
  const formFilters = useMemo<FormReportFilters>(
    () => ({ start: range.start, end: range.end, tagIds, interval }),
    [range, tagIds, interval],
  );
  const report = useFeelingsReport(request, kind === 'feelings');
  const firstTagId = chosenTagIds[0];
  // An answer kept while the next one loads was paired with another first tag: its pairs say nothing.
  const pairsKnown = firstTagId === undefined || !groups.isPlaceholderData;
  const tagOptions = useMemo<GroupChoice[]>(() => {
    const options: GroupChoice[] = ofGroup
      ? (tags.data?.items ?? [])
          .filter((tag) => !tag.archived)
          .map((tag) => ({ id: tag.id, label: tagLabel(tag, language, target.primary) }))
      : (groups.data?.items ?? []).map((group) => ({
          id: group.tagId,
          label: tagLabel({ id: group.tagId, name: group.name }, language, target.primary),
          hint: groups.data && pairsKnown ? groupHint(group, groups.data, firstTagId, t) : undefined,
        }));
    return options.sort((a, b) => a.label.localeCompare(b.label, language));
  }, [ofGroup, tags.data, groups.data, pairsKnown, firstTagId, t, language, target.primary]);
  const chosenNames = tagIds.map((id) => tagOptions.find((o) => o.id === id)?.label ?? id);
  const bounds = dateFilterBounds(new Date());
  const anonymityNotGuaranteed =
    (target.kind === 'sphere' && target.studyProgramme) ||
    (kind === 'feelings' && (report.data?.anonymityNotGuaranteed ?? false));

  return (
    <Stack>
      {anonymityNotGuaranteed && <AnonymityAlert />}
      <Card withBorder component="section" aria-label={t('reports.filters.title')} className="no-print">
        <Group align="flex-end" gap="md" wrap="wrap">
          <DatePickerInput
            type="range"
            label={t('reports.filters.dates')}
            valueFormat={DATE_FORMAT}
            locale={language}
            minDate={bounds.start}
            maxDate={bounds.end}
            value={[range.start, range.end]}
            onChange={([start, end]) => {
              if (!start || !end) return;
              const clamped = clampDateFilter(
                { start: dayjs(start).startOf('day').toDate(), end: dayjs(end).endOf('day').toDate() },
                new Date(),
              );
              setRange({ start: dayOf(clamped.start), end: dayOf(clamped.end) });
            }}
            data-testid="report-dates"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="report-interval-label">
              {t('reports.filters.interval')}
            </Text>
            <SegmentedControl
              aria-labelledby="report-interval-label"
              value={interval}
              onChange={(value) => chooseInterval(value === 'month' ? 'month' : 'week')}
              data={[
                { value: 'week', label: t('reports.filters.week') },
                { value: 'month', label: t('reports.filters.month') },
              ]}
              data-testid="report-interval"
            />
          </Stack>
          {groupFilter && (
            <GroupFilter
              label={t(ofGroup ? 'reports.filters.tags' : 'reports.filters.group')}
              whole={t(ofGroup ? 'reports.filters.wholeGroup' : 'reports.filters.wholeSphere')}
              tagIds={tagIds}
              onChange={setTagIds}
              options={tagOptions}
              pending={choices.isPending}
            />
          )}
        </Group>
        {choices.isError && !choicesForbidden && (
          <Text size="sm" c="dimmed" mt="xs" data-testid="report-tags-error">
            {t(ofGroup ? 'reports.filters.tagsErrorGroup' : 'reports.filters.tagsError')}
          </Text>
        )}
      </Card>

      {kinds.length > 1 && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="report-kind-label">
            {t('reports.kind.label')}
          </Text>
          <SegmentedControl
            aria-labelledby="report-kind-label"
            value={kind}
            onChange={(value) => chooseKind(isReportKind(value) ? value : 'feelings')}
            data={kinds.map((k) => ({
              value: k,
              label: t(
                k === 'forms'
                  ? 'reports.forms.kind'
                  : k === 'strategy'
                    ? 'reports.strategy.kind'
                    : k === 'thinking'
                      ? 'reports.kind.thinking'
                      : 'reports.kind.feelings',
              ),
            }))}
            orientation={narrow ? 'vertical' : 'horizontal'}
            style={{ alignSelf: 'flex-start' }}
            data-testid="report-kind"
          />
        </Stack>
      )}

      {kind === 'thinking' && request.kind === 'sphere' && (
        <ThinkingReportSection
          body={request.body}
          target={{ id: target.id, name: target.name }}
          tagNames={chosenNames}
          language={language}
        />
      )}
      {kind === 'forms' && (
        <FormReportSection
          target={{ kind: target.kind, id: target.id, name: target.name }}
          filters={formFilters}
          tagNames={chosenNames}
          language={language}
          anonymityShown={anonymityNotGuaranteed}
        />
      )}
      {kind === 'strategy' && (
        <StrategyReportSection
          target={{ kind: target.kind, id: target.id, name: target.name }}
          filters={formFilters}
          tagNames={chosenNames}
          language={language}
          anonymityShown={anonymityNotGuaranteed}
        />
      )}
      {kind === 'feelings' && report.isPending && <Skeleton height={320} data-testid="report-loading" />}
      {kind === 'feelings' && report.isError && (
        <ErrorState
          title={t('reports.page.loadError')}
          error={report.error}
          onRetry={() => void report.refetch()}
          testId="report-error"
        />
      )}
      {kind === 'feelings' && report.isSuccess && (
        <ReportView report={report.data} target={target} tagNames={chosenNames} language={language} />
      )}
    </Stack>
  );
}

/** An option of the group choice: its label, and under it why its figures would be hidden today. */
export function GroupOption({ label, hint }: { label: string; hint: string | undefined }) {
  if (!hint) return <span>{label}</span>;
  return (
    <Stack gap={0} data-testid="report-group-hint">
      <Group gap={6} wrap="nowrap">
        {/* A sign beside the words, not a colour alone. */}
        <Text span fw={700} aria-hidden>
          ⚠
        </Text>
        <span>{label}</span>
      </Group>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}

/**
 * The group a report is narrowed to: 0 to 2 tags (PRIVACY_MAX_GROUP_TAGS), each option with its
 * small-group hint. A tag too small today stays selectable: the people held their tags when they
 * answered, and past periods may have had more of them.
 */
export function GroupFilter({
  label,
  whole,
  tagIds,
  onChange,
  options,
  pending,
}: {
  label: string;
  /** What the report covers when no tag is chosen. */
  whole: string;
  tagIds: string[];
  onChange: (tagIds: string[]) => void;
  options: readonly { id: string; label: string; hint?: string | undefined }[];
  pending: boolean;
}) {
  const { t } = useTranslation();
  const hints = useMemo(() => new Map(options.map((o) => [o.id, o.hint])), [options]);
  const full = tagIds.length >= PRIVACY_MAX_GROUP_TAGS;
  return (
    <MultiSelect
      label={label}
      description={t('reports.filters.groupHelp', { chosen: tagIds.length, max: PRIVACY_MAX_GROUP_TAGS })}
      placeholder={tagIds.length ? undefined : whole}
      value={tagIds}
      onChange={(value) => onChange(value.slice(0, PRIVACY_MAX_GROUP_TAGS))}
      maxValues={PRIVACY_MAX_GROUP_TAGS}
      data={options.map(({ id, label: name }) => ({
        value: id,
        label: name,
        disabled: full && !tagIds.includes(id),
      }))}
      renderOption={({ option }) => <GroupOption label={option.label} hint={hints.get(option.value)} />}
      searchable
      clearable
      disabled={pending}
      miw={260}
      data-testid="report-group"
    />
  );
}

function ReportView({
  report,
  target,
  tagNames,
  language,
}: {
  report: SphereReport;
  target: ReportTarget;
  tagNames: string[];
  language: Language;
}) {
  const { t } = useTranslation();
  const { exporting, exportAs } = useTableExport();
  const rows = useMemo(() => reportRows(report, language, t), [report, language, t]);
  const columns = useMemo(() => reportColumns(language, t), [language, t]);
  const seriesRows = rows.filter((r) => r.key !== TOTAL_ROW);
  const totalRow = rows.find((r) => r.key === TOTAL_ROW);
  const chart = useMemo(
    () =>
      colorsOverTime(
        report,
        seriesRows.map((r) => r.label),
        language,
      ),
    // The labels follow from the report and the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [report, language],
  );

  if (!report.covered || report.weeks.length === 0)
    return (
      <Card withBorder data-testid="report-empty">
        <Text>{t('reports.empty.noWeek')}</Text>
      </Card>
    );

  const exportReport = (format: ExportFormat) =>
    void exportAs(format, (extension) => {
      const context: ExportContext =
        target.kind === 'session'
          ? { groupName: target.name, tagNames }
          : { sphereName: target.name, tagNames };
      return {
        table: exportTable(report, context, language, t),
        fileName: reportFileName({ id: target.id, name: target.name }, report, extension, target.kind),
        sheet: t('reports.export.sheet'),
      };
    });

  const hidden = hiddenPeriods(report);
  const periods = report.series.length;
  const chartLabel = [
    t(report.interval === 'week' ? 'reports.chart.labelWeeks' : 'reports.chart.labelMonths', {
      count: periods,
    }),
    hidden > 0 ? t('reports.chart.hidden', { count: hidden }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  const anyBar = report.series.some((s) => s.figure.shown && s.figure.colors);

  return (
    <Stack data-testid="report">
      <CoveredNotice weeks={report.weeks.length} covered={report.covered} testId="report-covered" />

      <TotalCard idPrefix="report" hidden={report.total.shown ? null : report.total}>
        {report.total.shown && <TotalFigures figure={report.total} language={language} />}
      </TotalCard>

      <SeriesCard idPrefix="report" interval={report.interval} onExport={exportReport} exporting={exporting}>
        {anyBar && <Chart option={chart} label={chartLabel} testId="report-chart" />}
        <SeriesTable
          caption={t(
            report.interval === 'week' ? 'reports.table.captionWeeks' : 'reports.table.captionMonths',
          )}
          columns={columns}
          rows={seriesRows}
          total={totalRow}
        />
      </SeriesCard>
    </Stack>
  );
}

/**
 * A shown figure's people, feelings, averages, quadrants (a table, each by its symbol and name) and
 * most chosen words. `idPrefix` keeps the words' title id unique when a page shows several figures.
 */
export function TotalFigures({
  figure,
  language,
  idPrefix = 'report',
}: {
  figure: ShownFigure;
  language: Language;
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const words = useEmotionWords();
  const wordLabel = (id: string) => words.data?.items.find((w) => w.id === id)?.label[language] ?? id;
  const colors = figure.colors;
  const colorTotal = colors ? FEELING_COLORS.reduce((sum, c) => sum + colors[c], 0) : 0;
  const share = (n: number) => (colorTotal > 0 ? Math.round((n / colorTotal) * 100) : 0);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="report-figures">
        <Figure label={t('reports.columns.people')} value={String(figure.people)} testId="report-people" />
        <Figure label={t('reports.columns.answers')} value={String(figure.answers)} testId="report-answers" />
        <Figure label={t('reports.columns.averageValue')} value={signed(figure.averageValue)} />
        <Figure label={t('reports.columns.averageEnergy')} value={plain(figure.averageEnergy)} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {colors && (
          <Table.ScrollContainer
            minWidth={320}
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('reports.total.colors') },
            }}
          >
            <Table data-testid="report-colors">
              <Table.Caption>{t('reports.total.colors')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('reports.total.quadrant')}</Table.Th>
                  <Table.Th scope="col">{t('reports.columns.answers')}</Table.Th>
                  <Table.Th scope="col">{t('reports.total.share')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {FEELING_COLORS.map((c) => (
                  <Table.Tr key={c} data-testid={`report-color-${c}`}>
                    <Table.Th scope="row">
                      <Group gap="xs" wrap="nowrap">
                        <Box
                          aria-hidden
                          w={14}
                          h={14}
                          style={{ ...quadrantSwatch(c), borderRadius: 3, flex: 'none' }}
                        />
                        <span>{`${QUADRANTS[c].symbol} ${QUADRANTS[c].label[language]}`}</span>
                      </Group>
                    </Table.Th>
                    <Table.Td>{colors[c]}</Table.Td>
                    <Table.Td>{t('reports.total.percent', { value: share(colors[c]) })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {figure.words && (
          <Box>
            <Title order={3} size="h5" mb="xs" id={`${idPrefix}-words-title`}>
              {t('reports.total.words')}
            </Title>
            {figure.words.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('reports.total.noWords')}
              </Text>
            ) : (
              <Box
                component="ol"
                aria-labelledby={`${idPrefix}-words-title`}
                m={0}
                pl="lg"
                data-testid="report-words"
              >
                {figure.words.map((w) => (
                  <li key={w.wordId}>
                    <Text size="sm" span>
                      {t('reports.total.word', { word: wordLabel(w.wordId), count: w.count })}
                    </Text>
                  </li>
                ))}
              </Box>
            )}
          </Box>
        )}
      </SimpleGrid>
    </Stack>
  );
}

function RowCells({ row }: { row: ReportRow }) {
  if (!row.shown)
    return (
      <Table.Td colSpan={FIGURE_COLUMN_COUNT} data-testid={`report-hidden-${row.key}`}>
        <Text size="sm" fs="italic" span>
          {row.reason}
        </Text>
      </Table.Td>
    );
  return (
    <>
      {row.cells.map((value, i) => (
        <Table.Td key={i}>{cellText(value, i)}</Table.Td>
      ))}
    </>
  );
}

/** The table beside the chart: one row per period, then the whole period; what the files hold. */
function SeriesTable({
  caption,
  columns,
  rows,
  total,
}: {
  caption: string;
  columns: string[];
  rows: ReportRow[];
  total: ReportRow | undefined;
}) {
  return (
    <Table.ScrollContainer
      minWidth={820}
      // A table wider than a phone scrolls sideways: its scroller takes the focus so arrows can do it.
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption } }}
    >
      <Table striped data-testid="report-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th scope="col" key={column}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-testid={`report-row-${row.key}`}>
              <Table.Th scope="row">{row.label}</Table.Th>
              <RowCells row={row} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        {total && (
          <Table.Tfoot>
            <Table.Tr data-testid={`report-row-${total.key}`}>
              <Table.Th scope="row">{total.label}</Table.Th>
              <RowCells row={total} />
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
