import type { ChatMode } from '@shared/domain/chat';

/**
 * The assistant chat's overlays, opened by URL (spec 01 §2 `?show=`): the chat feature declares
 * them, and others (a feeling's detail, the saved-feeling toast) link to them without importing it.
 */
export const CHAT_OVERLAY = 'chat';
/** Who to call now, a grounding exercise and a safety plan, without any chat. */
export const SAFETY_OVERLAY = 'safety';

/** `?show=chat&mode=…[&feelingId=…]`: a new conversation, about a feeling when one is given. */
export function newChatSearch(mode: ChatMode, feelingId?: string): string {
  const params = new URLSearchParams({ show: CHAT_OVERLAY, mode });
  if (feelingId !== undefined) params.set('feelingId', feelingId);
  return `?${params.toString()}`;
}

/** `?show=chat&threadId=…`: one conversation, opened again. */
export function chatThreadSearch(threadId: string): string {
  return `?${new URLSearchParams({ show: CHAT_OVERLAY, threadId }).toString()}`;
}
