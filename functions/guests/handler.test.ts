import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  ListUsersCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { lambdaContext, proxyEvent, acceptCaller } from '../../tests/support/events';
import { db } from '../../tests/support/db';
import { handler } from './handler';
import { hashGuestSecret } from './secret';
import { hashLoginCode, newSalt } from '../auth/codes';

const cognito = mockClient(CognitoIdentityProviderClient);
const ddb = mockClient(DynamoDBDocumentClient);

const ses = mockClient(SESv2Client);

const SUB = '5a0c3d1e-8f7b-4c2a-9e6d-1b2c3d4e5f60';

beforeAll(() =>
  configureHandlers({
    TABLE_NAME: 'wellbeing-test',
    USER_POOL_ID: 'eu-west-1_TestPool',
    MAIL_FROM: 'no-reply@wellbeing.test',
    LOG_LEVEL: 'SILENT',
    WS_MANAGEMENT_ENDPOINT: undefined,
  }),
);
beforeEach(() => {
  cognito.reset();
  ddb.reset();
  ses.reset();
});

function call(path: string, body: unknown, options: { sub?: string; language?: string } = {}) {
  if (options.sub) acceptCaller(ddb, options.sub);
  return handler(
    proxyEvent({
      method: 'POST',
      path,
      body,
      ...(options.sub ? { sub: options.sub } : {}),
      headers: { 'x-language': options.language ?? 'fr' },
    }),
    lambdaContext,
  );
}

function poolAnswersCreation() {
  cognito.on(AdminCreateUserCommand).resolves({
    User: { Username: SUB, Attributes: [{ Name: 'sub', Value: SUB }] },
  });
  cognito.on(AdminSetUserPasswordCommand).resolves({});
  cognito.on(AdminDeleteUserCommand).resolves({});
}

/** Nobody else holds the address in the pool. */
function poolHasNoHolder() {
  cognito.on(ListUsersCommand).resolves({ Users: [] });
}

describe('POST /users/guests', () => {
  it('creates a confirmed identity without any message, stores only the hash of the secret it answers', async () => {
    poolAnswersCreation();
    ddb.on(TransactWriteCommand).resolves({});
    const response = await call('/users/guests', { link: 'https://app.example/c/1' }, { language: 'nl' });
    expect(response.statusCode).toBe(201);
    const answer = JSON.parse(response.body) as { userId: string; username: string; secret: string };
    expect(answer).toMatchObject({ userId: SUB, username: SUB });
    expect(answer.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const created = cognito.commandCalls(AdminCreateUserCommand)[0]?.args[0].input;
    expect(created?.MessageAction).toBe('SUPPRESS');
    expect(created?.Username).toMatch(/@guests\.invalid$/);
    expect(created?.UserAttributes).toContainEqual({ Name: 'locale', Value: 'nl' });
    const password = cognito.commandCalls(AdminSetUserPasswordCommand)[0]?.args[0].input;
    expect(password).toMatchObject({ Username: SUB, Permanent: true });

    const items = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    const written = items.map((i) => i.Put?.Item);
    expect(written).toContainEqual(
      expect.objectContaining({
        __edb_e__: 'user',
        userId: SUB,
        isGuest: true,
        guestConvertionStep: 'guest',
        locale: 'nl',
      }),
    );
    expect(written).toContainEqual(
      expect.objectContaining({
        __edb_e__: 'guest',
        link: 'https://app.example/c/1',
      }),
    );
    expect(written).toContainEqual(
      expect.objectContaining({ __edb_e__: 'guestKey', secretHash: hashGuestSecret(answer.secret) }),
    );
    expect(JSON.stringify(items)).not.toContain(answer.secret);
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
  });

  it('deletes the pool identity when the account cannot be written (no orphan), and answers 500', async () => {
    poolAnswersCreation();
    ddb.on(TransactWriteCommand).rejects(new Error('throttled'));
    const response = await call('/users/guests', { link: 'https://app.example/c/1' });
    expect(response.statusCode).toBe(500);
    expect(cognito.commandCalls(AdminDeleteUserCommand)[0]?.args[0].input.Username).toBe(SUB);
  });

  it('deletes the pool identity when its password cannot be set', async () => {
    poolAnswersCreation();
    cognito.on(AdminSetUserPasswordCommand).rejects(new Error('throttled'));
    const response = await call('/users/guests', { link: 'https://app.example/c/1' });
    expect(response.statusCode).toBe(500);
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses a body without a link (400 on the field) and creates nothing', async () => {
    const response = await call('/users/guests', {});
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ errors: [{ key: 'required', field: 'body.link' }] });
    expect(cognito.calls()).toHaveLength(0);
  });
});

