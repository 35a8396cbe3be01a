import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { lambdaContext, proxyEvent } from '../../tests/support/events';
import { db } from '../../tests/support/db';
import { handler } from './handler';

const ddb = mockClient(DynamoDBDocumentClient);

beforeAll(() => configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT' }));

beforeEach(() => ddb.reset());

function signIn(body: unknown, rawBody?: string) {
  return handler(
    proxyEvent({
      method: 'POST',
      path: '/users/sign-in',
      body,
      ...(rawBody !== undefined ? { rawBody } : {}),
    }),
    lambdaContext,
  );
}

function owner(isVerified: boolean) {
  return db().entities.emailOwner.create({ email: 'camille@example.be', userId: 'u-1', isVerified }).params()
    .Item;
}

function user(hasPassword: boolean) {
  return db()
    .entities.user.create({ userId: 'u-1', firstName: 'Camille', locale: 'nl', hasPassword })
    .params().Item;
}

describe('POST /users/sign-in', () => {
  it('recognises an account by its normalised email, with its methods and language', async () => {
    ddb.on(GetCommand).resolves({ Item: owner(true) });
    ddb.on(QueryCommand).resolves({ Items: [user(false)] });
    const response = await signIn({ email: '  Camille@Example.BE ' });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({
      email: 'camille@example.be',
      exists: true,
      methods: ['code'],
      locale: 'nl',
    });
    expect(JSON.stringify(ddb.commandCalls(GetCommand)[0]?.args[0].input.Key)).toContain(
      'camille@example.be',
    );
  });

  it('offers the password to an account that has one', async () => {
    ddb.on(GetCommand).resolves({ Item: owner(true) });
    ddb.on(QueryCommand).resolves({ Items: [user(true)] });
    expect(JSON.parse((await signIn({ email: 'camille@example.be' })).body).methods).toEqual([
      'code',
      'password',
    ]);
  });

  it('answers exists false for an unknown or unverified address, which leads to creation', async () => {
    ddb.on(GetCommand).resolves({});
    expect(JSON.parse((await signIn({ email: 'nobody@example.be' })).body)).toEqual({
      email: 'nobody@example.be',
      exists: false,
      methods: ['code'],
    });
    ddb.on(GetCommand).resolves({ Item: owner(false) });
    expect(JSON.parse((await signIn({ email: 'camille@example.be' })).body).exists).toBe(false);
  });

  it.each([
    [{ email: 'camille@example' }, 'email-not-valid', 'body.email'],
    [{ email: '@example.be' }, 'email-not-valid', 'body.email'],
    [{}, 'required', 'body.email'],
    [{ email: 'camille@example.be', password: 'x' }, 'unexpected-value-error', 'body.password'],
  ])('refuses %j with %s', async (body, key, field) => {
    const response = await signIn(body);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ key: 'error', errors: [{ key, field }] });
    expect(ddb.calls()).toHaveLength(0);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await signIn(undefined, '{"email":');
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).key).toBe('error');
  });
});
