import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { CORS_ALLOW_HEADERS, CORS_ALLOW_METHODS, CORS_MAX_AGE_SECONDS } from '@shared/contracts/headers';
import { ROUTES } from '../../functions/domains';
import { matchPath, type HttpMethod, type RouteContract } from '@shared/contracts/route';
import { ClientLimiter, clientAddress } from './client-limiter';
import { handlerCache, lambdaContext } from './lambda';

export type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
export type TokenVerifier = (token: string) => Promise<Record<string, unknown>>;

/** Lambda's synchronous payload limit: API Gateway itself takes 10 MB, the function 6 MB. */
export const MAX_BODY_BYTES = 6 * 1024 * 1024;
/** API Gateway REST's integration timeout. */
export const INTEGRATION_TIMEOUT_MS = 29_000;
export const STAGE = 'local';

/** What a request over a route's per-client limit gets: the WAF rule's custom response (infra/waf.ts). */
export const TOO_MANY_REQUESTS = { status: 429, body: { key: 'too-many-requests' } } as const;

export interface GatewayOptions {
  /** Checks a token like the Cognito authorizer and answers its claims; throws when it is refused. */
  verifyAccessToken: TokenVerifier;
  port?: number;
  /** @default every domain's routes (functions/domains.ts) */
  routes?: readonly RouteContract[];
  /** @default `functions/<domain>/handler.ts` loaded once from the repository */
  loadHandler?: (domain: string) => Promise<ProxyHandler>;
  allowedOrigin?: string;
  timeoutMs?: number;
  /**
   * Applies each route's `clientLimit` per client address, as the WAF rate-based rules do in AWS.
   * @default a limiter on the real clock
   */
  limiter?: ClientLimiter;
  /** Where crashes and refusals are logged. @default console.error */
  log?: (message: string, details: Record<string, unknown>) => void;
}

