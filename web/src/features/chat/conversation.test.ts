import { describe, expect, it } from 'vitest';
import type { ChatEvent } from '@shared/contracts/chat';
import { chatMessage, chatThread } from '../../test/chat-server';
import { chatReducer, shownReply, type ChatState } from './conversation';

const asked = chatThread([
  chatMessage('m-1', 'me', 'Hello'),
  chatMessage('m-2', 'assistant', 'Hi, what happened?'),
]);
const event = (threadId: string, id: string, text: string): { type: 'streamed'; event: ChatEvent } => ({
  type: 'streamed',
  event: { threadId, message: chatMessage(id, 'assistant', text, { status: 'in-progress' }) },
});
const sent = (state: ChatState, revealed: boolean) =>
  chatReducer(state, { type: 'sent', text: 'The meeting', revealed });

describe('a conversation’s turn', () => {
  it('holds the answer of a scripted assistant until it may be shown, then makes it the thread', () => {
    let state = sent({ thread: asked }, false);
    const answer = chatThread([...asked.messages, chatMessage('m-3', 'me', 'The meeting')]);
    state = chatReducer(state, { type: 'answered', thread: answer });
    expect(state.thread).toBe(asked);
    expect(state.turn?.answer).toBe(answer);
    state = chatReducer(state, { type: 'revealed' });
    expect(state).toEqual({ thread: answer });
  });

  it('follows the reply of its own thread only, and ignores late events of messages it already has', () => {
    let state = sent({ thread: asked }, true);
    state = chatReducer(state, event('t-1', 'm-2', 'Hi, what'));
    expect(state.turn?.streamed).toBeUndefined();
    state = chatReducer(state, event('t-other', 'x-1', 'Another tab'));
    expect(state.turn?.streamed).toBeUndefined();
    state = chatReducer(state, event('t-1', 'm-4', 'Where do'));
    expect(state.turn ? shownReply(state.turn) : '').toBe('Where do');
  });

  it('before the thread exists, takes the first conversation an event names as its own', () => {
    let state = sent({}, true);
    state = chatReducer(state, event('t-9', 'm-2', 'Hi'));
    state = chatReducer(state, event('t-other', 'x-1', 'Another tab'));
    expect(state.turn?.threadId).toBe('t-9');
    expect(state.turn?.streamed?.text).toBe('Hi');
  });

  it('keeps the thread as it was when the call failed, and events after the turn change nothing', () => {
    let state = sent({ thread: asked }, true);
    state = chatReducer(state, { type: 'failed' });
    expect(state).toEqual({ thread: asked });
    expect(chatReducer(state, event('t-1', 'm-4', 'Late'))).toBe(state);
    expect(chatReducer(state, { type: 'slow' })).toBe(state);
  });
});
