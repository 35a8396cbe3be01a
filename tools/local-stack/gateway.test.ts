import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import * as z from 'zod';
import { defineRoute } from '@shared/contracts/route';
import { ClientLimiter } from './client-limiter';
import {
  buildResources,
  closeServer,
  findResource,
  MAX_BODY_BYTES,
  startGateway,
  TOO_MANY_REQUESTS,
  type LocalGateway,
  type ProxyHandler,
} from './gateway';

const ISSUER = 'http://127.0.0.1/local-test-issuer';

const routes = [
  defineRoute({
    name: 'me',
    domain: 'me',
    method: 'GET',
    path: '/v1/me',
    auth: 'user',
    response: z.unknown(),
  }),
  defineRoute({
    name: 'emails',
    domain: 'me',
    method: 'GET',
    path: '/v1/me/emails',
    auth: 'user',
    response: z.unknown(),
  }),
  defineRoute({
    name: 'item',
    domain: 'me',
    method: 'GET',
    path: '/v1/me/{id}',
    auth: 'user',
    response: z.unknown(),
  }),
  defineRoute({
    name: 'signIn',
    domain: 'auth',
    method: 'POST',
    path: '/users/sign-in',
    auth: 'public',
    response: z.unknown(),
  }),
  defineRoute({
    name: 'verify',
    domain: 'auth',
    method: 'PUT',
    path: '/users/{userId}/emails/{email}/verification/{code}',
    auth: 'public',
    response: z.unknown(),
  }),
  defineRoute({
    name: 'crash',
    domain: 'auth',
    method: 'GET',
    path: '/crash',
    auth: 'public',
    response: z.unknown(),
  }),
  defineRoute({
    name: 'slow',
    domain: 'auth',
    method: 'GET',
    path: '/slow',
    auth: 'public',
    response: z.unknown(),
  }),
];

/** Answers the event and context it received, so that a test can read them. */
const echo: ProxyHandler = async (event: APIGatewayProxyEvent, context: Context) => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json', 'x-domain-header': 'yes' },
  multiValueHeaders: { 'set-cookie': ['a=1', 'b=2'] },
  body: JSON.stringify({
    event,
    context: {
      awsRequestId: context.awsRequestId,
      functionName: context.functionName,
      remaining: context.getRemainingTimeInMillis(),
    },
  }),
});

describe('local REST gateway', () => {
  let jwks: Server;
  let gateway: LocalGateway;
  let privateKey: CryptoKey;
  let otherKey: CryptoKey;
  const logged: string[] = [];

  async function token(
    claims: Record<string, unknown>,
    options: { key?: CryptoKey; expiresIn?: string } = {},
  ) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '1h')
      .sign(options.key ?? privateKey);
  }

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
    const keySet = createRemoteJWKSet(
      new URL(`http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`),
    );
    gateway = await startGateway({
      routes,
      verifyAccessToken: async (t) => {
        const { payload } = await jwtVerify(t, keySet, { issuer: ISSUER });
        if (payload.token_use !== 'access') throw new Error('not an access token');
        return payload;
      },
      loadHandler: async () => async (event, context) => {
        if (event.resource === '/crash') throw new Error('boom');
        if (event.resource === '/slow') return new Promise(() => undefined);
        return echo(event, context);
      },
      timeoutMs: 200,
      log: (message) => logged.push(message),
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    if (jwks) await closeServer(jwks);
  });

  const call = (path: string, init: RequestInit = {}) => fetch(`${gateway.url}${path}`, init);

  it('answers 404 not-found for an unknown path', async () => {
    const res = await call('/nowhere');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ key: 'not-found' });
  });

  it('answers 404 not-found for a known path with a method it does not serve', async () => {
    const res = await call('/users/sign-in', { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ key: 'not-found' });
  });

  it('answers the CORS preflight of a known path with the spec headers allowed', async () => {
    const res = await call('/v1/me', {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'GET' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('GET');
    const allowed = res.headers.get('access-control-allow-headers')?.split(',');
    expect(allowed).toEqual(
      expect.arrayContaining(['content-type', 'authorization', 'x-language', 'x-source', 'x-super-admin']),
    );
  });

  it('refuses a signed-in route without a token, with a forged token and with an expired token: 401', async () => {
    const forged = await token({ sub: 'u1', token_use: 'access' }, { key: otherKey });
    const expired = await token({ sub: 'u1', token_use: 'access' }, { expiresIn: '-1m' });
    for (const authorization of [undefined, forged, `Bearer ${expired}`, 'Bearer ', 'garbage']) {
      const res = await call('/v1/me', authorization ? { headers: { authorization } } : {});
      expect(res.status, String(authorization)).toBe(401);
      expect(await res.json()).toEqual({ message: 'Unauthorized' });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('refuses an id token where the authorizer wants an access token', async () => {
    const res = await call('/v1/me', {
      headers: { authorization: await token({ sub: 'u1', token_use: 'id' }) },
    });
    expect(res.status).toBe(401);
  });

  it('hands the handler a REST proxy event with the verified claims, raw or Bearer token alike', async () => {
    const access = await token({ sub: 'user-1', username: 'user-1', token_use: 'access' });
    for (const authorization of [access, `Bearer ${access}`]) {
      const res = await call('/v1/me?x=1&x=2&y=%C3%A9', {
        headers: { authorization, 'x-language': 'nl', 'x-source': 'test' },
      });
      expect(res.status).toBe(200);
      const { event, context } = (await res.json()) as {
        event: APIGatewayProxyEvent;
        context: Record<string, unknown>;
      };
      expect(event).toMatchObject({
        httpMethod: 'GET',
        path: '/v1/me',
        resource: '/v1/me',
        pathParameters: null,
        queryStringParameters: { x: '2', y: 'é' },
        multiValueQueryStringParameters: { x: ['1', '2'], y: ['é'] },
        body: null,
        isBase64Encoded: false,
      });
      expect(event.headers['x-language']).toBe('nl');
      expect(event.multiValueHeaders['x-source']).toEqual(['test']);
      expect(event.requestContext).toMatchObject({
        stage: 'local',
        httpMethod: 'GET',
        resourcePath: '/v1/me',
      });
      expect(event.requestContext.identity.sourceIp).toBe('127.0.0.1');
      expect(event.requestContext.authorizer).toMatchObject({
        claims: { sub: 'user-1', username: 'user-1' },
      });
      expect(typeof (event.requestContext.authorizer as { claims: Record<string, unknown> }).claims.exp).toBe(
        'string',
      );
      expect(res.headers.get('x-amzn-requestid')).toBe(event.requestContext.requestId);
      expect(context.awsRequestId).toBe(event.requestContext.requestId);
      expect(context.functionName).toBe('wellbeing-local-me');
      expect(context.remaining).toBeGreaterThan(0);
    }
  });

  it('prefers a static path to a parameter at the same place', async () => {
    const access = await token({ sub: 'u', token_use: 'access' });
    const statics = (await (await call('/v1/me/emails', { headers: { authorization: access } })).json()) as {
      event: APIGatewayProxyEvent;
    };
    expect(statics.event.resource).toBe('/v1/me/emails');
    const dynamic = (await (await call('/v1/me/other', { headers: { authorization: access } })).json()) as {
      event: APIGatewayProxyEvent;
    };
    expect(dynamic.event.resource).toBe('/v1/me/{id}');
    expect(dynamic.event.pathParameters).toEqual({ id: 'other' });
  });

  it('decodes path parameters and passes the body of a public route without any token', async () => {
    const res = await call(`/users/u1/emails/${encodeURIComponent('a+b@example.be')}/verification/123456`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ é: 1 }),
    });
    const { event } = (await res.json()) as { event: APIGatewayProxyEvent };
    expect(event.pathParameters).toEqual({ userId: 'u1', email: 'a+b@example.be', code: '123456' });
    expect(event.body).toBe('{"é":1}');
    expect(event.requestContext.authorizer).toBeNull();
  });

  it('streams back the status, headers and multi-value headers of the handler', async () => {
    const res = await call('/users/sign-in', { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-domain-header')).toBe('yes');
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
  });

  it('answers 502 Internal server error, logged, when the handler crashes', async () => {
    const res = await call('/crash');
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: 'Internal server error' });
    expect(logged).toContain('Lambda failed');
  });

  it('answers 504 when the handler outlives the integration timeout', async () => {
    const res = await call('/slow');
    expect(res.status).toBe(504);
  });

  it('answers 413 for a body over 6 MB', async () => {
    const res = await call('/users/sign-in', { method: 'POST', body: 'x'.repeat(MAX_BODY_BYTES + 1) });
    expect(res.status).toBe(413);
  });
});

