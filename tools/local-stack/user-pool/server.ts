import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { configureHandlers } from '../../../functions/lib/environment';
import {
  createAuthChallenge,
  defineAuthChallenge,
  preSignUp,
  preTokenGeneration,
  verifyAuthChallengeResponse,
} from '../../../functions/auth/seeding';
import { USER_POOL_LIMITS } from '@shared/domain/client-limits';
import { ClientLimiter, clientAddress } from '../client-limiter';
import { accountOperations } from './operations/account';
import { adminOperations } from './operations/admin';
import { signInOperations } from './operations/sign-in';
import type { Operation, Pool } from './pool';
import {
  CognitoError,
  LOCAL_CLIENT_ID,
  LOCAL_CREDENTIALS,
  LOCAL_REGION,
  LOCAL_USER_POOL_ID,
  type Json,
} from './protocol';
import { isAdminOperation, verifySigV4 } from './sigv4';
import { PoolState } from './state';
import { TokenSigner } from './tokens';
import type { CognitoTriggers } from './triggers';

/**
 * The local user pool's HTTP server: Cognito's JSON protocol on `POST /` (admin operations checked
 * for a SigV4 signature, a per-client limit as the WAF applies), the JWKS and OpenID discovery
 * documents under the issuer, CORS for the SPA's origins only.
 */
const MAX_BODY_BYTES = 1024 * 1024;
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

export interface StartCognitoOptions {
  /** Port on 127.0.0.1; a free one by default. */
  port?: number;
  /** JSON file keeping users, refresh tokens and the signing key across restarts; memory only without it. */
  dataFile?: string;
  triggers?: Partial<CognitoTriggers>;
  /**
   * Environment of the triggers. They run in this process, so the values are set on process.env
   * and the functions' cached configuration, clients and ElectroDB service are reset.
   */
  env?: Record<string, string | undefined>;
  /**
   * Credentials whose AWS SigV4 signature (service `cognito-idp`, region eu-west-1) the admin
   * operations (`Admin*`, `ListUsers`) require, as IAM does. @default LOCAL_CREDENTIALS
   */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /**
   * Browser origins (the SPA's) allowed to call the pool; `'*'` allows any. A request carrying
   * another Origin is refused with 403. Requests without Origin (SDK clients) are not concerned.
   * @default none
   */
  allowedOrigins?: string[];
  /** Clock of the per-client limit and of the signature's date check. @default Date.now */
  now?: () => number;
}

export interface LocalCognito {
  /** `http://127.0.0.1:<port>`: Amplify's `userPoolEndpoint`, the SDK's `endpoint`. */
  endpoint: string;
  region: typeof LOCAL_REGION;
  userPoolId: string;
  clientId: string;
  /** `${endpoint}/${userPoolId}`; the JWKS is at `${issuer}/.well-known/jwks.json`. */
  issuer: string;
  stop(): Promise<void>;
}

interface ServerContext {
  pool: Pool;
  operations: Record<string, Operation>;
  allowedOrigins: Set<string>;
  limiter: ClientLimiter;
  credentials: { accessKeyId: string; secretAccessKey: string };
  now: () => number;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new CognitoError('InvalidParameterException', 'Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const DEFAULT_ALLOWED_HEADERS = [
  'content-type',
  'x-amz-target',
  'x-amz-user-agent',
  'cache-control',
  'amz-sdk-invocation-id',
  'amz-sdk-request',
  'authorization',
  'x-amz-date',
  'x-amz-security-token',
  'x-amz-content-sha256',
];

/** One HTTP request: the origin check, CORS, the JWKS and discovery documents, then one operation. */
async function handle(server: ServerContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { pool, operations, allowedOrigins, limiter, credentials, now } = server;
  const { userPoolId, clientId } = pool;
  const issuer = pool.tokens.issuer;
  const requestId = randomUUID();
  const origin = req.headers.origin;
  if (origin !== undefined && !allowedOrigins.has('*') && !allowedOrigins.has(origin)) {
    // A browser page of another origin: refused before anything runs, without CORS headers.
    const text = JSON.stringify({ __type: 'ForbiddenException', message: 'Origin not allowed' });
    res.writeHead(403, {
      'x-amzn-requestid': requestId,
      'x-amzn-errortype': 'ForbiddenException',
      'content-type': 'application/x-amz-json-1.1',
      'content-length': String(Buffer.byteLength(text)),
      vary: 'Origin',
    });
    res.end(text);
    return;
  }
  const cors: Record<string, string> =
    origin === undefined
      ? { vary: 'Origin' }
      : {
          'access-control-allow-origin': origin,
          'access-control-expose-headers': 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
          vary: 'Origin',
        };
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    res.writeHead(status, {
      ...cors,
      'x-amzn-requestid': requestId,
      'content-type': 'application/x-amz-json-1.1',
      'content-length': String(Buffer.byteLength(text)),
      ...headers,
    });
    res.end(text);
  };

