import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { ConfigErrorScreen } from '../components/config-error-screen';
import { FullPageLoader } from '../components/full-page-loader';
import { setUnauthorizedHandler } from '../lib/api';
import type { ReturnState } from '../lib/auth';
import { loadConfig } from '../lib/config';
import { startParentBridge, type AppParentBridge } from '../lib/parent-bridge-app';
import { ParentBridgeProvider } from '../features/embedding';
import { LOGIN_PATH } from '../lib/routes';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter, routes } from './router';

type StartState =
  | { status: 'loading' }
  | { status: 'ready'; router: ReturnType<typeof createAppRouter>; bridge: AppParentBridge }
  | { status: 'error'; error: unknown };

function startRouter(queryClient: QueryClient) {
  const router = createAppRouter();
  setUnauthorizedHandler(() => {
    const { pathname, search } = router.state.location;
    const state: ReturnState = { from: `${pathname}${search}` };
    queryClient.clear();
    void router.navigate(LOGIN_PATH, { replace: true, state });
  });
  return router;
}

/**
 * Start sequence: read /config.json (Amplify is pointed at its pool when first needed), then the router (spec 01 §4: loading first).
 * In a frame, the parent window has PARENT_CONNECTION_TIMEOUT_MS to answer before the first page,
 * so that its location and token are known then; the app mode follows (docs/embedding.md).
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [start, setStart] = useState<StartState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let bridge: AppParentBridge | undefined;
    loadConfig()
      .then(async (config) => {
        if (cancelled) return;
        const router = startRouter(queryClient);
        bridge = startParentBridge({ config, router, routes, queryClient });
        await bridge.mode;
        if (!cancelled) setStart({ status: 'ready', router, bridge });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setStart({ status: 'error', error });
      });
    return () => {
      cancelled = true;
      bridge?.close();
    };
  }, [attempt, queryClient]);

  return (
    <AppProviders queryClient={queryClient}>
      {start.status === 'loading' && <FullPageLoader />}
      {start.status === 'error' && (
        <ConfigErrorScreen
          error={start.error}
          onRetry={() => {
            setStart({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        />
      )}
      {start.status === 'ready' && (
        <ParentBridgeProvider bridge={start.bridge}>
          <RouterProvider router={start.router} />
        </ParentBridgeProvider>
      )}
    </AppProviders>
  );
}
