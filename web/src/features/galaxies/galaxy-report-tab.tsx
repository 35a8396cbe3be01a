import { Button, Skeleton, Stack, Table, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalaxyReport } from '@shared/contracts/galaxies';
import { ErrorState } from '../../components/error-state';
import { notifyError } from '../../components/notify';
import { quotaKindName } from '../../lib/quota-kinds';
import { XLSX_MEDIA_TYPE, saveBlob, workbookOf, type TableCell } from '../../lib/table-export';
import { useGalaxyReport } from './api/galaxies';

/** The report's three tables (spec 02 §2 report): spheres, quotas and admins, header line first. */
export function reportTables(report: GalaxyReport, t: TFunction): { name: string; lines: TableCell[][] }[] {
  return [
    {
      name: t('galaxies.report.spheres'),
      lines: [
        [
          t('galaxies.report.sphere'),
          t('galaxies.report.members'),
          t('galaxies.report.activeMembers'),
          t('galaxies.quotas.usage'),
        ],
        ...report.spheres.map((s) => [
          s.name,
          s.members,
          s.activeMembers,
          Object.entries(s.usage)
            .map(([k, v]) => `${quotaKindName(k, t)}: ${v}`)
            .join(', '),
        ]),
      ],
    },
    {
      name: t('galaxies.report.quotas'),
      lines: [
        [
          t('galaxies.report.quota'),
          t('galaxies.quotas.value'),
          t('galaxies.quotas.usage'),
          t('galaxies.report.percentage'),
          t('galaxies.report.state'),
        ],
        ...report.quotas.map((q) => [
          quotaKindName(q.kind, t),
          q.value ?? t('galaxies.quotas.noLimit'),
          q.counted ? q.usage : t('galaxies.quotas.notCounted'),
          q.percentage,
          t(`galaxies.quotas.states.${q.state}`),
        ]),
      ],
    },
    {
      name: t('galaxies.report.admins'),
      lines: [
        [
          t('galaxies.members.name'),
          t('galaxies.members.email'),
          t('galaxies.members.active'),
          t('galaxies.members.firstDayOfWork'),
        ],
        ...report.admins.map((a) => [
          a.name,
          a.email,
          a.active ? t('galaxies.report.yes') : t('galaxies.report.no'),
          a.firstDayOfWork ?? '',
        ]),
      ],
    },
  ];
}

/** Builds the report's workbook: one sheet per table. */
async function reportWorkbook(tables: { name: string; lines: TableCell[][] }[]): Promise<ArrayBuffer> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.utils.book_new();
  for (const table of tables) {
    // Each sheet as the shared helper lays it out (numbers stay numbers, dates real dates).
    const single = XLSX.read(
      await workbookOf(table.lines, { sheetName: table.name, columnWidths: [30, 16, 16, 16, 16] }),
    );
    const name = single.SheetNames[0]!;
    XLSX.utils.book_append_sheet(book, single.Sheets[name]!, name);
  }
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

/** Tab "report" (spec 02 §2): a preview of the report and its Excel download. */
export function GalaxyReportTab({ galaxyId }: { galaxyId: string }) {
  const { t } = useTranslation();
  const report = useGalaxyReport(galaxyId);
  const [busy, setBusy] = useState(false);
  if (report.isPending) return <Skeleton height={240} data-testid="report-loading" />;
  if (report.isError)
    return (
      <ErrorState
        title={t('galaxies.report.loadError')}
        error={report.error}
        onRetry={() => void report.refetch()}
      />
    );
  const tables = reportTables(report.data, t);
  const download = async () => {
    setBusy(true);
    try {
      const data = await reportWorkbook(tables);
      const blob = new Blob([data], {
        type: XLSX_MEDIA_TYPE,
      });
      saveBlob(blob, `${report.data.galaxy.shortName || 'galaxy'}-report.xlsx`);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <Button
        onClick={() => void download()}
        loading={busy}
        data-testid="report-download"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('galaxies.report.download')}
      </Button>
      {tables.map((table) => (
        <section key={table.name}>
          <Title order={2} size="h3" mb="xs">
            {table.name}
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table data-testid="report-table">
              <Table.Thead>
                <Table.Tr>
                  {table.lines[0]!.map((cell, i) => (
                    <Table.Th key={i}>{String(cell)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {table.lines.slice(1).map((line, r) => (
                  <Table.Tr key={r}>
                    {line.map((cell, i) => (
                      <Table.Td key={i}>{String(cell)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </section>
      ))}
    </Stack>
  );
}
