import { defineFeature } from '../../lib/feature';
import { CHAT_OVERLAY, SAFETY_OVERLAY } from '../../lib/chat-links';
import { CHAT_PATH } from './paths';

/**
 * The assistant chat (spec 01 §2, §4, §9; spec 02 §1, §2, §4; decision 0054): the chat dialog
 * (`?show=chat`), the person's conversations (`/apps/chat`), and the safety step: who to call now,
 * grounding and a safety plan, in a conversation or alone (`?show=safety`).
 */
export const chatFeature = defineFeature({
  name: 'chat',
  pages: [{ path: CHAT_PATH, access: 'signed-in', load: () => import('./chat-page') }],
  navigation: [
    // "Post on chat-thread: chat buttons; the chat page redirects to / otherwise" (spec 01 §6).
    {
      path: CHAT_PATH,
      labelKey: 'chat.nav.chat',
      order: 25,
      ability: { action: 'post', subject: 'chat-thread' },
    },
  ],
  overlays: {
    [CHAT_OVERLAY]: {
      titleKey: 'chat.dialog.title',
      route: 'createChatThread',
      audience: 'registered',
      size: 'lg',
      load: () => import('./chat-overlay'),
    },
    // No route and no audience: help in a crisis opens for anyone, guests included.
    [SAFETY_OVERLAY]: {
      titleKey: 'chat.safety.title',
      size: 'lg',
      load: () => import('./safety-overlay'),
    },
  },
});
