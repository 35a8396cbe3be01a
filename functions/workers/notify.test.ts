import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { lambdaContext } from '../../tests/support/events';
import { db } from '../../tests/support/db';
import type { CycleEventMessage, NotificationMessage } from '../lib/notifications';
import { handler } from './notify';

const { handleCycleEvent } = vi.hoisted(() => ({
  handleCycleEvent: vi.fn<(event: CycleEventMessage) => Promise<void>>(),
}));
vi.mock('../campaigns', () => ({ handleCycleEvent }));

const ddb = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);
const sns = mockClient(SNSClient);

beforeAll(() =>
  configureHandlers({
    TABLE_NAME: 'wellbeing-test',
    LOG_LEVEL: 'SILENT',
    MAIL_FROM: 'no-reply@wellbeing.test',
  }),
);

beforeEach(() => {
  ddb.reset();
  ses.reset();
  sns.reset();
  handleCycleEvent.mockReset();
  handleCycleEvent.mockResolvedValue(undefined);
  sns.on(PublishCommand).resolves({ MessageId: 'sns-1' });
  ddb.on(PutCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
  ddb.on(DeleteCommand).resolves({});
  ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
});

function email(id: string, to = `${id}@example.be`): NotificationMessage {
  return { id, kind: 'email', to, subject: `Code ${id}`, html: `<p>${id}</p>`, text: id };
}

function sms(id: string, to = '+32470000001'): NotificationMessage {
  return { id, kind: 'sms', to, text: `Text ${id}` };
}

function cycleEvent(id: string, event: CycleEventMessage['event'] = 'start'): CycleEventMessage {
  return { id, kind: 'cycle-event', campaignId: 'k1', cycleId: 'c1', event, version: 2 };
}

function record(messageId: string, body: unknown): SQSRecord {
  return {
    messageId,
    receiptHandle: `rh-${messageId}`,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: '1700000000000',
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: '1700000000000',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:eu-west-1:000000000000:notifications',
    awsRegion: 'eu-west-1',
  };
}

function batch(...records: SQSRecord[]): SQSEvent {
  return { Records: records };
}

const conditionFailed = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

describe('notifications worker', () => {
  it('sends each email once through SES from the configured sender and reports no failure', async () => {
    const result = await handler(batch(record('m1', email('n1')), record('m2', email('n2'))), lambdaContext);
    expect(result.batchItemFailures).toEqual([]);
    const sent = ses.commandCalls(SendEmailCommand).map((c) => c.args[0].input);
    expect(sent).toHaveLength(2);
    expect(sent.map((s) => s.Destination?.ToAddresses)).toEqual([['n1@example.be'], ['n2@example.be']]);
    expect(sent[0]?.FromEmailAddress).toBe('no-reply@wellbeing.test');
    expect(sent[0]?.Content?.Simple?.Subject?.Data).toBe('Code n1');
    expect(sent[0]?.Content?.Simple?.Body?.Text?.Data).toBe('n1');
    expect(sent[0]?.Content?.Simple?.Body?.Html?.Data).toBe('<p>n1</p>');
  });

  it('marks a notification done after sending it, keyed by its id, with a TTL', async () => {
    await handler(batch(record('m1', email('n1'))), lambdaContext);
    const claim = ddb.commandCalls(PutCommand)[0]?.args[0].input;
    const expectedKey = db().entities.processedMessage.get({ messageId: 'n1' }).params().Key;
    expect(claim?.Item).toMatchObject({ ...expectedKey, status: 'inProgress' });
    expect(typeof claim?.Item?.expiresAt).toBe('number');
    expect(claim?.ConditionExpression).toContain('attribute_not_exists');
    const done = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(done?.Key).toEqual(expectedKey);
    expect(JSON.stringify(done?.ExpressionAttributeValues)).toContain('done');
  });

  it('reports only the records that failed: a malformed body and an email SES refused', async () => {
    ses
      .on(SendEmailCommand, { Destination: { ToAddresses: ['refused@example.be'] } })
      .rejects(new Error('SES down'));
    const result = await handler(
      batch(
        record('ok', email('n1')),
        record('malformed', '{not json'),
        record('invalid', { ...email('n3'), to: 'not-an-email' }),
        record('refused', email('n4', 'refused@example.be')),
      ),
      lambdaContext,
    );
    expect(result.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual([
      'invalid',
      'malformed',
      'refused',
    ]);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(2);
  });

  it('gives the claim back when SES refuses, so the redelivery sends the email', async () => {
    ses.on(SendEmailCommand).rejects(new Error('SES down'));
    await handler(batch(record('m1', email('n1'))), lambdaContext);
    const release = ddb.commandCalls(DeleteCommand)[0]?.args[0].input;
    expect(release?.Key).toEqual(db().entities.processedMessage.get({ messageId: 'n1' }).params().Key);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('does not send again a notification already marked done (redelivery)', async () => {
    ddb.on(PutCommand).rejects(conditionFailed());
    const done = db()
      .entities.processedMessage.put({
        messageId: 'n1',
        status: 'done',
        lockedUntil: 0,
        expiresAt: 9_999_999_999,
      })
      .params().Item;
    ddb.on(GetCommand).resolves({ Item: done });
    const result = await handler(batch(record('m1-redelivered', email('n1'))), lambdaContext);
    expect(result.batchItemFailures).toEqual([]);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('fails the record, without sending, while another worker holds the notification', async () => {
    ddb.on(PutCommand).rejects(conditionFailed());
    const busy = db()
      .entities.processedMessage.put({
        messageId: 'n1',
        status: 'inProgress',
        lockedUntil: Date.now() + 60_000,
        expiresAt: 9_999_999_999,
      })
      .params().Item;
    ddb.on(GetCommand).resolves({ Item: busy });
    const result = await handler(batch(record('m1', email('n1'))), lambdaContext);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('reports every record when the whole batch fails, instead of throwing', async () => {
    const result = await handler(batch(record('a', 'x'), record('b', 'y')), lambdaContext);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'a' }, { itemIdentifier: 'b' }]);
  });
});

/**
 * The processed-message markers kept as DynamoDB would: a claim is a conditional put that fails when
 * the marker exists (and its lock has not run out), `done` is an update, a release a delete.
 */
function markersInTable(): Map<string, Record<string, unknown>> {
  const items = new Map<string, Record<string, unknown>>();
  const keyOf = (key: Record<string, unknown> | undefined) => JSON.stringify([key?.pk, key?.sk]);
  ddb.on(PutCommand).callsFake((input: { Item: Record<string, unknown> }) => {
    const existing = items.get(keyOf(input.Item));
    if (existing && !(existing.status === 'inProgress' && Number(existing.lockedUntil) < Date.now()))
      throw conditionFailed();
    items.set(keyOf(input.Item), { ...input.Item });
    return {};
  });
  ddb
    .on(GetCommand)
    .callsFake((input: { Key: Record<string, unknown> }) => ({ Item: items.get(keyOf(input.Key)) }));
  ddb
    .on(UpdateCommand)
    .callsFake((input: { Key: Record<string, unknown>; ExpressionAttributeValues?: unknown }) => {
      const item = items.get(keyOf(input.Key));
      if (item && JSON.stringify(input.ExpressionAttributeValues).includes('done')) item.status = 'done';
      return {};
    });
  ddb.on(DeleteCommand).callsFake((input: { Key: Record<string, unknown> }) => {
    items.delete(keyOf(input.Key));
    return {};
  });
  return items;
}

describe('text messages', () => {
  it('sends an sms notification through SNS to its number, as a transactional message', async () => {
    const result = await handler(batch(record('m1', sms('s1'))), lambdaContext);
    expect(result.batchItemFailures).toEqual([]);
    const published = sns.commandCalls(PublishCommand).map((c) => c.args[0].input);
    expect(published).toHaveLength(1);
    expect(published[0]?.PhoneNumber).toBe('+32470000001');
    expect(published[0]?.Message).toBe('Text s1');
    expect(published[0]?.MessageAttributes?.['AWS.SNS.SMS.SMSType']?.StringValue).toBe('Transactional');
  });

  it('refuses a number that is not in international format, alone in its batch', async () => {
    const result = await handler(
      batch(record('bad', sms('s1', '0470000001')), record('ok', sms('s2'))),
      lambdaContext,
    );
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'bad' }]);
    expect(sns.commandCalls(PublishCommand)).toHaveLength(1);
  });

  it('sends the same message delivered twice once (redelivery, or the same id queued again)', async () => {
    markersInTable();
    await handler(batch(record('m1', sms('s1'))), lambdaContext);
    const again = await handler(batch(record('m2', sms('s1'))), lambdaContext);
    expect(again.batchItemFailures).toEqual([]);
    expect(sns.commandCalls(PublishCommand)).toHaveLength(1);
  });

  it('sends the same message twice in one batch once, failing the copy while the first is sent', async () => {
    markersInTable();
    const result = await handler(batch(record('m1', sms('s1')), record('m2', sms('s1'))), lambdaContext);
    expect(sns.commandCalls(PublishCommand)).toHaveLength(1);
    // The copy either saw the first one done or busy: busy comes back later and is then skipped.
    expect(result.batchItemFailures.length).toBeLessThanOrEqual(1);
    const redelivered = await handler(batch(record('m2', sms('s1'))), lambdaContext);
    expect(redelivered.batchItemFailures).toEqual([]);
    expect(sns.commandCalls(PublishCommand)).toHaveLength(1);
  });

  it('gives the claim back when SNS refuses, so the redelivery sends the message', async () => {
    const markers = markersInTable();
    sns.on(PublishCommand).rejectsOnce(new Error('SNS throttled')).resolves({ MessageId: 'sns-2' });
    const first = await handler(batch(record('m1', sms('s1'))), lambdaContext);
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(markers.size).toBe(0);
    const second = await handler(batch(record('m1', sms('s1'))), lambdaContext);
    expect(second.batchItemFailures).toEqual([]);
    expect(sns.commandCalls(PublishCommand)).toHaveLength(2);
  });
});

describe('cycle events', () => {
  it('hands a cycle event to the campaigns domain, once per message id', async () => {
    markersInTable();
    const event = cycleEvent('cycle-c1-start-v2');
    await handler(batch(record('m1', event)), lambdaContext);
    await handler(batch(record('m2', event)), lambdaContext);
    expect(handleCycleEvent).toHaveBeenCalledTimes(1);
    expect(handleCycleEvent).toHaveBeenCalledWith(event);
  });

  it('fails a poison message alone: the rest of the batch is sent and batchItemFailures names only it', async () => {
    const result = await handler(
      batch(
        record('mail', email('n1')),
        record('poison', { ...cycleEvent('e1'), event: 'explode' }),
        record('text', sms('s1')),
        record('cycle', cycleEvent('e2', 'stop')),
      ),
      lambdaContext,
    );
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'poison' }]);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
    expect(sns.commandCalls(PublishCommand)).toHaveLength(1);
    expect(handleCycleEvent).toHaveBeenCalledTimes(1);
    expect(handleCycleEvent.mock.calls[0]?.[0]).toMatchObject({ id: 'e2', event: 'stop' });
  });

  it('refuses a cycle event without a version or with a negative one', async () => {
    const { version: _version, ...unversioned } = cycleEvent('e1');
    const result = await handler(
      batch(record('none', unversioned), record('negative', { ...cycleEvent('e2'), version: -1 })),
      lambdaContext,
    );
    expect(result.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['none', 'negative']);
    expect(handleCycleEvent).not.toHaveBeenCalled();
  });

  it('fails the record and gives the claim back when the campaigns domain throws', async () => {
    const markers = markersInTable();
    handleCycleEvent.mockRejectedValueOnce(new Error('table busy'));
    const result = await handler(batch(record('m1', cycleEvent('e1'))), lambdaContext);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(markers.size).toBe(0);
  });
});
