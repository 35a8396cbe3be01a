import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { localS3Client, startS3, type LocalS3 } from './s3';
import { latestCodeFor, readOutbox, startSes, type LocalSes } from './ses';
import { startPoller, startSqs, type LocalSqs, type Poller } from './sqs';

/** Retries `probe` until it answers a value, at most `tries` times. */
async function eventually<T>(probe: () => Promise<T | undefined>, tries = 100): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not reached');
}

describe('local SES', () => {
  let ses: LocalSes;
  beforeAll(async () => {
    ses = await startSes();
  });
  afterAll(() => ses?.stop());

  it('keeps sent mail in the outbox and finds the newest code sent to an address', async () => {
    const client = new SESv2Client({
      endpoint: ses.endpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const send = (to: string, subject: string, text: string) =>
      client.send(
        new SendEmailCommand({
          FromEmailAddress: 'no-reply@wellbeing.local',
          Destination: { ToAddresses: [to] },
          Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: text } } } },
        }),
      );
    await send('Sam@Example.be', 'Votre code : 123456', 'Code 123456');
    await send('sam@example.be', 'Sign-in', 'Your code is 654321, valid 15 minutes.');
    await send('other@example.be', 'Code 111111', '111111');
    expect((await readOutbox(ses.outbox)).length).toBe(3);
    expect(await latestCodeFor(ses.outbox, 'sam@example.be')).toBe('654321');
    expect(await latestCodeFor(ses.outbox, 'nobody@example.be')).toBeNull();
    client.destroy();
  });
});

describe('local S3', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3?.stop());

  it('stores a streamed upload byte for byte', async () => {
    const client = localS3Client(s3.endpoint);
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const chunks = Array.from({ length: 7 }, (_, i) => bytes.subarray(i * 500_000, (i + 1) * 500_000));
    await client.send(
      new PutObjectCommand({
        Bucket: s3.buckets.reports,
        Key: 'renders/report.pdf',
        Body: Readable.from(chunks),
        ContentLength: bytes.length,
        ContentType: 'application/pdf',
      }),
    );
    const object = await client.send(
      new GetObjectCommand({ Bucket: s3.buckets.reports, Key: 'renders/report.pdf' }),
    );
    const stored = Buffer.from(
      await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
    );
    expect(stored.length).toBe(bytes.length);
    expect(createHash('sha256').update(stored).digest('hex')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
    expect(object.ContentType).toBe('application/pdf');
    client.destroy();
  });
});

describe('local SQS and its event source poller', () => {
  let sqs: LocalSqs;
  let poller: Poller | undefined;
  const batches: SQSEvent[] = [];

  beforeAll(async () => {
    // A two-second visibility timeout (longer than the one-second long poll): a failed record comes back quickly, so the redrive is quick.
    sqs = await startSqs({ visibilityTimeoutSeconds: 2, maxReceiveCount: 3 });
  });
  afterEach(async () => {
    await poller?.stop();
    poller = undefined;
  });
  afterAll(() => sqs?.stop());

  const send = (body: string) =>
    sqs.client.send(
      new SendMessageCommand({
        QueueUrl: sqs.notifications.url,
        MessageBody: body,
        MessageAttributes: { kind: { DataType: 'String', StringValue: 'email' } },
      }),
    );

  it('invokes the consumer with a real SQS batch and deletes what it processed', async () => {
    const seen: string[] = [];
    poller = startPoller({
      endpoint: sqs.endpoint,
      queue: sqs.notifications,
      loadHandler: async () => async (event) => {
        batches.push(event);
        seen.push(...event.Records.map((r) => r.body));
        return { batchItemFailures: [] };
      },
    });
    await send('one');
    await send('two');
    await eventually(async () => (seen.length >= 2 ? true : undefined));
    expect(seen.sort()).toEqual(['one', 'two']);
    const record = batches[0]?.Records[0];
    expect(record).toMatchObject({
      eventSource: 'aws:sqs',
      eventSourceARN: sqs.notifications.arn,
      awsRegion: 'eu-west-1',
      attributes: { ApproximateReceiveCount: '1' },
      messageAttributes: { kind: { dataType: 'String', stringValue: 'email' } },
    });
    expect(record?.receiptHandle).not.toBe('');
    await poller.stop();
    poller = undefined;
    const left = await sqs.client.send(
      new ReceiveMessageCommand({ QueueUrl: sqs.notifications.url, WaitTimeSeconds: 0 }),
    );
    expect(left.Messages ?? []).toEqual([]);
  });

  it('leaves a reported failure for redelivery until the DLQ takes it after maxReceiveCount receives', async () => {
    const receives: string[] = [];
    poller = startPoller({
      endpoint: sqs.endpoint,
      queue: sqs.notifications,
      loadHandler: async () => async (event) => ({
        batchItemFailures: event.Records.filter((r) => {
          if (r.body === 'poison') receives.push(r.attributes.ApproximateReceiveCount);
          return r.body === 'poison';
        }).map((r) => ({ itemIdentifier: r.messageId })),
      }),
    });
    await send('poison');
    const dead = await eventually(async () => {
      const out = await sqs.client.send(
        new ReceiveMessageCommand({
          QueueUrl: sqs.notificationsDlq.url,
          WaitTimeSeconds: 0,
          AttributeNames: ['All'],
        }),
      );
      return out.Messages?.[0];
    });
    expect(dead.Body).toBe('poison');
    expect(receives).toEqual(['1', '2', '3']);
  });

  it('treats a thrown consumer as a failure of the whole batch', async () => {
    let calls = 0;
    poller = startPoller({
      endpoint: sqs.endpoint,
      queue: sqs.notifications,
      log: () => undefined,
      loadHandler: async () => async () => {
        calls++;
        if (calls === 1) throw new Error('cold start failed');
        return { batchItemFailures: [] };
      },
    });
    await send('retry me');
    await eventually(async () => (calls >= 2 ? true : undefined));
    expect(calls).toBe(2);
  });
});
