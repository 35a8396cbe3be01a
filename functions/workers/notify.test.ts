import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { lambdaContext } from '../../tests/support/events';
import { db } from '../../tests/support/db';
import type { NotificationMessage } from '../lib/queue';
import { handler } from './notify';

const ddb = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);

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
  ddb.on(PutCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
  ddb.on(DeleteCommand).resolves({});
  ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
});

function email(id: string, to = `${id}@example.be`): NotificationMessage {
  return { id, kind: 'email', to, subject: `Code ${id}`, html: `<p>${id}</p>`, text: id };
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
