import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CHAT_NOT_IN_SAFETY_KEY, type ChatThread } from '@shared/contracts/chat';
import { CHAT_MODES, CHAT_TEXT_MAX_LENGTH, type ChatMode } from '@shared/domain/chat';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { ErrorState } from '../../components/error-state';
import { notifyError } from '../../components/notify';
import { ReservedFeature } from '../../components/reserved-feature';
import { ApiError } from '../../lib/errors';
import { useMe } from '../../lib/me';
import type { OverlayProps } from '../../lib/overlays';
import { onChatEvent } from '../../lib/realtime';
import {
  answerSafety,
  endThread,
  readThread,
  sendMessage,
  startThread,
  useChatThread,
  useRefreshChatLists,
} from './api/chat';
import { AssistantLabel, expectedAssistant } from './assistant-label';
import { ChatMessages } from './chat-messages';
import { ChatSummary } from './chat-summary';
import {
  SCRIPTED_QUESTION_DELAY_MS,
  WRITING_INDICATOR_DELAY_MS,
  chatReducer,
  type ChatState,
} from './conversation';
import { useCanChat } from './rights';

const isChatMode = (value: string | null): value is ChatMode =>
  (CHAT_MODES as readonly string[]).includes(value ?? '');

/** What the assistant's completed messages say, for the live region (a cut reply says so). */
function spoken(thread: ChatThread, known: Set<string>, cutOff: string): string {
  const fresh = thread.messages.filter(
    (m) => m.user === 'assistant' && m.status === 'completed' && !known.has(m.id),
  );
  for (const message of fresh) known.add(message.id);
  return fresh.map((m) => (m.inError ? `${m.text} ${cutOff}` : m.text)).join(' ');
}

/**
 * Overlay `chat` (spec 01 §2, §4, §9; spec 02 §4; decision 0054): a conversation with the assistant
 * about a feeling (`mode`, `feelingId`) or one opened again (`threadId`). The first message opens
 * the thread, the next ones are sent to it; the reply grows from the realtime `chat` events, and the
 * HTTP answer then gives the whole thread. A scripted assistant's question is held until about a
 * second after sending, the writing indicator shows only when nothing is shown after 750 ms. A
 * failed call says why and gives the text back. Each completed reply is announced once.
 */
