import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { useTranslation } from 'react-i18next';
import type { UserEmail } from '@shared/contracts/me';
import { phoneError } from '@shared/contracts/phone';
import { isValidSignInEmail, normaliseEmail, isValidCode } from '@shared/domain/sign-in';
import type { OverlayProps } from '../../lib/overlays';
import { ErrorState } from '../../components/error-state';
import { useMe } from '../../lib/me';
import {
  useAddEmail,
  useDeleteEmail,
  useMakePrimary,
  useResendEmailCode,
  useVerifyEmail,
  useVerifyPhone,
} from './api/emails';
import { errorMessages } from '../../lib/errors';
import { CodeInput } from '../../components/code-input';

function ErrorAlert({ error, testId }: { error: unknown; testId: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" data-testid={testId}>
      {errorMessages(error, t)}
    </Alert>
  );
}

/** A code field and its submit button: sends only a complete code of six digits. */
function CodeEntry({
  message,
  code,
  onCode,
  onSubmit,
  busy,
  testIds,
  children,
}: {
  message: string;
  code: string;
  onCode: (code: string) => void;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  testIds: { form: string; input: string; submit: string };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form noValidate onSubmit={onSubmit} data-testid={testIds.form}>
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <Group align="flex-end">
          <CodeInput label={t('emails.code')} value={code} onChange={onCode} data-testid={testIds.input} />
          <Button
            type="submit"
            disabled={!isValidCode(code) || busy}
            loading={busy}
            data-testid={testIds.submit}
          >
            {t('emails.verify')}
          </Button>
        </Group>
        {children}
      </Stack>
    </form>
  );
}

/** Six digits, typed or pasted; the form sends only a complete code. */
function CodeForm({ email, userId, onVerified }: { email: string; userId: string; onVerified: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const verify = useVerifyEmail();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidCode(code)) return;
    verify.mutate({ userId, email, code }, { onSuccess: onVerified });
  };
  return (
    <CodeEntry
      message={t('emails.codeSent', { email })}
      code={code}
      onCode={setCode}
      onSubmit={submit}
      busy={verify.isPending}
      testIds={{ form: 'email-code-form', input: 'email-code-input', submit: 'email-code-submit' }}
    >
      {verify.isError && <ErrorAlert error={verify.error} testId="email-code-error" />}
    </CodeEntry>
  );
}

