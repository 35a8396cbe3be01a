import { createHash } from 'node:crypto';
import type { SchedulerClient } from '@aws-sdk/client-scheduler';
import { localOptions, onClientsReset } from './aws';
import { config } from './config';
import { NotificationMessageSchema, type NotificationMessage } from './notifications';
import { enqueueNotification } from './queue';

/**
 * One-time schedules that put a message on the notifications queue at a given moment (decision
 * 0026): EventBridge Scheduler in AWS, the local scheduler (tools/local-stack/scheduler.ts) locally.
 */

let scheduler: SchedulerClient | undefined;
onClientsReset(() => {
  scheduler = undefined;
});

/** The Scheduler client, built once per container; its SDK package loads with the first schedule. */
async function schedulerApi() {
  const sdk = await import('@aws-sdk/client-scheduler');
  if (!scheduler) {
    const c = config();
    scheduler = new sdk.SchedulerClient({ region: c.AWS_REGION, ...localOptions(c.SCHEDULER_ENDPOINT) });
  }
  return { client: scheduler, sdk };
}

/** Scheduler's rule for a schedule name: 1 to 64 of these characters. */
export const SCHEDULE_NAME_PATTERN = /^[0-9a-zA-Z._-]{1,64}$/;
const NAME_MAX = 64;
const HASH_CHARS = 16;

/**
 * A schedule name from its parts (`['cycle', cycleId, 'start']` → `cycle.<cycleId>.start`). When a
 * part holds another character than letters, digits, `-` and `_`, or the name would pass 64
 * characters, the name is a readable prefix followed by a hash of the parts: the same parts always
 * give the same name, different parts different names.
 */
export function scheduleName(parts: readonly string[]): string {
  if (parts.length === 0 || parts.some((part) => part.length === 0))
    throw new Error('A schedule name needs non-empty parts');
  const plain = parts.join('.');
  if (plain.length <= NAME_MAX && parts.every((part) => /^[0-9a-zA-Z_-]+$/.test(part))) return plain;
  const hash = createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, HASH_CHARS);
  const readable = plain.replace(/[^0-9a-zA-Z._-]/g, '_').slice(0, NAME_MAX - HASH_CHARS - 1);
  return `${readable}-${hash}`;
}

/** Scheduler's one-time expression, in UTC: `at(2026-11-26T08:30:00)`. */
export function atExpression(at: Date): string {
  return `at(${at.toISOString().slice(0, 19)})`;
}

/**
 * How Scheduler retries a message the queue refuses: for up to a day, then to the dead-letter
 * queue (when configured), where the queue's alarm shows it.
 */
export const SCHEDULE_RETRY_POLICY = { MaximumEventAgeInSeconds: 24 * 60 * 60, MaximumRetryAttempts: 20 };

export interface OneTimeSchedule {
  /** Name of the schedule (`scheduleName(...)`): putting the same name again moves it. */
  name: string;
  /** When the message is put on the queue (to the second, in UTC). */
  at: Date;
  /** The message the queue receives, exactly; its id makes the worker handle it once. */
  message: NotificationMessage;
}

function required(name: 'SCHEDULE_GROUP' | 'NOTIFICATIONS_QUEUE_ARN' | 'SCHEDULER_ROLE_ARN'): string {
  const value = config()[name];
  if (!value) throw new Error(`${name} is not configured`);
  return value;
}

/**
 * Creates the one-time schedule `name`, or moves it when it exists (CreateSchedule, then
 * UpdateSchedule on ConflictException). Scheduler deletes it after it fires.
 *
 * A moment already past is not scheduled: the message is queued right away and a schedule of that
 * name is deleted, so the caller's intent ("this happens at `at`, once") holds either way. Answers
 * which of the two happened.
 */
export async function putOneTimeSchedule(
  schedule: OneTimeSchedule,
  now: Date = new Date(),
): Promise<'scheduled' | 'queued'> {
  if (!SCHEDULE_NAME_PATTERN.test(schedule.name)) throw new Error(`Invalid schedule name ${schedule.name}`);
  const message = NotificationMessageSchema.parse(schedule.message);
  if (schedule.at.getTime() <= now.getTime()) {
    await deleteSchedule(schedule.name);
    await enqueueNotification(message);
    return 'queued';
  }
  const c = config();
  const input = {
    Name: schedule.name,
    GroupName: required('SCHEDULE_GROUP'),
    ScheduleExpression: atExpression(schedule.at),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' as const },
    ActionAfterCompletion: 'DELETE' as const,
    Target: {
      Arn: required('NOTIFICATIONS_QUEUE_ARN'),
      RoleArn: required('SCHEDULER_ROLE_ARN'),
      Input: JSON.stringify(message),
      RetryPolicy: SCHEDULE_RETRY_POLICY,
      ...(c.NOTIFICATIONS_DLQ_ARN ? { DeadLetterConfig: { Arn: c.NOTIFICATIONS_DLQ_ARN } } : {}),
    },
  };
  const { client, sdk } = await schedulerApi();
  try {
    await client.send(new sdk.CreateScheduleCommand(input));
  } catch (error) {
    if (!(error instanceof sdk.ConflictException)) throw error;
    await client.send(new sdk.UpdateScheduleCommand(input));
  }
  return 'scheduled';
}

/** Deletes the schedule `name`; one that does not exist (already fired, or never made) is fine. */
export async function deleteSchedule(name: string): Promise<void> {
  const { client, sdk } = await schedulerApi();
  try {
    await client.send(new sdk.DeleteScheduleCommand({ Name: name, GroupName: required('SCHEDULE_GROUP') }));
  } catch (error) {
    if (!(error instanceof sdk.ResourceNotFoundException)) throw error;
  }
}
