import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  CUSTOM_REPORT_TEMPLATES,
  CustomReportCreateSchema,
  REPORT_LANGUAGES,
  type CustomReport,
  type CustomReportCreate,
} from '@shared/contracts/custom-reports';
import { clampDateFilter, dateFilterBounds, defaultDateFilter } from '@shared/domain/date-filter';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { notifySuccess } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { DATE_FORMAT, formatDateTime } from '../../lib/dates';
import { translateErrorItem } from '../../lib/errors';
import { useFormProblems } from '../../lib/form-problems';
import { useReportSphere } from './api/reports';
import {
  useCreateCustomReport,
  useCustomReports,
  useDeleteCustomReport,
  type ReportScope,
} from './api/custom-reports';
import { CustomFrame, StatusBadge, pageStatus, periodText, useReportsAccess } from './custom-report-parts';
import { customReportPath, sessionPagePath, spherePagePath } from './paths';

const DAY = 'YYYY-MM-DD';
const dayOf = (date: Date | string) => dayjs(date).format(DAY);

/** A new report's period: from the start of the month three months ago to today (spec 01 §9). */
export function defaultReportPeriod(now: Date): { start: string; end: string } {
  const range = defaultDateFilter(now);
  return { start: dayOf(range.start), end: dayOf(range.end) };
}

/**
 * `/apps/spheres/{sphereId}/custom-reports` (spec 02 §2 custom reports): the sphere's custom
 * reports for its admins (smartReport) — name, status, period, cards, last change — a new one, and
 * the deletion of one after a confirmation. `/apps/sessions/{sessionId}/custom-reports` (decision
 * 0037): a group's, the same for its members alone.
 */
export default function CustomReportsPage() {
  const { t } = useTranslation();
  const access = useReportsAccess();
  const { scope, group } = access;
  // A group's member may not read its sphere: the group's page names it.
  const sphere = useReportSphere(scope.sphereId, access.allowed && scope.sessionId === undefined);
  const list = useCustomReports(scope, access.allowed);
  const [creating, setCreating] = useState(false);
  const create = useCreateCustomReport(scope);

  const status = pageStatus(
    list,
    access,
    { loadError: t('reports.custom.list.loadError'), testId: 'custom-reports' },
    t,
  );
  const named = group
    ? { name: group.name, to: sessionPagePath(group.id) }
    : sphere.data
      ? { name: sphere.data.name, to: spherePagePath(scope.sphereId) }
      : null;
  const ofGroup = scope.sessionId !== undefined;

  return (
    <CustomFrame
      title={
        named
          ? t(ofGroup ? 'reports.custom.group.title' : 'reports.custom.list.title', { name: named.name })
          : t(ofGroup ? 'reports.custom.group.titleAlone' : 'reports.custom.list.titleAlone')
      }
      back={named ? { to: named.to, label: t('reports.page.back', { name: named.name }) } : null}
      testId="custom-reports-page"
      actions={
        access.allowed && (
          <Button onClick={() => setCreating(true)} data-testid="custom-report-new">
            {t('reports.custom.list.new')}
          </Button>
        )
      }
    >
      <Text size="sm" c="dimmed">
        {t(ofGroup ? 'reports.custom.group.intro' : 'reports.custom.list.intro')}
      </Text>
      {status ?? (
        <CustomReportList
          scope={scope}
          reports={list.data?.reports ?? []}
          caption={t(ofGroup ? 'reports.custom.group.caption' : 'reports.custom.list.caption')}
          empty={t('reports.custom.list.empty')}
          campaignBadge
        />
      )}
      {creating && (
        <CreateReportDialog
          onClose={() => {
            create.reset();
            setCreating(false);
          }}
          onCreate={(body, opened) => create.mutate(body, { onSuccess: opened })}
          pending={create.isPending}
          error={create.error}
        />
      )}
    </CustomFrame>
  );
}

