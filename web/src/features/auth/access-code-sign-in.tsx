import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../lib/routes';
import { ApiError, errorMessages } from '../../lib/errors';
import { currentLanguage } from '../../i18n';
import { useAccessSignIn, useAccessSignInPage, TicketRefusedError } from './api/access-sign-in';

/**
 * The sign-in page in access-code mode (spec 01 §2 "email plus access-code login when delegation
 * is enabled"): a sphere that allows it lets its chosen members sign in with their address and the
 * code the sphere gave them, named as the sphere calls it (an employee number…).
 */
export function AccessCodeSignIn({
  sphereId,
  onSignedIn,
}: {
  sphereId: string;
  onSignedIn: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const page = useAccessSignInPage(sphereId);
  const signIn = useAccessSignIn(sphereId, onSignedIn);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const language = currentLanguage();
  const label =
    (page.data && (page.data.label[language] || Object.values(page.data.label).find(Boolean))) ||
    t('signInPassword.access.defaultLabel');

  const refusal = (error: unknown) => {
    if (error instanceof TicketRefusedError) return t('signInPassword.access.invalid', { label });
    if (error instanceof ApiError && error.keys.includes('invalid-delegation'))
      return t('signInPassword.access.invalid', { label });
    return errorMessages(error, t);
  };

  return (
    <Container size={460} py="xl">
      <Paper withBorder shadow="sm" p="lg">
        {page.isPending ? (
          <Skeleton height={240} />
        ) : page.isError ? (
          <Stack>
            <Alert color="red" role="alert" data-testid="access-signin-unavailable">
              {errorMessages(page.error, t)}
            </Alert>
            <Anchor component={Link} to={LOGIN_PATH}>
              {t('signInPassword.access.usual')}
            </Anchor>
          </Stack>
        ) : (
          <form
            noValidate
            aria-labelledby="access-signin-title"
            onSubmit={(event) => {
              event.preventDefault();
              signIn.mutate({ email, accessCode: code });
            }}
            data-testid="access-signin"
          >
            <Stack>
              <Title order={1} size="h2" id="access-signin-title">
                {t('signInPassword.access.title', { sphere: page.data.sphereName })}
              </Title>
              <Text>{t('signInPassword.access.intro', { label })}</Text>
              <TextInput
                label={t('signIn.emailLabel')}
                type="email"
                autoComplete="username"
                required
                autoFocus
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                data-testid="access-signin-email"
              />
              <TextInput
                label={label}
                autoComplete="one-time-code"
                required
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                data-testid="access-signin-code"
              />
              {signIn.isError && (
                <Alert color="red" role="alert" data-testid="access-signin-error">
                  {refusal(signIn.error)}
                </Alert>
              )}
              <Button
                type="submit"
                loading={signIn.isPending}
                disabled={!email.trim() || !code.trim()}
                data-testid="access-signin-submit"
              >
                {t('signInPassword.access.submit')}
              </Button>
              <Anchor component={Link} to={LOGIN_PATH} size="sm">
                {t('signInPassword.access.usual')}
              </Anchor>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
