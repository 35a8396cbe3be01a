import { describe, expect, it } from 'vitest';
import {
  CHAT_RETENTION_DAYS,
  CHAT_SUMMARY_MAX_LENGTH,
  CHAT_THREAD_MAX_MESSAGES,
  chatExpiresAt,
  clampSummary,
  sendOutcome,
} from './chat';

describe('clampSummary: fewer than 500 characters', () => {
  it('keeps a summary that fits, its spaces tidied', () => {
    expect(clampSummary('  You felt   tense.  ')).toBe('You felt tense.');
  });

  it('cuts at the last whole sentence that fits', () => {
    const text = `${'A first sentence that is long enough to matter. '.repeat(10)}And a last one that does not fit at all because it runs on and on.`;
    const cut = clampSummary(text);
    expect(cut.length).toBeLessThanOrEqual(CHAT_SUMMARY_MAX_LENGTH);
    expect(cut.endsWith('matter.')).toBe(true);
  });

  it('cuts a text without sentences at a word, with an ellipsis', () => {
    const cut = clampSummary('word '.repeat(200));
    expect(cut.length).toBeLessThanOrEqual(CHAT_SUMMARY_MAX_LENGTH);
    expect(cut.endsWith('word…')).toBe(true);
  });

  it('never exceeds the limit, whatever the text', () => {
    for (const text of ['x'.repeat(2000), `${'é '.repeat(400)}`, `${'a. '.repeat(300)}`])
      expect(clampSummary(text).length).toBeLessThanOrEqual(CHAT_SUMMARY_MAX_LENGTH);
  });
});

describe('sendOutcome: what a new message does to a thread', () => {
  it('is answered while the thread is open or in the safety step', () => {
    expect(sendOutcome({ status: 'open', userMessages: 0 })).toBe('answer');
    expect(sendOutcome({ status: 'safety', userMessages: 3 })).toBe('answer');
  });

  it('is ignored by a completed thread', () => {
    expect(sendOutcome({ status: 'completed', userMessages: 1 })).toBe('ignored');
    expect(sendOutcome({ status: 'completed', userMessages: CHAT_THREAD_MAX_MESSAGES })).toBe('ignored');
  });

  it('is refused at the thread’s length, and not one message before', () => {
    expect(sendOutcome({ status: 'open', userMessages: CHAT_THREAD_MAX_MESSAGES - 1 })).toBe('answer');
    expect(sendOutcome({ status: 'open', userMessages: CHAT_THREAD_MAX_MESSAGES })).toBe('too-long');
  });
});

describe('chatExpiresAt', () => {
  it('keeps a thread the retention period after its last message', () => {
    const last = new Date('2026-12-07T10:00:00.000Z');
    expect(chatExpiresAt(last) - last.getTime() / 1000).toBe(CHAT_RETENTION_DAYS * 86_400);
  });
});
