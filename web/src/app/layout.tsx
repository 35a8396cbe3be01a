import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppShell } from '@mantine/core';
import { AppHeader, useShellMe } from '../components/app-header';
import { FullPageLoader } from '../components/full-page-loader';
import { CookieBanner } from '../features/shell/cookie-banner';
import { LegalConsentGate } from '../features/legal/legal-consent-gate';
import { GuestBanner } from '../features/shell/guest-banner';
import { RealtimeConnection } from '../features/shell/realtime-connection';
import { ShellNotices } from '../features/shell/shell-notices';
import { useIsSignedIn } from '../lib/auth';
import { OverlayHost } from './overlays/overlay-host';

export const HEADER_HEIGHT = 60;

function GuestNotice() {
  const signedIn = useIsSignedIn();
  const me = useShellMe(signedIn.data === true);
  return me.data?.profile.isGuest ? <GuestBanner /> : null;
}

/**
 * Every page: the top bar, the shell's notices (new version, failed background refresh, guest
 * mode), the page itself lazily inside the main landmark, the `?show=` overlays, the blocking
 * legal-consent modal while a document is pending, the cookie notice, and the realtime channel
 * while signed in.
 */
export function AppLayout() {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding="md">
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main id="main">
        <ShellNotices />
        <GuestNotice />
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
          <OverlayHost />
        </Suspense>
        <LegalConsentGate />
        <CookieBanner />
      </AppShell.Main>
      <RealtimeConnection />
    </AppShell>
  );
}
