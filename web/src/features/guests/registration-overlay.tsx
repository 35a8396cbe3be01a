import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { consentKey, useTickedDocuments } from '../../lib/ticked-documents';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '@shared/contracts/errors';
import { isValidCode, isValidSignInEmail, normaliseEmail } from '@shared/domain/sign-in';
import type { OverlayProps } from '../../lib/overlays';
import { CodeInput } from '../../components/code-input';
import { ErrorState } from '../../components/error-state';
import { notifySuccess } from '../../components/notify';
import { errorMessages, translateErrorItem } from '../../lib/errors';
import { useMe } from '../../lib/me';
import { pendingConsents, useLegalConsents } from '../../lib/legal-consents';
import { splitFieldErrors, useConvertGuest, useRegisterGuest } from './api/registration';

/** Keys answered without a field that still belong to one field of the form. */
const EMAIL_KEYS = new Set(['email-already-used', 'email-not-valid']);
const CODE_KEYS = new Set(['code-invalid', 'code-expired', 'too-many-attempts', 'CodeMismatchException']);

type Errors = Record<string, FieldError[]>;

/** The errors of a failed call: on their field when the form has it, else in the form's alert. */
function sortErrors(error: unknown, fields: readonly string[], fieldOfKey: (key: string) => string | null) {
  const { byField, other } = splitFieldErrors(error, fields);
  const rest: FieldError[] = [];
  for (const item of other) {
    const field = fieldOfKey(item.key);
    if (field) (byField[field] ??= []).push(item);
    else rest.push(item);
  }
  return { byField, rest };
}

function useFieldMessage(errors: Errors) {
  const { t } = useTranslation();
  return (field: string) => {
    const items = errors[field];
    return items?.length ? [...new Set(items.map((i) => translateErrorItem(i, t)))].join('; ') : undefined;
  };
}

