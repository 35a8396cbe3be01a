import { configureHandlers } from './environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { CycleEventMessage } from './notifications';
import {
  SCHEDULE_NAME_PATTERN,
  SCHEDULE_RETRY_POLICY,
  atExpression,
  deleteSchedule,
  putOneTimeSchedule,
  scheduleName,
} from './schedules';

const scheduler = mockClient(SchedulerClient);
const sqs = mockClient(SQSClient);

const QUEUE_ARN = 'arn:aws:sqs:eu-west-1:111122223333:notifications';
const DLQ_ARN = 'arn:aws:sqs:eu-west-1:111122223333:notifications-dlq';
const ROLE_ARN = 'arn:aws:iam::111122223333:role/scheduler';

beforeAll(() =>
  configureHandlers({
    TABLE_NAME: 'wellbeing-test',
    NOTIFICATIONS_QUEUE_URL: 'http://127.0.0.1:1/000000000000/notifications',
    NOTIFICATIONS_QUEUE_ARN: QUEUE_ARN,
    NOTIFICATIONS_DLQ_ARN: DLQ_ARN,
    SCHEDULE_GROUP: 'wellbeing-cycles',
    SCHEDULER_ROLE_ARN: ROLE_ARN,
  }),
);
beforeEach(() => {
  scheduler.reset();
  sqs.reset();
  scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn:schedule' });
  scheduler.on(UpdateScheduleCommand).resolves({ ScheduleArn: 'arn:schedule' });
  scheduler.on(DeleteScheduleCommand).resolves({});
  sqs.on(SendMessageCommand).resolves({ MessageId: 'sqs-1' });
});

const NOW = new Date('2026-11-26T08:00:00.000Z');
const AT = new Date('2026-12-01T07:30:15.250Z');
const start: CycleEventMessage = {
  id: 'cycle-c1-start-v3',
  kind: 'cycle-event',
  campaignId: 'k1',
  cycleId: 'c1',
  event: 'start',
  version: 3,
};

describe('scheduleName', () => {
  it('joins plain parts with dots, readable as they are', () => {
    expect(scheduleName(['cycle', '01JD7X', 'start'])).toBe('cycle.01JD7X.start');
  });

  it('fits Scheduler’s rule (1 to 64 of [0-9a-zA-Z-_.]) whatever the parts, with a hash when needed', () => {
    const long = scheduleName(['cycle', 'c'.repeat(40), 'notification', 'n'.repeat(40)]);
    const odd = scheduleName(['cycle', 'é/ ü', 'start']);
    for (const name of [long, odd]) {
      expect(name).toMatch(SCHEDULE_NAME_PATTERN);
      expect(name).toMatch(/-[0-9a-f]{16}$/);
    }
    expect(long).toHaveLength(64);
    expect(long.startsWith('cycle.ccc')).toBe(true);
  });

  it('gives the same name for the same parts and different names for different parts', () => {
    const parts = ['cycle', 'x'.repeat(70)];
    expect(scheduleName(parts)).toBe(scheduleName([...parts]));
    expect(scheduleName(['cycle', 'x'.repeat(70)])).not.toBe(scheduleName(['cycle', 'x'.repeat(71)]));
    // Parts that would read the same once their characters are replaced stay apart.
    expect(scheduleName(['a b'])).not.toBe(scheduleName(['a_b']));
    expect(scheduleName(['a.b', 'c'])).not.toBe(scheduleName(['a', 'b.c']));
  });

  it('refuses no parts or an empty part', () => {
    expect(() => scheduleName([])).toThrow();
    expect(() => scheduleName(['cycle', ''])).toThrow();
  });
});

