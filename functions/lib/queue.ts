import { randomUUID } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { config } from './config';
import { NotificationMessageSchema, type NewNotification } from './notifications';

export type { NewNotification, NotificationMessage } from './notifications';
export { NotificationMessageSchema } from './notifications';

let client: SQSClient | undefined;
let clientKey: string | undefined;

/** The SQS client, rebuilt when the endpoint changes (tests start several stacks). */
function sqsClient(): SQSClient {
  const c = config();
  const key = `${c.AWS_REGION} ${c.SQS_ENDPOINT ?? ''}`;
  if (!client || clientKey !== key) {
    client?.destroy();
    const local = c.SQS_ENDPOINT
      ? { endpoint: c.SQS_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {};
    client = new SQSClient({ region: c.AWS_REGION, ...local });
    clientKey = key;
  }
  return client;
}

/** Validates a notification and sends it to the notifications queue; answers its id. */
export async function enqueueNotification(notification: NewNotification): Promise<string> {
  const queueUrl = config().NOTIFICATIONS_QUEUE_URL;
  if (!queueUrl) throw new Error('NOTIFICATIONS_QUEUE_URL is not configured');
  const message = NotificationMessageSchema.parse({ ...notification, id: notification.id ?? randomUUID() });
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(message),
      MessageAttributes: { kind: { DataType: 'String', StringValue: message.kind } },
    }),
  );
  return message.id;
}