export interface LocalGateway {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Routes sharing one path: API Gateway's resource, with one method each. */
interface Resource {
  path: string;
  methods: Map<string, RouteContract>;
}

/**
 * Orders resources so that static segments win over `{parameters}` at the first place they
 * differ, as API Gateway resolves `/v1/me/emails` before `/v1/me/{id}`.
 */
export function buildResources(routes: readonly RouteContract[]): Resource[] {
  const byPath = new Map<string, Resource>();
  for (const route of routes) {
    const resource = byPath.get(route.path) ?? { path: route.path, methods: new Map() };
    resource.methods.set(route.method, route);
    byPath.set(route.path, resource);
  }
  const rank = (path: string) =>
    path
      .split('/')
      .map((segment) => (/^\{.+\}$/.test(segment) ? '1' : '0'))
      .join('');
  return [...byPath.values()].sort((a, b) => rank(a.path).localeCompare(rank(b.path)));
}

export function findResource(
  resources: readonly Resource[],
  path: string,
): { resource: Resource; pathParameters: Record<string, string> } | null {
  for (const resource of resources) {
    const pathParameters = matchPath(resource.path, path);
    if (pathParameters) return { resource, pathParameters };
  }
  return null;
}

/** `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? null : token;
}

/** API Gateway hands a Cognito authorizer's claims to the integration as strings. */
function claimStrings(claims: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(claims)) {
    out[name] = typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : String(value);
  }
  return out;
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolveBody, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      req.resume();
      resolveBody('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolveBody(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function singleAndMulti(entries: Iterable<[string, string[]]>) {
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  let any = false;
  for (const [name, values] of entries) {
    if (values.length === 0) continue;
    any = true;
    single[name] = values[values.length - 1] as string;
    multi[name] = values;
  }
  return any ? { single, multi } : null;
}

function queryEntries(search: URLSearchParams): [string, string[]][] {
  const grouped = new Map<string, string[]>();
  for (const [name, value] of search) grouped.set(name, [...(grouped.get(name) ?? []), value]);
  return [...grouped];
}

function headerEntries(req: IncomingMessage): [string, string[]][] {
  return Object.entries(req.headersDistinct).filter((e): e is [string, string[]] => Array.isArray(e[1]));
}

/**
 * The local REST API: routes requests to the domain Lambdas from the contract list, checks the
 * token of every non-public route like the Cognito authorizer, and speaks API Gateway's REST proxy
 * integration (event v1) to the handlers, which run in this process.
 *
 * An unknown path, or a known path with another method, answers 404 `{ key: 'not-found' }`. API
 * Gateway itself answers 403 "Missing Authentication Token" there, which tells the SPA nothing
 * true; the spec's error catalogue has `not-found`, which is also what the domain router answers
 * for a method it does not serve. The AWS API maps that gateway response the same way.
 */
export async function startGateway(options: GatewayOptions): Promise<LocalGateway> {
  const resources = buildResources(options.routes ?? ROUTES);
  const cache = handlerCache<ProxyHandler>();
  const loadHandler = options.loadHandler ?? ((domain: string) => cache(`functions/${domain}/handler.ts`));
  const allowedOrigin = options.allowedOrigin ?? '*';
  const timeoutMs = options.timeoutMs ?? INTEGRATION_TIMEOUT_MS;
  const log = options.log ?? ((message, details) => console.error(`[api] ${message}`, details));
  const limiter = options.limiter ?? new ClientLimiter();

  const cors = {
    'access-control-allow-origin': allowedOrigin,
    vary: 'Origin',
  };

  function send(
    res: ServerResponse,
    status: number,
    body: unknown,
    requestId: string,
    extra: Record<string, string> = {},
  ): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'x-amzn-requestid': requestId,
      ...cors,
      ...extra,
    });
    res.end(text);
  }

  function writeResult(res: ServerResponse, result: APIGatewayProxyResult, requestId: string): void {
    const body =
      result.body === undefined || result.body === null
        ? Buffer.alloc(0)
        : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
    res.statusCode = result.statusCode;
    for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, String(value));
    for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
      res.setHeader(
        name,
        values.map((v) => String(v)),
      );
    }
    res.setHeader('x-amzn-requestid', requestId);
    res.setHeader('content-length', body.length);
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = randomUUID();
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const found = findResource(resources, url.pathname);

    if (!found) {
      req.resume();
      send(res, 404, { key: 'not-found' }, requestId);
      return;
    }
    if (method === 'OPTIONS') {
      req.resume();
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': CORS_ALLOW_METHODS.join(','),
        'access-control-allow-headers': CORS_ALLOW_HEADERS.join(','),
        'access-control-max-age': String(CORS_MAX_AGE_SECONDS),
        'x-amzn-requestid': requestId,
      });
      res.end();
      return;
    }
    const route = found.resource.methods.get(method as HttpMethod);
    if (!route) {
      req.resume();
      send(res, 404, { key: 'not-found' }, requestId);
      return;
    }
    // WAF looks at a request before API Gateway does: over the limit, nothing else runs.
    if (
      route.clientLimit &&
      !limiter.allow(route.name, clientAddress(req.socket.remoteAddress), route.clientLimit)
    ) {
      req.resume();
      send(res, TOO_MANY_REQUESTS.status, TOO_MANY_REQUESTS.body, requestId);
      return;
    }

    let claims: Record<string, string> | undefined;
    if (route.auth !== 'public') {
      const token = bearerToken(req.headers.authorization);
      if (!token) {
        req.resume();
        send(res, 401, { message: 'Unauthorized' }, requestId);
        return;
      }
      try {
        claims = claimStrings(await options.verifyAccessToken(token));
      } catch {
        req.resume();
        send(res, 401, { message: 'Unauthorized' }, requestId);
        return;
      }
    }

    const raw = await readBody(req, MAX_BODY_BYTES);
    if (raw === 'too-large') {
      send(res, 413, { message: 'Request Too Long' }, requestId, { connection: 'close' });
      return;
    }

    const headers = singleAndMulti(headerEntries(req));
    const query = singleAndMulti(queryEntries(url.searchParams));
    const hasParameters = Object.keys(found.pathParameters).length > 0;
    const event: APIGatewayProxyEvent = {
      resource: route.path,
      path: url.pathname,
      httpMethod: method,
      headers: headers?.single ?? {},
      multiValueHeaders: headers?.multi ?? {},
      queryStringParameters: query?.single ?? null,
      multiValueQueryStringParameters: query?.multi ?? null,
      pathParameters: hasParameters ? found.pathParameters : null,
      stageVariables: null,
      body: raw.length ? raw.toString('utf8') : null,
      isBase64Encoded: false,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        protocol: `HTTP/${req.httpVersion}`,
        httpMethod: method,
        path: `/${STAGE}${url.pathname}`,
        stage: STAGE,
        requestId,
        requestTimeEpoch: Date.now(),
        resourceId: route.path,
        resourcePath: route.path,
        identity: {
          accessKey: null,
          accountId: null,
          apiKey: null,
          apiKeyId: null,
          caller: null,
          clientCert: null,
          cognitoAuthenticationProvider: null,
          cognitoAuthenticationType: null,
          cognitoIdentityId: null,
          cognitoIdentityPoolId: null,
          principalOrgId: null,
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          user: null,
          userAgent: req.headers['user-agent'] ?? null,
          userArn: null,
        },
        authorizer: claims ? { claims } : null,
      },
    };

    let result: APIGatewayProxyResult;
    let timer: NodeJS.Timeout | undefined;
    try {
      const handler = await loadHandler(route.domain);
      const context = lambdaContext(`wellbeing-local-${route.domain}`, timeoutMs, requestId);
      const timedOut = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), timeoutMs)));
      const outcome = await Promise.race([handler(event, context), timedOut]);
      if (outcome === 'timeout') {
        log('Integration timed out', { requestId, route: `${route.method} ${route.path}` });
        send(res, 504, { message: 'Endpoint request timed out' }, requestId);
        return;
      }
      if (!outcome || typeof outcome.statusCode !== 'number')
        throw new Error('Malformed Lambda proxy response');
      result = outcome;
    } catch (error) {
      log('Lambda failed', { requestId, route: `${route.method} ${route.path}`, error });
      send(res, 502, { message: 'Internal server error' }, requestId);
      return;
    } finally {
      clearTimeout(timer);
    }
    writeResult(res, result, requestId);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log('Gateway failure', { error });
      if (!res.headersSent) send(res, 502, { message: 'Internal server error' }, 'unknown');
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () => closeServer(server),
  };
}

/** Closes a server and the keep-alive connections it still holds. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolveClose) => {
    server.close(() => resolveClose());
    server.closeAllConnections();
  });
}
