import type { ReactNode } from 'react';
import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, ChatThread } from '@shared/contracts/chat';
import { SafetyStep } from './safety/safety-step';
import { TechniqueCard } from './technique-card';
import { shownReply, type Turn } from './conversation';

type Speaker = 'me' | 'assistant';

/**
 * One message: whose it is in words above it (not by side or colour alone), the person's on the
 * right, the assistant's on the left, wrapping at any width.
 */
function Bubble({
  speaker,
  children,
  after,
  testId = 'chat-message',
  busy = false,
}: {
  speaker: Speaker;
  children: ReactNode;
  after?: ReactNode;
  testId?: string;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const mine = speaker === 'me';
  return (
    <Box
      component="li"
      data-testid={testId}
      data-user={speaker}
      aria-busy={busy || undefined}
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: mine ? 'flex-end' : 'flex-start',
        gap: 4,
      }}
    >
      <Text size="xs" fw={600}>
        {mine ? t('chat.messages.me') : t('chat.messages.assistant')}
      </Text>
      <Paper
        withBorder
        p="sm"
        radius="md"
        bg={mine ? 'blue.0' : 'gray.0'}
        maw="85%"
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {children}
      </Paper>
      {after}
    </Box>
  );
}

function Writing() {
  const { t } = useTranslation();
  return (
    <Text size="sm" fs="italic" data-testid="chat-writing">
      {t('chat.messages.writing')}
    </Text>
  );
}

export interface MessageActions {
  /** The safety question's answer is being sent. */
  answering: boolean;
  answerSafety: (atRisk: boolean) => void;
  /** The safety step just appeared after "yes": it takes the focus. */
  focusSafety: boolean;
  openTechnique: (techniqueId: string) => void;
}

function AssistantMessage({
  message,
  thread,
  isLast,
  isLastResources,
  actions,
}: {
  message: ChatMessage;
  thread: ChatThread;
  isLast: boolean;
  isLastResources: boolean;
  actions: MessageActions;
}) {
  const { t } = useTranslation();
  const asking = message.kind === 'safety-question' && isLast && thread.status === 'safety';
  const after = (
    <>
      {message.cardId !== undefined && (
        <TechniqueCard cardId={message.cardId} onOpen={actions.openTechnique} />
      )}
      {asking && (
        <Group gap="xs" data-testid="chat-safety-question">
          <Button
            color="red.9"
            onClick={() => actions.answerSafety(true)}
            loading={actions.answering}
            data-testid="chat-safety-yes"
          >
            {t('chat.safety.yes')}
          </Button>
          <Button
            variant="default"
            onClick={() => actions.answerSafety(false)}
            disabled={actions.answering}
            data-testid="chat-safety-no"
          >
            {t('chat.safety.no')}
          </Button>
        </Group>
      )}
      {message.kind === 'safety-resources' && isLastResources && (
        <Box w="100%" pt="xs">
          <SafetyStep focusOnMount={actions.focusSafety} />
        </Box>
      )}
    </>
  );
  const writing = message.status === 'in-progress';
  return (
    <Bubble speaker="assistant" after={after} busy={writing}>
      {writing && message.text === '' ? <Writing /> : message.text}
      {message.inError && (
        <Text size="xs" fs="italic" mt={4} data-testid="chat-cut-off">
          {t('chat.messages.cutOff')}
        </Text>
      )}
    </Bubble>
  );
}

/**
 * The conversation as a list, oldest first, then the turn under way: the person's message at once,
 * the reply as it grows (or the writing indicator once the delay has passed). Nothing here is a
 * live region: the dialog announces each completed reply once, elsewhere.
 */
export function ChatMessages({
  thread,
  turn,
  actions,
}: {
  thread: ChatThread | undefined;
  turn: Turn | undefined;
  actions: MessageActions;
}) {
  const { t } = useTranslation();
  const messages = thread?.messages ?? [];
  if (messages.length === 0 && !turn) return null;
  const lastResources = messages.findLast((m) => m.kind === 'safety-resources')?.id;
  const reply = turn ? shownReply(turn) : '';
  return (
    <Stack
      component="ol"
      aria-label={t('chat.messages.label')}
      gap="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      data-testid="chat-messages"
    >
      {messages.map((message, index) =>
        message.user === 'me' ? (
          <Bubble key={message.id} speaker="me">
            {message.text}
          </Bubble>
        ) : (
          thread && (
            <AssistantMessage
              key={message.id}
              message={message}
              thread={thread}
              isLast={index === messages.length - 1}
              isLastResources={message.id === lastResources}
              actions={actions}
            />
          )
        ),
      )}
      {turn && (
        <Bubble speaker="me" testId="chat-message-sending">
          {turn.text}
        </Bubble>
      )}
      {turn && reply !== '' && (
        <Bubble speaker="assistant" testId="chat-streaming" busy>
          {reply}
        </Bubble>
      )}
      {turn && reply === '' && turn.slow && (
        <Bubble speaker="assistant" testId="chat-writing-message" busy>
          <Writing />
        </Bubble>
      )}
    </Stack>
  );
}
