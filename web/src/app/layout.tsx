import { Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppShell, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../components/error-state';
import { FullPageLoader } from '../components/full-page-loader';
import { ParentBreadcrumb } from '../features/embedding';
import { LegalConsentGate } from '../features/legal';
import { CookieBanner, GuestBanner, RealtimeConnection, ShellNotices } from '../features/shell';
import { useIsSignedIn } from '../lib/auth';
import { useAppStrings } from '../lib/language-strings';
import { useLegalConsents } from '../lib/legal-consents';
import { useMe } from '../lib/me';
import { AppHeader } from './app-header';
import { MainNav } from './main-nav';
import { GUEST_PATH, LOGIN_PATH } from '../lib/routes';
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

/** The pages that show with the first screens' strings alone (i18n/messages.ts). */
const FIRST_PAGES: ReadonlySet<string> = new Set([LOGIN_PATH, GUEST_PATH]);

/**
 * Every page: the top bar, the shell's notices (new version, failed background refresh, guest
 * mode), the parent window's breadcrumb when embedded, the page itself lazily inside the main
 * landmark, the `?show=` overlays, the blocking legal-consent modal while a document is pending,
 * the cookie notice, and the realtime channel while signed in.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const signedIn = useIsSignedIn();
  // Past the sign-in and guest pages (signed in, another page, an overlay), the whole app's strings
  // come first: until then, a loader in place of the page.
  const strings = useAppStrings(
    signedIn.data === true || !FIRST_PAGES.has(pathname) || new URLSearchParams(search).has('show'),
  );
  if (strings.status === 'loading') return <FullPageLoader />;
  if (strings.status === 'failed')
    return (
      <Container size="sm" py="xl">
        <ErrorState title={t('app.partLoadError')} error={strings.error} onRetry={strings.retry} />
      </Container>
    );
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
