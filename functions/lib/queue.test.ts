import { configureHandlers } from './environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { enqueueNotification, NotificationMessageSchema } from './queue';

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
