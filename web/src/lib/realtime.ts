import type { QueryKey } from '@tanstack/react-query';
import type { ChatEvent } from '@shared/contracts/chat-messages';
import {
  REALTIME_CLIENT_MESSAGE,
  RealtimeEventSchema,
  type RealtimeEvent,
  type RealtimeType,
} from '@shared/contracts/realtime';

/** Reconnection delays (spec 01 §4): 250 ms, doubling, at most 10 s, back to 250 ms once open. */
export const RECONNECT_INITIAL_MS = 250;
export const RECONNECT_MAX_MS = 10_000;
/**
 * The server forgets a connection after two hours without news, and API Gateway closes an idle
 * socket after ten minutes: saying "myself" every nine minutes keeps both alive.
 */
export const KEEP_ALIVE_MS = 9 * 60_000;

/** The part of the browser's WebSocket the client uses (a fake one in tests). */
export interface SocketLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  readonly readyState: number;
  send(data: string): void;
  close(): void;
}

export interface RealtimeClientOptions {
  /** The WebSocket API (config.wsUrl). */
  url: string;
  /** The Cognito id token of the signed-in user, or undefined when there is none. */
  getToken: () => Promise<string | undefined>;
  onEvent: (event: RealtimeEvent) => void;
  createSocket?: (url: string) => SocketLike;
}

export interface RealtimeClient {
  /** Closes the socket and stops reconnecting (sign-out). */
  stop(): void;
}

const OPEN = 1;

/** The delay after `previous` failed attempts' delay: doubles, capped. */
export function nextDelay(previous: number): number {
  return Math.min(previous * 2, RECONNECT_MAX_MS);
}

/** `wss://host/stage?token=…`: the $connect route reads the id token from the query. */
export function socketUrl(base: string, token: string): string {
  const url = new URL(base);
  url.searchParams.set('token', token);
  return url.toString();
}

/** Reads one message; anything that is not a known event is ignored (and logged). */
export function parseEvent(data: unknown): RealtimeEvent | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = RealtimeEventSchema.safeParse(JSON.parse(data));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: fall through.
  }
  console.warn('Ignored realtime message', data);
  return undefined;
}

/**
 * Keeps one WebSocket open for the signed-in user: connects with the id token, reconnects after a
 * close with 250 ms doubling to 10 s (reset once a connection opens), and hands each event over.
 */
export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  let stopped = false;
  let socket: SocketLike | undefined;
  let delay = RECONNECT_INITIAL_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let keepAliveTimer: ReturnType<typeof setInterval> | undefined;

  function scheduleReconnect(): void {
    if (stopped || retryTimer !== undefined) return;
    const wait = delay;
    delay = nextDelay(delay);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, wait);
  }

  function stopKeepAlive(): void {
    if (keepAliveTimer !== undefined) clearInterval(keepAliveTimer);
    keepAliveTimer = undefined;
  }

  async function connect(): Promise<void> {
    let token: string | undefined;
    try {
      token = await options.getToken();
    } catch (error) {
      console.error(error);
    }
    if (stopped) return;
    if (!token) {
      scheduleReconnect();
      return;
    }
    let next: SocketLike;
    try {
      next = createSocket(socketUrl(options.url, token));
    } catch (error) {
      console.error(error);
      scheduleReconnect();
      return;
    }
    socket = next;
    next.onopen = () => {
      delay = RECONNECT_INITIAL_MS;
      const hello = () => {
        if (next.readyState === OPEN) next.send(JSON.stringify(REALTIME_CLIENT_MESSAGE));
      };
      hello();
      stopKeepAlive();
      keepAliveTimer = setInterval(hello, KEEP_ALIVE_MS);
    };
    next.onmessage = (message) => {
      const event = parseEvent(message.data);
      if (event) options.onEvent(event);
    };
    next.onerror = () => {
      // A close follows every error: reconnection happens there.
    };
    next.onclose = () => {
      if (socket !== next) return;
      socket = undefined;
      stopKeepAlive();
      scheduleReconnect();
    };
  }

  void connect();

  return {
    stop() {
      stopped = true;
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      retryTimer = undefined;
      stopKeepAlive();
      const current = socket;
      socket = undefined;
      current?.close();
    },
  };
}

/** Event types that change what GET /v1/me answers (profile, emails, memberships, abilities). */
const ME_TYPES: readonly RealtimeType[] = ['profile', 'emails', 'ability', 'member', 'spheres', 'sessions'];

/**
 * The queries an event makes stale: GET /v1/me (key `meKey`) for the account's own data; for the
 * other types, the queries whose key starts with the type's name (['feelings', …], ['chat', …]).
 */
export function queryKeysFor(event: RealtimeEvent, meKey: QueryKey): QueryKey[] {
  // A reply being written sends an event every few words: the lists that show conversations read
  // again once it is complete, not at each word (the open dialog follows it through onChatEvent).
  if (event.chat && event.chat.message.status !== 'completed') return [];
  if (!ME_TYPES.includes(event.type)) return [[event.type]];
  // A sphere changed (its settings, or the entitlements a super-admin granted: decision 0047): the
  // pages that read it (`['spheres', …]`) read it again, not only the start call.
  return event.type === 'spheres' ? [meKey, ['spheres']] : [meKey];
}

/** Hears the assistant's messages as they are written (realtime `chat` events). */
export type ChatEventListener = (event: ChatEvent) => void;

const chatListeners = new Set<ChatEventListener>();

/**
 * Listens to the `chat` part of realtime events (the assistant's message as it stands, decision
 * 0054), so a chat dialog shows a reply growing; returns the function that stops listening.
 */
export function onChatEvent(listener: ChatEventListener): () => void {
  chatListeners.add(listener);
  return () => {
    chatListeners.delete(listener);
  };
}

/** Hands an event's `chat` part, when it has one, to every listener (the realtime connection calls it). */
export function handOverChatEvent(event: RealtimeEvent): void {
  if (!event.chat) return;
  for (const listener of [...chatListeners]) {
    try {
      listener(event.chat);
    } catch (error) {
      // One broken listener must not keep the others, nor the connection, from their events.
      console.error(error);
    }
  }
}
