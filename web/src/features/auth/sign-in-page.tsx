import { useEffect, useMemo, useRef } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Container,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { LOGIN_MAX_FAILED_ATTEMPTS, isValidCode } from '@shared/domain/sign-in';
import { FullPageLoader } from '../../components/full-page-loader';
import { GUEST_PATH } from '../../lib/routes';
import { currentLanguage, setLanguage } from '../../i18n';
import { getMe, meQueryKey } from '../../lib/me';
import { authSessionQueryKey, safeReturnPath, useIsSignedIn, type ReturnState } from '../../lib/auth';
import { errorMessages, translateErrorItem } from '../../lib/errors';
import { PASSWORD_SIGN_IN_ERROR_KEYS } from '../../lib/sign-in-errors';
import { plansOverlayOn, refusedPromotionCodeState } from '../../lib/refused-promotion-code';
import { useSignInFlow } from './use-sign-in-flow';
import { prefetchSignedInStart } from '../../lib/prefetch';
import { CodeInput } from '../../components/code-input';
import { AccessCodeSignIn } from './access-code-sign-in';

/** Where a visitor goes to use the app without an account (the guest page). */

/** Sign-in page (spec 01 §2, §4): email, then a code by email or the password, or account creation. */
export default function SignInPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const queryClient = useQueryClient();
  const signedIn = useIsSignedIn();
  const returnTo = safeReturnPath((location.state as ReturnState | null)?.from);
  const afterSignIn = async () => {
    // The interface speaks the language of the profile from the first page on (a person who chose
    // English sees English wherever they sign in). Without an answer, the current one stays.
    try {
      const me = await queryClient.fetchQuery({
        queryKey: meQueryKey,
        queryFn: ({ signal }) => getMe(signal),
      });
      if (me.profile.locale !== currentLanguage()) await setLanguage(me.profile.locale);
    } catch {
      // The home page loads the start call again and says what went wrong.
    }
    // The session query now says "signed in": the redirect below takes the user back.
    queryClient.setQueryData(authSessionQueryKey, true);
  };
  const flow = useSignInFlow(afterSignIn);
  const { state } = flow;
  // Access-code mode: `/login?sphere=<id>` for a sphere whose members may sign in with a code.
  const accessSphere = new URLSearchParams(location.search).get('sphere');
  const codeInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  // One object while it lasts: the redirect navigates again whenever its state changes.
  const refusedCodeState = useMemo(
    () => (state.refusedPromotionCode ? refusedPromotionCodeState(state.refusedPromotionCode) : null),
    [state.refusedPromotionCode],
  );

  useEffect(() => {
    if (state.mode === 'code') codeInput.current?.focus();
  }, [state.mode, state.failedAttempts]);

  useEffect(() => {
    if (state.mode === 'password' && !state.busy) passwordInput.current?.focus();
  }, [state.mode, state.busy, state.errorKeys]);

  if (signedIn.isPending) return <FullPageLoader />;
  if (signedIn.data === true && refusedCodeState)
    // The account is made but the code typed with it was refused: the plans overlay on the page the
    // person was going to, with the code and the reason. Pushed after the sign-in page, not in its
    // place: closing the overlay goes back to it, which sends a signed-in person on to `returnTo`.
    return <Navigate to={plansOverlayOn(returnTo)} state={refusedCodeState} />;
  if (signedIn.data === true) return <Navigate to={returnTo} replace />;
  if (accessSphere) return <AccessCodeSignIn sphereId={accessSphere} onSignedIn={afterSignIn} />;

  const busy = state.busy;
  const errorMessage = [
    ...new Set(
      state.errorKeys.map((key) =>
        (PASSWORD_SIGN_IN_ERROR_KEYS as readonly string[]).includes(key)
          ? t(`signInPassword.errors.${key}`)
          : translateErrorItem({ key }, t),
      ),
    ),
  ].join('; ');
  const offersPassword = state.methods.includes('password');
  const title =
    state.mode !== 'code'
      ? t('signIn.title')
      : state.codePurpose === 'validation'
        ? t('signIn.validationTitle')
        : t('signIn.codeTitle');
  const attemptsLeft = LOGIN_MAX_FAILED_ATTEMPTS - state.failedAttempts;

  return (
    <Container size={460} py="xl">
      <Paper withBorder shadow="sm" p="lg">
        <form
          noValidate
          aria-labelledby="signin-title"
          onSubmit={(event) => {
            event.preventDefault();
            void flow.submit();
          }}
        >
          <Stack>
            <Title order={1} size="h2" id="signin-title">
              {title}
            </Title>
            {state.mode !== 'code' && <Text>{t('signIn.intro')}</Text>}

            <TextInput
              label={t('signIn.emailLabel')}
              description={state.mode === 'code' ? undefined : t('signIn.emailDescription')}
              type="email"
              autoComplete="username"
              required
              autoFocus
              data-testid="signin-email"
              value={state.emailInput}
              readOnly={state.mode === 'code' || state.mode === 'password'}
              disabled={busy === 'sending' || busy === 'creating'}
              onChange={(event) => {
                prefetchSignedInStart();
                flow.changeEmail(event.currentTarget.value);
              }}
              rightSection={busy === 'checking' ? <Loader size="xs" /> : null}
            />
            <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="signin-status">
              {busy === 'checking' ? t('signIn.checking') : ''}
            </Text>

            {state.mode === 'initial' && (
              <Button type="submit" data-testid="signin-continue" loading={busy === 'checking'}>
                {t('signIn.continue')}
              </Button>
            )}

            {state.mode === 'selection' && (
              <>
                <Text>{offersPassword ? t('signInPassword.chooseIntro') : t('signIn.welcomeBack')}</Text>
                <Button type="submit" data-testid="signin-send-code" loading={busy === 'sending'}>
                  {t('signIn.sendCode')}
                </Button>
                {offersPassword && (
                  <Button
                    type="button"
                    variant="default"
                    data-testid="signin-use-password"
                    disabled={busy === 'sending'}
                    onClick={flow.choosePassword}
                  >
                    {t('signInPassword.usePassword')}
                  </Button>
                )}
              </>
            )}

            {state.mode === 'password' && (
              <>
                <PasswordInput
                  ref={passwordInput}
                  label={t('signInPassword.passwordLabel')}
                  autoComplete="current-password"
                  required
                  data-testid="signin-password"
                  value={state.password}
                  readOnly={busy === 'verifying'}
                  onChange={(event) => flow.changePassword(event.currentTarget.value)}
                  visibilityToggleButtonProps={{
                    'aria-label': t('signInPassword.showPassword'),
                    tabIndex: 0,
                  }}
                />
                <Button
                  type="submit"
                  data-testid="signin-submit-password"
                  disabled={!state.password}
                  loading={busy === 'verifying'}
                >
                  {t('signInPassword.submit')}
                </Button>
                <Button
                  type="button"
                  variant="subtle"
                  data-testid="signin-password-back"
                  disabled={busy === 'verifying'}
                  onClick={flow.backToSelection}
                >
                  {t('signInPassword.back')}
                </Button>
              </>
            )}

            {state.mode === 'creation' && (
              <>
                <Text>{t('signIn.creationIntro')}</Text>
                <TextInput
                  label={t('signIn.firstNameLabel')}
                  autoComplete="given-name"
                  required
                  data-testid="signin-first-name"
                  // The account to create starts with the first name: the field takes the focus.
                  autoFocus
                  value={state.firstName}
                  disabled={busy === 'creating'}
                  error={
                    state.firstNameError ? translateErrorItem({ key: state.firstNameError }, t) : undefined
                  }
                  errorProps={{ role: 'alert' }}
                  onChange={(event) => flow.changeFirstName(event.currentTarget.value)}
                />
                <TextInput
                  label={t('signInPromotionCode.label')}
                  description={t('signInPromotionCode.hint')}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  // The redeem route's limit (shared/contracts/subscriptions.ts).
                  maxLength={40}
                  data-testid="signin-promotion-code"
                  value={state.promotionCode}
                  disabled={busy === 'creating'}
                  onChange={(event) => flow.changePromotionCode(event.currentTarget.value)}
                />
                {flow.legalDocuments.isPending && (
                  <Text size="sm" c="dimmed">
                    {t('signIn.legalLoading')}
                  </Text>
                )}
                {flow.legalDocuments.isError && (
                  <Alert color="red" role="alert" data-testid="signin-legal-error">
                    {errorMessages(flow.legalDocuments.error, t)}
                  </Alert>
                )}
                {flow.legalDocuments.data?.map((document) => {
                  const name = t(`signIn.documents.${document.documentType}`);
                  return (
                    <Stack key={document.documentType} gap={4}>
                      <Anchor
                        href={document.path}
                        target="_blank"
                        rel="noopener noreferrer"
                        data-testid={`signin-legal-link-${document.documentType}`}
                      >
                        {t('signIn.legalRead', { name, version: document.version })}
                      </Anchor>
                      <Checkbox
                        data-testid={`signin-legal-check-${document.documentType}`}
                        label={t('signIn.legalAccept', { name })}
                        disabled={busy === 'creating'}
                        checked={state.acceptedDocuments.some(
                          (a) => a.documentType === document.documentType && a.version === document.version,
                        )}
                        onChange={(event) => flow.toggleDocument(document, event.currentTarget.checked)}
                      />
                    </Stack>
                  );
                })}
                <Button
                  type="submit"
                  data-testid="signin-create"
                  disabled={!state.firstName.trim() || !flow.documentsAccepted}
                  loading={busy === 'creating'}
                  aria-describedby={
                    !state.firstName.trim() || !flow.documentsAccepted ? 'signin-create-missing' : undefined
                  }
                >
                  {t('signIn.create')}
                </Button>
                {(!state.firstName.trim() || !flow.documentsAccepted) && (
                  <Text size="sm" c="dimmed" id="signin-create-missing" data-testid="signin-create-missing">
                    {[
                      ...(!state.firstName.trim() ? [t('signIn.missingFirstName')] : []),
                      ...(!flow.documentsAccepted ? [t('signIn.missingDocuments')] : []),
                    ].join(' ')}
                  </Text>
                )}
              </>
            )}

            {state.mode === 'code' && (
              <>
                {state.codeNotSent ? (
                  <Alert color="blue" role="status" data-testid="signin-code-not-sent">
                    {t('signIn.codeNotSent', { email: state.email })}
                  </Alert>
                ) : (
                  <Text>{t('signIn.codeSentTo', { email: state.email })}</Text>
                )}
                <CodeInput
                  ref={codeInput}
                  label={t('signIn.codeLabel')}
                  required
                  data-testid="signin-code"
                  value={state.code}
                  readOnly={busy === 'confirming'}
                  onChange={flow.changeCode}
                  description={
                    state.failedAttempts > 0 ? t('signIn.attemptsLeft', { count: attemptsLeft }) : undefined
                  }
                />
                <Button
                  type="submit"
                  data-testid="signin-submit-code"
                  disabled={!isValidCode(state.code)}
                  loading={busy === 'confirming'}
                >
                  {t('signIn.submitCode')}
                </Button>
                <Button
                  type="button"
                  variant="subtle"
                  data-testid="signin-back"
                  onClick={flow.backToSelection}
                >
                  {t('signIn.back')}
                </Button>
              </>
            )}

            {errorMessage && (
              <Alert color="red" role="alert" data-testid="signin-error">
                {errorMessage}
              </Alert>
            )}
          </Stack>
        </form>
      </Paper>
      <Text ta="center" mt="md">
        <Anchor component={Link} to={GUEST_PATH} data-testid="signin-guest-link">
          {t('signInPassword.continueAsGuest')}
        </Anchor>
      </Text>
    </Container>
  );
}
