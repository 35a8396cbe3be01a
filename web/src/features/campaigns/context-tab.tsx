import type { ReactNode } from 'react';
import { Alert, Anchor, Stack, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Campaign } from '@shared/contracts/campaigns';
import type { Sphere } from '@shared/contracts/spheres';
import { formatDateTime } from '../../lib/dates';
import { StatusBadge } from './parts';

/**
 * The context tab: where the campaign sits — its sphere, its statuses and dates — and, for a study
 * programme, that anonymity is not guaranteed.
 */
export function ContextTab({ campaign, sphere }: { campaign: Campaign; sphere: Sphere }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [
      t('campaigns.context.sphere'),
      <Anchor key="sphere" component={Link} to={`/apps/spheres/${encodeURIComponent(sphere.id)}`}>
        {sphere.name}
      </Anchor>,
    ],
    [t('campaigns.list.status'), <StatusBadge key="status" kind="campaign" status={campaign.status} />],
    [
      t('campaigns.list.preparation'),
      <StatusBadge key="preparation" kind="preparation" status={campaign.preparationStatus} />,
    ],
    [t('campaigns.fields.mode'), t(`campaigns.modes.${campaign.mode}`)],
    [t('campaigns.fields.template'), t(`campaigns.templates.${campaign.templateModel}`)],
    [t('campaigns.context.measures'), String(campaign.measures.length)],
    [t('campaigns.context.created'), formatDateTime(campaign.creationDate)],
    [t('campaigns.context.updated'), formatDateTime(campaign.updateDate)],
  ];
  return (
    <Stack data-testid="context-tab">
      <Title order={2} size="h4">
        {t('campaigns.context.title')}
      </Title>
      {sphere.isStudyProgram && (
        <Alert
          color="orange"
          title={t('campaigns.context.studyTitle')}
          // The theme's orange title is too pale on its light background (AA); the text colour reads.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          data-testid="context-study-program"
        >
          {t('campaigns.context.study')}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={360} maw={560}>
        <Table withTableBorder data-testid="context-summary">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
