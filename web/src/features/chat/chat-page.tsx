import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { ChatThreadSummary } from '@shared/contracts/chat';
import type { ChatMode } from '@shared/domain/chat';
import { useConfirmedRemoval } from '../../components/confirmed-removal';
import { ErrorState } from '../../components/error-state';
import { listStatus } from '../../components/list-status';
import { ReservedFeature } from '../../components/reserved-feature';
import { chatThreadSearch, newChatSearch } from '../../lib/chat-links';
import { formatDateTime } from '../../lib/dates';
import { useMe } from '../../lib/me';
import { HOME_PATH } from '../../lib/routes';
import { useChatThreads, useDeleteChatThread } from './api/chat';
import { AssistantLabel, expectedAssistant } from './assistant-label';
import { useCanChat } from './rights';

function ThreadRow({
  thread,
  onOpen,
  onDelete,
}: {
  thread: ChatThreadSummary;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const facts = [
    formatDateTime(thread.updatedAt),
    t(`chat.page.status.${thread.status}`),
    t(thread.mode === 'explore' ? 'chat.page.modeExplore' : 'chat.page.modeRegain'),
    t('chat.page.messageCount', { count: thread.messageCount }),
  ];
  return (
    <Paper component="li" withBorder p="sm" data-testid="chat-thread-row" data-thread-id={thread.id}>
      <Stack gap={6}>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="chat-thread-title">
          {thread.title}
        </Text>
        <Text size="sm" data-testid="chat-thread-facts">
          {facts.join(' · ')}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            onClick={onOpen}
            aria-label={`${t('chat.page.open')} – ${thread.title}`}
            data-testid="chat-thread-open"
          >
            {t('chat.page.open')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={onDelete}
            aria-label={`${t('chat.page.delete')} – ${thread.title}`}
            data-testid="chat-thread-delete"
          >
            {t('chat.page.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Page `/apps/chat` (spec 02 §2): the person's conversations with the assistant, newest first, to
 * open again or delete, and new ones to start. Without `post` on `chat-thread` it sends to `/`
 * (spec 01 §6), except for a person who still has conversations (Essentials ended): they may
 * still read and delete what is theirs, and are shown how to talk again.
 */
export default function ChatPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMe();
  const canChat = useCanChat();
  const registered = me.data !== undefined && !me.data.profile.isGuest;
  const threads = useChatThreads(registered);
  const remove = useDeleteChatThread();
  const removal = useConfirmedRemoval<ChatThreadSummary>({
    remove: (thread) => remove.mutateAsync(thread.id),
    title: t('chat.page.deleteTitle'),
    message: (thread) => <Text size="sm">{t('chat.page.deleteMessage', { title: thread.title })}</Text>,
    confirmLabel: t('chat.page.deleteConfirm'),
    cancelLabel: t('chat.page.deleteCancel'),
    success: 'chat.page.deleted',
    testId: 'chat-delete',
  });

  if (me.isError)
    return <ErrorState title={t('chat.page.loadError')} error={me.error} onRetry={() => void me.refetch()} />;
  if (me.isPending) return <Loader aria-label={t('common.loading')} />;
  if (!canChat) {
    if (!registered) return <Navigate to={HOME_PATH} replace />;
    if (threads.isPending) return <Loader aria-label={t('common.loading')} />;
    if (threads.isError || threads.data.items.length === 0) return <Navigate to={HOME_PATH} replace />;
  }

  const open = (search: string) => void navigate({ pathname: location.pathname, search });
  const start = (mode: ChatMode) => open(newChatSearch(mode));
  const status = listStatus(threads, {
    loadError: t('chat.page.loadError'),
    empty: t('chat.page.empty'),
    skeletonHeight: 120,
    testIds: { loading: 'chat-threads-loading', empty: 'chat-threads-empty', error: 'chat-threads-error' },
  });
  return (
    <Stack data-testid="chat-page">
      <Title order={1}>{t('chat.page.title')}</Title>
      <AssistantLabel kind={threads.data?.items[0]?.assistant ?? expectedAssistant()} />
      <Text>{t('chat.page.intro')}</Text>
      {canChat ? (
        <Group gap="xs" wrap="wrap">
          <Button onClick={() => start('explore')} data-testid="chat-new-explore">
            {t('chat.page.newExplore')}
          </Button>
          <Button variant="light" onClick={() => start('regain-control')} data-testid="chat-new-regain">
            {t('chat.page.newRegain')}
          </Button>
        </Group>
      ) : (
        <ReservedFeature
          title={t('chat.reserved.title')}
          reason={t('chat.reserved.readOnly')}
          guestReason={t('chat.reserved.guestReason')}
          testId="chat-page-reserved"
        />
      )}
      <Title order={2} size="h3">
        {t('chat.page.listTitle')}
      </Title>
      {status ?? (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} data-testid="chat-threads">
          {(threads.data?.items ?? []).map((thread) => (
            <ThreadRow
              key={thread.id}
              thread={thread}
              onOpen={() => open(chatThreadSearch(thread.id))}
              onDelete={() => removal.ask(thread)}
            />
          ))}
        </Stack>
      )}
      {removal.dialog}
    </Stack>
  );
}