describe('putOneTimeSchedule', () => {
  it('creates a one-time UTC schedule in the group that sends the message to the notifications queue and deletes itself', async () => {
    expect(await putOneTimeSchedule({ name: 'cycle.c1.start', at: AT, message: start }, NOW)).toBe(
      'scheduled',
    );
    const input = scheduler.commandCalls(CreateScheduleCommand)[0]?.args[0].input;
    expect(input).toEqual({
      Name: 'cycle.c1.start',
      GroupName: 'wellbeing-cycles',
      ScheduleExpression: 'at(2026-12-01T07:30:15)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: QUEUE_ARN,
        RoleArn: ROLE_ARN,
        Input: JSON.stringify(start),
        RetryPolicy: SCHEDULE_RETRY_POLICY,
        DeadLetterConfig: { Arn: DLQ_ARN },
      },
    });
    expect(scheduler.commandCalls(UpdateScheduleCommand)).toHaveLength(0);
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });

  it('updates the schedule when one of that name exists (ConflictException)', async () => {
    scheduler
      .on(CreateScheduleCommand)
      .rejects(
        new ConflictException({ Message: 'Schedule exists', message: 'Schedule exists', $metadata: {} }),
      );
    await putOneTimeSchedule({ name: 'cycle.c1.start', at: AT, message: { ...start, version: 4 } }, NOW);
    const update = scheduler.commandCalls(UpdateScheduleCommand)[0]?.args[0].input;
    expect(update?.Name).toBe('cycle.c1.start');
    expect(update?.ScheduleExpression).toBe('at(2026-12-01T07:30:15)');
    expect(JSON.parse(update?.Target?.Input ?? '')).toMatchObject({ version: 4 });
  });

  it('lets another Scheduler error through', async () => {
    scheduler.on(CreateScheduleCommand).rejects(new Error('Throttled'));
    await expect(putOneTimeSchedule({ name: 'cycle.c1.start', at: AT, message: start }, NOW)).rejects.toThrow(
      'Throttled',
    );
    expect(scheduler.commandCalls(UpdateScheduleCommand)).toHaveLength(0);
  });

  it('queues the message right away, and deletes a schedule of that name, when the moment is past', async () => {
    const past = new Date(NOW.getTime() - 1000);
    expect(await putOneTimeSchedule({ name: 'cycle.c1.start', at: past, message: start }, NOW)).toBe(
      'queued',
    );
    expect(scheduler.commandCalls(CreateScheduleCommand)).toHaveLength(0);
    expect(scheduler.commandCalls(DeleteScheduleCommand)[0]?.args[0].input).toEqual({
      Name: 'cycle.c1.start',
      GroupName: 'wellbeing-cycles',
    });
    const sent = sqs.commandCalls(SendMessageCommand)[0]?.args[0].input;
    expect(JSON.parse(sent?.MessageBody ?? '')).toEqual(start);
  });

  it('refuses an invalid name or message without calling Scheduler', async () => {
    await expect(putOneTimeSchedule({ name: 'cycle c1', at: AT, message: start }, NOW)).rejects.toThrow();
    await expect(
      putOneTimeSchedule({ name: 'cycle.c1', at: AT, message: { ...start, version: -1 } }, NOW),
    ).rejects.toThrow();
    expect(scheduler.calls()).toHaveLength(0);
  });
});

describe('deleteSchedule', () => {
  it('deletes the schedule of the group', async () => {
    await deleteSchedule('cycle.c1.stop');
    expect(scheduler.commandCalls(DeleteScheduleCommand)[0]?.args[0].input).toEqual({
      Name: 'cycle.c1.stop',
      GroupName: 'wellbeing-cycles',
    });
  });

  it('accepts a schedule that no longer exists (already fired)', async () => {
    scheduler.on(DeleteScheduleCommand).rejects(
      new ResourceNotFoundException({
        Message: 'Schedule not found',
        message: 'Schedule not found',
        $metadata: {},
      }),
    );
    await expect(deleteSchedule('cycle.c1.stop')).resolves.toBeUndefined();
  });

  it('lets another error through', async () => {
    scheduler.on(DeleteScheduleCommand).rejects(new Error('AccessDenied'));
    await expect(deleteSchedule('cycle.c1.stop')).rejects.toThrow('AccessDenied');
  });
});

describe('atExpression', () => {
  it('writes the moment in UTC to the second', () => {
    expect(atExpression(new Date('2027-01-02T03:04:05.999+02:00'))).toBe('at(2027-01-02T01:04:05)');
  });
});
