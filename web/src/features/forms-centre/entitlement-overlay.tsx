import { useState } from 'react';
import { Alert, Button, Checkbox, Group, NativeSelect, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  FORM_AVAILABILITIES,
  type FormAvailability,
  type FormEntitlement,
  type FormSummary,
} from '@shared/contracts/forms';
import { textIn } from '@shared/domain/sessions';
import { ErrorState } from '../../components/error-state';
import { notifySuccess } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { errorMessages } from '../../lib/errors';
import type { OverlayProps } from '../../lib/overlays';
import {
  useEntitleableForms,
  useSaveEntitlement,
  useSphereEntitlements,
  useSphereSessionChoices,
} from './api/forms';

/**
 * `show=addOrUpdateFormEntitlement&sphereId=…[&formId=…]` (spec 01 §2, §5): a form entitled to
 * the sphere, chosen among the forms that are not private and not entitled yet (200 at most), and
 * who sees it: nobody, the sphere's members, or the members of the sessions chosen (offered only
 * then). With `formId`, that entitlement is changed.
 */
export default function EntitlementOverlay({ params, done }: OverlayProps) {
  const { t } = useTranslation();
  const sphereId = params.get('sphereId') ?? '';
  const formId = params.get('formId') ?? undefined;
  const entitlements = useSphereEntitlements(sphereId, sphereId !== '');
  const forms = useEntitleableForms(formId === undefined);

  if (!sphereId)
    return (
      <Alert color="gray" data-testid="entitlement-no-sphere">
        {t('errors.not-found')}
      </Alert>
    );
  if (entitlements.isPending || (formId === undefined && forms.isPending)) return <Skeleton height={120} />;
  if (entitlements.isError || forms.isError)
    return (
      <ErrorState
        title={t('formsCentre.entitlements.loadError')}
        error={entitlements.error ?? forms.error}
        onRetry={() => void (entitlements.isError ? entitlements.refetch() : forms.refetch())}
        testId="entitlement-load-error"
      />
    );
  const existing = formId ? entitlements.data.items.find((e) => e.formId === formId) : undefined;
  if (formId && !existing)
    return (
      <Alert color="gray" data-testid="entitlement-not-found">
        {t('errors.not-found')}
      </Alert>
    );
  const taken = new Set(entitlements.data.items.map((e) => e.formId));
  const offered = (forms.data?.items ?? []).filter((f) => !f.isPrivate && !f.archived && !taken.has(f.id));
  return <EntitlementForm sphereId={sphereId} existing={existing} offered={offered} done={done} />;
}

export function EntitlementForm({
  sphereId,
  existing,
  offered,
  done,
}: {
  sphereId: string;
  existing: FormEntitlement | undefined;
  offered: readonly FormSummary[];
  done: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const save = useSaveEntitlement(sphereId, existing === undefined);
  const [formId, setFormId] = useState(existing?.formId ?? '');
  const [availability, setAvailability] = useState<FormAvailability>(
    existing?.availabilitiesThrough ?? 'sphereMember',
  );
  const [availabilityTouched, setAvailabilityTouched] = useState(existing !== undefined);
  const [sessionIds, setSessionIds] = useState<string[]>(existing?.sessionIds ?? []);
  const [submitted, setSubmitted] = useState(false);
  const bySessions = availability === 'sessionMember';
  const sessions = useSphereSessionChoices(sphereId, bySessions);

  const formMissing = formId === '';
  const title = (text: FormSummary['title']) => textIn(text, language);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (formMissing) return;
        save.mutate(
          { formId, availabilitiesThrough: availability, sessionIds: bySessions ? sessionIds : [] },
          {
            onSuccess: () => {
              notifySuccess('formsCentre.entitlements.saved');
              done();
            },
          },
        );
      }}
      data-testid="entitlement-form"
    >
      <Stack>
        {existing ? (
          <Text fw={600} data-testid="entitlement-form-title">
            {title(existing.title) || existing.formId}
          </Text>
        ) : (
          <NativeSelect
            label={t('formsCentre.entitlements.form')}
            required
            value={formId}
            onChange={(event) => {
              const chosen = event.currentTarget.value;
              setFormId(chosen);
              const summary = offered.find((f) => f.id === chosen);
              if (summary && !availabilityTouched) setAvailability(summary.availability);
            }}
            data={[
              { value: '', label: t('formsCentre.entitlements.chooseForm') },
              ...offered.map((f) => ({ value: f.id, label: title(f.title) || f.id })),
            ]}
            error={submitted && formMissing ? t('errors.required') : undefined}
            description={offered.length === 0 ? t('formsCentre.entitlements.noneOffered') : undefined}
            data-testid="entitlement-form-choice"
          />
        )}
        <Radio.Group
          label={t('formsCentre.entitlements.who')}
          value={availability}
          onChange={(value) => {
            setAvailabilityTouched(true);
            setAvailability(value as FormAvailability);
          }}
          data-testid="entitlement-availability"
        >
          <Stack gap="xs" mt="xs">
            {FORM_AVAILABILITIES.map((value) => (
              <Radio
                key={value}
                value={value}
                label={t(`formsCentre.entitlements.availability.${value}`)}
                data-testid={`entitlement-availability-${value}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {bySessions &&
          (sessions.isPending ? (
            <Skeleton height={40} />
          ) : sessions.isError ? (
            <ErrorState
              title={t('formsCentre.entitlements.sessionsError')}
              error={sessions.error}
              onRetry={() => void sessions.refetch()}
              testId="entitlement-sessions-error"
            />
          ) : (
            <Checkbox.Group
              label={t('formsCentre.entitlements.sessions')}
              description={t('formsCentre.entitlements.sessionsHelp')}
              value={sessionIds}
              onChange={setSessionIds}
              data-testid="entitlement-sessions"
            >
              <Stack gap="xs" mt="xs">
                {sessions.data.items.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('formsCentre.entitlements.noSessions')}
                  </Text>
                )}
                {sessions.data.items.map((s) => (
                  <Checkbox
                    key={s.id}
                    value={s.id}
                    label={textIn(s.name, language) || s.id}
                    data-testid={`entitlement-session-${s.id}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          ))}
        {save.isError && (
          <Alert color="red" role="alert" data-testid="entitlement-save-error">
            {errorMessages(save.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="entitlement-save">
            {t('formsCentre.entitlements.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
