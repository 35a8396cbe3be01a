import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppShell } from '@mantine/core';
import { AppHeader } from '../components/app-header';
import { FullPageLoader } from '../components/full-page-loader';
import { OverlayHost } from './overlays/overlay-host';

export const HEADER_HEIGHT = 60;

/** Header on every page; pages load lazily inside the main landmark. */
export function AppLayout() {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding="md">
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main id="main">
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
          <OverlayHost />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
