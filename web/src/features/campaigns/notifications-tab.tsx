import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_MESSAGE_MAX_LENGTH,
  NOTIFICATION_SUBJECT_MAX_LENGTH,
  type Campaign,
  type Cycle,
  type CycleNotification,
} from '@shared/contracts/campaigns';
import type { FieldError } from '@shared/contracts/errors';
import type { Sphere } from '@shared/contracts/spheres';
import {
  CYCLE_NOTIFICATIONS_MAX,
  NOTIFICATION_ANCHORS,
  NOTIFICATION_PROTOCOLS,
  NOTIFICATION_TARGETS,
  URL_CODE_PLACEHOLDER,
  cycleNotificationsProblems,
  type NotificationAnchor,
  type NotificationProtocol,
  type NotificationTarget,
} from '@shared/domain/campaigns';
import { ErrorState } from '../../components/error-state';
import { notifySuccess } from '../../components/notify';
import { useCycles, useSaveCycle } from './api/campaigns';
import { cycleBody } from './cycles-tab';
import { fieldMessages, fromLocalInput, newId, toLocalInput } from './parts';

/**
 * Whether the sphere lets campaigns send SMS (spec 02 §3 Sphere: campaign SMS flag). The sphere's
 * answer does not carry the flag yet, so SMS is not offered; the server refuses it anyway
 * (`cycle-sms-not-allowed`).
 */
export function smsAllowedFor(sphere: Sphere): boolean {
  return sphere.campaignSmsEnabled;
}

export const DELAY_UNITS = { minutes: 1, hours: 60, days: 60 * 24 } as const;
export type DelayUnit = keyof typeof DELAY_UNITS;

/** A delay in minutes as a person writes it: an amount, a unit, before or after. */
export function splitDelay(delayMinutes: number): { amount: number; unit: DelayUnit; before: boolean } {
  const size = Math.abs(delayMinutes);
  const unit: DelayUnit =
    size !== 0 && size % DELAY_UNITS.days === 0
      ? 'days'
      : size !== 0 && size % DELAY_UNITS.hours === 0
        ? 'hours'
        : 'minutes';
  return { amount: size / DELAY_UNITS[unit], unit, before: delayMinutes < 0 };
}

export function joinDelay(amount: number, unit: DelayUnit, before: boolean): number {
  const minutes = Math.round(Math.abs(amount) * DELAY_UNITS[unit]);
  return before ? -minutes : minutes;
}

/** A new invitation to participants, sent when the cycle starts. */
export function newNotification(): CycleNotification {
  return {
    id: newId(),
    protocol: 'email',
    target: 'participant',
    subject: '',
    message: URL_CODE_PLACEHOLDER,
    anchor: 'start',
    delayMinutes: 0,
  };
}

