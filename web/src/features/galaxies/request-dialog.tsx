import { Alert, Button, Group, Modal, NumberInput, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QuotaRequestCreateSchema, type GalaxyQuota } from '@shared/contracts/galaxies';
import { QUOTA_VALUE_MAX } from '@shared/domain/galaxies';
import { notifySuccess } from '../../components/notify';
import { errorItems, errorMessages, errorsFromIssues, translateErrorItem } from '../../lib/errors';
import type { FieldError } from '@shared/contracts/errors';
import { quotaKindName } from '../../lib/quota-kinds';
import { useRequestQuotaChange } from './api/galaxies';

/**
 * "Request a change" of one quota (spec 02 §4): a dialog with a focus trap, closed by Escape and
 * sent by Enter; bad input shows the 400 keys on their fields.
 */
export function RequestDialog({
  galaxyId,
  quota,
  onClose,
}: {
  galaxyId: string;
  quota: GalaxyQuota | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const request = useRequestQuotaChange(galaxyId);
  const [value, setValue] = useState<string | number>('');
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<FieldError[]>([]);
  const items = local.length > 0 ? local : request.error ? errorItems(request.error) : [];
  const fieldError = (field: string) => {
    const item = items.find((i) => i.field === field);
    return item ? translateErrorItem(item, t) : undefined;
  };
  const general = items.filter((i) => i.field !== 'value' && i.field !== 'reason');
  const close = () => {
    setValue('');
    setReason('');
    setLocal([]);
    request.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!quota) return;
    const body = { kind: quota.kind, value: value === '' ? undefined : Number(value), reason: reason.trim() };
    const parsed = QuotaRequestCreateSchema.safeParse(body);
    if (!parsed.success) {
      setLocal(errorsFromIssues(parsed.error.issues, body));
      return;
    }
    setLocal([]);
    request.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess('galaxies.quotas.requested');
        close();
      },
    });
  };
  return (
    <Modal
      opened={quota !== undefined}
      onClose={close}
      trapFocus
      closeOnEscape
      title={quota ? t('galaxies.quotas.requestTitle', { name: quotaKindName(quota.kind, t) }) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate data-testid="request-form">
        <Stack>
          <NumberInput
            label={t('galaxies.quotas.requestedValue')}
            required
            min={0}
            max={QUOTA_VALUE_MAX}
            allowDecimal={false}
            value={value}
            onChange={setValue}
            error={fieldError('value')}
            data-autofocus
            data-testid="request-value"
          />
          <Textarea
            label={t('galaxies.quotas.reason')}
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
            error={fieldError('reason')}
            data-testid="request-reason"
          />
          {general.length > 0 && (
            <Alert color="red" role="alert" data-testid="request-error">
              {local.length > 0
                ? general.map((i) => translateErrorItem(i, t)).join('; ')
                : errorMessages(request.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('galaxies.common.cancel')}
            </Button>
            <Button type="submit" loading={request.isPending} data-testid="request-submit">
              {t('galaxies.quotas.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
