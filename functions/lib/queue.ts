import { randomUUID } from 'node:crypto';
import type { SendMessageBatchRequestEntry, SQSClient } from '@aws-sdk/client-sqs';
import { config } from './config';
import { NotificationMessageSchema, type NewNotification, type NotificationMessage } from './notifications';

export type { NewNotification, NotificationMessage } from './notifications';
export { NotificationMessageSchema } from './notifications';

let client: SQSClient | undefined;
let clientKey: string | undefined;

/**
 * The SQS client, rebuilt when the endpoint changes (tests start several stacks), with the SDK module
 * its commands come from. The SDK package loads with the first message sent, not in the init of every
 * Lambda that may send one (docs/decisions/0004-cold-start.md).
 */
async function sqsApi() {
  const sdk = await import('@aws-sdk/client-sqs');
  const c = config();
  const key = `${c.AWS_REGION} ${c.SQS_ENDPOINT ?? ''}`;
  if (!client || clientKey !== key) {
    client?.destroy();
    const local = c.SQS_ENDPOINT
      ? { endpoint: c.SQS_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {};
    client = new sdk.SQSClient({ region: c.AWS_REGION, ...local });
    clientKey = key;
  }
  return { client, sdk };
}

function queueUrl(): string {
  const url = config().NOTIFICATIONS_QUEUE_URL;
  if (!url) throw new Error('NOTIFICATIONS_QUEUE_URL is not configured');
  return url;
}

function validated(notification: NewNotification): NotificationMessage {
  return NotificationMessageSchema.parse({ ...notification, id: notification.id ?? randomUUID() });
}

const kindAttribute = (message: NotificationMessage) => ({
  kind: { DataType: 'String', StringValue: message.kind },
});

/** Validates a notification and sends it to the notifications queue; answers its id. */
export async function enqueueNotification(notification: NewNotification): Promise<string> {
  const url = queueUrl();
  const message = validated(notification);
  const { client, sdk } = await sqsApi();
  await client.send(
    new sdk.SendMessageCommand({
      QueueUrl: url,
      MessageBody: JSON.stringify(message),
      MessageAttributes: kindAttribute(message),
    }),
  );
  return message.id;
}

/** Sends one JSON message to a queue other than the notifications' (the report renders'). */
export async function sendToQueue(queueUrl: string, body: unknown, kind: string): Promise<void> {
  const { client, sdk } = await sqsApi();
  await client.send(
    new sdk.SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(body),
      MessageAttributes: { kind: { DataType: 'String', StringValue: kind } },
    }),
  );
}

/** SQS's limits of one SendMessageBatch call: 10 entries, 256 KiB of bodies together. */
export const BATCH_ENTRIES = 10;
const BATCH_BYTES = 256 * 1024;
/** Batch calls in flight at once. */
const PARALLEL_CALLS = 8;
/** Calls made for an entry SQS reports as failed before giving up on it. */
export const BATCH_ATTEMPTS = 4;

/** Consecutive groups of at most 10 entries and 256 KiB (less room for the attributes). */
function batchesOf(entries: SendMessageBatchRequestEntry[]): SendMessageBatchRequestEntry[][] {
  const batches: SendMessageBatchRequestEntry[][] = [];
  let current: SendMessageBatchRequestEntry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const size = Buffer.byteLength(entry.MessageBody ?? '') + 64;
    if (current.length === BATCH_ENTRIES || (current.length > 0 && bytes + size > BATCH_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(entry);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Sends one batch, calling again with the entries SQS reports as failed; answers those left. */
async function sendBatch(url: string, batch: SendMessageBatchRequestEntry[]): Promise<string[]> {
  let left = batch;
  let reasons: string[] = [];
  for (let attempt = 0; attempt < BATCH_ATTEMPTS && left.length > 0; attempt++) {
    if (attempt > 0) await new Promise((wait) => setTimeout(wait, 50 * 2 ** attempt));
    const { client, sdk } = await sqsApi();
    const result = await client.send(new sdk.SendMessageBatchCommand({ QueueUrl: url, Entries: left }));
    const failed = new Map((result.Failed ?? []).map((f) => [f.Id, f]));
    // An entry SQS says is the sender's fault (SenderFault) fails the same way again.
    if ([...failed.values()].some((f) => f.SenderFault))
      return [...failed.values()].map((f) => `${f.Id}: ${f.Code ?? ''} ${f.Message ?? ''}`);
    reasons = [...failed.values()].map((f) => `${f.Id}: ${f.Code ?? ''} ${f.Message ?? ''}`);
    left = left.filter((entry) => failed.has(entry.Id));
  }
  return left.length > 0 ? reasons : [];
}

/**
 * Validates every notification (none is sent when one is invalid), then sends them with
 * SendMessageBatch, 10 to a call and several calls at once, calling again for the entries SQS
 * reports as failed. Answers the ids in the order given; throws when some could not be queued
 * (the others are: their ids make a second call for all of them send each one once).
 */
export async function enqueueNotifications(notifications: NewNotification[]): Promise<string[]> {
  if (notifications.length === 0) return [];
  const url = queueUrl();
  const messages = notifications.map(validated);
  const batches = batchesOf(
    messages.map((message, i) => ({
      Id: String(i),
      MessageBody: JSON.stringify(message),
      MessageAttributes: kindAttribute(message),
    })),
  );
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      failures.push(...(await sendBatch(url, batch)));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_CALLS, batches.length) }, worker));
  if (failures.length > 0)
    throw new Error(
      `${failures.length} notifications could not be queued: ${failures.slice(0, 3).join('; ')}`,
    );
  return messages.map((m) => m.id);
}
