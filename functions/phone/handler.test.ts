import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { acceptCaller, lambdaContext, routeEvent } from '../../tests/support/events';
import { db } from '../../tests/support/db';
import { handler } from './handler';

const ddb = mockClient(DynamoDBDocumentClient);

const ses = mockClient(SESv2Client);
const sns = mockClient(SNSClient);
const cognito = mockClient(CognitoIdentityProviderClient);

const USER_ID = 'u-1';

const conditionFailed = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

const puts = () => ddb.commandCalls(PutCommand).map((c) => c.args[0].input);

beforeAll(() =>
  configureHandlers({
    TABLE_NAME: 'wellbeing-test',
    USER_POOL_ID: 'eu-west-1_test',
    LOG_LEVEL: 'SILENT',
    WS_MANAGEMENT_ENDPOINT: undefined,
  }),
);

beforeEach(() => {
  ddb.reset();
  ses.reset();
  sns.reset();
  cognito.reset();
});

function account(isGuest = false) {
  return [
    db().entities.user.create({ userId: USER_ID, firstName: 'Camille', locale: 'en', isGuest }).params().Item,
    db()
      .entities.userEmail.create({
        userId: USER_ID,
        email: 'camille@example.be',
        primary: true,
        isVerified: true,
      })
      .params().Item,
  ];
}

function call(method: string, path: string, body?: unknown, caller: { isGuest?: boolean } = {}) {
  acceptCaller(ddb, USER_ID, caller);
  return handler(routeEvent(handler.contracts, { method, path, sub: USER_ID, body }), lambdaContext);
}

describe('POST /v1/phone/verification', () => {
  it('publishes a 6-digit code by SMS to the number, in international format', async () => {
    ddb.on(QueryCommand).resolves({ Items: account() });
    ddb.on(GetCommand).resolves({});
    ddb.on(PutCommand).resolves({});
    sns.on(PublishCommand).resolves({ MessageId: 'm-1' });
    const response = await call('POST', '/v1/phone/verification', { phone: '+32 470 12 34 56' });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ pendingPhone: '+32470123456', verified: false });
    const publish = sns.commandCalls(PublishCommand)[0]?.args[0].input;
    expect(publish?.PhoneNumber).toBe('+32470123456');
    expect(publish?.Message).toMatch(/^\d{6} is your verification code/);
    // Only the code's hash is stored.
    const stored = JSON.stringify(puts().map((p) => p.Item));
    expect(stored).not.toContain(/^(\d{6})/.exec(publish?.Message ?? '')?.[1]);
  });

  it('takes one of the number’s send slots with a conditional put before texting it', async () => {
    ddb.on(QueryCommand).resolves({ Items: account() });
    ddb.on(GetCommand).resolves({});
    ddb.on(PutCommand).resolves({});
    sns.on(PublishCommand).resolves({ MessageId: 'm-1' });
    expect((await call('POST', '/v1/phone/verification', { phone: '+33612345678' })).statusCode).toBe(200);
    const slot = puts().find((p) => p.Item?.__edb_e__ === 'phoneCodeSend');
    expect(slot?.Item).toMatchObject({ phone: '+33612345678', slot: 0, sentAt: expect.any(Number) });
    // Free, or its send is more than 24 hours old: two racing requests cannot both take it.
    expect(slot?.ConditionExpression).toBe('attribute_not_exists(#sentAt) OR #sentAt <= :sentAt0');
    expect(slot?.ExpressionAttributeValues).toEqual({
      ':sentAt0': (slot?.Item?.sentAt as number) - 24 * 60 * 60 * 1000,
    });
  });

  it('answers too-many-phone-codes-sent when the number’s 3 slots hold texts of the last 24 hours, and sends nothing', async () => {
    ddb.on(QueryCommand).resolves({ Items: account() });
    ddb.on(GetCommand).resolves({});
    // A fresh error per call, as the SDK throws; the caller's own state is never written.
    ddb.on(PutCommand).callsFake(async () => {
      throw conditionFailed();
    });
    const response = await call('POST', '/v1/phone/verification', { phone: '+32470123456' });
    expect(response.statusCode).toBe(429);
    expect(JSON.parse(response.body)).toMatchObject({ key: 'too-many-phone-codes-sent' });
    expect(puts().map((p) => [p.Item?.__edb_e__, p.Item?.slot])).toEqual([
      ['phoneCodeSend', 0],
      ['phoneCodeSend', 1],
      ['phoneCodeSend', 2],
    ]);
    expect(sns.commandCalls(PublishCommand)).toHaveLength(0);
  });

  it.each(['+447700900123', '+88234567890123', '+31612345678'])(
    'answers phone-country-not-allowed for %s and writes and sends nothing',
    async (phone) => {
      ddb.on(QueryCommand).resolves({ Items: account() });
      ddb.on(GetCommand).resolves({});
      const response = await call('POST', '/v1/phone/verification', { phone });
      expect(response.statusCode).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ key: 'phone-country-not-allowed' });
      expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
      expect(sns.commandCalls(PublishCommand)).toHaveLength(0);
    },
  );

  it('texts the countries the deployment names in SMS_COUNTRY_CODES, and only those', async () => {
    configureHandlers({ SMS_COUNTRY_CODES: '+44' });
    try {
      ddb.on(QueryCommand).resolves({ Items: account() });
      ddb.on(GetCommand).resolves({});
      ddb.on(PutCommand).resolves({});
      sns.on(PublishCommand).resolves({ MessageId: 'm-1' });
      expect((await call('POST', '/v1/phone/verification', { phone: '+447700900123' })).statusCode).toBe(200);
      const belgian = await call('POST', '/v1/phone/verification', { phone: '+32470123456' });
      expect(JSON.parse(belgian.body)).toMatchObject({ key: 'phone-country-not-allowed' });
      expect(sns.commandCalls(PublishCommand).map((c) => c.args[0].input.PhoneNumber)).toEqual([
        '+447700900123',
      ]);
    } finally {
      configureHandlers({ SMS_COUNTRY_CODES: undefined });
    }
  });

  it('texts nobody when SMS_COUNTRY_CODES is not a list of calling codes (a configuration error)', async () => {
    configureHandlers({ SMS_COUNTRY_CODES: 'BE,FR' });
    try {
      ddb.on(QueryCommand).resolves({ Items: account() });
      ddb.on(GetCommand).resolves({});
      ddb.on(PutCommand).resolves({});
      const response = await call('POST', '/v1/phone/verification', { phone: '+32470123456' });
      expect(response.statusCode).toBe(500);
      expect(JSON.parse(response.body)).toMatchObject({ key: 'internal-server-error' });
      expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
      expect(sns.commandCalls(PublishCommand)).toHaveLength(0);
    } finally {
      configureHandlers({ SMS_COUNTRY_CODES: undefined });
    }
  });

  it('answers invalid-phone-number for a national number and sends nothing', async () => {
    ddb.on(QueryCommand).resolves({ Items: account() });
    ddb.on(GetCommand).resolves({ Item: account()[0] });
    const response = await call('POST', '/v1/phone/verification', { phone: '0470123456' });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ key: 'invalid-phone-number' });
    expect(sns.commandCalls(PublishCommand)).toHaveLength(0);
  });

  it('answers guest-not-allowed to a guest and sends nothing', async () => {
    // The middleware refuses a guest on a registered-only route, before the service runs.
    const response = await call(
      'POST',
      '/v1/phone/verification',
      { phone: '+32470123456' },
      { isGuest: true },
    );
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({ key: 'guest-not-allowed' });
    expect(sns.commandCalls(PublishCommand)).toHaveLength(0);
  });
});
