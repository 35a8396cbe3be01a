import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChatThread } from '@shared/contracts/chat';
import { getConfig } from '../../lib/config';

export type AssistantKind = ChatThread['assistant'];

/**
 * Who will answer before a thread says so: the local stack runs the scripted local assistant, AWS
 * the model (decision 0054). Once a thread exists, its own `assistant` is what the dialog shows.
 */
export function expectedAssistant(): AssistantKind {
  return getConfig().environment === 'local' ? 'local' : 'model';
}

/**
 * Says plainly who answers: the local scripted assistant is never taken for an AI, and the model is
 * labelled as the beta it is (spec 02 §1). Words say it, the badge's colour only repeats it.
 */
export function AssistantLabel({ kind }: { kind: AssistantKind }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="chat-assistant-label" data-assistant={kind}>
      <Badge variant="outline" color={kind === 'local' ? 'gray.8' : 'blue.9'} style={{ flexShrink: 0 }}>
        {t(kind === 'local' ? 'chat.assistant.localBadge' : 'chat.assistant.modelBadge')}
      </Badge>
      <Text size="sm">
        {t(kind === 'local' ? 'chat.assistant.localDescription' : 'chat.assistant.modelDescription')}
      </Text>
    </Group>
  );
}