  if (req.method === 'OPTIONS') {
    const requested = req.headers['access-control-request-headers'];
    res.writeHead(204, {
      ...cors,
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers':
        typeof requested === 'string' && requested !== '' ? requested : DEFAULT_ALLOWED_HEADERS.join(', '),
      'access-control-max-age': '600',
      'content-length': '0',
    });
    res.end();
    return;
  }
  if (req.method === 'GET') {
    if (path === `/${userPoolId}/.well-known/jwks.json`) {
      send(200, pool.tokens.jwks, { 'content-type': 'application/json' });
      return;
    }
    if (path === `/${userPoolId}/.well-known/openid-configuration`) {
      send(
        200,
        {
          issuer,
          jwks_uri: `${issuer}/.well-known/jwks.json`,
          id_token_signing_alg_values_supported: ['RS256'],
          subject_types_supported: ['public'],
          response_types_supported: ['code', 'token'],
        },
        { 'content-type': 'application/json' },
      );
      return;
    }
    if (path === '/' || path === '/health') {
      send(200, { userPoolId, clientId, issuer }, { 'content-type': 'application/json' });
      return;
    }
    send(404, { __type: 'ResourceNotFoundException', message: `No resource at ${path}` });
    return;
  }
  if (req.method !== 'POST') {
    send(405, { __type: 'InvalidParameterException', message: `Method ${req.method} not allowed` });
    return;
  }

  const target = req.headers['x-amz-target'];
  const operation =
    typeof target === 'string' && target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
  try {
    const body = await readBody(req);
    const rule = USER_POOL_LIMITS.find((limit) => limit.operations.includes(operation));
    if (rule && !limiter.allow(rule.name, clientAddress(req.socket.remoteAddress), rule)) {
      // As the WAF rate-based rule in front of the real pool blocks it.
      throw new CognitoError('ForbiddenException', 'Request blocked by the per-client limit', 403);
    }
    if (isAdminOperation(operation)) await verifySigV4(req, body, credentials, now());
    const raw = body.toString('utf8');
    let input: Json;
    try {
      input = (raw === '' ? {} : JSON.parse(raw)) as Json;
    } catch {
      throw new CognitoError('SerializationException', 'Request body is not valid JSON');
    }
    if (!input || typeof input !== 'object' || Array.isArray(input)) {
      throw new CognitoError('SerializationException', 'Request body must be a JSON object');
    }
    const run = operations[operation];
    if (!run) {
      throw new CognitoError(
        'UnsupportedOperationException',
        `Operation ${operation || String(target)} is not supported by the local user pool.`,
      );
    }
    const agent = req.headers['x-amz-user-agent'] ?? req.headers['user-agent'];
    const sdkVersion =
      typeof agent === 'string' && agent !== '' ? (agent.split(' ')[0] ?? '').replace(/\//g, '-') : '';
    const output = await run(input, { sdkVersion: sdkVersion || 'aws-sdk-unknown-unknown' });
    send(200, output);
  } catch (error) {
    if (error instanceof CognitoError) {
      send(
        error.statusCode,
        { __type: error.type, message: error.message },
        { 'x-amzn-errortype': error.type },
      );
      return;
    }
    console.error(`Local Cognito: ${operation} failed`, error);
    send(
      500,
      { __type: 'InternalErrorException', message: 'Internal error' },
      {
        'x-amzn-errortype': 'InternalErrorException',
      },
    );
  }
}

/** Starts the local user pool on 127.0.0.1. */
export async function startCognito(options: StartCognitoOptions = {}): Promise<LocalCognito> {
  if (options.env) configureHandlers(options.env);
  const triggers: CognitoTriggers = {
    preSignUp,
    defineAuthChallenge,
    createAuthChallenge,
    verifyAuthChallengeResponse,
    preTokenGeneration,
    ...options.triggers,
  };
  const state = await PoolState.open(LOCAL_USER_POOL_ID, options.dataFile);
  const pool: Pool = {
    userPoolId: LOCAL_USER_POOL_ID,
    clientId: LOCAL_CLIENT_ID,
    state,
    triggers,
    tokens: await TokenSigner.create(state, triggers),
  };
  const now = options.now ?? (() => Date.now());
  const context: ServerContext = {
    pool,
    operations: { ...signInOperations(pool), ...accountOperations(pool), ...adminOperations(pool) },
    allowedOrigins: new Set(options.allowedOrigins ?? []),
    limiter: new ClientLimiter(now),
    credentials: options.credentials ?? LOCAL_CREDENTIALS,
    now,
  };

  const server: Server = createServer((req, res) => {
    handle(context, req, res).catch((error: unknown) => {
      console.error('Local Cognito: request failed', error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('Local Cognito has no address');
  const endpoint = `http://127.0.0.1:${address.port}`;
  pool.tokens.issuer = `${endpoint}/${pool.userPoolId}`;

  return {
    endpoint,
    region: LOCAL_REGION,
    userPoolId: pool.userPoolId,
    clientId: pool.clientId,
    issuer: pool.tokens.issuer,
    async stop() {
      state.sessions.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