function EmailRow({
  item,
  userId,
  codeOpen,
  onToggleCode,
}: {
  item: UserEmail;
  userId: string;
  codeOpen: boolean;
  onToggleCode: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const resend = useResendEmailCode();
  const primary = useMakePrimary();
  const remove = useDeleteEmail();
  const failed = [resend, primary].find((m) => m.isError);
  return (
    <Stack component="li" gap="xs" data-testid="email-row" data-email={item.email} py="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text fw={500} style={{ wordBreak: 'break-all' }}>
            {item.email}
          </Text>
          {item.primary && <Badge data-testid="email-primary-badge">{t('emails.primary')}</Badge>}
          <Text size="sm" c="dimmed" data-testid="email-state">
            {item.isVerified ? t('emails.verified') : t('emails.notVerified')}
          </Text>
        </Group>
        <Group gap="xs">
          {!item.isVerified && (
            <>
              <Button
                size="xs"
                variant="default"
                aria-expanded={codeOpen}
                aria-label={t('emails.enterCodeFor', { email: item.email })}
                onClick={() => onToggleCode(!codeOpen)}
                data-testid="email-verify-open"
              >
                {t('emails.enterCode')}
              </Button>
              <Button
                size="xs"
                variant="default"
                aria-label={t('emails.resendFor', { email: item.email })}
                loading={resend.isPending}
                onClick={() => resend.mutate(item.email, { onSuccess: () => onToggleCode(true) })}
                data-testid="email-resend"
              >
                {t('emails.resend')}
              </Button>
            </>
          )}
          {item.isVerified && !item.primary && (
            <Button
              size="xs"
              variant="default"
              aria-label={t('emails.makePrimaryFor', { email: item.email })}
              loading={primary.isPending}
              onClick={() => primary.mutate({ userId, email: item.email })}
              data-testid="email-make-primary"
            >
              {t('emails.makePrimary')}
            </Button>
          )}
          {!item.primary && (
            <Button
              size="xs"
              variant="default"
              aria-label={t('emails.deleteFor', { email: item.email })}
              onClick={() => setConfirming(true)}
              data-testid="email-delete"
            >
              {t('emails.delete')}
            </Button>
          )}
        </Group>
      </Group>
      {resend.isSuccess && !resend.isError && (
        <Text size="sm" role="status" data-testid="email-resent">
          {t('emails.resent')}
        </Text>
      )}
      {failed && <ErrorAlert error={failed.error} testId="email-row-error" />}
      {codeOpen && !item.isVerified && (
        <CodeForm email={item.email} userId={userId} onVerified={() => onToggleCode(false)} />
      )}
      <Dialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('emails.deleteTitle')}
        closeLabel={t('common.close')}
      >
        <Stack>
          <Text>{t('emails.deleteConfirm', { email: item.email })}</Text>
          {remove.isError && <ErrorAlert error={remove.error} testId="email-delete-error" />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-testid="email-delete-cancel">
              {t('emails.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(item.email, { onSuccess: () => setConfirming(false) })}
              data-testid="email-delete-confirm"
            >
              {t('emails.delete')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Stack>
  );
}

function AddEmailForm({ onAdded }: { onAdded: (email: string) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const add = useAddEmail();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = normaliseEmail(email);
    if (!isValidSignInEmail(value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    add.mutate(value, {
      onSuccess: () => {
        setEmail('');
        onAdded(value);
      },
    });
  };
  return (
    <form noValidate onSubmit={submit} data-testid="email-add-form">
      <Stack gap="xs">
        <Group align="flex-start">
          <TextInput
            type="email"
            label={t('emails.newAddress')}
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={invalid ? t('errors.email-not-valid') : undefined}
            style={{ flex: 1 }}
            data-testid="email-add-input"
          />
          <Button type="submit" mt={24} loading={add.isPending} data-testid="email-add-submit">
            {t('emails.add')}
          </Button>
        </Group>
        {add.isError && <ErrorAlert error={add.error} testId="email-add-error" />}
      </Stack>
    </form>
  );
}

function PhoneSection({ stored }: { stored: string | undefined }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [verified, setVerified] = useState<string | null>(stored ?? null);
  const [inputError, setInputError] = useState<string | null>(null);
  const send = useVerifyPhone();
  const check = useVerifyPhone();

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    const problem = phoneError(phone);
    if (problem) {
      setInputError(t(`errors.${problem}`));
      return;
    }
    setInputError(null);
    send.mutate(
      { phone },
      {
        onSuccess: (answer) => {
          setPending(answer.pendingPhone ?? phone);
          setVerified(null);
          setCode('');
        },
      },
    );
  };
  const verifyCode = (event: FormEvent) => {
    event.preventDefault();
    if (!pending || !isValidCode(code)) return;
    check.mutate(
      { phone: pending, code },
      {
        onSuccess: (answer) => {
          setVerified(answer.phone ?? pending);
          setPending(null);
        },
      },
    );
  };

  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Title order={3} size="h5" id={headingId}>
        {t('emails.phoneTitle')}
      </Title>
      <form noValidate onSubmit={sendCode} data-testid="phone-form">
        <Group align="flex-start">
          <TextInput
            type="tel"
            label={t('emails.phone')}
            description={t('emails.phoneHint')}
            autoComplete="tel"
            value={phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
            error={inputError ?? undefined}
            style={{ flex: 1 }}
            data-testid="phone-input"
          />
          <Button type="submit" mt={46} variant="default" loading={send.isPending} data-testid="phone-send">
            {t('emails.sendCode')}
          </Button>
        </Group>
      </form>
      {send.isError && <ErrorAlert error={send.error} testId="phone-send-error" />}
      {pending && (
        <CodeEntry
          message={t('emails.phoneCodeSent', { phone: pending })}
          code={code}
          onCode={setCode}
          onSubmit={verifyCode}
          busy={check.isPending}
          testIds={{ form: 'phone-code-form', input: 'phone-code-input', submit: 'phone-verify' }}
        />
      )}
      {check.isError && <ErrorAlert error={check.error} testId="phone-code-error" />}
      {verified && (
        <Alert color="green" role="status" data-testid="phone-verified">
          <Text size="sm" c="dark">
            {t('emails.phoneVerified', { phone: verified })}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

/** `?show=emails`: the signed-in user's addresses and phone (spec 01 §2, §4 Email, §8). */
export default function EmailsOverlay(_: OverlayProps) {
  const { t } = useTranslation();
  const listHeadingId = useId();
  const me = useMe();
  const [codeFor, setCodeFor] = useState<string | null>(null);
  if (me.isPending) return <Loader aria-label={t('app.loading')} />;
  if (me.isError)
    return (
      <ErrorState
        title={t('emails.loadError')}
        error={me.error}
        onRetry={() => void me.refetch()}
        testId="emails-load-error"
      />
    );
  const { emails, userId } = me.data;
  return (
    <Stack data-testid="emails-overlay">
      <Stack component="section" aria-labelledby={listHeadingId} gap="xs">
        <Title order={3} size="h5" id={listHeadingId}>
          {t('emails.listTitle')}
        </Title>
        {emails.length === 0 ? (
          <Text c="dimmed" data-testid="emails-empty">
            {t('emails.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap={0} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {emails.map((item) => (
              <EmailRow
                key={item.email}
                item={item}
                userId={userId}
                codeOpen={codeFor === item.email}
                onToggleCode={(open) => setCodeFor(open ? item.email : null)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <AddEmailForm onAdded={setCodeFor} />
      <PhoneSection stored={me.data.phone} />
    </Stack>
  );
}
