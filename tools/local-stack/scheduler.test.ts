import { configureHandlers } from '../../functions/lib/environment';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
  ValidationException,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CycleEventMessage } from '../../functions/lib/notifications';
import { putOneTimeSchedule } from '../../functions/lib/schedules';
import {
  advanceSchedulerClock,
  dueTimeOf,
  pendingSchedules,
  startScheduler,
  type LocalScheduler,
} from './scheduler';
import { startSqs, type LocalSqs } from './sqs';

const GROUP = 'wellbeing-local-cycles';
const ROLE = 'arn:aws:iam::000000000000:role/wellbeing-local-scheduler';

let sqs: LocalSqs;
let scheduler: LocalScheduler;
let client: SchedulerClient;

beforeAll(async () => {
  sqs = await startSqs({ visibilityTimeoutSeconds: 1 });
  scheduler = await startScheduler({
    sqs: sqs.client,
    queues: new Map([[sqs.notifications.arn, sqs.notifications.url]]),
    // The tests move the clock themselves.
    tickMs: 60_000,
  });
  client = new SchedulerClient({
    region: 'eu-west-1',
    endpoint: scheduler.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  client?.destroy();
  await scheduler?.stop();
  await sqs?.stop();
});

/** `at()` of a moment `seconds` after a scheduler's clock (the shared one's by default), in UTC. */
function atIn(seconds: number, clock: LocalScheduler = scheduler): string {
  return `at(${new Date(clock.now().getTime() + seconds * 1000).toISOString().slice(0, 19)})`;
}

function input(
  name: string,
  overrides: Partial<CreateScheduleCommandInput> = {},
): CreateScheduleCommandInput {
  return {
    Name: name,
    GroupName: GROUP,
    ScheduleExpression: atIn(3600),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    Target: { Arn: sqs.notifications.arn, RoleArn: ROLE, Input: JSON.stringify({ name }) },
    ...overrides,
  };
}

async function receiveAll(): Promise<string[]> {
  const bodies: string[] = [];
  for (;;) {
    const { Messages = [] } = await sqs.client.send(
      new ReceiveMessageCommand({
        QueueUrl: sqs.notifications.url,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 0,
      }),
    );
    if (Messages.length === 0) return bodies;
    for (const message of Messages) {
      bodies.push(message.Body ?? '');
      await sqs.client.send(
        new DeleteMessageCommand({ QueueUrl: sqs.notifications.url, ReceiptHandle: message.ReceiptHandle }),
      );
    }
  }
}

afterEach(async () => {
  // Nothing left behind for the next test: everything pending fires, the queue is read empty.
  await advanceSchedulerClock(scheduler.endpoint, { advanceSeconds: 400 * 24 * 3600 });
  await receiveAll();
});

describe('local scheduler (restJson1 subset of EventBridge Scheduler)', () => {
  it('creates, reads, updates and deletes a schedule through the Scheduler SDK client', async () => {
    const asked = input('round-trip');
    const created = await client.send(new CreateScheduleCommand(asked));
    expect(created.ScheduleArn).toBe(`arn:aws:scheduler:eu-west-1:000000000000:schedule/${GROUP}/round-trip`);
    const read = await client.send(new GetScheduleCommand({ Name: 'round-trip', GroupName: GROUP }));
    expect(read).toMatchObject({
      Name: 'round-trip',
      GroupName: GROUP,
      ScheduleExpression: asked.ScheduleExpression,
      ScheduleExpressionTimezone: 'UTC',
      State: 'ENABLED',
      ActionAfterCompletion: 'DELETE',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: { Arn: sqs.notifications.arn, RoleArn: ROLE, Input: '{"name":"round-trip"}' },
    });
    expect(read.CreationDate).toBeInstanceOf(Date);

    const later = atIn(7200);
    await client.send(
      new UpdateScheduleCommand({
        ...asked,
        ScheduleExpression: later,
        Target: { Arn: sqs.notifications.arn, RoleArn: ROLE, Input: '{"v":2}' },
      }),
    );
    const updated = await client.send(new GetScheduleCommand({ Name: 'round-trip', GroupName: GROUP }));
    expect(updated.ScheduleExpression).toBe(later);
    expect(updated.Target?.Input).toBe('{"v":2}');

    await client.send(new DeleteScheduleCommand({ Name: 'round-trip', GroupName: GROUP }));
    await expect(
      client.send(new GetScheduleCommand({ Name: 'round-trip', GroupName: GROUP })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
  });

  it('raises the SDK’s ConflictException, ResourceNotFoundException and ValidationException', async () => {
    await client.send(new CreateScheduleCommand(input('twice')));
    await expect(client.send(new CreateScheduleCommand(input('twice')))).rejects.toBeInstanceOf(
      ConflictException,
    );
    await expect(client.send(new UpdateScheduleCommand(input('never-made')))).rejects.toBeInstanceOf(
      ResourceNotFoundException,
    );
    await expect(
      client.send(new DeleteScheduleCommand({ Name: 'never-made', GroupName: GROUP })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
    await expect(
      client.send(new CreateScheduleCommand(input('every-hour', { ScheduleExpression: 'rate(1 hour)' }))),
    ).rejects.toBeInstanceOf(ValidationException);
    await expect(
      client.send(
        new CreateScheduleCommand(
          input('elsewhere', {
            Target: { Arn: 'arn:aws:sqs:eu-west-1:000000000000:unknown', RoleArn: ROLE, Input: '{}' },
          }),
        ),
      ),
    ).rejects.toBeInstanceOf(ValidationException);
  });

  it('keeps schedules of the same name in different groups apart', async () => {
    await client.send(new CreateScheduleCommand(input('shared-name')));
    await client.send(new CreateScheduleCommand(input('shared-name', { GroupName: 'other' })));
    await client.send(new DeleteScheduleCommand({ Name: 'shared-name', GroupName: 'other' }));
    const kept = await client.send(new GetScheduleCommand({ Name: 'shared-name', GroupName: GROUP }));
    expect(kept.GroupName).toBe(GROUP);
  });

  it('fires nothing before its time, then sends the Input to the target queue and deletes the schedule when the clock reaches it', async () => {
    await client.send(new CreateScheduleCommand(input('in-an-hour')));
    expect((await pendingSchedules(scheduler.endpoint)).map((s) => s.name)).toEqual(['in-an-hour']);

    expect(await advanceSchedulerClock(scheduler.endpoint, { advanceSeconds: 1800 })).toEqual([]);
    expect(await receiveAll()).toEqual([]);

    expect(await advanceSchedulerClock(scheduler.endpoint, { advanceSeconds: 1800 })).toEqual(['in-an-hour']);
    expect(await receiveAll()).toEqual(['{"name":"in-an-hour"}']);
    expect(await pendingSchedules(scheduler.endpoint)).toEqual([]);
    await expect(
      client.send(new GetScheduleCommand({ Name: 'in-an-hour', GroupName: GROUP })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
  });

  it('fires due schedules in time order, once, and keeps a fired one when ActionAfterCompletion is NONE', async () => {
    await client.send(new CreateScheduleCommand(input('second', { ScheduleExpression: atIn(200) })));
    await client.send(new CreateScheduleCommand(input('first', { ScheduleExpression: atIn(100) })));
    await client.send(
      new CreateScheduleCommand(
        input('kept', { ScheduleExpression: atIn(300), ActionAfterCompletion: 'NONE' }),
      ),
    );
    const to = new Date(scheduler.now().getTime() + 400_000).toISOString();
    expect(await advanceSchedulerClock(scheduler.endpoint, { to })).toEqual(['first', 'second', 'kept']);
    expect(await advanceSchedulerClock(scheduler.endpoint, { advanceSeconds: 600 })).toEqual([]);
    expect((await receiveAll()).sort()).toEqual(
      ['{"name":"first"}', '{"name":"kept"}', '{"name":"second"}'].sort(),
    );
    const kept = await client.send(new GetScheduleCommand({ Name: 'kept', GroupName: GROUP }));
    expect(kept.Name).toBe('kept');
    await client.send(new DeleteScheduleCommand({ Name: 'kept', GroupName: GROUP }));
  });

  it('does not fire a disabled schedule', async () => {
    await client.send(
      new CreateScheduleCommand(input('disabled', { ScheduleExpression: atIn(10), State: 'DISABLED' })),
    );
    expect(await advanceSchedulerClock(scheduler.endpoint, { advanceSeconds: 60 })).toEqual([]);
    await client.send(new DeleteScheduleCommand({ Name: 'disabled', GroupName: GROUP }));
  });

  it('refuses to move the clock backwards', async () => {
    const response = await fetch(`${scheduler.endpoint}/_local/clock`, {
      method: 'POST',
      body: JSON.stringify({ to: '2000-01-01T00:00:00Z' }),
    });
    expect(response.status).toBe(400);
  });

  it('reads at() in the schedule’s timezone', () => {
    expect(new Date(dueTimeOf('at(2026-07-01T10:00:00)', 'Europe/Brussels')).toISOString()).toBe(
      '2026-07-01T08:00:00.000Z',
    );
    expect(new Date(dueTimeOf('at(2026-12-01T10:00:00)', 'Europe/Brussels')).toISOString()).toBe(
      '2026-12-01T09:00:00.000Z',
    );
    expect(new Date(dueTimeOf('at(2026-12-01T10:00:00)')).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(() => dueTimeOf('at(2026-02-30T10:00:00)')).toThrow();
  });

  it('serves functions/lib/schedules.ts: a put creates, a second put of the same name moves it, and it lands in the queue', async () => {
    configureHandlers({
      TABLE_NAME: 'wellbeing-test',
      LOG_LEVEL: 'SILENT',
      SCHEDULER_ENDPOINT: scheduler.endpoint,
      SQS_ENDPOINT: sqs.endpoint,
      NOTIFICATIONS_QUEUE_URL: sqs.notifications.url,
      NOTIFICATIONS_QUEUE_ARN: sqs.notifications.arn,
      NOTIFICATIONS_DLQ_ARN: sqs.notificationsDlq.arn,
      SCHEDULE_GROUP: GROUP,
      SCHEDULER_ROLE_ARN: ROLE,
    });
    const message: CycleEventMessage = {
      id: 'cycle-c1-start-v1',
      kind: 'cycle-event',
      campaignId: 'k1',
      cycleId: 'c1',
      event: 'start',
      version: 1,
    };
    const now = scheduler.now();
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    expect(await putOneTimeSchedule({ name: 'cycle.c1.start', at: at(600), message }, now)).toBe('scheduled');
    const moved = { ...message, id: 'cycle-c1-start-v2', version: 2 };
    await putOneTimeSchedule({ name: 'cycle.c1.start', at: at(1200), message: moved }, now);
    const [pending] = await pendingSchedules(scheduler.endpoint);
    expect(pending?.at).toBe(new Date(Math.floor(at(1200).getTime() / 1000) * 1000).toISOString());

    expect(await advanceSchedulerClock(scheduler.endpoint, { advanceSeconds: 1200 })).toEqual([
      'cycle.c1.start',
    ]);
    expect((await receiveAll()).map((body) => JSON.parse(body))).toEqual([moved]);
  });
});

describe('local scheduler across restarts', () => {
  it('keeps its schedules in its data file and fires them after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wellbeing-scheduler-'));
    const options = {
      sqs: sqs.client,
      queues: new Map([[sqs.notifications.arn, sqs.notifications.url]]),
      dataFile: join(dir, 'schedules.json'),
      tickMs: 60_000,
    };
    try {
      const first = await startScheduler(options);
      const firstClient = new SchedulerClient({
        region: 'eu-west-1',
        endpoint: first.endpoint,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      await firstClient.send(
        new CreateScheduleCommand(input('kept-across', { ScheduleExpression: atIn(3600, first) })),
      );
      firstClient.destroy();
      await first.stop();

      const second = await startScheduler(options);
      try {
        expect((await pendingSchedules(second.endpoint)).map((s) => s.name)).toEqual(['kept-across']);
        expect(await advanceSchedulerClock(second.endpoint, { advanceSeconds: 3600 })).toEqual([
          'kept-across',
        ]);
        expect(await receiveAll()).toEqual(['{"name":"kept-across"}']);
      } finally {
        await second.stop();
      }
      const third = await startScheduler(options);
      expect(await pendingSchedules(third.endpoint)).toEqual([]);
      await third.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fires a due schedule on its own, without the clock hook', async () => {
    const ticking = await startScheduler({
      sqs: sqs.client,
      queues: new Map([[sqs.notifications.arn, sqs.notifications.url]]),
      tickMs: 50,
    });
    const tickingClient = new SchedulerClient({
      region: 'eu-west-1',
      endpoint: ticking.endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    try {
      await tickingClient.send(
        new CreateScheduleCommand(input('now', { ScheduleExpression: atIn(-1, ticking) })),
      );
      const deadline = Date.now() + 5000;
      let bodies: string[] = [];
      while (bodies.length === 0 && Date.now() < deadline) {
        bodies = await receiveAll();
        if (bodies.length === 0) await new Promise((wait) => setTimeout(wait, 50));
      }
      expect(bodies).toEqual(['{"name":"now"}']);
    } finally {
      tickingClient.destroy();
      await ticking.stop();
    }
  });
});
