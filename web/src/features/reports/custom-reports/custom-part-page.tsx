import { useState } from 'react';
import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { subject } from '@casl/ability';
import { Link, useLocation, useParams } from 'react-router';
import type { ReportLanguage, ReportPartDetail } from '@shared/contracts/custom-reports';
import { useAbility } from '../../../lib/ability';
import { useCustomReport, useReportPart, type ReportRef } from '../api/custom-reports';
import { useReportSphere } from '../api/reports';
import { AddCardDialog } from './card-forms';
import {
  AnonymityAlert,
  CustomFrame,
  StatusBadge,
  cardTree,
  pageStatus,
  useReportsAccess,
} from './custom-report-parts';
import { customReportPath, reportPartBookmarksPath, reportPartPath } from '../paths';
import { CardView } from './part-card';

/**
 * `/apps/spheres/{sphereId}/custom-reports/{reportId}/parts/{partId}` (spec 02 §2, §3 Card): the
 * part's cards in order, each with its title, description, text, legend and, for a data shot, its
 * figures; each may be edited, given a text written from its figures, moved and deleted, and a card
 * added. `…/bookmarks` shows the bookmarked cards of the part alone. A group's report has the same
 * pages under `/apps/sessions/{sessionId}/custom-reports/…` (decision 0037).
 */
export default function CustomPartPage() {
  const { t } = useTranslation();
  const { reportId = '', partId = '' } = useParams();
  const bookmarksOnly = useLocation().pathname.endsWith('/bookmarks');
  const access = useReportsAccess();
  const ref = { ...access.scope, reportId };
  const report = useCustomReport(ref, access.allowed);
  const part = useReportPart(ref, partId, access.allowed);
  const status = pageStatus(
    part,
    access,
    { loadError: t('reports.custom.part.loadError'), testId: 'custom-part' },
    t,
  );
  const title = part.data
    ? t(bookmarksOnly ? 'reports.custom.part.titleBookmarks' : 'reports.custom.part.title', {
        name: part.data.name,
      })
    : t('reports.custom.part.titleAlone');

  return (
    <CustomFrame
      title={title}
      back={{
        to: customReportPath(ref),
        label: report.data
          ? t('reports.page.back', { name: report.data.name })
          : t('reports.custom.part.backToReport'),
      }}
      testId="custom-part-page"
    >
      {status ??
        (part.data && (
          <PartBody
            reportRef={ref}
            part={part.data}
            languages={report.data?.languages ?? []}
            bookmarksOnly={bookmarksOnly}
            campaign={
              report.data?.campaignId
                ? { campaignId: report.data.campaignId, cycleId: report.data.cycleId }
                : undefined
            }
          />
        ))}
    </CustomFrame>
  );
}

function PartBody({
  reportRef,
  part,
  languages,
  bookmarksOnly,
  campaign,
}: {
  reportRef: ReportRef;
  part: ReportPartDetail;
  languages: readonly ReportLanguage[];
  bookmarksOnly: boolean;
  /** A campaign's report: its cards may show the campaign's steps. */
  campaign: { campaignId: string; cycleId?: string | undefined } | undefined;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const ability = useAbility();
  // The sphere's language names its tags: read only where its tags may be (a group's member may
  // read neither).
  const canReadTags = ability.can('get', subject('sphere-tag', { sphereId: reportRef.sphereId }));
  const sphere = useReportSphere(reportRef.sphereId, reportRef.sessionId === undefined || canReadTags);
  const placed = cardTree(part.cards);
  const shown = bookmarksOnly
    ? placed.filter(({ card }) => card.bookmark).map((p) => ({ ...p, depth: 0 }))
    : placed;

  return (
    <Stack>
      {part.anonymityNotGuaranteed && <AnonymityAlert />}
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          {part.cards.length > 0 && (
            <StatusBadge kind="part" status={part.status} testId="custom-part-status" />
          )}
          <Text size="sm" c="dimmed">
            {t('reports.custom.cardCount', { count: part.cards.length })}
          </Text>
          <Anchor
            component={Link}
            size="sm"
            to={
              bookmarksOnly
                ? reportPartPath(reportRef, part.partId)
                : reportPartBookmarksPath(reportRef, part.partId)
            }
            data-testid="custom-part-switch"
          >
            {t(bookmarksOnly ? 'reports.custom.part.allCards' : 'reports.custom.part.bookmarksOnly')}
          </Anchor>
        </Group>
        {!bookmarksOnly && (
          <Button onClick={() => setAdding(true)} data-testid="card-add">
            {t('reports.custom.card.add')}
          </Button>
        )}
      </Group>
      {shown.length === 0 ? (
        <Text c="dimmed" data-testid="custom-part-empty">
          {t(bookmarksOnly ? 'reports.custom.part.noBookmark' : 'reports.custom.part.empty')}
        </Text>
      ) : (
        <Box
          component="ol"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('reports.custom.part.cards')}
        >
          {shown.map(({ card, depth }) => (
            <Box component="li" key={card.cardId} ml={depth * 24} mb="sm">
              <CardView
                reportRef={reportRef}
                card={card}
                siblings={part.cards.filter((c) => c.parentCardId === card.parentCardId)}
                languages={languages}
                movable={!bookmarksOnly}
              />
            </Box>
          ))}
        </Box>
      )}
      {adding && (
        <AddCardDialog
          reportRef={reportRef}
          partId={part.partId}
          primary={sphere.data?.languages.primary}
          campaign={campaign}
          onClose={() => setAdding(false)}
        />
      )}
    </Stack>
  );
}
