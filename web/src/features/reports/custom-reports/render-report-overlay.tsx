import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  RENDER_FORMATS,
  RenderCreateSchema,
  type CustomReportDetail,
  type RenderCreate,
  type RenderFormat,
  type ReportLanguage,
} from '@shared/contracts/custom-reports';
import { ErrorState } from '../../../components/error-state';
import { notifySuccess } from '../../../components/notify';
import { translateErrorItem } from '../../../lib/errors';
import { useFormProblems } from '../../../lib/form-problems';
import { afterStep, type OverlayProps } from '../../../lib/overlays';
import { refOf, useCreateReportRender, useCustomReport } from '../api/custom-reports';
import { StatusBadge, defaultRenderName, refusalText, refused } from './custom-report-parts';
import { customReportPath } from '../paths';

/** A part that is being worked on cannot be rendered (spec 02 §4). */
export const partSelectable = (part: { status: string }) => part.status !== 'inProgress';

/**
 * `show=renderReportAdmin&sphereId=…&reportId=…` (spec 02 §2, §5 render report), and `sessionId=…`
 * for a group's report (decision 0037), rendered through the group's routes: a document of the
 * report — its name (today's date and the report's name unless changed), at least one of its parts
 * (a part in progress cannot be chosen), one of its languages (fixed when it has only one), PDF or
 * Word. The render runs in the background: it shows in the report's Documents tab.
 */
export default function RenderReportOverlay({ params, done }: OverlayProps) {
  const { t } = useTranslation();
  const sphereId = params.get('sphereId') ?? '';
  const reportId = params.get('reportId') ?? '';
  const sessionId = params.get('sessionId') ?? undefined;
  const report = useCustomReport({ sphereId, sessionId, reportId });
  if (report.isPending) return <Skeleton height={240} data-testid="render-loading" />;
  if (report.isError)
    return refused(report.error) ? (
      <Alert color="gray" data-testid="render-not-allowed">
        {refusalText({ starterGroup: false, error: report.error, ofGroup: sessionId !== undefined }, t)}
      </Alert>
    ) : (
      <ErrorState
        title={t('reports.custom.report.loadError')}
        error={report.error}
        onRetry={() => void report.refetch()}
        testId="render-error"
      />
    );
  return <RenderForm report={report.data} params={params} done={done} />;
}

function RenderForm({
  report,
  params,
  done,
}: {
  report: CustomReportDetail;
  params: URLSearchParams;
  done: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const create = useCreateReportRender(refOf(report));
  const parts = [...report.parts].sort((a, b) => a.position - b.position);
  const single = report.languages.length === 1 ? report.languages[0] : undefined;
  const [name, setName] = useState(() => defaultRenderName(report.name, new Date()));
  const [partIds, setPartIds] = useState<string[]>(() =>
    parts.filter((p) => partSelectable(p) && p.cardCount > 0).map((p) => p.partId),
  );
  const [lang, setLang] = useState<ReportLanguage | ''>(single ?? '');
  const [format, setFormat] = useState<RenderFormat>('pdf');
  const problems = useFormProblems(null);

  const finish = () => {
    const reportPage = customReportPath(report);
    // On the report's page its Documents tab opens, where the new document shows.
    if (location.pathname !== reportPage) return done();
    const next = afterStep(params);
    next.set('tab', 'documents');
    void navigate({ pathname: reportPage, search: `?${next.toString()}` }, { replace: true });
  };

  const submit = () => {
    const body = {
      name,
      format,
      // Only parts still offered: a part that went in progress meanwhile is left out.
      partIds: partIds.filter((id) => parts.some((p) => p.partId === id && partSelectable(p))),
    };
    // No language chosen is said as "required", like any missing field.
    if (!problems.check(RenderCreateSchema, lang ? { ...body, lang } : body) || !lang) return;
    const asked: RenderCreate = { ...body, lang };
    create.mutate(asked, {
      onSuccess: () => {
        notifySuccess('reports.custom.render.started');
        finish();
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="render-form"
    >
      <Stack>
        <Text size="sm">{t('reports.custom.render.intro', { name: report.name })}</Text>
        <TextInput
          label={t('reports.custom.render.name')}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={problems.messageFor('name')}
          data-testid="render-name"
        />
        <Checkbox.Group
          label={t('reports.custom.render.parts')}
          description={t('reports.custom.render.partsHelp')}
          required
          value={partIds}
          onChange={setPartIds}
          error={problems.messageFor('partIds')}
          data-testid="render-parts"
        >
          <Stack gap="xs" mt="xs">
            {parts.length === 0 && (
              <Text size="sm" c="dimmed" data-testid="render-no-part">
                {t('reports.custom.render.noPart')}
              </Text>
            )}
            {parts.map((part) => {
              const selectable = partSelectable(part);
              return (
                <Group key={part.partId} gap="xs" wrap="nowrap" align="flex-start">
                  <Checkbox
                    value={part.partId}
                    disabled={!selectable}
                    label={part.name}
                    description={
                      !selectable
                        ? t('reports.custom.render.partInProgress')
                        : part.cardCount === 0
                          ? t('reports.custom.render.partEmpty')
                          : t('reports.custom.cardCount', { count: part.cardCount })
                    }
                    data-testid={`render-part-${part.partId}`}
                  />
                  {/* An empty part shows no badge (spec 02 §4). */}
                  {part.cardCount > 0 && (
                    <StatusBadge
                      kind="part"
                      status={part.status}
                      testId={`render-part-status-${part.partId}`}
                    />
                  )}
                </Group>
              );
            })}
          </Stack>
        </Checkbox.Group>
        <NativeSelect
          label={t('reports.custom.render.lang')}
          description={single ? t('reports.custom.render.langFixed') : undefined}
          required
          disabled={single !== undefined}
          value={lang}
          onChange={(e) => setLang(e.currentTarget.value as ReportLanguage | '')}
          data={[
            ...(single ? [] : [{ value: '', label: t('reports.custom.render.langChoose') }]),
            ...report.languages.map((l) => ({ value: l, label: t(`reports.custom.languages.${l}`) })),
          ]}
          error={problems.messageFor('lang')}
          data-testid="render-lang"
        />
        <Radio.Group
          label={t('reports.custom.render.format')}
          required
          value={format}
          onChange={(value) => setFormat(value === 'docx' ? 'docx' : 'pdf')}
          data-testid="render-format"
        >
          <Group mt="xs">
            {RENDER_FORMATS.map((f) => (
              <Radio
                key={f}
                value={f}
                label={t(`reports.custom.formats.${f}`)}
                data-testid={`render-format-${f}`}
              />
            ))}
          </Group>
        </Radio.Group>
        {problems.general.length > 0 && (
          <Alert color="red" role="alert" data-testid="render-problem">
            {problems.general.map((p) => translateErrorItem(p, t)).join('; ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} data-testid="render-submit">
            {t('reports.custom.render.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
