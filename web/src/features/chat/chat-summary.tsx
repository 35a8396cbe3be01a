import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, CopyButton, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChatThread } from '@shared/contracts/chat';
import type { Feeling } from '@shared/contracts/feelings';
import { isFeelingEditable } from '@shared/domain/feelings';
import { ErrorState } from '../../components/error-state';
import { notifyError, notifySuccess } from '../../components/notify';
import { ApiError } from '../../lib/errors';
import { useFeeling, useUpdateFeeling } from '../../lib/feelings';

/** A feeling holds this many notes at most (the contract's limit). */
const MAX_NOTES = 50;
/** The summary is the person's own reading of a private conversation: a private note. */
const SUMMARY_NOTE_TYPE = 'private';
const FROZEN_KEY = 'feeling-frozen';

/** Why the summary cannot go into the feeling's notes, or undefined when it can. */
function refusal(feeling: Feeling, frozen: boolean): 'frozen' | 'full' | undefined {
  if (frozen || !feeling.editable || !isFeelingEditable(feeling, Date.now())) return 'frozen';
  if (feeling.personalNotes.length >= MAX_NOTES) return 'full';
  return undefined;
}

function CopySummary({ summary }: { summary: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={summary}>
      {({ copied, copy }) => (
        <Button size="xs" variant="light" onClick={copy} data-testid="chat-summary-copy">
          {copied ? t('chat.summary.copied') : t('chat.summary.copy')}
        </Button>
      )}
    </CopyButton>
  );
}

/**
 * Saves the summary as a private note of the feeling the chat was about, through the feelings'
 * own update (its notes kept, the summary added). A feeling past its edit window, or already full
 * of notes, is said so before anything is tried, with the summary to copy instead.
 */
function SaveToFeeling({
  feelingId,
  summary,
  onOpenFeeling,
}: {
  feelingId: string;
  summary: string;
  onOpenFeeling: () => void;
}) {
  const { t } = useTranslation();
  const feeling = useFeeling(feelingId);
  const update = useUpdateFeeling(feelingId, { errorsShownInline: true });
  const [frozen, setFrozen] = useState(false);

  if (feeling.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (feeling.isError) {
    if (feeling.error instanceof ApiError && feeling.error.status === 404)
      return (
        <Alert color="yellow" data-testid="chat-feeling-gone">
          {t('chat.summary.feelingGone')}
        </Alert>
      );
    return (
      <ErrorState
        title={t('chat.summary.feelingLoadError')}
        error={feeling.error}
        onRetry={() => void feeling.refetch()}
        testId="chat-feeling-error"
      />
    );
  }
  const notes = feeling.data.personalNotes;
  const saved = notes.some((note) => note.value.trim() === summary.trim());
  if (saved)
    return (
      <Alert color="green" data-testid="chat-summary-saved">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('chat.summary.saved')}</Text>
          <Button size="xs" variant="light" onClick={onOpenFeeling} data-testid="chat-open-feeling">
            {t('chat.summary.openFeeling')}
          </Button>
        </Stack>
      </Alert>
    );
  const refused = refusal(feeling.data, frozen);
  if (refused)
    return (
      <Alert color="yellow" data-testid={`chat-summary-${refused}`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t(refused === 'frozen' ? 'chat.summary.frozen' : 'chat.summary.full')}</Text>
          <CopySummary summary={summary} />
        </Stack>
      </Alert>
    );

  const save = async () => {
    try {
      await update.mutateAsync({
        personalNotes: [
          ...notes.map(({ id, value, type }) => ({ id, value, type })),
          { value: summary.trim(), type: SUMMARY_NOTE_TYPE },
        ],
      });
      notifySuccess('chat.summary.savedToast');
    } catch (error) {
      // The hour ended between reading the feeling and saving: said as such, not as a failure.
      if (error instanceof ApiError && error.keys.includes(FROZEN_KEY)) setFrozen(true);
      else notifyError(error);
    }
  };
  return (
    <Button
      variant="light"
      style={{ alignSelf: 'flex-start' }}
      onClick={() => void save()}
      loading={update.isPending}
      data-testid="chat-save-summary"
    >
      {t('chat.summary.save')}
    </Button>
  );
}

/**
 * The end of a conversation: the assistant's summary (fewer than 500 characters) and, for a chat
 * about a feeling, the way to keep it in that feeling's notes.
 */
export function ChatSummary({
  thread,
  focusOnMount,
  onOpenFeeling,
}: {
  thread: ChatThread;
  focusOnMount: boolean;
  onOpenFeeling: (feelingId: string) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Just ended: the composer that had the focus is gone, the summary takes it.
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  const { summary, feelingId } = thread;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid="chat-ended">
      <Title order={3} size="h4" id={headingId} ref={heading} tabIndex={-1}>
        {t('chat.summary.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('chat.summary.ended')}
      </Text>
      {summary ? (
        <>
          <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="chat-summary">
            {summary}
          </Text>
          {feelingId !== undefined && (
            <SaveToFeeling
              feelingId={feelingId}
              summary={summary}
              onOpenFeeling={() => onOpenFeeling(feelingId)}
            />
          )}
        </>
      ) : (
        <Text size="sm">{t('chat.summary.none')}</Text>
      )}
    </Stack>
  );
}