export default function ChatOverlay({ params }: OverlayProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const canChat = useCanChat();
  const me = useMe();
  const [openedId] = useState(() => params.get('threadId'));
  const loaded = useChatThread(openedId);
  const refreshLists = useRefreshChatLists();
  const [state, dispatch] = useReducer(chatReducer, {} as ChatState);
  const { thread, turn } = state;
  const [draft, setDraft] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const [answering, setAnswering] = useState(false);
  const [focusSafety, setFocusSafety] = useState(false);
  const [justEnded, setJustEnded] = useState(false);
  const announced = useRef(new Set<string>());
  const timers = useRef<number[]>([]);
  const input = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLSpanElement>(null);

  const mode: ChatMode =
    thread?.mode ?? (isChatMode(params.get('mode')) ? (params.get('mode') as ChatMode) : 'explore');
  const feelingId = params.get('feelingId') || undefined;
  const kind = thread?.assistant ?? expectedAssistant();

  const clearTimers = useCallback(() => {
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current = [];
  }, []);
  useEffect(() => clearTimers, [clearTimers]);

  // The conversation opened again: what it already holds is not announced again.
  useEffect(() => {
    if (!loaded.data) return;
    for (const message of loaded.data.messages) announced.current.add(message.id);
    dispatch({ type: 'loaded', thread: loaded.data });
  }, [loaded.data]);

  useEffect(() => onChatEvent((event) => dispatch({ type: 'streamed', event })), []);

  useEffect(() => {
    if (!thread) return;
    const words = spoken(thread, announced.current, t('chat.messages.cutOff'));
    if (words) setAnnouncement(words);
  }, [thread, t]);

  // The newest message in view as the conversation grows.
  const reply = turn?.streamed?.text;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [thread, turn?.text, turn?.slow, reply]);

  /** Leaves for another overlay: the conversation's id goes into this entry first, so Back reopens it. */
  const leaveTo = (search: string) => {
    const here = new URLSearchParams(location.search);
    if (thread && here.get('threadId') !== thread.id) {
      here.set('threadId', thread.id);
      // Opened by a direct link, this entry is the first: replacing it would leave nothing to go back to.
      void navigate(
        { pathname: location.pathname, search: `?${here.toString()}` },
        { replace: location.key !== 'default' },
      );
    }
    void navigate({ pathname: location.pathname, search });
  };

  async function send() {
    const text = draft.trim();
    if (text === '' || turn || !canChat || thread?.status === 'completed') return;
    clearTimers();
    // Every reply of the local assistant is scripted (its context questions among them): each is held
    // for the scripted delay. The model's words show as they come.
    const scripted = kind === 'local';
    dispatch({ type: 'sent', text, revealed: !scripted });
    setDraft('');
    input.current?.focus();
    timers.current.push(window.setTimeout(() => dispatch({ type: 'slow' }), WRITING_INDICATOR_DELAY_MS));
    if (scripted)
      timers.current.push(
        window.setTimeout(() => dispatch({ type: 'revealed' }), SCRIPTED_QUESTION_DELAY_MS),
      );
    try {
      const userName = me.data?.profile.firstName.trim();
      const next = thread
        ? await sendMessage(thread.id, text)
        : await startThread({
            mode,
            text,
            enableWebsocket: true,
            ...(userName ? { userName: userName.slice(0, 60) } : {}),
            ...(feelingId ? { feelingContext: { feelingId } } : {}),
          });
      dispatch({ type: 'answered', thread: next });
      refreshLists();
    } catch (error) {
      clearTimers();
      dispatch({ type: 'failed' });
      // The text comes back, before anything typed meanwhile (spec 01 §9).
      setDraft((current) => (current.trim() === '' ? text : `${text}\n${current}`));
      notifyError(error);
    }
  }

  async function answer(atRisk: boolean) {
    if (!thread || answering) return;
    setAnswering(true);
    try {
      dispatch({ type: 'replaced', thread: await answerSafety(thread.id, atRisk) });
      setFocusSafety(atRisk);
      if (!atRisk) input.current?.focus();
      refreshLists();
    } catch (error) {
      notifyError(error);
      // Answered meanwhile (another tab): show the conversation as it now is.
      if (error instanceof ApiError && error.keys.includes(CHAT_NOT_IN_SAFETY_KEY)) {
        const again = await readThread(thread.id).catch(() => undefined);
        if (again) dispatch({ type: 'replaced', thread: again });
      }
    } finally {
      setAnswering(false);
    }
  }

  const ending = useConfirmedRemoval<void, ChatThread>({
    remove: () => (thread ? endThread(thread.id) : Promise.reject(new Error('No conversation to end'))),
    title: t('chat.end.title'),
    message: <Text size="sm">{t('chat.end.message')}</Text>,
    confirmLabel: t('chat.end.confirm'),
    cancelLabel: t('chat.end.cancel'),
    destructive: false,
    testId: 'chat-end',
    onRemoved: (_, ended) => {
      setJustEnded(true);
      dispatch({ type: 'replaced', thread: ended });
      refreshLists();
    },
  });

  if (openedId !== null && !thread) {
    if (loaded.isError) {
      if (loaded.error instanceof ApiError && loaded.error.status === 404)
        return (
          <Alert color="yellow" data-testid="chat-not-found">
            {t('chat.dialog.notFound')}
          </Alert>
        );
      return (
        <ErrorState
          title={t('chat.dialog.loadError')}
          error={loaded.error}
          onRetry={() => void loaded.refetch()}
          testId="chat-load-error"
        />
      );
    }
    return <Loader aria-label={t('common.loading')} />;
  }

  const completed = thread?.status === 'completed';
  return (
    <Stack gap="md" data-testid="chat-overlay">
      <AssistantLabel kind={kind} />
      <Text size="sm">{t(mode === 'explore' ? 'chat.dialog.introExplore' : 'chat.dialog.introRegain')}</Text>
      <Text size="sm">
        {t('chat.dialog.danger')}{' '}
        <Anchor href="tel:112" data-testid="chat-call-112">
          {t('chat.dialog.dangerNumber')}
        </Anchor>
        .
      </Text>
      <ChatMessages
        thread={thread}
        turn={turn}
        actions={{
          answering,
          answerSafety: (atRisk) => void answer(atRisk),
          focusSafety,
          openTechnique: (id) => leaveTo(`?${new URLSearchParams({ show: 'regulation', technique: id })}`),
        }}
      />
      <span ref={end} aria-hidden="true" />
      <VisuallyHidden aria-live="polite" data-testid="chat-live">
        {announcement}
      </VisuallyHidden>
      {completed && thread ? (
        <ChatSummary
          thread={thread}
          focusOnMount={justEnded}
          onOpenFeeling={(id) =>
            leaveTo(`?${new URLSearchParams({ show: 'update-feeling', feelingId: id })}`)
          }
        />
      ) : me.data === undefined ? (
        // The rights are not read yet: neither the box nor the Essentials prompt, for a moment.
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : canChat ? (
        <Stack gap="xs">
          <Textarea
            ref={input}
            label={t('chat.composer.label')}
            description={t('chat.composer.hint')}
            value={draft}
            maxLength={CHAT_TEXT_MAX_LENGTH}
            autosize
            minRows={2}
            maxRows={8}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter sends, Shift+Enter starts a new line; a character being composed is not sent.
              if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
              event.preventDefault();
              void send();
            }}
            data-testid="chat-input"
          />
          <Group justify="space-between" gap="xs" wrap="wrap">
            {thread ? (
              <Button
                variant="default"
                onClick={() => ending.ask()}
                disabled={turn !== undefined}
                data-testid="chat-end"
              >
                {t('chat.end.button')}
              </Button>
            ) : (
              <span />
            )}
            <Button
              onClick={() => void send()}
              disabled={draft.trim() === '' || turn !== undefined}
              data-testid="chat-send"
            >
              {t('chat.composer.send')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="xs" align="stretch">
          <ReservedFeature
            title={t('chat.reserved.title')}
            reason={t(thread ? 'chat.reserved.readOnly' : 'chat.reserved.reason')}
            guestReason={t('chat.reserved.guestReason')}
            testId="chat-reserved"
          />
          {thread && (
            <Button
              variant="default"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => ending.ask()}
              data-testid="chat-end"
            >
              {t('chat.end.button')}
            </Button>
          )}
        </Stack>
      )}
      {ending.dialog}
    </Stack>
  );
}
