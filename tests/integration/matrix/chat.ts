import type { Example } from './example';

/**
 * Assistant conversations are the person's alone, read by their key in the caller's own partition:
 * anyone else's id answers 404. Opening one needs Essentials (the matrix's people are starter
 * users, so it is refused); listing answers the caller's own conversations only.
 */
const thread = { id: 'matrix-thread' };
export const examples: Record<string, Example> = {
  createChatThread: () => ({ body: { mode: 'explore', text: 'I feel tense', enableWebsocket: false } }),
  sendChatMessage: () => ({ params: thread, body: { text: 'Still tense' } }),
  getChatThread: () => ({ params: thread }),
  listChatThreads: () => ({}),
  endChatThread: () => ({ params: thread }),
  answerChatSafety: () => ({ params: thread, body: { atRisk: false } }),
  deleteChatThread: () => ({ params: thread }),
};
