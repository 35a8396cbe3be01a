import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AppParentBridge, ParentBridgeState } from '../../lib/parent-bridge-app';
import type { AppMode } from '../../lib/parent-bridge';
import type { BreadcrumbItem } from '../../lib/parent-bridge';

const standalone: ParentBridgeState = { mode: 'legacy', breadcrumb: undefined };
const ParentBridgeContext = createContext<AppParentBridge | undefined>(undefined);

/** Gives the pages the parent-window bridge started with the app (web/src/app/app.tsx). */
export function ParentBridgeProvider({ bridge, children }: { bridge: AppParentBridge; children: ReactNode }) {
  return <ParentBridgeContext.Provider value={bridge}>{children}</ParentBridgeContext.Provider>;
}

const noSubscription = () => () => undefined;

function useBridgeState(): ParentBridgeState {
  const bridge = useContext(ParentBridgeContext);
  return useSyncExternalStore(bridge?.subscribe ?? noSubscription, () => bridge?.getState() ?? standalone);
}

/** 'new' when the SPA runs embedded in a parent window that answered, 'legacy' otherwise (spec 01 §4). */
export function useAppMode(): AppMode {
  return useBridgeState().mode;
}

/** The breadcrumb the parent window sent, if any. */
export function useParentBreadcrumb(): BreadcrumbItem[] | undefined {
  return useBridgeState().breadcrumb;
}
