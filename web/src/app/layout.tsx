import { Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppShell } from '@mantine/core';
import { FullPageLoader } from '../components/full-page-loader';
import { ParentBreadcrumb } from '../features/embedding';
import { LegalConsentGate } from '../features/legal';
import { CookieBanner, GuestBanner, RealtimeConnection, ShellNotices } from '../features/shell';
import { useIsSignedIn } from '../lib/auth';
import { useLegalConsents } from '../lib/legal-consents';
import { useMe } from '../lib/me';
import { AppHeader } from './app-header';
import { MainNav } from './main-nav';
import { LOGIN_PATH } from '../lib/routes';
import { OverlayHost } from './overlays/overlay-host';

export const HEADER_HEIGHT = 60;

function GuestNotice() {
  const signedIn = useIsSignedIn();
  const me = useMe(signedIn.data === true);
  return me.data?.profile.isGuest ? <GuestBanner /> : null;
}

/**
 * Signed in, the page waits for the legal-consent answer (fetched beside GET /v1/me), so that a
 * pending document's blocking modal comes before the page rather than over it a moment later.
 * A failed answer does not hold the page.
 */
function AfterConsentsKnown({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const signedIn = useIsSignedIn();
  const consents = useLegalConsents(signedIn.data === true && pathname !== LOGIN_PATH);
  if (signedIn.data === true && pathname !== LOGIN_PATH && consents.isPending) return <FullPageLoader />;
  return children;
}

/**
 * Every page: the top bar, the shell's notices (new version, failed background refresh, guest
 * mode), the parent window's breadcrumb when embedded, the page itself lazily inside the main
 * landmark, the `?show=` overlays, the blocking legal-consent modal while a document is pending,
 * the cookie notice, and the realtime channel while signed in.
 */
export function AppLayout() {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding="md">
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        <ShellNotices />
        <GuestNotice />
        <ParentBreadcrumb />
        <MainNav />
        <AfterConsentsKnown>
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
            <OverlayHost />
          </Suspense>
        </AfterConsentsKnown>
        <LegalConsentGate />
        <CookieBanner />
      </AppShell.Main>
      <RealtimeConnection />
    </AppShell>
  );
}
