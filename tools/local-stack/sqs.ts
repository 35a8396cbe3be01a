import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SQSClient,
  type Message,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSMessageAttributes, SQSRecord } from 'aws-lambda';
import { createSqsServer } from 'local-aws-sqs';
import { closeServer } from './gateway';
import { handlerCache, lambdaContext } from './lambda';

export type SqsHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;

const REGION = 'eu-west-1';
const ACCOUNT = '000000000000';

export interface LocalQueue {
  name: string;
  url: string;
  arn: string;
}

export interface LocalSqs {
  /** SQS_ENDPOINT for the SQS client. */
  endpoint: string;
  notifications: LocalQueue;
  notificationsDlq: LocalQueue;
  /** The report-render queue (functions/reports/worker.ts) and its dead-letter queue. */
  renders: LocalQueue;
  rendersDlq: LocalQueue;
  /** A client on the emulator (tests read the DLQ with it). */
  client: SQSClient;
  stop(): Promise<void>;
}

export interface SqsOptions {
  port?: number;
  /** How long a received message stays invisible; a failed record comes back after it. @default 30 */
  visibilityTimeoutSeconds?: number;
  /** Receives before a message moves to the DLQ (as in AWS). @default 5 */
  maxReceiveCount?: number;
}

export function localSqsClient(endpoint: string): SQSClient {
  return new SQSClient({
    endpoint,
    region: REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/**
 * SQS emulator (`local-aws-sqs`, in this process, on 127.0.0.1) with the notifications queue, the
 * report-render queue and their dead-letter queues: after `maxReceiveCount` receives without a delete, a message moves to the
 * DLQ, as SQS's redrive policy does. Messages live in memory.
 */
export async function startSqs(options: SqsOptions = {}): Promise<LocalSqs> {
  const name = 'wellbeing-local-notifications';
  const dlqName = `${name}-dlq`;
  const rendersName = 'wellbeing-local-report-renders';
  const rendersDlqName = `${rendersName}-dlq`;
  const withDlq = (queueName: string, dlq: string, maxReceiveCount: number) => ({
    QueueName: queueName,
    Attributes: {
      VisibilityTimeout: options.visibilityTimeoutSeconds ?? 30,
      RedrivePolicy: JSON.stringify({
        deadLetterTargetArn: `arn:aws:sqs:${REGION}:${ACCOUNT}:${dlq}`,
        maxReceiveCount,
      }),
    },
  });
  const server: Server = await createSqsServer({
    port: options.port ?? 0,
    hostname: '127.0.0.1',
    region: REGION,
    accountId: ACCOUNT,
    emulateQueueCreationLifecycle: false,
    queues: [
      { QueueName: dlqName, Attributes: { MessageRetentionPeriod: 14 * 24 * 3600 } },
      withDlq(name, dlqName, options.maxReceiveCount ?? 5),
      { QueueName: rendersDlqName, Attributes: { MessageRetentionPeriod: 14 * 24 * 3600 } },
      // As in AWS (infra/workers.ts): a render is tried three times, then ends in error.
      withDlq(rendersName, rendersDlqName, options.maxReceiveCount ?? 3),
    ],
  });
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = localSqsClient(endpoint);
  const describe = async (queueName: string): Promise<LocalQueue> => {
    const url = `${endpoint}/${ACCOUNT}/${queueName}`;
    const { Attributes } = await client.send(
      new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }),
    );
    return {
      name: queueName,
      url,
      arn: Attributes?.QueueArn ?? `arn:aws:sqs:${REGION}:${ACCOUNT}:${queueName}`,
    };
  };
  const [notifications, notificationsDlq] = [await describe(name), await describe(dlqName)];
  const [renders, rendersDlq] = [await describe(rendersName), await describe(rendersDlqName)];
  return {
    endpoint,
    notifications,
    notificationsDlq,
    renders,
    rendersDlq,
    client,
    async stop() {
      client.destroy();
      await closeServer(server);
    },
  };
}

function recordOf(message: Message, queue: LocalQueue): SQSRecord {
  const attributes = message.Attributes ?? {};
  const messageAttributes: SQSMessageAttributes = {};
  for (const [name, value] of Object.entries(message.MessageAttributes ?? {})) {
    messageAttributes[name] = {
      dataType: value.DataType ?? 'String',
      ...(value.StringValue !== undefined ? { stringValue: value.StringValue } : {}),
      ...(value.BinaryValue !== undefined
        ? { binaryValue: Buffer.from(value.BinaryValue).toString('base64') }
        : {}),
      stringListValues: [],
      binaryListValues: [],
    };
  }
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? ACCOUNT,
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes,
    md5OfBody: message.MD5OfBody ?? '',
    ...(message.MD5OfMessageAttributes ? { md5OfMessageAttributes: message.MD5OfMessageAttributes } : {}),
    eventSource: 'aws:sqs',
    eventSourceARN: queue.arn,
    awsRegion: REGION,
  };
}

