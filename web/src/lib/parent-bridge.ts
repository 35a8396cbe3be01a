import * as z from 'zod';
import { PARENT_CONNECTION_TIMEOUT_MS } from '@shared/contracts/web-config';

/**
 * The parent-window bridge (spec 02 §7, docs/embedding.md): when the SPA runs in a frame, it greets
 * its parent with postMessage and, if an allowed parent answers within PARENT_CONNECTION_TIMEOUT_MS,
 * runs in the "new" app mode: the parent may call a few functions and sends the breadcrumb, its
 * location and an access token. Otherwise the SPA runs standalone ("legacy"), with a warning.
 *
 * Every message is `{ channel: 'wellbeing-bridge', version: 1, type, ... }`. Only messages from the
 * parent window, from an allowed origin, are read; the SPA posts only to that origin.
 */
export const BRIDGE_CHANNEL = 'wellbeing-bridge';
export const BRIDGE_VERSION = 1;

/** 'legacy': standalone; 'new': embedded in a parent window that answered (spec 01 §4). */
export type AppMode = 'legacy' | 'new';

export const BRIDGE_METHODS = [
  'getAccessToken',
  'getIdToken',
  'signOut',
  'isKnownRoute',
  'navigate',
] as const;
export type BridgeMethod = (typeof BRIDGE_METHODS)[number];

const AppPathSchema = z.string().min(1).max(2048);

const BreadcrumbItemSchema = z.object({
  label: z.string().min(1).max(200),
  href: z.string().max(2048).optional(),
});
export type BreadcrumbItem = z.infer<typeof BreadcrumbItemSchema>;

const envelope = { channel: z.literal(BRIDGE_CHANNEL), version: z.literal(BRIDGE_VERSION) };

const BreadcrumbSchema = z.array(BreadcrumbItemSchema).max(20);

/** What the parent may send. The welcome may carry the first breadcrumb, location and token. */
const ParentMessageSchema = z.discriminatedUnion('type', [
  z.object({
    ...envelope,
    type: z.literal('welcome'),
    breadcrumb: BreadcrumbSchema.optional(),
    location: AppPathSchema.optional(),
    authToken: z.string().min(1).nullable().optional(),
  }),
  z.object({
    ...envelope,
    type: z.literal('call'),
    id: z.union([z.string().min(1).max(100), z.number()]),
    method: z.enum(BRIDGE_METHODS),
    path: z.string().max(2048).optional(),
  }),
  z.object({ ...envelope, type: z.literal('breadcrumb'), items: BreadcrumbSchema }),
  z.object({ ...envelope, type: z.literal('location'), path: AppPathSchema }),
  z.object({ ...envelope, type: z.literal('authToken'), token: z.string().min(1).nullable() }),
]);
export type ParentMessage = z.infer<typeof ParentMessageSchema>;

/** What the SPA sends to its parent. */
export type ChildMessage =
  | { channel: typeof BRIDGE_CHANNEL; version: typeof BRIDGE_VERSION; type: 'hello' }
  | {
      channel: typeof BRIDGE_CHANNEL;
      version: typeof BRIDGE_VERSION;
      type: 'result';
      id: string | number;
      ok: true;
      value: string | boolean | null;
    }
  | {
      channel: typeof BRIDGE_CHANNEL;
      version: typeof BRIDGE_VERSION;
      type: 'result';
      id: string | number;
      ok: false;
      error: string;
    }
  | { channel: typeof BRIDGE_CHANNEL; version: typeof BRIDGE_VERSION; type: 'location'; path: string };

/** What the SPA does for its parent. */
export interface BridgeHandlers {
  getAccessToken(): Promise<string | undefined>;
  getIdToken(): Promise<string | undefined>;
  signOut(): Promise<void>;
  isKnownRoute(path: string): boolean;
  /** Goes to an app path; false when the path is refused. */
  navigate(path: string): boolean | Promise<boolean>;
  onBreadcrumb(items: BreadcrumbItem[] | undefined): void;
  /** The parent's path for this app: navigate when it differs from the current one. */
  onLocation(path: string): void;
  /** The parent's access token for the same user pool, or null when it has none any more. */
  onAuthToken(token: string | null): void;
}

export interface BridgeMessageEvent {
  data: unknown;
  origin: string;
  source: unknown;
}
export interface MessageTargetLike {
  postMessage(message: unknown, targetOrigin: string): void;
}
/** The part of `window` the bridge uses, so tests can give it a pair of fake windows. */
export interface BridgeWindow {
  readonly parent: MessageTargetLike;
  addEventListener(type: 'message', listener: (event: BridgeMessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: BridgeMessageEvent) => void): void;
}

export interface ParentBridge {
  /** Settles once: 'new' when an allowed parent answered, 'legacy' otherwise. */
  readonly mode: Promise<AppMode>;
  /** Tells the parent the SPA's location (a route change); repeats and echoes are not sent. */
  notifyLocation(path: string): void;
  close(): void;
}

/**
 * A path inside this app (`/x?y#z`), never another site: not `//host`, not `/\host`, no scheme,
 * no control characters; resolving it against any origin stays on that origin.
 */
