// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import type * as Realtime from '../../lib/realtime';
import type { RealtimeClientOptions } from '../../lib/realtime';
import { authSessionQueryKey } from '../../lib/auth';
import { renderPage } from '../../test/render';
import { meQueryKey } from '../../lib/me';
import { onChatEvent } from '../../lib/realtime';
import { RealtimeConnection } from './realtime-connection';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const started: RealtimeClientOptions[] = [];
const stop = vi.fn();
vi.mock('../../lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  createRealtimeClient: (options: RealtimeClientOptions) => {
    started.push(options);
    return { stop };
  },
}));

type Session = Awaited<ReturnType<typeof fetchAuthSession>>;
const session = {
  tokens: { accessToken: { toString: () => 'access-1' }, idToken: { toString: () => 'id-1' } },
} as unknown as Session;

describe('realtime connection of the shell', () => {
  beforeEach(() => {
    started.length = 0;
    stop.mockReset();
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens the channel at config.wsUrl with the id token once signed in, and stops on sign-out', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(session);
    const { queryClient } = renderPage(<RealtimeConnection />);
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]?.url).toBe('ws://127.0.0.1:4011');
    expect(await started[0]?.getToken()).toBe('id-1');

    act(() => queryClient.setQueryData(authSessionQueryKey, false));
    await waitFor(() => expect(stop).toHaveBeenCalledTimes(1));
    expect(started).toHaveLength(1);
  });

  it('an account event makes GET /v1/me stale; a feelings event the feelings queries', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(session);
    const { queryClient } = renderPage(<RealtimeConnection />);
    await waitFor(() => expect(started).toHaveLength(1));
    queryClient.setQueryData(meQueryKey, { any: 'thing' });
    queryClient.setQueryData(['feelings', 'recent'], []);
    queryClient.setQueryData(['other'], 1);

    act(() => started[0]?.onEvent({ type: 'emails', action: 'created' }));
    expect(queryClient.getQueryState(meQueryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['feelings', 'recent'])?.isInvalidated).toBe(false);

    act(() => started[0]?.onEvent({ type: 'feelings', action: 'created' }));
    expect(queryClient.getQueryState(['feelings', 'recent'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['other'])?.isInvalidated).toBe(false);
  });

  it('hands the assistant’s message of a chat event to the chat listeners', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(session);
    renderPage(<RealtimeConnection />);
    await waitFor(() => expect(started).toHaveLength(1));
    const heard: string[] = [];
    const stopListening = onChatEvent((event) => heard.push(`${event.threadId}: ${event.message.text}`));
    const message = {
      id: 'm-2',
      text: 'Where do you notice it',
      user: 'assistant',
      kind: 'text',
      status: 'in-progress',
      inError: false,
      isWriting: true,
      timestamp: '2026-12-07T10:00:00.000Z',
    } as const;
    act(() => started[0]?.onEvent({ type: 'chat', action: 'updated', chat: { threadId: 't-1', message } }));
    stopListening();
    expect(heard).toEqual(['t-1: Where do you notice it']);
  });

  it('does not connect when nobody is signed in', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue({} as Session);
    const { queryClient } = renderPage(<RealtimeConnection />);
    await waitFor(() => expect(queryClient.getQueryData(authSessionQueryKey)).toBe(false));
    expect(started).toHaveLength(0);
  });
});
