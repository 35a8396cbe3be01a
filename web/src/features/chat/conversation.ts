import type { ChatEvent, ChatMessage, ChatThread } from '@shared/contracts/chat';

/**
 * What the chat dialog shows while a conversation goes on, without I/O: the thread as the server
 * last answered it, and the turn under way (the person's message sent, the reply growing from the
 * realtime `chat` events, the HTTP answer held back until it may be shown).
 */

/** The writing indicator shows only when no reply is shown this long after sending (spec 01 §9). */
export const WRITING_INDICATOR_DELAY_MS = 750;
/** A scripted question is never shown sooner than this after sending (spec 01 §9, spec 02 §4). */
export const SCRIPTED_QUESTION_DELAY_MS = 1000;

export interface Turn {
  /** What the person sent, shown at once as theirs. */
  text: string;
  /** The writing indicator's delay has passed. */
  slow: boolean;
  /** The reply may be shown (at once for the model, after the scripted delay otherwise). */
  revealed: boolean;
  /** The thread the reply is written in: known once a first event names it. */
  threadId?: string;
  /** The reply as the last event had it. */
  streamed?: ChatMessage;
  /** The server's answer, held until `revealed`. */
  answer?: ChatThread;
}

export interface ChatState {
  thread?: ChatThread;
  turn?: Turn;
}

export type ChatAction =
  | { type: 'loaded'; thread: ChatThread }
  | { type: 'sent'; text: string; revealed: boolean }
  | { type: 'slow' }
  | { type: 'revealed' }
  | { type: 'streamed'; event: ChatEvent }
  | { type: 'answered'; thread: ChatThread }
  | { type: 'failed' }
  | { type: 'replaced'; thread: ChatThread };

/** Once the answer is there and may be shown, it becomes the thread and the turn is over. */
function settle(state: ChatState): ChatState {
  const { turn } = state;
  if (turn?.answer && turn.revealed) return { thread: turn.answer };
  return state;
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  const { turn } = state;
  switch (action.type) {
    case 'loaded':
      // The thread read when the dialog opened; what the dialog did since is newer.
      return state.thread ? state : { ...state, thread: action.thread };
    case 'sent':
      return {
        ...state,
        turn: { text: action.text, slow: false, revealed: action.revealed },
      };
    case 'slow':
      return turn ? { ...state, turn: { ...turn, slow: true } } : state;
    case 'revealed':
      return turn ? settle({ ...state, turn: { ...turn, revealed: true } }) : state;
    case 'streamed': {
      const { threadId, message } = action.event;
      if (!turn || message.user !== 'assistant') return state;
      // A late event of an earlier turn: its message is already in the thread.
      if (state.thread?.messages.some((m) => m.id === message.id)) return state;
      // Another conversation (another tab): before the first answer, the first event names ours.
      const expected = state.thread?.id ?? turn.threadId;
      if (expected !== undefined && threadId !== expected) return state;
      return { ...state, turn: { ...turn, threadId, streamed: message } };
    }
    case 'answered':
      return turn ? settle({ ...state, turn: { ...turn, answer: action.thread } }) : state;
    case 'failed':
      return { thread: state.thread };
    case 'replaced':
      return { ...state, thread: action.thread };
  }
}

/** The reply text the dialog shows for the turn under way ('' when none may be shown yet). */
export function shownReply(turn: Turn): string {
  return turn.revealed ? (turn.streamed?.text ?? '') : '';
}
