import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import type { WebConfig } from '@shared/contracts/web-config';
import { authSessionQueryKey, endSession, getAccessToken, getIdToken, setParentAccessToken } from './auth';
import {
  connectParentBridge,
  isAppPath,
  type AppMode,
  type BreadcrumbItem,
  type BridgeWindow,
  type ParentBridge,
} from './parent-bridge';
import { LOGIN_PATH } from './routes';

/** The part of the data router the bridge uses (createBrowserRouter's router has it). */
export interface BridgeRouter {
  readonly state: { location: { pathname: string; search: string; hash: string } };
  navigate(to: string, options?: { replace?: boolean }): Promise<void>;
  subscribe(listener: (state: BridgeRouter['state']) => void): () => void;
}

/** What the layout reads: the app mode and the parent's breadcrumb, as a tiny external store. */
export interface ParentBridgeState {
  mode: AppMode;
  breadcrumb: BreadcrumbItem[] | undefined;
}

export interface AppParentBridge {
  readonly mode: Promise<AppMode>;
  getState(): ParentBridgeState;
  subscribe(listener: () => void): () => void;
  close(): void;
}

function pathOf(location: BridgeRouter['state']['location']): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * A path the router knows: one that matches a route other than the catch-all that redirects to the
 * not-found notice of the home page.
 */
export function isKnownRoute(routes: RouteObject[], path: string): boolean {
  if (!isAppPath(path)) return false;
  const pathname = new URL(path, 'https://app.invalid').pathname;
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.[matches.length - 1];
  return leaf !== undefined && leaf.route.path !== '*';
}

/**
 * Starts the parent-window bridge for the running SPA: the parent's calls reach Amplify's tokens,
 * the sign-out of the account menu and the router; its breadcrumb, location and token reach the
 * layout, the router and getAccessToken; every route change is told to the parent.
 */
export function startParentBridge(options: {
  config: WebConfig;
  router: BridgeRouter;
  routes: RouteObject[];
  queryClient: QueryClient;
  self?: BridgeWindow;
  timeoutMs?: number;
}): AppParentBridge {
  const { router, routes, queryClient } = options;
  let state: ParentBridgeState = { mode: 'legacy', breadcrumb: undefined };
  const listeners = new Set<() => void>();
  const update = (next: Partial<ParentBridgeState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  const bridge: ParentBridge = connectParentBridge({
    self: options.self ?? window,
    allowedOrigins: options.config.parentOrigins ?? [],
    timeoutMs: options.timeoutMs,
    initialPath: pathOf(router.state.location),
    handlers: {
      getAccessToken,
      getIdToken,
      async signOut() {
        setParentAccessToken(undefined);
        await endSession();
        queryClient.clear();
        await router.navigate(LOGIN_PATH, { replace: true });
      },
      isKnownRoute: (path) => isKnownRoute(routes, path),
      async navigate(path) {
        if (!isAppPath(path)) return false;
        await router.navigate(path);
        return true;
      },
      onBreadcrumb: (breadcrumb) => update({ breadcrumb }),
      onLocation(path) {
        if (path !== pathOf(router.state.location)) void router.navigate(path);
      },
      onAuthToken(token) {
        setParentAccessToken(token ?? undefined);
        void queryClient.invalidateQueries({ queryKey: authSessionQueryKey });
      },
    },
  });

  const unsubscribeRouter = router.subscribe((routerState) =>
    bridge.notifyLocation(pathOf(routerState.location)),
  );
  const mode = bridge.mode.then((appMode) => {
    update({ mode: appMode });
    return appMode;
  });

  return {
    mode,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      unsubscribeRouter();
      bridge.close();
    },
  };
}
