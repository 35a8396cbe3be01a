import { configureHandlers } from './environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
  type SendMessageBatchCommandInput,
} from '@aws-sdk/client-sqs';
import {
  BATCH_ATTEMPTS,
  enqueueNotification,
  enqueueNotifications,
  NotificationMessageSchema,
  type NewNotification,
} from './queue';

const sqs = mockClient(SQSClient);
const QUEUE = 'http://127.0.0.1:1/000000000000/notifications';

beforeAll(() => configureHandlers({ TABLE_NAME: 'wellbeing-test', NOTIFICATIONS_QUEUE_URL: QUEUE }));
beforeEach(() => {
  sqs.reset();
  sqs.on(SendMessageCommand).resolves({ MessageId: 'sqs-1' });
});

const message = {
  kind: 'email' as const,
  to: 'sam@example.be',
  subject: 'Hello',
  html: '<p>Hi</p>',
  text: 'Hi',
};

describe('enqueueNotification', () => {
  it('sends the validated message to the notifications queue with a fresh id', async () => {
    const id = await enqueueNotification(message);
    const input = sqs.commandCalls(SendMessageCommand)[0]?.args[0].input;
    expect(input?.QueueUrl).toBe(QUEUE);
    const body = NotificationMessageSchema.parse(JSON.parse(input?.MessageBody ?? ''));
    expect(body).toEqual({ ...message, id });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the id it is given, so a caller retrying the same notification has it sent once', async () => {
    expect(await enqueueNotification({ ...message, id: 'code-sam-1' })).toBe('code-sam-1');
  });

  it('refuses a message that does not match the schema, without sending', async () => {
    await expect(enqueueNotification({ ...message, to: 'nobody' })).rejects.toThrow();
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });
});

/** SQS's answer to a batch: every entry successful but those listed. */
function answer(input: SendMessageBatchCommandInput, failedIds: string[] = [], senderFault = false) {
  const entries = input.Entries ?? [];
  return {
    Successful: entries
      .filter((e) => !failedIds.includes(e.Id ?? ''))
      .map((e) => ({ Id: e.Id, MessageId: `sqs-${e.Id}`, MD5OfMessageBody: '' })),
    Failed: failedIds.map((Id) => ({
      Id,
      SenderFault: senderFault,
      Code: 'InternalError',
      Message: 'try again',
    })),
  };
}

type NewEmail = Extract<NewNotification, { kind: 'email' }>;
const invitations = (count: number): NewEmail[] =>
  Array.from({ length: count }, (_, i) => ({ ...message, to: `p${i}@example.be`, id: `invitation-${i}` }));

describe('enqueueNotifications', () => {
  beforeEach(() => {
    sqs.on(SendMessageBatchCommand).callsFake((input: SendMessageBatchCommandInput) => answer(input));
  });

  it('sends 10 messages per SendMessageBatch call and answers the ids in the order given', async () => {
    const ids = await enqueueNotifications(invitations(25));
    expect(ids).toEqual(invitations(25).map((n) => n.id));
    const calls = sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input);
    expect(calls.map((c) => c.Entries?.length)).toEqual([10, 10, 5]);
    expect(calls.every((c) => c.QueueUrl === QUEUE)).toBe(true);
    const bodies = calls.flatMap((c) => c.Entries ?? []).map((e) => JSON.parse(e.MessageBody ?? ''));
    expect(bodies.map((b: { to: string }) => b.to)).toEqual(invitations(25).map((n) => n.to));
    expect(calls[0]?.Entries?.[0]?.MessageAttributes?.kind?.StringValue).toBe('email');
  });

  it('draws an id for each message that has none', async () => {
    const [id] = await enqueueNotifications([message]);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const entry = sqs.commandCalls(SendMessageBatchCommand)[0]?.args[0].input.Entries?.[0];
    expect(JSON.parse(entry?.MessageBody ?? '').id).toBe(id);
  });

  it('calls again for the entries SQS reports as failed, and only for them', async () => {
    let first = true;
    sqs.on(SendMessageBatchCommand).callsFake((input: SendMessageBatchCommandInput) => {
      const failed = first ? ['3', '7'] : [];
      first = false;
      return answer(input, failed);
    });
    await enqueueNotifications(invitations(10));
    const calls = sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.Entries?.map((e) => JSON.parse(e.MessageBody ?? '').id)).toEqual([
      'invitation-3',
      'invitation-7',
    ]);
  });

  it('throws when an entry still fails after its attempts, having queued the others', async () => {
    sqs
      .on(SendMessageBatchCommand)
      .callsFake((input: SendMessageBatchCommandInput) =>
        answer(input, (input.Entries ?? []).some((e) => e.Id === '12') ? ['12'] : []),
      );
    await expect(enqueueNotifications(invitations(20))).rejects.toThrow(
      /1 notifications could not be queued/,
    );
    const calls = sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input);
    // The first batch once; the second, then its failed entry until the attempts run out.
    expect(calls).toHaveLength(1 + BATCH_ATTEMPTS);
  });

  it('does not call again for an entry refused as the sender’s fault', async () => {
    sqs
      .on(SendMessageBatchCommand)
      .callsFake((input: SendMessageBatchCommandInput) => answer(input, ['0'], true));
    await expect(enqueueNotifications(invitations(1))).rejects.toThrow(/could not be queued/);
    expect(sqs.commandCalls(SendMessageBatchCommand)).toHaveLength(1);
  });

  it('sends nothing when one message does not match the schema', async () => {
    await expect(enqueueNotifications([...invitations(3), { ...message, to: 'nobody' }])).rejects.toThrow();
    expect(sqs.commandCalls(SendMessageBatchCommand)).toHaveLength(0);
  });

  it('splits batches whose bodies would exceed 256 KiB together', async () => {
    const big = 'x'.repeat(60 * 1024);
    await enqueueNotifications(invitations(10).map((n) => ({ ...n, html: big })));
    const sizes = sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input.Entries?.length);
    expect(sizes.every((n) => (n ?? 0) <= 4)).toBe(true);
    expect(sizes.reduce((a = 0, b = 0) => a + b, 0)).toBe(10);
  });

  it('queues 2 000 messages with a few calls in flight at once, well within 10 s', async () => {
    let inFlight = 0;
    let most = 0;
    sqs.on(SendMessageBatchCommand).callsFake(async (input: SendMessageBatchCommandInput) => {
      inFlight++;
      most = Math.max(most, inFlight);
      // About what one SendMessageBatch takes in the region.
      await new Promise((wait) => setTimeout(wait, 20));
      inFlight--;
      return answer(input);
    });
    const started = Date.now();
    const ids = await enqueueNotifications(invitations(2000));
    expect(ids).toHaveLength(2000);
    expect(sqs.commandCalls(SendMessageBatchCommand)).toHaveLength(200);
    expect(most).toBeGreaterThan(1);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