export function isAppPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return false;
  try {
    const base = 'https://app.invalid';
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

function originsOf(list: readonly string[]): string[] {
  const origins: string[] = [];
  for (const entry of list) {
    try {
      origins.push(new URL(entry).origin);
    } catch {
      // Not a URL: never matches (the config schema already refuses it).
    }
  }
  return origins;
}

/**
 * Connects to the parent window, if any. Outside a frame the SPA is simply standalone (no
 * warning); in a frame with no allowed origin, or with no answer in time, it warns and runs
 * standalone: the failure is never an error (spec 01 §8).
 */
export function connectParentBridge(options: {
  self: BridgeWindow;
  allowedOrigins: readonly string[];
  handlers: BridgeHandlers;
  timeoutMs?: number;
  /** Where the SPA is when the bridge starts: told to the parent once connected. */
  initialPath?: string;
}): ParentBridge {
  const { self, handlers } = options;
  const allowed = originsOf(options.allowedOrigins);
  const timeoutMs = options.timeoutMs ?? PARENT_CONNECTION_TIMEOUT_MS;
  const parent = self.parent;
  let connectedOrigin: string | undefined;
  let lastSyncedPath: string | undefined;
  let pendingPath = options.initialPath;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settle: (mode: AppMode) => void = () => undefined;
  const mode = new Promise<AppMode>((resolve) => {
    settle = resolve;
  });

  function post(message: ChildMessage, origin: string): void {
    try {
      parent.postMessage(message, origin);
    } catch (error) {
      console.warn('Parent window: a message could not be sent', error);
    }
  }

  function send(message: ChildMessage): void {
    if (connectedOrigin && !closed) post(message, connectedOrigin);
  }

  function sendLocation(path: string): void {
    if (path === lastSyncedPath) return;
    lastSyncedPath = path;
    send({ channel: BRIDGE_CHANNEL, version: BRIDGE_VERSION, type: 'location', path });
  }

  function receiveLocation(path: string): void {
    if (!isAppPath(path)) {
      console.warn('Parent window: a location outside the app was ignored', path);
      return;
    }
    // Remembered first, so that the route change it causes is not echoed back to the parent.
    lastSyncedPath = path;
    handlers.onLocation(path);
  }

  async function answer(id: string | number, method: BridgeMethod, path: string | undefined): Promise<void> {
    const reply = (value: string | boolean | null) =>
      send({ channel: BRIDGE_CHANNEL, version: BRIDGE_VERSION, type: 'result', id, ok: true, value });
    const fail = (error: string) =>
      send({ channel: BRIDGE_CHANNEL, version: BRIDGE_VERSION, type: 'result', id, ok: false, error });
    try {
      switch (method) {
        case 'getAccessToken':
          return reply((await handlers.getAccessToken()) ?? null);
        case 'getIdToken':
          return reply((await handlers.getIdToken()) ?? null);
        case 'signOut':
          await handlers.signOut();
          return reply(true);
        case 'isKnownRoute':
          return reply(isAppPath(path) && handlers.isKnownRoute(path));
        case 'navigate':
          if (!isAppPath(path)) return fail('invalid-path');
          return (await handlers.navigate(path)) ? reply(true) : fail('invalid-path');
      }
    } catch (error) {
      console.warn(`Parent window: ${method} failed`, error);
      fail('error');
    }
  }

  function onMessage(event: BridgeMessageEvent): void {
    if (closed || event.source !== parent || !allowed.includes(event.origin)) return;
    if (connectedOrigin !== undefined && event.origin !== connectedOrigin) return;
    const parsed = ParentMessageSchema.safeParse(event.data);
    if (!parsed.success) return;
    const message = parsed.data;
    if (connectedOrigin === undefined) {
      if (message.type !== 'welcome') return;
      connectedOrigin = event.origin;
      clearTimeout(timer);
      if (message.authToken !== undefined) handlers.onAuthToken(message.authToken);
      if (message.breadcrumb !== undefined) handlers.onBreadcrumb(message.breadcrumb);
      if (message.location !== undefined) receiveLocation(message.location);
      else if (pendingPath !== undefined) sendLocation(pendingPath);
      pendingPath = undefined;
      settle('new');
      return;
    }
    switch (message.type) {
      case 'welcome':
        return;
      case 'call':
        void answer(message.id, message.method, message.path);
        return;
      case 'breadcrumb':
        handlers.onBreadcrumb(message.items.length > 0 ? message.items : undefined);
        return;
      case 'location':
        receiveLocation(message.path);
        return;
      case 'authToken':
        handlers.onAuthToken(message.token);
        return;
    }
  }

  function giveUp(reason: string): void {
    console.warn(`Parent window: ${reason}; the app runs standalone.`);
    self.removeEventListener('message', onMessage);
    settle('legacy');
  }

  if ((parent as unknown) === self) {
    settle('legacy');
  } else if (allowed.length === 0) {
    giveUp('no parent origin is allowed (parentOrigins in config.json)');
  } else {
    self.addEventListener('message', onMessage);
    timer = setTimeout(() => {
      if (connectedOrigin === undefined) giveUp(`no answer within ${timeoutMs} ms`);
    }, timeoutMs);
    // The browser delivers each greeting only if the parent's origin is that one: no '*'.
    for (const origin of allowed)
      post({ channel: BRIDGE_CHANNEL, version: BRIDGE_VERSION, type: 'hello' }, origin);
  }

  return {
    mode,
    notifyLocation(path) {
      if (connectedOrigin === undefined) pendingPath = path;
      else sendLocation(path);
    },
    close() {
      closed = true;
      clearTimeout(timer);
      self.removeEventListener('message', onMessage);
      settle('legacy');
    },
  };
}
