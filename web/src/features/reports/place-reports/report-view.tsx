import { useMemo, useState } from 'react';
import { Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { subject } from '@casl/ability';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  SPHERE_REPORT_INCLUDES,
  type SphereReport,
  type SphereReportInterval,
} from '@shared/contracts/reports';
import { clampDateFilter, dateFilterBounds, defaultDateFilter } from '@shared/domain/date-filter';
import { currentLanguage } from '../../../i18n';
import { useAbility } from '../../../lib/ability';
import { useMe } from '../../../lib/me';
import { DATE_FORMAT } from '../../../lib/dates';
import { ApiError } from '../../../lib/errors';
import {
  useFeelingsReport,
  useReportGroups,
  useReportTags,
  type FeelingsReportRequest,
} from '../api/reports';
import { ThinkingReportSection } from './thinking-report';
import { FormReportSection, type FormReportFilters } from './form-report';
import { StrategyReportSection } from './strategy-report';
import { beyondStarter } from '../access';
import { AnonymityAlert } from '../common/report-parts';
import { tagLabel, type GroupChoice, groupHint, GroupFilter } from './report-filters';
import { ReportView } from './feelings-report-view';
import { type ReportTarget } from './report-target';
import { FigureReport, coversWeeks } from '../common/figure-report';

/** What a report shows: its feelings, a sphere's thinkings axis by axis, or one form's surveys. */
type ReportKind = 'feelings' | 'thinking' | 'forms' | 'strategy';

const REPORT_KINDS: readonly ReportKind[] = ['feelings', 'thinking', 'forms', 'strategy'];
const isReportKind = (value: string): value is ReportKind =>
  (REPORT_KINDS as readonly string[]).includes(value);

const DAY = 'YYYY-MM-DD';
const dayOf = (date: Date | string) => dayjs(date).format(DAY);

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
      {kind === 'feelings' && (
        <FigureReport query={report} testId="report" covers={coversWeeks<SphereReport>}>
          {(data) => <ReportView report={data} target={target} tagNames={chosenNames} language={language} />}
        </FigureReport>
      )}
    </Stack>
  );
}
