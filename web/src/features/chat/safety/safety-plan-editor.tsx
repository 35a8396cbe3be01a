import { useId, useState } from 'react';
import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useIsSignedIn } from '../../../lib/auth';
import { useMe } from '../../../lib/me';
import { saveBlob } from '../../../lib/table-export';
import {
  SAFETY_PLAN_FIELDS,
  SAFETY_PLAN_FIELD_MAX,
  clearSafetyPlan,
  emptySafetyPlan,
  isEmptySafetyPlan,
  readSafetyPlan,
  safetyPlanStorageKey,
  safetyPlanText,
  writeSafetyPlan,
  type SafetyPlan,
} from './safety-plan';

type Status = 'kept' | 'changed' | 'cleared' | 'refused' | undefined;

function PlanForm({ storageKey }: { storageKey: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [plan, setPlan] = useState<SafetyPlan>(() => readSafetyPlan(storageKey) ?? emptySafetyPlan());
  const [status, setStatus] = useState<Status>(() => (readSafetyPlan(storageKey) ? 'kept' : undefined));
  const [confirmClear, setConfirmClear] = useState(false);

  const keep = () => setStatus(writeSafetyPlan(storageKey, plan) ? 'kept' : 'refused');
  const download = () => {
    const labels = {
      title: t('chat.safety.plan.title'),
      warningSigns: t('chat.safety.plan.warningSigns'),
      whatHelps: t('chat.safety.plan.whatHelps'),
      people: t('chat.safety.plan.people'),
      safePlaces: t('chat.safety.plan.safePlaces'),
    };
    saveBlob(
      new Blob([safetyPlanText(plan, labels)], { type: 'text/plain;charset=utf-8' }),
      t('chat.safety.plan.fileName'),
    );
  };
  const clear = () => {
    clearSafetyPlan(storageKey);
    setPlan(emptySafetyPlan());
    setStatus('cleared');
    setConfirmClear(false);
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid="safety-plan">
      <Title order={3} size="h4" id={headingId}>
        {t('chat.safety.plan.title')}
      </Title>
      <Text size="sm">{t('chat.safety.plan.intro')}</Text>
      <Text size="sm" fw={600} data-testid="safety-plan-device">
        {t('chat.safety.plan.device')}
      </Text>
      {SAFETY_PLAN_FIELDS.map((field) => (
        <Textarea
          key={field}
          label={t(`chat.safety.plan.${field}`)}
          description={t(`chat.safety.plan.hints.${field}`)}
          value={plan[field]}
          maxLength={SAFETY_PLAN_FIELD_MAX}
          autosize
          minRows={2}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setPlan((current) => ({ ...current, [field]: value }));
            setStatus('changed');
          }}
          data-testid={`safety-plan-${field}`}
        />
      ))}
      <Group gap="xs" wrap="wrap">
        <Button onClick={keep} disabled={isEmptySafetyPlan(plan)} data-testid="safety-plan-keep">
          {t('chat.safety.plan.keep')}
        </Button>
        <Button
          variant="default"
          onClick={download}
          disabled={isEmptySafetyPlan(plan)}
          data-testid="safety-plan-download"
        >
          {t('chat.safety.plan.download')}
        </Button>
        <Button
          variant="default"
          onClick={() => setConfirmClear(true)}
          disabled={isEmptySafetyPlan(plan) && status !== 'kept'}
          data-testid="safety-plan-clear"
        >
          {t('chat.safety.plan.clear')}
        </Button>
      </Group>
      <Text size="sm" aria-live="polite" data-testid="safety-plan-status">
        {status ? t(`chat.safety.plan.status.${status}`) : ''}
      </Text>
      <ConfirmDialog
        opened={confirmClear}
        title={t('chat.safety.plan.clearTitle')}
        confirmLabel={t('chat.safety.plan.clear')}
        cancelLabel={t('chat.safety.plan.clearCancel')}
        onConfirm={clear}
        onCancel={() => setConfirmClear(false)}
        pending={false}
        testId="safety-plan-clear"
      >
        <Text size="sm">{t('chat.safety.plan.clearMessage')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

/**
 * The person's safety plan: warning signs, what helps, people to call, safe places. Written here,
 * kept in this browser only when they ask, downloadable as text and cleared at will; the screen
 * says that it never leaves the device.
 */
export function SafetyPlanEditor() {
  const signedIn = useIsSignedIn();
  const me = useMe(signedIn.data === true);
  if (signedIn.isPending || (signedIn.data === true && me.isPending)) return null;
  // Keyed by account, so two people of one browser each find their own plan.
  const storageKey = safetyPlanStorageKey(me.data?.userId);
  return <PlanForm key={storageKey} storageKey={storageKey} />;
}
