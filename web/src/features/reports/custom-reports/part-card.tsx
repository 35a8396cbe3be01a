import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportLanguage, ReportPartDetail } from '@shared/contracts/custom-reports';
import { useConfirmedRemoval } from '../../../components/confirmed-removal';
import { Dialog } from '../../../components/dialog';
import { notifySuccess } from '../../../components/notify';
import { currentLanguage } from '../../../i18n';
import {
  useDeleteReportCard,
  usePromptReportCard,
  useUpdateReportCard,
  type ReportRef,
} from '../api/custom-reports';
import { CardDataView } from './card-data';
import { EditCardDialog } from './edit-card-dialog';
import { StatusBadge, promptLanguage } from './custom-report-parts';

export type PartCard = ReportPartDetail['cards'][number];

export function CardView({
  reportRef,
  card,
  siblings,
  languages,
  movable,
}: {
  reportRef: ReportRef;
  card: PartCard;
  siblings: readonly PartCard[];
  languages: readonly ReportLanguage[];
  movable: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [editing, setEditing] = useState(false);
  const deletion = useConfirmedRemoval({
    remove: () => remove.mutateAsync(card.cardId),
    title: t('reports.custom.card.deleteTitle'),
    message: <Text>{t('reports.custom.card.deleteMessage', { title: card.title })}</Text>,
    confirmLabel: t('reports.custom.card.delete'),
    cancelLabel: t('reports.custom.cancel'),
    destructive: false,
    success: { key: 'reports.custom.card.deleted', values: { title: card.title } },
    testId: 'card-delete',
  });
  const [prompting, setPrompting] = useState(false);
  const move = useUpdateReportCard(reportRef);
  const remove = useDeleteReportCard(reportRef);
  const ordered = [...siblings].sort((a, b) => a.position - b.position);
  const index = ordered.findIndex((c) => c.cardId === card.cardId);
  const before = index > 0 ? ordered[index - 1] : undefined;
  const after = index >= 0 ? ordered[index + 1] : undefined;
  const titleId = `card-title-${card.cardId}`;

  /** Swaps the card with its neighbour: each takes the other's position. */
  const swap = async (other: PartCard) => {
    await move.mutateAsync({ cardId: card.cardId, body: { position: other.position } });
    await move.mutateAsync({ cardId: other.cardId, body: { position: card.position } });
  };

  return (
    <Card withBorder component="article" aria-labelledby={titleId} data-testid={`card-${card.cardId}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" align="flex-start">
          <Group gap="xs">
            <Title order={2} size="h4" id={titleId}>
              {card.title}
            </Title>
            <Text size="xs" c="dimmed">
              {t(`reports.custom.cardTypes.${card.type}`)}
            </Text>
            {card.type === 'dataShot' && card.dataShotStatus && (
              <StatusBadge
                kind="dataShot"
                status={card.dataShotStatus}
                testId={`card-status-${card.cardId}`}
              />
            )}
            {card.hidden && (
              <Text size="xs" c="dimmed" data-testid={`card-hidden-mark-${card.cardId}`}>
                {t('reports.custom.card.hiddenMark')}
              </Text>
            )}
            {card.favourite && (
              <Text size="xs" c="dimmed">
                {t('reports.custom.card.favouriteMark')}
              </Text>
            )}
            {card.bookmark && (
              <Text size="xs" c="dimmed">
                {t('reports.custom.card.bookmarkMark')}
              </Text>
            )}
          </Group>
        </Group>
        {card.description && <Text size="sm">{card.description}</Text>}
        {card.type === 'dataShot' && card.dataShot && card.data && (
          <CardDataView cardId={card.cardId} dataShot={card.dataShot} data={card.data} language={language} />
        )}
        {card.type === 'dataShot' && !card.data && (
          <Text size="sm" c="dimmed" data-testid={`card-no-data-${card.cardId}`}>
            {t('reports.custom.card.noData')}
          </Text>
        )}
        {card.result && (
          <Text style={{ whiteSpace: 'pre-wrap' }} data-testid={`card-result-${card.cardId}`}>
            {card.result}
          </Text>
        )}
        {card.result && (
          <WrittenByNote writtenBy={card.writtenBy} testId={`card-written-by-${card.cardId}`} />
        )}
        {card.legend && (
          <Text size="sm" c="dimmed" data-testid={`card-legend-${card.cardId}`}>
            {card.legend}
          </Text>
        )}
        <Group gap="xs" role="group" aria-label={t('reports.custom.card.actions', { title: card.title })}>
          <Button
            size="xs"
            variant="default"
            onClick={() => setEditing(true)}
            data-testid={`card-edit-${card.cardId}`}
          >
            {t('reports.custom.card.edit')}
          </Button>
          {card.type === 'dataShot' && (
            <Button
              size="xs"
              variant="default"
              onClick={() => setPrompting(true)}
              data-testid={`card-prompt-${card.cardId}`}
            >
              {t('reports.custom.prompt.open')}
            </Button>
          )}
          {movable && (
            <>
              <Button
                size="xs"
                variant="subtle"
                c="blue.9"
                disabled={!before || move.isPending}
                onClick={() => before && void swap(before)}
                data-testid={`card-up-${card.cardId}`}
              >
                {t('reports.custom.card.up')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                c="blue.9"
                disabled={!after || move.isPending}
                onClick={() => after && void swap(after)}
                data-testid={`card-down-${card.cardId}`}
              >
                {t('reports.custom.card.down')}
              </Button>
            </>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            c="red.9"
            onClick={() => {
              remove.reset();
              deletion.ask();
            }}
            data-testid={`card-delete-${card.cardId}`}
          >
            {t('reports.custom.card.delete')}
          </Button>
        </Group>
      </Stack>
      {editing && <EditCardDialog reportRef={reportRef} card={card} onClose={() => setEditing(false)} />}
      {prompting && (
        <PromptDialog
          reportRef={reportRef}
          card={card}
          lang={promptLanguage(languages, language)}
          onClose={() => setPrompting(false)}
        />
      )}
      {deletion.dialog}
    </Card>
  );
}

/**
 * The card prompt: a text is written from the card's figures, shown for reading, and put into the
 * card only once the person confirms. A text from the local writer says so plainly.
 */
export function PromptDialog({
  reportRef,
  card,
  lang,
  onClose,
}: {
  reportRef: ReportRef;
  card: PartCard;
  lang: ReportLanguage;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const prompt = usePromptReportCard(reportRef);
  const save = useUpdateReportCard(reportRef);
  const busy = prompt.isPending || save.isPending;
  return (
    <Dialog
      opened
      onClose={() => !busy && onClose()}
      title={t('reports.custom.prompt.title', { title: card.title })}
      closeLabel={t('reports.custom.cancel')}
      size="lg"
      data-testid="card-prompt-dialog"
    >
      <Stack>
        <Text size="sm">
          {t('reports.custom.prompt.intro', { language: t(`reports.custom.languages.${lang}`) })}
        </Text>
        {card.result && (
          <Alert color="orange" data-testid="card-prompt-replaces">
            {t('reports.custom.prompt.replaces')}
          </Alert>
        )}
        {prompt.data && (
          <Card withBorder data-testid="card-prompt-text">
            <Stack gap="xs">
              <Text style={{ whiteSpace: 'pre-wrap' }}>{prompt.data.text}</Text>
              <WrittenByNote writtenBy={prompt.data.writtenBy} testId="card-prompt-written-by" />
            </Stack>
          </Card>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('reports.custom.cancel')}
          </Button>
          {prompt.data ? (
            <Button
              loading={save.isPending}
              onClick={() =>
                prompt.data &&
                save.mutate(
                  { cardId: card.cardId, body: { result: prompt.data.text } },
                  {
                    onSuccess: () => {
                      notifySuccess('reports.custom.prompt.saved');
                      onClose();
                    },
                  },
                )
              }
              data-testid="card-prompt-use"
            >
              {t('reports.custom.prompt.use')}
            </Button>
          ) : (
            <Button
              loading={prompt.isPending}
              onClick={() => prompt.mutate({ cardId: card.cardId, lang })}
              data-testid="card-prompt-write"
            >
              {t('reports.custom.prompt.write')}
            </Button>
          )}
        </Group>
      </Stack>
    </Dialog>
  );
}

/** "Written locally": said plainly on a text written from the figures by a fixed template. */
function WrittenByNote({ writtenBy, testId }: { writtenBy: PartCard['writtenBy']; testId: string }) {
  const { t } = useTranslation();
  if (writtenBy !== 'local-writer' && writtenBy !== 'bedrock') return null;
  return (
    <Text size="xs" c="dimmed" fs="italic" data-testid={testId}>
      {t(
        writtenBy === 'local-writer' ? 'reports.custom.prompt.localWriter' : 'reports.custom.prompt.bedrock',
      )}
    </Text>
  );
}
