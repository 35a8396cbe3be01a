import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@shared/contracts/chat';
import type { RealtimeEvent } from '@shared/contracts/realtime';
import {
  KEEP_ALIVE_MS,
  createRealtimeClient,
  handOverChatEvent,
  onChatEvent,
  queryKeysFor,
  type RealtimeClient,
  type SocketLike,
} from './realtime';

class FakeSocket implements SocketLike {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readyState = 0;
  sent: string[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(new Event('close') as CloseEvent);
  }
  receive(data: string) {
    this.onmessage?.({ data } as MessageEvent);
  }
}

let sockets: FakeSocket[];
let events: RealtimeEvent[];
let client: RealtimeClient | undefined;

function start(getToken: () => Promise<string | undefined> = () => Promise.resolve('id-token.a.b')) {
  client = createRealtimeClient({
    url: 'wss://ws.example.com/live',
    getToken,
    onEvent: (event) => events.push(event),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
}

const last = () => sockets[sockets.length - 1] as FakeSocket;

/** Drops the current socket and returns how long the client waited before the next one. */
async function delayBeforeNextSocket(): Promise<number> {
  const before = sockets.length;
  last().drop();
  let waited = 0;
  while (sockets.length === before && waited <= 20_000) {
    await vi.advanceTimersByTimeAsync(1);
    waited++;
  }
  return waited;
}

describe('realtime client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    events = [];
  });
  afterEach(() => {
    client?.stop();
    client = undefined;
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('connects with the id token as the token query parameter', async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
    expect(new URL(last().url).searchParams.get('token')).toBe('id-token.a.b');
    expect(last().url.startsWith('wss://ws.example.com/live?')).toBe(true);
  });

  it('reconnects after 250 ms, doubling up to 10 s while connections fail', async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) delays.push(await delayBeforeNextSocket());
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('starts again from 250 ms once a connection opens', async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    await delayBeforeNextSocket();
    await delayBeforeNextSocket();
    expect(await delayBeforeNextSocket()).toBe(1000);
    last().open();
    expect(await delayBeforeNextSocket()).toBe(250);
    expect(await delayBeforeNextSocket()).toBe(500);
  });

  it('stops reconnecting and closes the socket on sign-out', async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    const socket = last();
    socket.open();
    client?.stop();
    expect(socket.closed).toBe(true);
    socket.drop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('does not connect without an id token, and tries again later', async () => {
    const session: { token?: string } = {};
    start(() => Promise.resolve(session.token));
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(0);
    session.token = 'id-token.a.b';
    await vi.advanceTimersByTimeAsync(250);
    expect(sockets).toHaveLength(1);
  });

  it('hands over valid events and ignores anything else', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    start();
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    last().receive(JSON.stringify({ type: 'profile', action: 'updated' }));
    last().receive(JSON.stringify({ type: 'weather', action: 'updated' }));
    last().receive('not json');
    expect(events).toEqual([{ type: 'profile', action: 'updated' }]);
  });

  it('says "myself" on open and every nine minutes to stay known', async () => {
    start();
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    expect(last().sent).toEqual(['{"action":"myself"}']);
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS);
    expect(last().sent).toHaveLength(2);
  });
});

describe('queries an event makes stale', () => {
  const me = ['me'] as const;
  it.each(['profile', 'emails', 'ability', 'member', 'sessions'] as const)(
    '%s refreshes GET /v1/me',
    (type) => {
      expect(queryKeysFor({ type, action: 'updated' }, me)).toEqual([me]);
    },
  );

  it('spheres refreshes GET /v1/me and the reads of spheres (a page open on one)', () => {
    expect(queryKeysFor({ type: 'spheres', action: 'updated' }, me)).toEqual([me, ['spheres']]);
  });

  it('other types refresh the queries named after them', () => {
    expect(queryKeysFor({ type: 'feelings', action: 'created' }, me)).toEqual([['feelings']]);
  });
});

const writing = (status: ChatMessage['status'], text: string): RealtimeEvent => ({
  type: 'chat',
  action: status === 'completed' ? 'updated' : 'created',
  chat: {
    threadId: 't-1',
    message: {
      id: 'm-2',
      text,
      user: 'assistant',
      kind: 'text',
      status,
      inError: false,
      isWriting: status === 'in-progress',
      timestamp: '2026-12-07T10:00:00.000Z',
    },
  },
});

describe('chat events', () => {
  it('go to every listener until it stops listening; events without a message go to none', () => {
    const heard: string[] = [];
    const other: string[] = [];
    const stop = onChatEvent((event) => heard.push(event.message.text));
    const stopOther = onChatEvent((event) => other.push(event.threadId));
    handOverChatEvent(writing('in-progress', 'Thank'));
    handOverChatEvent({ type: 'chat', action: 'created' });
    stop();
    handOverChatEvent(writing('completed', 'Thank you.'));
    stopOther();
    expect(heard).toEqual(['Thank']);
    expect(other).toEqual(['t-1', 't-1']);
  });

  it('a listener that throws does not keep the next one from its event', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const heard: string[] = [];
    const stopBroken = onChatEvent(() => {
      throw new Error('broken');
    });
    const stop = onChatEvent((event) => heard.push(event.message.text));
    handOverChatEvent(writing('in-progress', 'Hello'));
    stopBroken();
    stop();
    expect(heard).toEqual(['Hello']);
    vi.restoreAllMocks();
  });

  it('refresh the conversations once a reply is complete, not at each word', () => {
    expect(queryKeysFor(writing('in-progress', 'Thank'), ['me'])).toEqual([]);
    expect(queryKeysFor(writing('completed', 'Thank you.'), ['me'])).toEqual([['chat']]);
    expect(queryKeysFor({ type: 'chat', action: 'deleted' }, ['me'])).toEqual([['chat']]);
  });
});