/**
 * A list of custom reports, last changed first — name (the way to the report), status, period,
 * cards, last change — and the deletion of one after a confirmation; a campaign's report is marked
 * with `campaignBadge`. All are reports of `scope` (a sphere, or one of its groups).
 */
export function CustomReportList({
  scope,
  reports,
  caption,
  empty,
  campaignBadge = false,
}: {
  scope: ReportScope;
  reports: readonly CustomReport[];
  caption: string;
  empty: string;
  campaignBadge?: boolean;
}) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<CustomReport | null>(null);
  const remove = useDeleteCustomReport(scope);
  const sorted = [...reports].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));

  if (sorted.length === 0)
    return (
      <Text c="dimmed" data-testid="custom-reports-empty">
        {empty}
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer
        minWidth={760}
        scrollAreaProps={{
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption },
        }}
      >
        <Table data-testid="custom-reports-list">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('reports.custom.fields.name')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.fields.status')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.fields.period')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.fields.cards')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.fields.updatedAt')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((r) => (
              <Table.Tr key={r.reportId} data-testid={`custom-report-row-${r.reportId}`}>
                <Table.Th scope="row">
                  <Group gap="xs" wrap="nowrap">
                    <Anchor component={Link} to={customReportPath(r)}>
                      {r.name}
                    </Anchor>
                    {campaignBadge && r.campaignId && (
                      // Its text says it: the colour is never the only sign.
                      <Badge
                        size="sm"
                        variant="outline"
                        color="gray"
                        c="dark.8"
                        tt="none"
                        data-testid={`custom-report-campaign-${r.reportId}`}
                      >
                        {t('reports.custom.campaignReports.badge')}
                      </Badge>
                    )}
                  </Group>
                </Table.Th>
                <Table.Td>
                  <StatusBadge
                    kind="report"
                    status={r.status}
                    testId={`custom-report-status-${r.reportId}`}
                  />
                </Table.Td>
                <Table.Td>{periodText(r, t)}</Table.Td>
                <Table.Td>{r.cardCount}</Table.Td>
                <Table.Td>{formatDateTime(r.updatedAt)}</Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    c="red.9"
                    size="xs"
                    onClick={() => {
                      remove.reset();
                      setDeleting(r);
                    }}
                    aria-label={t('reports.custom.list.deleteNamed', { name: r.name })}
                    data-testid={`custom-report-delete-${r.reportId}`}
                  >
                    {t('reports.custom.list.delete')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('reports.custom.list.deleteTitle')}
        confirmLabel={t('reports.custom.list.delete')}
        cancelLabel={t('reports.custom.cancel')}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.reportId, {
            onSuccess: () => {
              notifySuccess('reports.custom.list.deleted', { values: { name: deleting.name } });
              setDeleting(null);
            },
          })
        }
        pending={remove.isPending}
        error={remove.error}
        testId="custom-report-delete"
      >
        <Text>{t('reports.custom.list.deleteMessage', { name: deleting?.name ?? '' })}</Text>
      </ConfirmDialog>
    </>
  );
}

/** What the "New report" form lets a page add: a way to set its period, and the problems on a field. */
export interface CreateReportFormControls {
  /** Sets the period's start or end (or both), brought within the dates a report may cover. */
  setPeriod: (period: { start?: Date | undefined; end?: Date | undefined }) => void;
  /** The translated problem on a body field, from the form's check or the server's answer. */
  messageFor: (field: string) => string | undefined;
  pending: boolean;
}

/**
 * The "New report" form: name, description, period, languages, template, and the page's own fields
 * (`extraFields`, before the period); `onCreate` sends it and calls back with the new report, which
 * then opens.
 */