describe('per-client limits of the local gateway', () => {
  const limited = defineRoute({
    name: 'createThing',
    domain: 'guests',
    method: 'POST',
    path: '/things',
    auth: 'public',
    response: z.unknown(),
    clientLimit: { limit: 3, windowSeconds: 60 },
  });
  const free = defineRoute({
    name: 'readThing',
    domain: 'guests',
    method: 'GET',
    path: '/things',
    auth: 'public',
    response: z.unknown(),
  });
  let gateway: LocalGateway;
  let clock = 1_000_000;
  let handled = 0;

  beforeAll(async () => {
    gateway = await startGateway({
      routes: [limited, free],
      verifyAccessToken: async () => {
        throw new Error('no tokens here');
      },
      limiter: new ClientLimiter(() => clock),
      loadHandler: async () => async () => {
        handled += 1;
        return { statusCode: 200, body: '{}' };
      },
    });
  });
  afterAll(async () => {
    await gateway?.stop();
  });

  /** One request from a given loopback source address: distinct addresses are distinct clients. */
  function from(localAddress: string, method: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = request(`${gateway.url}/things`, { method, localAddress }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('refuses a client past the route’s limit with 429 too-many-requests, before the handler runs', async () => {
    handled = 0;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await from('127.0.0.1', 'POST')).status);
    expect(statuses).toEqual([200, 200, 200, TOO_MANY_REQUESTS.status]);
    expect(handled).toBe(3);
    const refused = await from('127.0.0.1', 'POST');
    expect(JSON.parse(refused.body)).toEqual({ key: 'too-many-requests' });
  });

  it('counts each client apart, leaves routes without a limit alone, and forgets after the window', async () => {
    expect((await from('127.0.0.2', 'POST')).status).toBe(200);
    expect((await from('127.0.0.1', 'GET')).status).toBe(200);
    clock += 61_000;
    expect((await from('127.0.0.1', 'POST')).status).toBe(200);
  });
});

describe('route resolution', () => {
  it('orders static segments before parameters whatever the declaration order', () => {
    const resources = buildResources([...routes].reverse());
    expect(findResource(resources, '/v1/me/emails')?.resource.path).toBe('/v1/me/emails');
    expect(findResource(resources, '/v1/me/x')?.resource.path).toBe('/v1/me/{id}');
    expect(findResource(resources, '/v1/me/')).toBeNull();
  });
});
