import { useState } from 'react';
import { Alert, Anchor, Button, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { GUEST_MAX_ATTEMPTS } from '@shared/contracts/guests';
import { FullPageLoader } from '../../components/full-page-loader';
import { authSessionQueryKey, safeReturnPath, useIsSignedIn, type ReturnState } from '../../lib/auth';
import { errorMessages } from '../../lib/errors';
import { LOGIN_PATH } from '../../lib/routes';
import { createGuestWithRetries, guestRequestFor } from './api/create-guest';
import { GuestRefusedError, signInAsGuest } from './api/guest-sign-in';
import {
  forgetGuestCredentials,
  readGuestCredentials,
  storeGuestCredentials,
  type StoredGuestCredentials,
} from './guest-credentials';
import { notifyGuestInfo } from './guest-info-toast';

/** What the page is doing: creating a new guest (which attempt) or signing in (new or resumed). */
type Busy =
  | { action: 'new'; step: 'creating'; attempt: number }
  | { action: 'new' | 'resume'; step: 'signing-in' }
  | null;

/**
 * Guest connection page (`/guest`, spec 01 §2): what guest mode is, "Continue as guest" (a new
 * guest, created with the spec's retries, then signed in with its secret, kept on this device),
 * and "Resume my guest session" when this device keeps one.
 */
export default function GuestPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const signedIn = useIsSignedIn();
  // A page that sent the visitor here (a shared link's page) is where they come back to.
  const returnTo = safeReturnPath((useLocation().state as ReturnState | null)?.from);
  const [stored, setStored] = useState<StoredGuestCredentials | null>(() => readGuestCredentials());
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);

  if (signedIn.isPending) return <FullPageLoader />;
  // Signed in (already, or just now): the home page.
  if (signedIn.data === true) return <Navigate to={returnTo} replace />;

  async function enter(action: 'new' | 'resume', credentials: StoredGuestCredentials) {
    setBusy({ action, step: 'signing-in' });
    await signInAsGuest(credentials);
    notifyGuestInfo(action === 'new' ? 'guests.page.welcome' : 'guests.page.welcomeBack');
    queryClient.setQueryData(authSessionQueryKey, true);
  }

  async function continueAsGuest() {
    if (busy) return;
    setError(null);
    setBusy({ action: 'new', step: 'creating', attempt: 1 });
    try {
      const created = await createGuestWithRetries(guestRequestFor(window.location.href), (attempt) =>
        setBusy({ action: 'new', step: 'creating', attempt }),
      );
      const credentials = { username: created.username, secret: created.secret };
      // A delegation's secret is a one-time ticket: nothing to keep for a later visit.
      if (!created.oneTime && storeGuestCredentials(credentials)) setStored(credentials);
      await enter('new', credentials);
    } catch (failure) {
      setBusy(null);
      setError(errorMessages(failure, t));
    }
  }

  async function resume() {
    if (busy || !stored) return;
    setError(null);
    try {
      await enter('resume', stored);
    } catch (failure) {
      setBusy(null);
      if (failure instanceof GuestRefusedError) {
        forgetGuestCredentials();
        setStored(null);
        setError(t('guests.page.resumeRefused'));
      } else setError(errorMessages(failure, t));
    }
  }

  const status =
    busy?.step === 'creating'
      ? busy.attempt > 1
        ? t('guests.page.retrying', { attempt: busy.attempt, max: GUEST_MAX_ATTEMPTS })
        : t('guests.page.creating')
      : busy?.step === 'signing-in'
        ? t('guests.page.signingIn')
        : '';

  return (
    <Container size={520} py="xl">
      <Paper withBorder shadow="sm" p="lg">
        <Stack component="section" aria-labelledby="guest-title">
          <Title order={1} size="h2" id="guest-title">
            {t('guests.page.title')}
          </Title>
          <Text>{t('guests.page.intro')}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('guests.page.pointData')}</List.Item>
            <List.Item>{t('guests.page.pointLimits')}</List.Item>
            <List.Item>{t('guests.page.pointAccount')}</List.Item>
          </List>

          {stored && (
            <Button
              data-testid="guest-resume"
              onClick={() => void resume()}
              loading={busy?.action === 'resume'}
              disabled={busy !== null}
            >
              {t('guests.page.resume')}
            </Button>
          )}
          <Button
            data-testid="guest-continue"
            variant={stored ? 'default' : 'filled'}
            onClick={() => void continueAsGuest()}
            loading={busy?.action === 'new'}
            disabled={busy !== null}
          >
            {t(stored ? 'guests.page.continueNew' : 'guests.page.continue')}
          </Button>
          {stored && (
            <Text size="sm" c="dimmed">
              {t('guests.page.continueNewHint')}
            </Text>
          )}

          <Text size="sm" role="status" aria-live="polite" data-testid="guest-status">
            {status}
          </Text>
          {error && (
            <Alert color="red" role="alert" data-testid="guest-error">
              {error}
            </Alert>
          )}

          <Anchor component={Link} to={LOGIN_PATH} data-testid="guest-back-to-sign-in">
            {t('guests.page.backToSignIn')}
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