export function CreateReportDialog({
  onClose,
  onCreate,
  pending,
  error,
  extraFields,
}: {
  onClose: () => void;
  onCreate: (body: CustomReportCreate, opened: (report: CustomReport) => void) => void;
  pending: boolean;
  error: unknown;
  extraFields?: (controls: CreateReportFormControls) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = currentLanguage();
  const problems = useFormProblems(error);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [range, setRange] = useState(() => defaultReportPeriod(new Date()));
  const [languages, setLanguages] = useState<string[]>([...REPORT_LANGUAGES]);
  const [template, setTemplate] = useState<(typeof CUSTOM_REPORT_TEMPLATES)[number]>('full');
  const bounds = dateFilterBounds(new Date());
  const setPeriod: CreateReportFormControls['setPeriod'] = (period) =>
    setRange((current) => {
      const clamped = clampDateFilter(
        {
          start: dayjs(period.start ?? current.start)
            .startOf('day')
            .toDate(),
          end: dayjs(period.end ?? current.end)
            .endOf('day')
            .toDate(),
        },
        new Date(),
      );
      return { start: dayOf(clamped.start), end: dayOf(clamped.end) };
    });

  const submit = () => {
    const body = {
      name,
      description,
      start: range.start,
      end: range.end,
      languages: REPORT_LANGUAGES.filter((l) => languages.includes(l)),
      template,
    } satisfies CustomReportCreate;
    if (!problems.check(CustomReportCreateSchema, body)) return;
    onCreate(body, (report) => {
      notifySuccess('reports.custom.list.created', { values: { name: report.name } });
      onClose();
      void navigate(customReportPath(report));
    });
  };

  return (
    <Dialog
      opened
      onClose={() => !pending && onClose()}
      title={t('reports.custom.list.newTitle')}
      closeLabel={t('reports.custom.cancel')}
      size="lg"
      data-testid="custom-report-create-dialog"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        data-testid="custom-report-create-form"
      >
        <Stack>
          <TextInput
            label={t('reports.custom.fields.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={problems.messageFor('name')}
            data-testid="custom-report-create-name"
          />
          <Textarea
            label={t('reports.custom.fields.description')}
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={problems.messageFor('description')}
            data-testid="custom-report-create-description"
          />
          {extraFields?.({ setPeriod, messageFor: problems.messageFor, pending })}
          <DatePickerInput
            type="range"
            label={t('reports.custom.fields.period')}
            required
            valueFormat={DATE_FORMAT}
            locale={language}
            minDate={bounds.start}
            maxDate={bounds.end}
            value={[range.start, range.end]}
            onChange={([start, end]) => {
              if (!start || !end) return;
              setPeriod({ start: dayjs(start).toDate(), end: dayjs(end).toDate() });
            }}
            error={problems.messageFor('start') ?? problems.messageFor('end')}
            data-testid="custom-report-create-period"
          />
          <Checkbox.Group
            label={t('reports.custom.fields.languages')}
            description={t('reports.custom.list.languagesHelp')}
            required
            value={languages}
            onChange={setLanguages}
            error={problems.messageFor('languages')}
          >
            <Group mt="xs">
              {REPORT_LANGUAGES.map((l) => (
                <Checkbox
                  key={l}
                  value={l}
                  label={t(`reports.custom.languages.${l}`)}
                  data-testid={`custom-report-create-lang-${l}`}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <Radio.Group
            label={t('reports.custom.fields.template')}
            value={template}
            onChange={(v) => setTemplate(v === 'synthesis' ? 'synthesis' : 'full')}
          >
            <Group mt="xs">
              {CUSTOM_REPORT_TEMPLATES.map((m) => (
                <Radio
                  key={m}
                  value={m}
                  label={t(`reports.custom.templates.${m}`)}
                  data-testid={`custom-report-create-template-${m}`}
                />
              ))}
            </Group>
          </Radio.Group>
          {problems.general.length > 0 && (
            <Alert color="red" role="alert" data-testid="custom-report-create-problem">
              {problems.general.map((p) => translateErrorItem(p, t)).join('; ')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('reports.custom.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="custom-report-create-submit">
              {t('reports.custom.list.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