export interface PollerOptions {
  endpoint: string;
  queue: LocalQueue;
  /** Source file of the consumer, relative to the repository root. */
  handlerPath?: string;
  /** @default `handler` of handlerPath, loaded once */
  loadHandler?: () => Promise<SqsHandler>;
  /** @default 10, as the CDK event source */
  batchSize?: number;
  log?: (message: string, details: Record<string, unknown>) => void;
}

export interface Poller {
  stop(): Promise<void>;
}

/**
 * The Lambda event source mapping of a queue, locally: long-polls the queue, invokes the consumer
 * with a real SQSEvent batch, deletes the records it processed and leaves the records it reports in
 * `batchItemFailures` (or the whole batch, when it throws or reports an unknown id) to come back
 * after the visibility timeout, until the redrive policy moves them to the DLQ.
 */
export function startPoller(options: PollerOptions): Poller {
  const cache = handlerCache<SqsHandler>();
  const handlerPath = options.handlerPath ?? 'functions/workers/notify.ts';
  const loadHandler = options.loadHandler ?? (() => cache(handlerPath));
  const log = options.log ?? ((message, details) => console.error(`[sqs] ${message}`, details));
  const client = localSqsClient(options.endpoint);
  const stopping = new AbortController();
  let running = true;

  async function pause(ms: number): Promise<void> {
    await new Promise<void>((resolvePause) => {
      const timer = setTimeout(resolvePause, ms);
      stopping.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolvePause();
      });
    });
  }

  async function failedIds(event: SQSEvent): Promise<Set<string>> {
    const all = new Set(event.Records.map((r) => r.messageId));
    try {
      const handler = await loadHandler();
      const context = lambdaContext(`wellbeing-local-${options.queue.name}-consumer`, 30_000);
      const result = await handler(event, context);
      const reported = (result?.batchItemFailures ?? []).map((f) => f.itemIdentifier);
      // Lambda treats an empty or unknown identifier as a failure of the whole batch.
      if (reported.some((id) => !all.has(id))) return all;
      return new Set(reported);
    } catch (error) {
      log('Consumer failed; the whole batch comes back', { queue: options.queue.name, error });
      return all;
    }
  }

  async function loop(): Promise<void> {
    while (running) {
      let messages: Message[];
      try {
        const received = await client.send(
          new ReceiveMessageCommand({
            QueueUrl: options.queue.url,
            MaxNumberOfMessages: options.batchSize ?? 10,
            WaitTimeSeconds: 1,
            AttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
        );
        // The emulator can list a message twice in one long poll when its visibility timeout ends
        // during the wait; SQS never does. The later receive holds the valid receipt handle.
        messages = [...new Map((received.Messages ?? []).map((m) => [m.MessageId, m])).values()];
      } catch (error) {
        if (!running) return;
        log('Receive failed', { queue: options.queue.name, error });
        await pause(1000);
        continue;
      }
      if (messages.length === 0) continue;
      const event: SQSEvent = { Records: messages.map((m) => recordOf(m, options.queue)) };
      const failed = await failedIds(event);
      const processed = messages.filter((m) => !failed.has(m.MessageId ?? ''));
      if (processed.length === 0) continue;
      try {
        await client.send(
          new DeleteMessageBatchCommand({
            QueueUrl: options.queue.url,
            Entries: processed.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle })),
          }),
        );
      } catch (error) {
        log('Delete failed; the records will be processed again', { queue: options.queue.name, error });
      }
    }
  }

  const done = loop();
  return {
    /** Lets the current receive (at most one second) and batch finish, then stops. */
    async stop() {
      running = false;
      stopping.abort();
      await done;
      client.destroy();
    },
  };
}
