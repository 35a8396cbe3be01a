// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARENT_CONNECTION_TIMEOUT_MS } from '@shared/contracts/web-config';
import { routes } from '../app/router';
import { storedSessionKey, testConfig } from '../test/fixtures';
import { setConfig } from './config';
import { getAccessToken, setParentAccessToken } from './auth';
import {
  BRIDGE_CHANNEL,
  BRIDGE_VERSION,
  connectParentBridge,
  isAppPath,
  type BridgeHandlers,
  type BridgeMessageEvent,
  type BridgeWindow,
  type ChildMessage,
} from './parent-bridge';
import { startParentBridge, type AppParentBridge } from './parent-bridge-app';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

type Session = Awaited<ReturnType<typeof fetchAuthSession>>;
const amplifySession = {
  tokens: { accessToken: { toString: () => 'amplify-access' }, idToken: { toString: () => 'amplify-id' } },
} as unknown as Session;
const noSession = {} as Session;

const PARENT_ORIGIN = 'https://portal.example.com';
const OTHER_ALLOWED = 'https://intranet.example.org';

/** A parent window: like a browser, it gets a message only if the target origin is its own. */
class FakeParent {
  readonly received: ChildMessage[] = [];
  readonly targets: string[] = [];
  constructor(readonly origin: string) {}
  postMessage(message: unknown, targetOrigin: string): void {
    this.targets.push(targetOrigin);
    if (targetOrigin === this.origin) this.received.push(structuredClone(message) as ChildMessage);
  }
  ofType<T extends ChildMessage['type']>(type: T): Extract<ChildMessage, { type: T }>[] {
    return this.received.filter((m): m is Extract<ChildMessage, { type: T }> => m.type === type);
  }
}

/** The SPA's window inside the frame; `deliver` is the parent's postMessage arriving. */
class FakeFrame implements BridgeWindow {
  private readonly listeners = new Set<(event: BridgeMessageEvent) => void>();
  constructor(readonly parent: FakeParent) {}
  addEventListener(_type: 'message', listener: (event: BridgeMessageEvent) => void): void {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'message', listener: (event: BridgeMessageEvent) => void): void {
    this.listeners.delete(listener);
  }
  deliver(data: Record<string, unknown>, from: { origin?: string; source?: unknown } = {}): void {
    const event = {
      data: { channel: BRIDGE_CHANNEL, version: BRIDGE_VERSION, ...data },
      origin: from.origin ?? this.parent.origin,
      source: from.source ?? this.parent,
    };
    for (const listener of [...this.listeners]) listener(event);
  }
}