function accountItems(isGuest: boolean) {
  return [
    db()
      .entities.user.create({
        userId: SUB,
        firstName: isGuest ? '' : 'Camille',
        isGuest,
        ...(isGuest ? { guestConvertionStep: 'guest' as const } : {}),
      })
      .params().Item,
  ];
}

describe('POST /users/guests/register', () => {
  it('answers not-a-guest (409) to a registered user and mails nothing', async () => {
    ddb.on(QueryCommand).resolves({ Items: accountItems(false) });
    const response = await call('/users/guests/register', { email: 'new@example.be' }, { sub: SUB });
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body)).toMatchObject({ key: 'not-a-guest' });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('answers email-already-used (409) for an address another account verified, and mails nothing', async () => {
    ddb.on(QueryCommand).resolves({ Items: accountItems(true) });
    ddb.on(GetCommand).resolves({
      Item: db()
        .entities.emailOwner.create({ email: 'taken@example.be', userId: 'u-2', isVerified: true })
        .params().Item,
    });
    const response = await call('/users/guests/register', { email: 'taken@example.be' }, { sub: SUB });
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body)).toMatchObject({ key: 'email-already-used' });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses the placeholder domain of guest identities', async () => {
    ddb.on(QueryCommand).resolves({ Items: accountItems(true) });
    const response = await call('/users/guests/register', { email: 'x@guests.invalid' }, { sub: SUB });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ key: 'email-not-valid' });
  });
});

describe('POST /users/guests/convert', () => {
  const body = { firstName: 'Camille', validationCode: '123456', acceptPrivatePolicy: true };

  it('answers code-invalid when no address was registered, and changes nothing', async () => {
    ddb.on(QueryCommand).resolves({ Items: accountItems(true) });
    ddb.on(GetCommand).resolves({
      Item: db().entities.guest.create({ userId: SUB, link: 'https://app.example/c/1' }).params().Item,
    });
    const response = await call('/users/guests/convert', body, { sub: SUB });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ key: 'code-invalid' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(cognito.commandCalls(AdminUpdateUserAttributesCommand)).toHaveLength(0);
  });

  it('needs acceptPrivatePolicy to be true (400 on the field)', async () => {
    const response = await call(
      '/users/guests/convert',
      { ...body, acceptPrivatePolicy: false },
      { sub: SUB },
    );
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ errors: [{ field: 'body.acceptPrivatePolicy' }] });
  });

  it('answers email-already-used and changes nothing in the table when the pool gives the address to another identity', async () => {
    const email = 'camille@example.be';
    const salt = newSalt();
    const guestItem = db()
      .entities.guest.create({ userId: SUB, link: 'https://app.example/c/1', pendingEmail: email })
      .params().Item;
    const codeItem = db()
      .entities.emailCode.put({
        userId: SUB,
        email,
        codeHash: hashLoginCode('123456', salt),
        salt,
        validUntil: Date.now() + 60_000,
        attempts: 0,
        revision: 1,
        expiresAt: 1,
      })
      .params().Item;
    ddb.on(GetCommand).callsFake(async (input: { Key: { pk: string; sk: string } }) => {
      if (input.Key.sk === '$guest_1') return { Item: guestItem };
      if (input.Key.pk.includes('#email_') && input.Key.pk.includes('#userid_')) return { Item: codeItem };
      return {};
    });
    ddb.on(QueryCommand).callsFake(async (input: { ExpressionAttributeValues?: Record<string, unknown> }) => {
      const pk = String(input.ExpressionAttributeValues?.[':pk'] ?? '');
      return { Items: pk.includes('#userid_') ? accountItems(true) : [] };
    });
    ddb.on(PutCommand).resolves({});
    ddb.on(BatchWriteCommand).resolves({});
    const alias = new Error('An account with the given email already exists.');
    alias.name = 'AliasExistsException';
    poolHasNoHolder();
    cognito.on(AdminUpdateUserAttributesCommand).rejects(alias);
    const response = await call('/users/guests/convert', body, { sub: SUB });
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body)).toMatchObject({ key: 'email-already-used' });
    expect(cognito.commandCalls(AdminUpdateUserAttributesCommand)[0]?.args[0].input.UserAttributes).toEqual([
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'given_name', Value: 'Camille' },
    ]);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
