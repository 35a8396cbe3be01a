import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { acceptCaller, lambdaContext, routeEvent } from '../../tests/support/events';
import { db } from '../../tests/support/db';
import { handler } from './handler';

const ddb = mockClient(DynamoDBDocumentClient);

const ses = mockClient(SESv2Client);
const sns = mockClient(SNSClient);
const cognito = mockClient(CognitoIdentityProviderClient);

const USER_ID = 'u-1';

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
    const stored = JSON.stringify(ddb.commandCalls(PutCommand)[0]?.args[0].input.Item);
    expect(stored).not.toContain(/^(\d{6})/.exec(publish?.Message ?? '')?.[1]);
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