/** Lets the bridge's pending promises (answers, navigation) run. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function stubHandlers(): BridgeHandlers {
  return {
    getAccessToken: vi.fn(async () => 'token'),
    getIdToken: vi.fn(async () => 'id'),
    signOut: vi.fn(async () => undefined),
    isKnownRoute: vi.fn(() => true),
    navigate: vi.fn(() => true),
    onBreadcrumb: vi.fn(),
    onLocation: vi.fn(),
    onAuthToken: vi.fn(),
  };
}

let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.mocked(fetchAuthSession).mockReset();
  vi.mocked(signOut).mockReset();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  setParentAccessToken(undefined);
  setConfig(testConfig);
  storedSessionKey();
});
afterEach(() => {
  vi.useRealTimers();
  warn.mockRestore();
});

describe('parent-window handshake', () => {
  it("runs in the 'new' mode when the allowed parent welcomes the greeting", async () => {
    const parent = new FakeParent(PARENT_ORIGIN);
    const frame = new FakeFrame(parent);
    const bridge = connectParentBridge({
      self: frame,
      allowedOrigins: [OTHER_ALLOWED, PARENT_ORIGIN],
      handlers: stubHandlers(),
    });
    expect(parent.ofType('hello')).toHaveLength(1);
    frame.deliver({ type: 'welcome' });
    await expect(bridge.mode).resolves.toBe('new');
    expect(warn).not.toHaveBeenCalled();
  });

  it('greets each allowed origin by name, never with the * wildcard', () => {
    const parent = new FakeParent(PARENT_ORIGIN);
    connectParentBridge({
      self: new FakeFrame(parent),
      allowedOrigins: [OTHER_ALLOWED, `${PARENT_ORIGIN}/`],
      handlers: stubHandlers(),
    });
    expect(parent.targets).toEqual([OTHER_ALLOWED, PARENT_ORIGIN]);
  });

  it(`runs standalone ('legacy') with a warning when the parent does not answer within ${PARENT_CONNECTION_TIMEOUT_MS} ms`, async () => {
    const frame = new FakeFrame(new FakeParent(PARENT_ORIGIN));
    const bridge = connectParentBridge({
      self: frame,
      allowedOrigins: [PARENT_ORIGIN],
      handlers: stubHandlers(),
    });
    let mode: string | undefined;
    void bridge.mode.then((m) => (mode = m));
    vi.advanceTimersByTime(PARENT_CONNECTION_TIMEOUT_MS - 1);
    await flush();
    expect(mode).toBeUndefined();
    vi.advanceTimersByTime(1);
    await flush();
    expect(mode).toBe('legacy');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no answer within 1000 ms'));
    // A late welcome changes nothing.
    frame.deliver({ type: 'welcome' });
    await expect(bridge.mode).resolves.toBe('legacy');
  });

  it('ignores a welcome from an origin that is not allowed, or from another window than the parent', async () => {
    const parent = new FakeParent(PARENT_ORIGIN);
    const frame = new FakeFrame(parent);
    const handlers = stubHandlers();
    const bridge = connectParentBridge({ self: frame, allowedOrigins: [PARENT_ORIGIN], handlers });
    frame.deliver({ type: 'welcome', authToken: 'stolen' }, { origin: 'https://evil.example' });
    frame.deliver({ type: 'welcome' }, { source: {} });
    vi.advanceTimersByTime(PARENT_CONNECTION_TIMEOUT_MS);
    await expect(bridge.mode).resolves.toBe('legacy');
    expect(handlers.onAuthToken).not.toHaveBeenCalled();
  });

  it('never connects without allowed origins, with a warning and nothing posted', async () => {
    const parent = new FakeParent(PARENT_ORIGIN);
    const bridge = connectParentBridge({
      self: new FakeFrame(parent),
      allowedOrigins: [],
      handlers: stubHandlers(),
    });
    await expect(bridge.mode).resolves.toBe('legacy');
    expect(parent.targets).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no parent origin is allowed'));
  });

  it('is standalone without a warning outside a frame (window.parent is the window itself)', async () => {
    const self = {
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      postMessage: vi.fn(),
      get parent() {
        return self;
      },
    };
    const bridge = connectParentBridge({ self, allowedOrigins: [PARENT_ORIGIN], handlers: stubHandlers() });
    await expect(bridge.mode).resolves.toBe('legacy');
    expect(self.postMessage).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('ignores messages of another channel or version, and calls before the welcome', async () => {
    const parent = new FakeParent(PARENT_ORIGIN);
    const frame = new FakeFrame(parent);
    const handlers = stubHandlers();
    connectParentBridge({ self: frame, allowedOrigins: [PARENT_ORIGIN], handlers });
    frame.deliver({ type: 'call', id: 1, method: 'getAccessToken' });
    frame.deliver({ type: 'welcome', version: 2 });
    frame.deliver({ type: 'welcome', channel: 'other' });
    await flush();
    expect(handlers.getAccessToken).not.toHaveBeenCalled();
    expect(parent.ofType('result')).toEqual([]);
    vi.advanceTimersByTime(PARENT_CONNECTION_TIMEOUT_MS);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('calls from the parent', () => {
  it('refuses to navigate to a path outside the app before asking the app', async () => {
    const parent = new FakeParent(PARENT_ORIGIN);
    const frame = new FakeFrame(parent);
    const handlers = stubHandlers();
    connectParentBridge({ self: frame, allowedOrigins: [PARENT_ORIGIN], handlers });
    frame.deliver({ type: 'welcome' });
    frame.deliver({ type: 'call', id: 'n1', method: 'navigate', path: '//evil.example' });
    frame.deliver({ type: 'call', id: 'k1', method: 'isKnownRoute', path: '/\\evil.example' });
    await flush();
    expect(handlers.navigate).not.toHaveBeenCalled();
    expect(handlers.isKnownRoute).not.toHaveBeenCalled();
    expect(parent.ofType('result')).toEqual([
      expect.objectContaining({ id: 'n1', ok: false, error: 'invalid-path' }),
      expect.objectContaining({ id: 'k1', ok: true, value: false }),
    ]);
  });

  it('answers an error, not silence, when a call fails', async () => {
    const parent = new FakeParent(PARENT_ORIGIN);
    const frame = new FakeFrame(parent);
    const handlers = {
      ...stubHandlers(),
      getIdToken: vi.fn(async () => Promise.reject(new Error('offline'))),
    };
    connectParentBridge({ self: frame, allowedOrigins: [PARENT_ORIGIN], handlers });
    frame.deliver({ type: 'welcome' });
    frame.deliver({ type: 'call', id: 7, method: 'getIdToken' });
    await flush();
    expect(parent.ofType('result')).toEqual([expect.objectContaining({ id: 7, ok: false, error: 'error' })]);
  });
});

describe('app paths', () => {
  it('are paths of this app only', () => {
    expect(isAppPath('/')).toBe(true);
    expect(isAppPath('/guest?lang=en#top')).toBe(true);
    for (const path of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '',
      '/a\tb',
    ]) {
      expect(isAppPath(path)).toBe(false);
    }
  });
});

describe('the bridge in the app', () => {
  let parent: FakeParent;
  let frame: FakeFrame;
  let router: ReturnType<typeof createMemoryRouter>;
  let queryClient: QueryClient;
  let app: AppParentBridge;
  let nextId = 0;

  async function start(welcome: Record<string, unknown> = {}) {
    parent = new FakeParent(PARENT_ORIGIN);
    frame = new FakeFrame(parent);
    router = createMemoryRouter(routes, { initialEntries: ['/'] });
    queryClient = new QueryClient();
    app = startParentBridge({
      config: { ...testConfig, parentOrigins: [PARENT_ORIGIN, OTHER_ALLOWED] },
      router,
      routes,
      queryClient,
      self: frame,
    });
    frame.deliver({ type: 'welcome', ...welcome });
    await expect(app.mode).resolves.toBe('new');
  }

  async function call(method: string, path?: string) {
    const id = `c${++nextId}`;
    frame.deliver({ type: 'call', id, method, ...(path === undefined ? {} : { path }) });
    await flush();
    await flush();
    return parent.ofType('result').find((r) => r.id === id);
  }

  afterEach(() => {
    app.close();
    router.dispose();
  });

  it("answers getAccessToken and getIdToken with Amplify's current tokens", async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(amplifySession);
    await start();
    expect(await call('getAccessToken')).toMatchObject({ ok: true, value: 'amplify-access' });
    expect(await call('getIdToken')).toMatchObject({ ok: true, value: 'amplify-id' });
    vi.mocked(fetchAuthSession).mockResolvedValue(noSession);
    expect(await call('getAccessToken')).toMatchObject({ ok: true, value: null });
  });

  it("tells whether a path is one of the router's routes (the not-found redirect is not)", async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(noSession);
    await start();
    expect(await call('isKnownRoute', '/')).toMatchObject({ value: true });
    expect(await call('isKnownRoute', '/login?from=x')).toMatchObject({ value: true });
    expect(await call('isKnownRoute', '/guest')).toMatchObject({ value: true });
    expect(await call('isKnownRoute', '/no/such/page')).toMatchObject({ value: false });
    expect(await call('isKnownRoute', '//evil.example')).toMatchObject({ value: false });
  });

  it('navigates inside the app, and refuses a path that leaves it', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(noSession);
    await start();
    expect(await call('navigate', '/guest')).toMatchObject({ ok: true, value: true });
    expect(router.state.location.pathname).toBe('/guest');
    expect(await call('navigate', '//evil.example')).toMatchObject({ ok: false, error: 'invalid-path' });
    expect(await call('navigate', 'https://evil.example/')).toMatchObject({ ok: false });
    expect(router.state.location.pathname).toBe('/guest');
  });

  it('signs out like the account menu: ends the session, clears the cache and the parent token, shows sign-in', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(noSession);
    await start({ authToken: 'parent-access' });
    queryClient.setQueryData(['me'], { userId: 'u1' });
    expect(await call('signOut')).toMatchObject({ ok: true, value: true });
    expect(signOut).toHaveBeenCalledOnce();
    expect(queryClient.getQueryData(['me'])).toBeUndefined();
    expect(router.state.location.pathname).toBe('/login');
    expect(await getAccessToken()).toBeUndefined();
  });

  it('shows the breadcrumb the parent sends, and hides it when the parent sends none', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(noSession);
    await start({ breadcrumb: [{ label: 'Portal', href: `${PARENT_ORIGIN}/` }] });
    expect(app.getState().breadcrumb).toEqual([{ label: 'Portal', href: `${PARENT_ORIGIN}/` }]);
    const listener = vi.fn();
    app.subscribe(listener);
    frame.deliver({ type: 'breadcrumb', items: [{ label: 'Portal' }, { label: 'Wellbeing', href: '/' }] });
    expect(listener).toHaveBeenCalled();
    expect(app.getState().breadcrumb).toHaveLength(2);
    frame.deliver({ type: 'breadcrumb', items: [] });
    expect(app.getState().breadcrumb).toBeUndefined();
  });

  it('follows the location the parent sends and tells the parent each route change, without echo', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(noSession);
    await start();
    // Connected at '/', the SPA says where it is.
    expect(parent.ofType('location').map((m) => m.path)).toEqual(['/']);
    frame.deliver({ type: 'location', path: '/guest' });
    await flush();
    expect(router.state.location.pathname).toBe('/guest');
    // The route change the parent asked for is not sent back.
    expect(parent.ofType('location').map((m) => m.path)).toEqual(['/']);
    await router.navigate('/login');
    expect(parent.ofType('location').map((m) => m.path)).toEqual(['/', '/login']);
    frame.deliver({ type: 'location', path: '//evil.example' });
    await flush();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('starts at the location carried by the welcome', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(noSession);
    await start({ location: '/guest' });
    await flush();
    expect(router.state.location.pathname).toBe('/guest');
    expect(parent.ofType('location')).toEqual([]);
  });

  it("uses the parent's access token while Amplify has no session, Amplify's once it has one", async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(noSession);
    await start();
    expect(await getAccessToken()).toBeUndefined();
    frame.deliver({ type: 'authToken', token: 'parent-access' });
    expect(await getAccessToken()).toBe('parent-access');
    vi.mocked(fetchAuthSession).mockResolvedValue(amplifySession);
    expect(await getAccessToken()).toBe('amplify-access');
    vi.mocked(fetchAuthSession).mockResolvedValue(noSession);
    frame.deliver({ type: 'authToken', token: null });
    expect(await getAccessToken()).toBeUndefined();
  });

  it('once connected, listens only to the origin it connected to, even another allowed one', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(noSession);
    await start();
    for (const origin of [OTHER_ALLOWED, 'https://evil.example']) {
      frame.deliver({ type: 'authToken', token: 'forged' }, { origin });
      frame.deliver({ type: 'location', path: '/guest' }, { origin });
    }
    await flush();
    expect(await getAccessToken()).toBeUndefined();
    expect(router.state.location.pathname).toBe('/');
  });
});
