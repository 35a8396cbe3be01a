import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { SNSClient } from '@aws-sdk/client-sns';
import {
  AdminDeleteUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
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

describe('PUT /v1/emails/{email}', () => {
  it('stores the address unverified and mails its code through SES in the user language', async () => {
    ddb.on(QueryCommand).resolves({ Items: account() });
    ddb.on(GetCommand).resolves({});
    ddb.on(PutCommand).resolves({});
    ses.on(SendEmailCommand).resolves({ MessageId: 'e-1' });
    const response = await call('PUT', `/v1/emails/${encodeURIComponent('New@Example.be')}`);
    expect(response.statusCode).toBe(200);
    // The claim is the user's own item only: no owner item until the address is verified.
    const written = ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item);
    expect(written).toContainEqual(
      expect.objectContaining({ __edb_e__: 'userEmail', email: 'new@example.be', isVerified: false }),
    );
    expect(written.some((item) => item?.__edb_e__ === 'emailOwner')).toBe(false);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    const mail = ses.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(mail?.Destination?.ToAddresses).toEqual(['new@example.be']);
    expect(mail?.Content?.Simple?.Subject?.Data).toMatch(/^\d{6} is your email verification code$/);
  });

  it('answers email-already-used (409) when another account owns the address, and mails nothing', async () => {
    ddb.on(QueryCommand).resolves({ Items: account() });
    ddb.on(GetCommand).resolves({
      Item: db()
        .entities.emailOwner.create({ email: 'taken@example.be', userId: 'u-2', isVerified: true })
        .params().Item,
    });
    const response = await call('PUT', '/v1/emails/taken%40example.be');
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body)).toMatchObject({ key: 'email-already-used' });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('adds an address another account merely claimed (an unverified owner item blocks nobody)', async () => {
    ddb.on(QueryCommand).resolves({ Items: account() });
    ddb.on(GetCommand).resolves({
      Item: db()
        .entities.emailOwner.create({ email: 'claimed@example.be', userId: 'u-2', isVerified: false })
        .params().Item,
    });
    ddb.on(PutCommand).resolves({});
    ses.on(SendEmailCommand).resolves({ MessageId: 'e-1' });
    const response = await call('PUT', '/v1/emails/claimed%40example.be');
    expect(response.statusCode).toBe(200);
    expect(ses.commandCalls(SendEmailCommand)[0]?.args[0].input.Destination?.ToAddresses).toEqual([
      'claimed@example.be',
    ]);
  });
});

describe('PUT /users/{userId}/emails/{email}/verification/{code}', () => {
  it('answers email-already-used when another account verified the address, and writes nothing', async () => {
    ddb.on(QueryCommand).resolves({
      Items: [
        ...account(),
        db()
          .entities.userEmail.create({ userId: USER_ID, email: 'both@example.be', isVerified: false })
          .params().Item,
      ],
    });
    ddb.on(GetCommand).resolves({
      Item: db()
        .entities.emailOwner.create({ email: 'both@example.be', userId: 'u-2', isVerified: true })
        .params().Item,
    });
    const response = await call('PUT', `/users/${USER_ID}/emails/both%40example.be/verification/123456`);
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body)).toMatchObject({ key: 'email-already-used' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });
});

describe('routes with a userId in the path', () => {
  it("answer not-found for another user's id reading nothing but the caller's own profile", async () => {
    ddb.on(GetCommand).resolves({ Item: account()[0] });
    const response = await call('PUT', '/users/u-2/emails/camille%40example.be/primary');
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ key: 'not-found' });
    // The one read is the guest check of every registered-only route, on the caller's own key.
    expect(ddb.calls()).toHaveLength(1);
    expect(ddb.commandCalls(GetCommand)[0]?.args[0].input.Key).toEqual(
      db().entities.user.get({ userId: USER_ID }).params().Key,
    );
  });
});

describe('PUT /users/{userId}/emails/{email}/primary', () => {
  const NEW = 'cam@work.example';
  const path = `/users/${USER_ID}/emails/${encodeURIComponent(NEW)}/primary`;

  /** Camille has a verified second address, NEW; `holder` is the account item of the pool's holder. */
  function table(holder?: Record<string, unknown>) {
    const items = [
      ...account(),
      db()
        .entities.userEmail.create({ userId: USER_ID, email: NEW, primary: false, isVerified: true })
        .params().Item,
    ];
    ddb.on(QueryCommand).callsFake(async (input: { ExpressionAttributeValues?: Record<string, unknown> }) => {
      const pk = String(input.ExpressionAttributeValues?.[':pk'] ?? '');
      if (pk.includes(`#userid_${USER_ID}`)) return { Items: items };
      if (holder && pk.includes('#userid_owner-2')) return { Items: [holder] };
      return { Items: [] };
    });
    ddb.on(GetCommand).resolves(holder ? { Item: holder } : {});
    ddb.on(TransactWriteCommand).resolves({});
  }

  function poolHolder(sub: string | null) {
    cognito
      .on(ListUsersCommand)
      .resolves({ Users: sub ? [{ Username: sub, Attributes: [{ Name: 'sub', Value: sub }] }] : [] });
    cognito.on(AdminDeleteUserCommand).resolves({});
    cognito.on(AdminUpdateUserAttributesCommand).resolves({});
  }

  it('takes the address from an identity that never proved it, then writes pool and table', async () => {
    table();
    poolHolder('squatter');
    const response = await call('PUT', path);
    expect(response.statusCode).toBe(200);
    expect(cognito.commandCalls(AdminDeleteUserCommand)[0]?.args[0].input.Username).toBe('squatter');
    expect(cognito.commandCalls(AdminUpdateUserAttributesCommand)[0]?.args[0].input).toMatchObject({
      Username: USER_ID,
      UserAttributes: expect.arrayContaining([{ Name: 'email', Value: NEW }]) as unknown,
    });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('answers email-already-used when an account proved the address, and changes nothing', async () => {
    table(db().entities.user.create({ userId: 'owner-2', firstName: 'Other' }).params().Item);
    poolHolder('owner-2');
    const response = await call('PUT', path);
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body)).toMatchObject({ key: 'email-already-used' });
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
    expect(cognito.commandCalls(AdminUpdateUserAttributesCommand)).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers email-already-used, never a 500, when the pool refuses the alias, and writes no table item', async () => {
    table();
    poolHolder(null);
    const alias = new Error('An account with the given email already exists.');
    alias.name = 'AliasExistsException';
    cognito.on(AdminUpdateUserAttributesCommand).rejects(alias);
    const response = await call('PUT', path);
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body)).toMatchObject({ key: 'email-already-used' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('puts the previous sign-in address back in the pool when the table refuses the change', async () => {
    table();
    poolHolder(null);
    const canceled = new Error('Transaction cancelled');
    canceled.name = 'TransactionCanceledException';
    Object.assign(canceled, { CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }] });
    ddb.on(TransactWriteCommand).rejects(canceled);
    const response = await call('PUT', path);
    expect(response.statusCode).toBe(409);
    const emails = cognito
      .commandCalls(AdminUpdateUserAttributesCommand)
      .map((c) => c.args[0].input.UserAttributes?.find((a) => a.Name === 'email')?.Value);
    expect(emails).toEqual([NEW, 'camille@example.be']);
  });
});