/** The e-mails tab: one cycle's notifications at a time. */
export function NotificationsTab({ campaign, sphere }: { campaign: Campaign; sphere: Sphere }) {
  const { t } = useTranslation();
  const cycles = useCycles(campaign.campaignId);
  const [chosen, setChosen] = useState<string>();
  if (cycles.isPending) return <Skeleton height={160} data-testid="notifications-loading" />;
  if (cycles.isError)
    return (
      <ErrorState
        title={t('campaigns.cycles.loadError')}
        error={cycles.error}
        onRetry={() => void cycles.refetch()}
        testId="notifications-error"
      />
    );
  const items = cycles.data.items;
  if (items.length === 0)
    return (
      <Text c="dimmed" data-testid="notifications-no-cycle">
        {t('campaigns.notifications.noCycle')}
      </Text>
    );
  const cycle = items.find((c) => c.cycleId === chosen) ?? items[0];
  return (
    <Stack data-testid="notifications-tab">
      <Title order={2} size="h4">
        {t('campaigns.notifications.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('campaigns.notifications.intro')}
      </Text>
      <NativeSelect
        label={t('campaigns.cycles.cycle')}
        value={cycle?.cycleId}
        onChange={(e) => setChosen(e.currentTarget.value)}
        data={items.map((c) => ({ value: c.cycleId, label: c.internalLabel }))}
        data-testid="notifications-cycle"
      />
      {cycle && (
        <NotificationsEditor
          key={`${cycle.cycleId}-${cycle.updateDate}`}
          campaignId={campaign.campaignId}
          cycle={cycle}
          smsAllowed={smsAllowedFor(sphere)}
        />
      )}
    </Stack>
  );
}

/**
 * A cycle's notifications (spec 02 §3 Cycle, §5): e-mail (or SMS where the sphere allows it) to
 * participants or admins, a subject, a message that must hold the link placeholder `{url}`, and
 * when: a delay before or after the cycle's start or end, or a reminder date. The rules of
 * `notificationProblems` run here too, so problems show before anything is sent.
 */
export function NotificationsEditor({
  campaignId,
  cycle,
  smsAllowed,
}: {
  campaignId: string;
  cycle: Cycle;
  smsAllowed: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveCycle(campaignId);
  const [list, setList] = useState<CycleNotification[]>(cycle.notifications);
  const [found, setFound] = useState<FieldError[]>([]);
  const problems = fieldMessages(found, save.error, t);
  const change = (index: number, n: CycleNotification) => {
    setList((all) => all.map((x, i) => (i === index ? n : x)));
  };
  const submit = () => {
    const all: FieldError[] = [
      ...list.flatMap((n, index) =>
        n.message.trim() === '' ? [{ key: 'required', field: `notifications.${index}.message` }] : [],
      ),
      ...cycleNotificationsProblems(list, cycle, { smsAllowed }),
    ];
    setFound(all);
    if (all.length > 0) return;
    save.mutate(
      { ...cycleBody(cycle), notifications: list, cycleId: cycle.cycleId, updateDate: cycle.updateDate },
      { onSuccess: () => notifySuccess('campaigns.notifications.saved') },
    );
  };
  return (
    <Stack data-testid="notifications-editor">
      {list.length === 0 && (
        <Text c="dimmed" data-testid="notifications-empty">
          {t('campaigns.notifications.empty')}
        </Text>
      )}
      {list.map((n, index) => (
        <NotificationForm
          key={n.id}
          notification={n}
          index={index}
          smsAllowed={smsAllowed}
          problemFor={(field) => problems.messageFor(`notifications.${index}.${field}`)}
          onChange={(next) => change(index, next)}
          onRemove={() => setList((all) => all.filter((_, i) => i !== index))}
        />
      ))}
      {list.length < CYCLE_NOTIFICATIONS_MAX && (
        <Group>
          <Button
            variant="default"
            onClick={() => setList((all) => [...all, newNotification()])}
            data-testid="notification-add"
          >
            {t('campaigns.notifications.add')}
          </Button>
        </Group>
      )}
      {found.length > 0 && (
        <Alert color="red" role="alert" data-testid="notifications-invalid">
          {t('campaigns.notifications.invalid')}
        </Alert>
      )}
      {problems.general.length > 0 && (
        <Alert color="red" role="alert" data-testid="notifications-problem">
          {problems.general.join('; ')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending} data-testid="notifications-save">
          {t('campaigns.notifications.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function NotificationForm({
  notification: n,
  index,
  smsAllowed,
  problemFor,
  onChange,
  onRemove,
}: {
  notification: CycleNotification;
  index: number;
  smsAllowed: boolean;
  problemFor: (field: string) => string | undefined;
  onChange: (n: CycleNotification) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const testId = `notification-${index}`;
  const set = <K extends keyof CycleNotification>(key: K, value: CycleNotification[K]) =>
    onChange({ ...n, [key]: value });
  const delay = splitDelay(n.delayMinutes);
  const hasLink = n.message.includes(URL_CODE_PLACEHOLDER);
  const protocols = NOTIFICATION_PROTOCOLS.filter((p) => p === 'email' || smsAllowed || n.protocol === p);
  const insertLink = () => {
    const area = messageRef.current;
    const at = area ? area.selectionStart : n.message.length;
    const to = area ? area.selectionEnd : n.message.length;
    set('message', `${n.message.slice(0, at)}${URL_CODE_PLACEHOLDER}${n.message.slice(to)}`);
    window.setTimeout(() => {
      area?.focus();
      area?.setSelectionRange(at + URL_CODE_PLACEHOLDER.length, at + URL_CODE_PLACEHOLDER.length);
    }, 0);
  };
  const timing = n.reminderDate !== undefined ? 'reminder' : 'relative';
  const name = t('campaigns.notifications.number', { number: index + 1 });
  return (
    <Paper withBorder p="md" component="section" aria-label={name} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{name}</Text>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            c="red.9"
            onClick={onRemove}
            aria-label={t('campaigns.notifications.removeNamed', { name })}
            data-testid={`${testId}-remove`}
          >
            {t('campaigns.notifications.remove')}
          </Button>
        </Group>
        <Group grow align="flex-start">
          <NativeSelect
            label={t('campaigns.notifications.protocol')}
            value={n.protocol}
            onChange={(e) => set('protocol', e.currentTarget.value as NotificationProtocol)}
            data={protocols.map((p) => ({ value: p, label: t(`campaigns.notifications.protocols.${p}`) }))}
            error={problemFor('protocol')}
            data-testid={`${testId}-protocol`}
          />
          <NativeSelect
            label={t('campaigns.notifications.target')}
            value={n.target}
            onChange={(e) => set('target', e.currentTarget.value as NotificationTarget)}
            data={NOTIFICATION_TARGETS.map((p) => ({
              value: p,
              label: t(`campaigns.notifications.targets.${p}`),
            }))}
            data-testid={`${testId}-target`}
          />
        </Group>
        {n.protocol === 'email' && (
          <TextInput
            label={t('campaigns.notifications.subject')}
            value={n.subject}
            maxLength={NOTIFICATION_SUBJECT_MAX_LENGTH}
            onChange={(e) => set('subject', e.currentTarget.value)}
            error={problemFor('subject')}
            data-testid={`${testId}-subject`}
          />
        )}
        <Textarea
          ref={messageRef}
          label={t('campaigns.notifications.message')}
          required
          autosize
          minRows={3}
          maxLength={NOTIFICATION_MESSAGE_MAX_LENGTH}
          value={n.message}
          onChange={(e) => set('message', e.currentTarget.value)}
          error={problemFor('message')}
          data-testid={`${testId}-message`}
        />
        <Group gap="sm">
          <Button
            size="compact-sm"
            variant="light"
            onClick={insertLink}
            data-testid={`${testId}-insert-link`}
          >
            {t('campaigns.notifications.insertLink')}
          </Button>
          <Text
            size="sm"
            c={hasLink ? 'teal.9' : 'red.9'}
            aria-live="polite"
            data-testid={`${testId}-link-check`}
          >
            {t(hasLink ? 'campaigns.notifications.linkPresent' : 'campaigns.notifications.linkMissing')}
          </Text>
        </Group>
        <Radio.Group
          label={t('campaigns.notifications.when')}
          value={timing}
          onChange={(v) =>
            onChange(
              v === 'reminder'
                ? { ...n, reminderDate: n.reminderDate ?? '' }
                : (({ reminderDate: _dropped, ...rest }) => rest)(n),
            )
          }
        >
          <Group mt="xs">
            <Radio
              value="relative"
              label={t('campaigns.notifications.relative')}
              data-testid={`${testId}-relative`}
            />
            <Radio
              value="reminder"
              label={t('campaigns.notifications.reminder')}
              data-testid={`${testId}-reminder`}
            />
          </Group>
        </Radio.Group>
        {timing === 'relative' ? (
          <Group align="flex-end" grow>
            <NumberInput
              label={t('campaigns.notifications.delay')}
              min={0}
              allowDecimal={false}
              value={delay.amount}
              onChange={(v) => set('delayMinutes', joinDelay(Number(v) || 0, delay.unit, delay.before))}
              data-testid={`${testId}-delay`}
            />
            <NativeSelect
              label={t('campaigns.notifications.unit')}
              value={delay.unit}
              onChange={(e) =>
                set('delayMinutes', joinDelay(delay.amount, e.currentTarget.value as DelayUnit, delay.before))
              }
              data={(Object.keys(DELAY_UNITS) as DelayUnit[]).map((u) => ({
                value: u,
                label: t(`campaigns.notifications.units.${u}`),
              }))}
              data-testid={`${testId}-unit`}
            />
            <NativeSelect
              label={t('campaigns.notifications.direction')}
              value={delay.before ? 'before' : 'after'}
              onChange={(e) =>
                set('delayMinutes', joinDelay(delay.amount, delay.unit, e.currentTarget.value === 'before'))
              }
              data={(['before', 'after'] as const).map((d) => ({
                value: d,
                label: t(`campaigns.notifications.directions.${d}`),
              }))}
              data-testid={`${testId}-direction`}
            />
            <NativeSelect
              label={t('campaigns.notifications.anchor')}
              value={n.anchor}
              onChange={(e) => set('anchor', e.currentTarget.value as NotificationAnchor)}
              data={NOTIFICATION_ANCHORS.map((a) => ({
                value: a,
                label: t(`campaigns.notifications.anchors.${a}`),
              }))}
              data-testid={`${testId}-anchor`}
            />
          </Group>
        ) : (
          <TextInput
            type="datetime-local"
            label={t('campaigns.notifications.reminderDate')}
            value={toLocalInput(n.reminderDate)}
            onChange={(e) => set('reminderDate', fromLocalInput(e.currentTarget.value) ?? '')}
            error={problemFor('reminderDate')}
            data-testid={`${testId}-reminder-date`}
          />
        )}
      </Stack>
    </Paper>
  );
}
