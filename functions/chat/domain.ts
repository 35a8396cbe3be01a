/** The chat domain as the registry (functions/domains.ts) reads it. */
import { chatRoutes } from '@shared/contracts/chat';
import { defineDomain } from '../lib/domain';
import { budgetsOf, eraseChat, threadsOf } from './repository';
import { CHAT_ENTITIES } from './store';

export const chatDomain = defineDomain({
  name: 'chat',
  routes: chatRoutes,
  entities: CHAT_ENTITIES,
  belongings: [
    {
      name: 'assistant-chats',
      covers: ['chatThread'],
      csv: 'assistant-chats.csv',
      describe: {
        fr: 'vos conversations avec l’assistant : chaque message, qui l’a écrit et quand, et le résumé de fin (gardées 90 jours après le dernier message)',
        en: 'your conversations with the assistant: each message, who wrote it and when, and the closing summary (kept 90 days after the last message)',
        nl: 'je gesprekken met de assistent: elk bericht, wie het schreef en wanneer, en de slotsamenvatting (90 dagen na het laatste bericht bewaard)',
      },
      // Erased: a conversation is the person's alone; nothing else refers to it.
      onLeave: 'erase',
      async gather(owner) {
        const [threads, budgets] = await Promise.all([threadsOf(owner.userId), budgetsOf(owner.userId)]);
        return {
          records: threads.flatMap((t) =>
            t.messages.map((m) => ({
              threadId: t.threadId,
              mode: t.mode,
              threadStatus: t.status,
              assistant: t.assistant,
              feelingId: t.feelingId,
              summary: t.summary,
              messageId: m.id,
              from: m.user,
              kind: m.kind,
              text: m.text,
              inError: m.inError,
              at: m.timestamp,
            })),
          ),
          leave: () => eraseChat(threads, budgets),
        };
      },
    },
    {
      name: 'assistant-daily-messages',
      covers: ['chatBudget'],
      csv: 'assistant-daily-messages.csv',
      describe: {
        fr: 'le nombre de messages envoyés à l’assistant chaque jour (gardé deux jours, pour la limite quotidienne)',
        en: 'how many messages you sent the assistant each day (kept two days, for the daily limit)',
        nl: 'hoeveel berichten je elke dag naar de assistent stuurde (twee dagen bewaard, voor de daglimiet)',
      },
      onLeave: 'erase',
      async gather(owner) {
        const budgets = await budgetsOf(owner.userId);
        return {
          records: budgets.map((b) => ({ day: b.day, messages: b.used })),
          leave: () => eraseChat([], budgets),
        };
      },
    },
  ],
  // Each reply streams to the person's open tabs (realtime `chat`); the model through Bedrock with
  // the product's Guardrail (decision 0054).
  grants: { events: true, bedrock: true, guardrail: true },
});
