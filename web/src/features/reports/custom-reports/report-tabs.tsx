import { useMemo, useState } from 'react';
import { Anchor, Box, Button, Group, MultiSelect, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { subject } from '@casl/ability';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type CustomReportDetail, type Render } from '@shared/contracts/custom-reports';
import type { Language } from '@shared/contracts/headers';
import type { Tag } from '@shared/contracts/tags';
import { tagName } from '@shared/domain/tags';
import { useConfirmedRemoval } from '../../../components/confirmed-removal';
import { ErrorState } from '../../../components/error-state';
import { notifySuccess } from '../../../components/notify';
import { currentLanguage } from '../../../i18n';
import { useAbility } from '../../../lib/ability';
import { formatDateTime } from '../../../lib/dates';
import {
  useDeleteReportRender,
  useDownloadReportRender,
  useReportRenders,
  useUpdateCustomReport,
  refOf,
  type ReportRef,
} from '../api/custom-reports';
import { useReportSphere, useReportTags } from '../api/reports';
import { RenderStatusBadge } from './custom-report-parts';
import { reportPartPath } from '../paths';

/** The report's favourite or bookmarked cards, each with the part it is in. */
export function MarkedCards({
  report,
  mark,
}: {
  report: CustomReportDetail;
  mark: 'favourite' | 'bookmark';
}) {
  const { t } = useTranslation();
  const parts = new Map(report.parts.map((p) => [p.partId, p]));
  const cards = report.cards
    .filter((c) => c[mark])
    .sort(
      (a, b) =>
        (parts.get(a.partId)?.position ?? 0) - (parts.get(b.partId)?.position ?? 0) ||
        a.position - b.position,
    );
  const title = t(mark === 'favourite' ? 'reports.custom.tabs.favourites' : 'reports.custom.tabs.bookmarks');
  return (
    <Stack>
      <Title order={2} size="h4">
        {title}
      </Title>
      {cards.length === 0 ? (
        <Text c="dimmed" data-testid={`marked-empty-${mark}`}>
          {t(mark === 'favourite' ? 'reports.custom.marked.noFavourite' : 'reports.custom.marked.noBookmark')}
        </Text>
      ) : (
        <Box component="ul" m={0} pl="lg" data-testid={`marked-${mark}`}>
          {cards.map((card) => {
            const part = parts.get(card.partId);
            return (
              <li key={card.cardId}>
                <Text size="sm" span>
                  {card.title}
                </Text>
                {part && (
                  <Text size="sm" span>
                    {' — '}
                    <Anchor component={Link} to={reportPartPath(report, part.partId)}>
                      {part.name}
                    </Anchor>
                  </Text>
                )}
              </li>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}

export function DocumentsTab({ reportRef }: { reportRef: ReportRef }) {
  const { t } = useTranslation();
  const renders = useReportRenders(reportRef);
  const download = useDownloadReportRender(reportRef);
  const remove = useDeleteReportRender(reportRef);
  // Removing a document, or cancelling one still being made.
  const cancels = (r: Render) => r.status === 'inProgress';
  const removal = useConfirmedRemoval<Render>({
    remove: (r) => remove.mutateAsync(r.renderId),
    title: (r) =>
      t(cancels(r) ? 'reports.custom.documents.cancelTitle' : 'reports.custom.documents.removeTitle'),
    confirmLabel: (r) =>
      t(cancels(r) ? 'reports.custom.documents.cancel' : 'reports.custom.documents.remove'),
    cancelLabel: t('reports.custom.cancel'),
    message: (r) => (
      <Text>
        {t(cancels(r) ? 'reports.custom.documents.cancelMessage' : 'reports.custom.documents.removeMessage', {
          name: r.name,
        })}
      </Text>
    ),
    success: (r) => ({
      key: cancels(r) ? 'reports.custom.documents.cancelled' : 'reports.custom.documents.removed',
      values: { name: r.name },
    }),
    testId: 'document-remove',
  });
  const list = [...(renders.data?.renders ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  let body;
  if (renders.isPending) body = <Skeleton height={120} data-testid="documents-loading" />;
  else if (renders.isError)
    body = (
      <ErrorState
        title={t('reports.custom.documents.loadError')}
        error={renders.error}
        onRetry={() => void renders.refetch()}
        testId="documents-error"
      />
    );
  else if (list.length === 0)
    body = (
      <Text c="dimmed" data-testid="documents-empty">
        {t('reports.custom.documents.empty')}
      </Text>
    );
  else
    body = (
      <Table.ScrollContainer
        minWidth={720}
        scrollAreaProps={{
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('reports.custom.documents.caption') },
        }}
      >
        <Table data-testid="documents-list">
          <Table.Caption>{t('reports.custom.documents.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('reports.custom.fields.name')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.documents.format')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.documents.lang')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.fields.status')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.documents.createdAt')}</Table.Th>
              <Table.Th scope="col">{t('reports.custom.documents.file')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((r) => (
              <Table.Tr key={r.renderId} data-testid={`document-${r.renderId}`}>
                <Table.Th scope="row">{r.name}</Table.Th>
                <Table.Td>{t(`reports.custom.formats.${r.format}`)}</Table.Td>
                <Table.Td>{t(`reports.custom.languages.${r.lang}`)}</Table.Td>
                <Table.Td>
                  <RenderStatusBadge status={r.status} testId={`document-status-${r.renderId}`} />
                </Table.Td>
                <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
                <Table.Td>
                  {r.status === 'done' && (
                    <Button
                      size="xs"
                      variant="default"
                      loading={download.isPending && download.variables === r.renderId}
                      onClick={() => download.mutate(r.renderId)}
                      aria-label={t('reports.custom.documents.downloadNamed', { name: r.name })}
                      data-testid={`document-download-${r.renderId}`}
                    >
                      {t('reports.custom.documents.download')}
                    </Button>
                  )}
                  {r.status === 'error' && (
                    <Text size="sm" data-testid={`document-reason-${r.renderId}`}>
                      {r.reason
                        ? t('reports.custom.documents.reason', {
                            // The server's key when it gives one, else its words.
                            reason: t(`errors.${r.reason}`, { defaultValue: r.reason }),
                          })
                        : t('reports.custom.documents.failed')}
                    </Text>
                  )}
                  {r.status === 'inProgress' && (
                    <Text size="sm" c="dimmed">
                      {t('reports.custom.documents.wait')}
                    </Text>
                  )}
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    c="red.9"
                    onClick={() => removal.ask(r)}
                    aria-label={t(
                      r.status === 'inProgress'
                        ? 'reports.custom.documents.cancelNamed'
                        : 'reports.custom.documents.removeNamed',
                      { name: r.name },
                    )}
                    data-testid={`document-remove-${r.renderId}`}
                  >
                    {t(
                      r.status === 'inProgress'
                        ? 'reports.custom.documents.cancel'
                        : 'reports.custom.documents.remove',
                    )}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack>
      <Title order={2} size="h4">
        {t('reports.custom.tabs.documents')}
      </Title>
      {body}
      {removal.dialog}
    </Stack>
  );
}

/** A tag type of the sphere, with the names of its tags, as the dimensions list offers it. */
export function dimensionOptions(
  tags: readonly Tag[],
  typeName: (type: string) => string,
  language: Language,
  primary: Language | undefined,
): { value: string; label: string }[] {
  const byType = new Map<string, string[]>();
  for (const tag of tags) {
    if (tag.archived) continue;
    const name = tagName(tag.name, language, primary) || tag.shortId || tag.id;
    byType.set(tag.type, [...(byType.get(tag.type) ?? []), name]);
  }
  return [...byType.entries()]
    .map(([type, names]) => ({
      value: type,
      label: `${typeName(type)} (${names.sort((a, b) => a.localeCompare(b, language)).join(', ')})`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/** The report's dimensions: the tag types its groups are cut by, chosen among the sphere's. */
export function DimensionsTab({ report }: { report: CustomReportDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const ability = useAbility();
  const canReadTags = ability.can('get', subject('sphere-tag', { sphereId: report.sphereId }));
  const tags = useReportTags(report.sphereId, canReadTags);
  const sphere = useReportSphere(report.sphereId, canReadTags);
  const update = useUpdateCustomReport(refOf(report));
  const [chosen, setChosen] = useState<string[]>(report.dimensions);
  const options = useMemo(() => {
    const known = dimensionOptions(
      tags.data?.items ?? [],
      (type) => t(`reports.custom.tagTypes.${type}`, { defaultValue: type }),
      language,
      sphere.data?.languages.primary,
    );
    // A dimension whose tags are gone stays named, so it can be taken away.
    const missing = report.dimensions
      .filter((d) => !known.some((o) => o.value === d))
      .map((d) => ({ value: d, label: t(`reports.custom.tagTypes.${d}`, { defaultValue: d }) }));
    return [...known, ...missing];
  }, [tags.data, sphere.data, report.dimensions, language, t]);
  const changed =
    chosen.length !== report.dimensions.length || chosen.some((d) => !report.dimensions.includes(d));

  return (
    <Stack>
      <Title order={2} size="h4">
        {t('reports.custom.tabs.dimensions')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('reports.custom.dimensions.intro')}
      </Text>
      {tags.isError && (
        <Text size="sm" c="dimmed" data-testid="dimensions-tags-error">
          {t('reports.custom.dimensions.tagsError')}
        </Text>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate(
            { dimensions: chosen },
            { onSuccess: () => notifySuccess('reports.custom.dimensions.saved') },
          );
        }}
      >
        <Stack>
          <MultiSelect
            label={t('reports.custom.dimensions.label')}
            placeholder={chosen.length ? undefined : t('reports.custom.dimensions.none')}
            value={chosen}
            onChange={setChosen}
            data={options}
            searchable
            clearable
            disabled={tags.isPending && canReadTags}
            maxValues={20}
            data-testid="dimensions-select"
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              disabled={!changed}
              loading={update.isPending}
              data-testid="dimensions-save"
            >
              {t('reports.custom.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
