import { useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Group, Loader, PasswordInput, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { passwordProblems, type PasswordProblem } from '@shared/domain/password';
import type { OverlayProps } from '../../lib/overlays';
import { ErrorState } from '../../components/error-state';
import { notifySuccess } from '../../components/notify';
import { LOGIN_PATH } from '../../lib/routes';
import { signOutEverywhere } from '../../lib/sign-out';
import { useMe } from '../../lib/me';
import { useChangePassword, useSetFirstPassword } from './api/set-password';
import { passwordChangeMessage } from './password-errors';

/** Every rule of shared/domain/password.ts, in the order the list shows them. */
export const PASSWORD_RULES: readonly PasswordProblem[] = [
  'password-too-short',
  'password-lowercase',
  'password-uppercase',
  'password-digit',
];

/**
 * The password rules, each marked as met or not while the user types (spec 01 §5). Spans, as it is
 * the field's description (a paragraph that aria-describedby reads out).
 */
export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation();
  const problems = passwordProblems(password);
  return (
    <>
      <Box component="span" display="block" c="dark.6" mt={4}>
        {t('password.rules.title')}
      </Box>
      {PASSWORD_RULES.map((rule) => {
        const met = !problems.includes(rule);
        return (
          <Box
            component="span"
            display="block"
            key={rule}
            data-testid={`password-rule-${rule}`}
            data-met={met}
            c={met ? 'teal.9' : 'dark.6'}
          >
            <span aria-hidden="true">{met ? '✓ ' : '• '}</span>
            {t(`password.rules.${rule}`)}
            <VisuallyHidden>{met ? t('password.rules.met') : t('password.rules.notMet')}</VisuallyHidden>
          </Box>
        );
      })}
    </>
  );
}

function PasswordForm({ hasPassword, done }: { hasPassword: boolean; done: () => void }) {
  const { t } = useTranslation();
  const setFirst = useSetFirstPassword();
  const change = useChangePassword();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const oldInput = useRef<HTMLInputElement>(null);
  const newInput = useRef<HTMLInputElement>(null);
  const repeatInput = useRef<HTMLInputElement>(null);
  const busy = setFirst.isPending || change.isPending;
  // Reachable with Tab (Mantine leaves it out of the tab order); Space toggles it.
  const toggleProps = { 'aria-label': t('password.toggle'), tabIndex: 0 };

  const problems = passwordProblems(newPassword);
  const oldMissing = hasPassword && oldPassword === '';
  const different = repeat !== newPassword;
  const showDifferent = different && (submitted || (repeat !== '' && repeat.length >= newPassword.length));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setFailure(null);
    if (oldMissing) return oldInput.current?.focus();
    if (problems.length > 0) return newInput.current?.focus();
    if (different) return repeatInput.current?.focus();
    try {
      if (hasPassword) {
        await change.mutateAsync({ oldPassword, newPassword });
        // A changed password ends every sign-in, this one too: whoever knew the old one is out.
        try {
          await signOutEverywhere();
        } catch {
          setFailure(t('password.changedNotSignedOut'));
          return;
        }
        queryClient.clear();
        notifySuccess('password.changed');
        await navigate(LOGIN_PATH, { replace: true });
        return;
      }
      await setFirst.mutateAsync(newPassword);
      notifySuccess('password.saved');
      done();
    } catch (error) {
      setFailure(passwordChangeMessage(error, t));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="password-form">
      <Stack>
        <Text>{hasPassword ? t('password.changeIntro') : t('password.setIntro')}</Text>
        {hasPassword && (
          <PasswordInput
            ref={oldInput}
            label={t('password.old')}
            autoComplete="current-password"
            required
            data-testid="password-old"
            value={oldPassword}
            onChange={(event) => setOldPassword(event.currentTarget.value)}
            error={submitted && oldMissing ? t('errors.required') : undefined}
            errorProps={{ role: 'alert' }}
            visibilityToggleButtonProps={toggleProps}
          />
        )}
        <PasswordInput
          ref={newInput}
          label={t('password.new')}
          autoComplete="new-password"
          required
          data-testid="password-new"
          value={newPassword}
          onChange={(event) => setNewPassword(event.currentTarget.value)}
          description={<PasswordRules password={newPassword} />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={submitted && problems.length > 0 ? t('password.errors.rules') : undefined}
          errorProps={{ role: 'alert' }}
          visibilityToggleButtonProps={toggleProps}
        />
        <PasswordInput
          ref={repeatInput}
          label={t('password.repeat')}
          autoComplete="new-password"
          required
          data-testid="password-repeat"
          value={repeat}
          onChange={(event) => setRepeat(event.currentTarget.value)}
          error={showDifferent ? t('errors.passwords-not-identical') : undefined}
          errorProps={{ role: 'alert' }}
          visibilityToggleButtonProps={toggleProps}
        />
        {failure && (
          <Alert color="red" role="alert" data-testid="password-error">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" data-testid="password-save" loading={busy}>
            {hasPassword ? t('password.changeButton') : t('password.setButton')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `?show=password`: a first password for a code-created account, or a change of the existing one. */
export default function PasswordOverlay({ done }: OverlayProps) {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) return <Loader aria-label={t('app.loading')} />;
  if (me.isError)
    return (
      <ErrorState
        title={t('password.loadError')}
        error={me.error}
        onRetry={() => void me.refetch()}
        testId="password-load-error"
      />
    );
  return <PasswordForm hasPassword={me.data.profile.hasPassword === true} done={done} />;
}
