import { configureHandlers } from './environment';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { defineRoute, type RouteAuth } from '@shared/contracts/route';
import { lambdaContext, proxyEvent } from '../../tests/support/events';
import { callerAccounts } from '../access';
import { db } from '../../tests/support/db';
import { createHttpHandler, route, staticSegmentsFirst } from './http';

const ddb = mockClient(DynamoDBDocumentClient);

beforeAll(() => configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT' }));
beforeEach(() => ddb.reset());

function handlerFor(auth: RouteAuth) {
  const implementation = vi.fn(async () => ({ ok: true }));
  const contract = defineRoute({
    name: `probe-${auth}`,
    domain: 'me',
    method: 'POST',
    path: '/probe',
    auth,
    body: z.strictObject({ value: z.string() }),
    response: z.object({ ok: z.boolean() }),
  });
  return { implementation, handler: createHttpHandler([route(contract, implementation)], callerAccounts) };
}

function storedUser(isGuest: boolean) {
  ddb.on(GetCommand).resolves({
    Item: db().entities.user.create({ userId: 'u-1', firstName: '', isGuest }).params().Item,
  });
}

const call = (handler: ReturnType<typeof handlerFor>['handler'], body: unknown = { value: 'x' }) =>
  handler(proxyEvent({ method: 'POST', path: '/probe', sub: 'u-1', body }), lambdaContext);

describe('guests on registered-only routes', () => {
  it('answers 403 guest-not-allowed before validation and before the handler runs', async () => {
    storedUser(true);
    const { handler, implementation } = handlerFor('registered');
    const response = await call(handler, { unexpected: true });
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({ key: 'guest-not-allowed' });
    expect(implementation).not.toHaveBeenCalled();
    expect(ddb.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({
      ConsistentRead: true,
      Key: db().entities.user.get({ userId: 'u-1' }).params().Key,
    });
  });

  it('lets a registered user through', async () => {
    storedUser(false);
    const { handler, implementation } = handlerFor('registered');
    expect((await call(handler)).statusCode).toBe(200);
    expect(implementation).toHaveBeenCalledOnce();
  });

  it('lets a guest use routes open to every signed-in user, after the one read of the token check', async () => {
    storedUser(true);
    const { handler, implementation } = handlerFor('user');
    expect((await call(handler)).statusCode).toBe(200);
    expect(implementation).toHaveBeenCalledOnce();
    expect(ddb.commandCalls(GetCommand)).toHaveLength(1);
  });
});

describe('the token check of every authenticated route', () => {
  it('answers 401 to the token of an account that does not exist (erased, or never proved its address)', async () => {
    ddb.on(GetCommand).resolves({});
    const { handler, implementation } = handlerFor('user');
    const response = await call(handler);
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body)).toMatchObject({ key: 'unauthorized' });
    expect(implementation).not.toHaveBeenCalled();
  });

  it('answers 401 to a token authenticated before the account was created or signed out everywhere', async () => {
    const later = Math.floor(Date.now() / 1000) + 60;
    ddb.on(GetCommand).resolves({
      Item: db().entities.user.create({ userId: 'u-1', firstName: 'Sam', tokensValidAfter: later }).params()
        .Item,
    });
    const { handler, implementation } = handlerFor('user');
    expect((await call(handler)).statusCode).toBe(401);
    expect(implementation).not.toHaveBeenCalled();
  });

  it('reads nothing on public routes', async () => {
    const { handler, implementation } = handlerFor('public');
    expect((await call(handler)).statusCode).toBe(200);
    expect(implementation).toHaveBeenCalledOnce();
    expect(ddb.calls()).toHaveLength(0);
  });

  it('marks every answer no-store and nosniff', async () => {
    storedUser(false);
    const { handler } = handlerFor('user');
    const ok = await call(handler);
    ddb.on(GetCommand).resolves({});
    const refused = await call(handler);
    for (const response of [ok, refused]) {
      expect(response.headers).toMatchObject({
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
    }
  });
});

describe('the rules of a route that declares an ability', () => {
  function handlerWithAbility() {
    const implementation = vi.fn(async () => ({ ok: true }));
    const contract = defineRoute({
      name: 'probe-ability',
      domain: 'me',
      method: 'POST',
      path: '/probe',
      auth: 'user',
      ability: { action: 'post', subject: 'feeling' },
      body: z.strictObject({ value: z.string() }),
      response: z.object({ ok: z.boolean() }),
    });
    return { implementation, handler: createHttpHandler([route(contract, implementation)], callerAccounts) };
  }

  it('come from the token check’s one consistent read of the account, then the memberships', async () => {
    storedUser(false);
    ddb.on(QueryCommand).resolves({ Items: [] });
    const { handler, implementation } = handlerWithAbility();
    expect((await call(handler)).statusCode).toBe(200);
    expect(implementation).toHaveBeenCalledOnce();
    const reads = ddb.commandCalls(GetCommand);
    expect(reads).toHaveLength(1);
    expect(reads[0]?.args[0].input).toMatchObject({ ConsistentRead: true });
    // The sphere, the session and the galaxy memberships.
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(3);
  });

  it('hand the services what that read said of the account, so that they need not read it again', async () => {
    storedUser(true);
    ddb.on(QueryCommand).resolves({ Items: [] });
    const { implementation, handler } = handlerWithAbility();
    const response = await call(handler);
    expect(implementation).toHaveBeenCalledOnce();
    expect(response.statusCode).toBe(200);
    const [input] = implementation.mock.calls[0] as unknown as [{ caller: { account?: unknown } }];
    expect(input.caller.account).toEqual({ isGuest: true, subscription: 'starter', globalRoles: [] });
  });
});

describe('route order', () => {
  it('a static segment wins over a parameter at the first place they differ, whatever the order given', () => {
    const paths = ['/v1/spheres/{id}/tags/{tagId}', '/v1/spheres/{id}/tags/facets', '/v1/spheres/{id}/tags'];
    const sorted = staticSegmentsFirst(paths.map((path) => ({ contract: { path } }))).map(
      (b) => b.contract.path,
    );
    expect(sorted.indexOf('/v1/spheres/{id}/tags/facets')).toBeLessThan(
      sorted.indexOf('/v1/spheres/{id}/tags/{tagId}'),
    );
  });
});

describe('path parameters', () => {
  function paramHandler() {
    const implementation = vi.fn(async () => ({ ok: true }));
    const contract = defineRoute({
      name: 'probe-params',
      domain: 'me',
      method: 'PUT',
      path: '/probe/{id}',
      auth: 'public',
      // A schema that would take anything: the character rule applies whatever the contract says.
      params: z.strictObject({ id: z.string().trim() }),
      response: z.object({ ok: z.boolean() }),
    });
    return { implementation, handler: createHttpHandler([route(contract, implementation)], callerAccounts) };
  }
  const put = (handler: ReturnType<typeof paramHandler>['handler'], path: string, id?: string) =>
    handler(
      proxyEvent({
        method: 'PUT',
        path,
        resource: '/probe/{id}',
        ...(id !== undefined ? { pathParameters: { id } } : {}),
      }),
      lambdaContext,
    );

  it.each([
    '\u0000',
    'a\nb',
    'a\r',
    '\u001f',
    '\u007f',
    '\u009b',
    'a\u202eb',
    '\u2066x',
    '\u200b',
    '\ufeffid',
  ])('answers 400 not-valid on params.id to the decoded %j, before the handler runs', async (id) => {
    const { handler, implementation } = paramHandler();
    const response = await put(handler, `/probe/${encodeURIComponent(id)}`, id);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({
      key: 'error',
      errors: [{ key: 'not-valid', field: 'params.id' }],
    });
    expect(implementation).not.toHaveBeenCalled();
  });

  it('judges a value left encoded as decoded: the router’s own match of /probe/%00 is refused too', async () => {
    const { handler, implementation } = paramHandler();
    const response = await put(handler, '/probe/%00');
    expect(response.statusCode).toBe(400);
    expect(implementation).not.toHaveBeenCalled();
  });

  it('lets plain values through, accents, spaces, a lone % and an address included', async () => {
    for (const id of ['s-1', 'Zoé Dupont', '100%', 'ada+x@example.be', '日本']) {
      const { handler, implementation } = paramHandler();
      expect((await put(handler, `/probe/${encodeURIComponent(id)}`, id)).statusCode).toBe(200);
      expect(implementation).toHaveBeenCalledOnce();
    }
  });
});