function EmailStep({ initial, onSent }: { initial: string; onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const register = useRegisterGuest();
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [otherError, setOtherError] = useState<string | null>(null);
  const fieldMessage = useFieldMessage(errors);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (register.isPending) return;
    const email = normaliseEmail(value);
    setOtherError(null);
    if (!isValidSignInEmail(email)) {
      setErrors({ email: [{ key: email === '' ? 'required' : 'email-not-valid' }] });
      return;
    }
    setErrors({});
    register.mutate(email, {
      onSuccess: () => onSent(email),
      onError: (error) => {
        const { byField, rest } = sortErrors(error, ['email'], (key) =>
          EMAIL_KEYS.has(key) ? 'email' : null,
        );
        setErrors(byField);
        if (rest.length) setOtherError(errorMessages(error, t));
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} data-testid="registration-email-form">
      <Stack>
        <Text size="sm">{t('guests.registration.emailIntro')}</Text>
        <TextInput
          label={t('guests.registration.emailLabel')}
          type="email"
          autoComplete="email"
          required
          data-autofocus
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={fieldMessage('email')}
          errorProps={{ role: 'alert' }}
          data-testid="registration-email"
        />
        {otherError && (
          <Alert color="red" role="alert" data-testid="registration-error">
            {otherError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={register.isPending} data-testid="registration-send">
            {t('guests.registration.sendCode')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CodeStep({
  email,
  initialFirstName,
  convert,
  onChangeEmail,
  onDone,
}: {
  email: string;
  initialFirstName: string;
  /** Held by the overlay, which outlives this step when the start call says "registered" first. */
  convert: ReturnType<typeof useConvertGuest>;
  onChangeEmail: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const consents = useLegalConsents(true);
  const pending = pendingConsents(consents.data);
  const register = useRegisterGuest();
  const codeInput = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [firstName, setFirstName] = useState(initialFirstName);
  const { ticked, toggle, allTicked } = useTickedDocuments();
  const [errors, setErrors] = useState<Errors>({});
  const [otherError, setOtherError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const fieldMessage = useFieldMessage(errors);

  useEffect(() => codeInput.current?.focus(), []);

  function resend() {
    setResent(false);
    setOtherError(null);
    register.mutate(email, {
      onSuccess: () => setResent(true),
      onError: (error) => setOtherError(errorMessages(error, t)),
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (convert.isPending || consents.isPending) return;
    setOtherError(null);
    const found: Errors = {};
    if (!isValidCode(code)) found.validationCode = [{ key: code === '' ? 'required' : 'not-valid' }];
    if (!firstName.trim()) found.firstName = [{ key: 'required' }];
    if (!allTicked(pending)) found.acceptPrivatePolicy = [{ key: 'guests.registration.documentsMissing' }];
    setErrors(found);
    if (Object.keys(found).length) return;
    convert.mutate(
      { firstName: firstName.trim(), validationCode: code, acceptPrivatePolicy: true },
      {
        onSuccess: onDone,
        onError: (error) => {
          const { byField, rest } = sortErrors(
            error,
            ['validationCode', 'firstName', 'acceptPrivatePolicy'],
            (key) => (CODE_KEYS.has(key) ? 'validationCode' : null),
          );
          setErrors(byField);
          if (rest.length) setOtherError(errorMessages(error, t));
        },
      },
    );
  }

  const documentsError = errors.acceptPrivatePolicy?.some(
    (e) => e.key === 'guests.registration.documentsMissing',
  )
    ? t('guests.registration.documentsMissing')
    : fieldMessage('acceptPrivatePolicy');

  return (
    <form noValidate onSubmit={submit} data-testid="registration-code-form">
      <Stack>
        <Text size="sm" data-testid="registration-code-sent">
          {t('guests.registration.codeSent', { email })}
        </Text>
        <CodeInput
          ref={codeInput}
          label={t('guests.registration.codeLabel')}
          required
          value={code}
          onChange={setCode}
          error={fieldMessage('validationCode')}
          errorProps={{ role: 'alert' }}
          data-testid="registration-code"
        />
        <Group gap="xs">
          <Button
            variant="subtle"
            size="xs"
            onClick={resend}
            loading={register.isPending}
            data-testid="registration-resend"
          >
            {t('guests.registration.resend')}
          </Button>
          <Button variant="subtle" size="xs" onClick={onChangeEmail} data-testid="registration-change-email">
            {t('guests.registration.changeEmail')}
          </Button>
        </Group>
        <Text size="sm" role="status" aria-live="polite" data-testid="registration-resent">
          {resent ? t('guests.registration.resent', { email }) : ''}
        </Text>
        <TextInput
          label={t('guests.registration.firstNameLabel')}
          autoComplete="given-name"
          required
          value={firstName}
          onChange={(event) => setFirstName(event.currentTarget.value)}
          error={fieldMessage('firstName')}
          errorProps={{ role: 'alert' }}
          data-testid="registration-first-name"
        />
        {consents.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {consents.isError && (
          <ErrorState
            title={t('guests.registration.documentsError')}
            error={consents.error}
            onRetry={() => void consents.refetch()}
          />
        )}
        {pending.length > 0 && (
          <Stack gap="xs" role="group" aria-label={t('guests.registration.documentsLabel')}>
            {pending.map((c) => {
              const key = consentKey(c);
              const name = t(`guests.registration.documents.${c.documentType}`);
              return (
                <Stack key={key} gap={4}>
                  <Anchor
                    href={c.path}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid={`registration-legal-link-${c.documentType}`}
                  >
                    {t('guests.registration.documentRead', { name, version: c.version })}
                  </Anchor>
                  <Checkbox
                    label={t('guests.registration.documentAccept', { name })}
                    checked={ticked.has(key)}
                    onChange={(event) => toggle(key, event.currentTarget.checked)}
                    data-testid={`registration-legal-check-${c.documentType}`}
                  />
                </Stack>
              );
            })}
            {documentsError && (
              <Text size="sm" c="red.8" role="alert" data-testid="registration-documents-error">
                {documentsError}
              </Text>
            )}
          </Stack>
        )}
        {otherError && (
          <Alert color="red" role="alert" data-testid="registration-error">
            {otherError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={convert.isPending} data-testid="registration-submit">
            {t('guests.registration.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Guest registration (`?show=registration`, spec 01 §2, §5): the email to verify, then the mailed
 * code, a first name and every pending legal document; the guest becomes a full account keeping
 * everything recorded so far. A registered user is told they already have an account.
 */
export default function RegistrationOverlay({ done, close }: OverlayProps) {
  const { t } = useTranslation();
  const me = useMe();
  // Here rather than in the code step: the conversion's realtime event may refresh the start call
  // (no longer a guest) before the answer arrives, and the step must stay until it has ended.
  const convert = useConvertGuest();
  const [email, setEmail] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState('');

  if (me.isPending) return <Loader aria-label={t('app.loading')} />;
  if (me.isError)
    return <ErrorState title={t('guests.loadError')} error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data.profile.isGuest && convert.isIdle)
    return (
      <Stack data-testid="registration-already-registered">
        <Text>{t('guests.registration.alreadyRegistered')}</Text>
        <Group justify="flex-end">
          <Button onClick={close}>{t('common.close')}</Button>
        </Group>
      </Stack>
    );

  if (email === null)
    return (
      <EmailStep
        initial={lastEmail}
        onSent={(sent) => {
          setLastEmail(sent);
          setEmail(sent);
        }}
      />
    );
  return (
    <CodeStep
      email={email}
      initialFirstName={me.data.profile.firstName}
      convert={convert}
      onChangeEmail={() => setEmail(null)}
      onDone={() => {
        notifySuccess('guests.registration.done', { long: true });
        done();
      }}
    />
  );
}
