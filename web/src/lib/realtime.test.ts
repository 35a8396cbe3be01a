import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '@shared/contracts/realtime';
import {
  KEEP_ALIVE_MS,
  createRealtimeClient,
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
