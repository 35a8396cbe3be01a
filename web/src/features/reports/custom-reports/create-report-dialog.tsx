import { useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Group, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  CUSTOM_REPORT_TEMPLATES,
  CustomReportCreateSchema,
  REPORT_LANGUAGES,
  type CustomReport,
  type CustomReportCreate,
} from '@shared/contracts/custom-reports';
import { clampDateFilter, dateFilterBounds } from '@shared/domain/date-filter';
import { Dialog } from '../../../components/dialog';
import { notifySuccess } from '../../../components/notify';
import { currentLanguage } from '../../../i18n';
import { DATE_FORMAT } from '../../../lib/dates';
import { translateErrorItem } from '../../../lib/errors';
import { useFormProblems } from '../../../lib/form-problems';
import { customReportPath } from '../paths';
import { dayOf, defaultReportPeriod } from './report-period';

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
