import { Alert, Button, CopyButton, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PROMOTION_CODE_SESSION_KEY,
  PROMOTION_CODE_SPHERE_KEY,
  PromotionCodeCreateSchema,
  type PromotionCode,
} from '@shared/contracts/subscriptions';
import type { FieldError } from '@shared/contracts/errors';
import { PROMOTION_CODE_COUNT_MAX, PROMOTION_CODE_NAME_MAX_LENGTH } from '@shared/domain/plans';
import { notifySuccess } from '../../components/notify';
import { errorItems, errorMessages, errorsFromIssues, translateErrorItem } from '../../lib/errors';
import { sessionsOf, useMe, useMySessions } from '../../lib/me';
import type { OverlayProps } from '../../lib/overlays';
import { useCreatePromotionCode } from './api/promotion-codes';
import { useCreatesPromotionCodes } from './rights';

/** Fields the form shows its problems on; the others show once under it. */
const FIELDS = ['name', 'count', 'sphereId', 'sessionId'];

/**
 * Overlay `addOrUpdatePromotionCode` (spec 02 §6, §7): an ambassador creates a code, name and count
 * required, for one of their spheres and one of its sessions if they choose. The new code is shown
 * with a button to copy it.
 */
export default function PromotionCodeOverlay({ done, close }: OverlayProps) {
  const { t } = useTranslation();
  const allowed = useCreatesPromotionCodes();
  const me = useMe();
  const mine = useMySessions();
  const create = useCreatePromotionCode();
  const [name, setName] = useState('');
  const [count, setCount] = useState<number | string>('');
  const [sphereId, setSphereId] = useState<string | null>(null);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [local, setLocal] = useState<FieldError[]>([]);
  const [created, setCreated] = useState<PromotionCode | null>(null);

  if (!allowed)
    return (
      <Alert color="red" role="alert" data-testid="promotion-code-forbidden">
        {t('errors.forbidden')}
      </Alert>
    );
  if (created)
    return (
      <Stack data-testid="promotion-code-created">
        <Text>{t('promotionCodes.form.createdIntro', { count: created.count })}</Text>
        <Group>
          <Text ff="monospace" size="xl" fw={700} data-testid="promotion-code-created-text">
            {created.code}
          </Text>
          <CopyButton value={created.code}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} data-testid="promotion-code-created-copy">
                {copied ? t('promotionCodes.list.copied') : t('promotionCodes.list.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm" c="dimmed">
          {t('promotionCodes.form.validToday')}
        </Text>
        <Group justify="flex-end">
          <Button onClick={done} data-testid="promotion-code-done">
            {t('promotionCodes.form.done')}
          </Button>
        </Group>
      </Stack>
    );

  const spheres = me.data?.spheres ?? [];
  const sessions = sessionsOf(mine.data).filter((s) => s.sphereId === sphereId);
  const items = local.length > 0 ? local : create.error ? errorItems(create.error) : [];
  const fieldOf = (item: FieldError) => item.field?.replace(/^body\./, '').split('.')[0];
  const messageOf = (item: FieldError) => {
    if (item.key === PROMOTION_CODE_SPHERE_KEY) return t('promotionCodes.errors.sphere');
    if (item.key === PROMOTION_CODE_SESSION_KEY) return t('promotionCodes.errors.session');
    return translateErrorItem(item, t);
  };
  const fieldError = (field: string) => {
    const item = items.find((i) => fieldOf(i) === field);
    return item ? messageOf(item) : undefined;
  };
  const general = items.filter((i) => !FIELDS.includes(fieldOf(i) ?? ''));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: name.trim(),
      count: typeof count === 'number' ? count : undefined,
      ...(sphereId ? { sphereId } : {}),
      ...(sphereId && sessionId ? { sessionId } : {}),
    };
    const parsed = PromotionCodeCreateSchema.safeParse(body);
    if (!parsed.success) return setLocal(errorsFromIssues(parsed.error.issues, body));
    setLocal([]);
    create.mutate(parsed.data, {
      onSuccess: (code) => {
        notifySuccess('promotionCodes.form.created');
        setCreated(code);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="promotion-code-form">
      <Stack>
        <Text size="sm">{t('promotionCodes.form.intro')}</Text>
        <TextInput
          label={t('promotionCodes.fields.name')}
          description={t('promotionCodes.form.nameHint')}
          required
          maxLength={PROMOTION_CODE_NAME_MAX_LENGTH}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fieldError('name')}
          data-testid="promotion-code-name"
        />
        <NumberInput
          label={t('promotionCodes.fields.count')}
          description={t('promotionCodes.form.countHint')}
          required
          min={1}
          max={PROMOTION_CODE_COUNT_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={count}
          onChange={setCount}
          error={fieldError('count')}
          data-testid="promotion-code-count"
        />
        <Select
          label={t('promotionCodes.fields.sphere')}
          description={t('promotionCodes.form.sphereHint')}
          placeholder={t('promotionCodes.form.none')}
          clearable
          data={spheres.map((s) => ({ value: s.id, label: s.name }))}
          value={sphereId}
          onChange={(value) => {
            setSphereId(value);
            setSessionId(null);
          }}
          error={fieldError('sphereId')}
          data-testid="promotion-code-sphere"
        />
        <Select
          label={t('promotionCodes.fields.session')}
          placeholder={t('promotionCodes.form.none')}
          clearable
          disabled={!sphereId || sessions.length === 0}
          data={sessions.map((s) => ({ value: s.id, label: s.name }))}
          value={sessionId}
          onChange={setSessionId}
          error={fieldError('sessionId')}
          data-testid="promotion-code-session"
        />
        {general.length > 0 && (
          <Alert color="red" role="alert" data-testid="promotion-code-error">
            {local.length > 0 ? general.map(messageOf).join('; ') : errorMessages(create.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('promotionCodes.form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="promotion-code-submit">
            {t('promotionCodes.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
