import { configureHandlers } from '../../functions/lib/environment';
import { createHash, randomBytes, randomUUID, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import type {
  Context,
  CreateAuthChallengeTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  PreSignUpTriggerEvent,
  PreTokenGenerationTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import { SignJWT, exportJWK, generateKeyPair, importJWK, jwtVerify, type CryptoKey, type JWK } from 'jose';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '@aws-crypto/sha256-js';
import { handler as defineAuthChallenge } from '../../functions/auth/define-auth-challenge';
import { handler as createAuthChallenge } from '../../functions/auth/create-auth-challenge';
import { handler as verifyAuthChallengeResponse } from '../../functions/auth/verify-auth-challenge';
import { handler as preSignUp } from '../../functions/auth/pre-sign-up';
import { handler as preTokenGeneration } from '../../functions/auth/pre-token-generation';
import { PASSWORD_MAX_LENGTH, passwordProblems, type PasswordProblem } from '../../shared/domain/password';
import { USER_POOL_OPERATION_LIMIT } from '../../shared/domain/client-limits';
import { ClientLimiter, clientAddress } from './client-limiter';
import {
  createVerifier,
  srpPoolName,
  startServerSession,
  verifyPasswordClaim,
  type SrpServerSession,
  type SrpVerifier,
} from './srp';

/**
 * The project's local Cognito user pool: a small HTTP server speaking Cognito's JSON protocol
 * (`POST /`, `x-amz-target: AWSCognitoIdentityProviderService.<Op>`), enough for Amplify v6
 * (`Auth.Cognito.userPoolEndpoint`) and `@aws-sdk/client-cognito-identity-provider` (`endpoint`).
 * It runs the real custom-auth triggers of functions/auth in-process with Cognito's event shapes,
 * signs RS256 tokens shaped like Cognito's and serves their JWKS under the issuer.
 */

export const LOCAL_REGION = 'eu-west-1';
export const LOCAL_USER_POOL_ID = `${LOCAL_REGION}_LocalPool`;
/** Cognito client ids are 26 lower-case letters and digits. */
export const LOCAL_CLIENT_ID = 'wellbeinglocalclient000000';
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
/** Lifetime of a sign-in's challenge session (the real pool's client is set to 15 minutes too). */
export const AUTH_SESSION_TTL_MS = 15 * 60 * 1000;
/** Wrong passwords in a row after which Cognito answers 'Password attempts exceeded'. */
export const MAX_PASSWORD_ATTEMPTS = 5;
/** How long a lock by wrong passwords lasts (Cognito's lock grows up to 15 minutes). */
export const PASSWORD_LOCK_MS = 15 * 60 * 1000;
const MAX_BODY_BYTES = 1024 * 1024;
/** The fixed credentials of the local stack's SDK clients (functions/lib/aws.ts `localOptions`). */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;
/** How far a signed request's x-amz-date may be from the server's clock, as AWS allows. */
const SIGNATURE_MAX_SKEW_MS = 5 * 60 * 1000;
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

type TriggerFn<E> = (event: E, context: Context) => Promise<E>;

/** The Lambda triggers of the pool; by default the real handlers of functions/auth. */
export interface CognitoTriggers {
  preSignUp: TriggerFn<PreSignUpTriggerEvent>;
  defineAuthChallenge: TriggerFn<DefineAuthChallengeTriggerEvent>;
  createAuthChallenge: TriggerFn<CreateAuthChallengeTriggerEvent>;
  verifyAuthChallengeResponse: TriggerFn<VerifyAuthChallengeResponseTriggerEvent>;
  preTokenGeneration: TriggerFn<PreTokenGenerationTriggerEvent>;
}

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

type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD';

interface StoredUser {
  /** Cognito's username: a generated UUID equal to `sub` (the pool signs in by email). */
  username: string;
  attributes: Record<string, string>;
  passwordHash?: string;
  /** SRP salt and verifier of the password (password sign-in); absent in data written before them. */
  srp?: SrpVerifier;
  /** Wrong passwords in a row (sign-in, and ChangePassword apart), and when the last one came. */
  failedSignIns?: number;
  failedChanges?: number;
  lastFailureAt?: number;
  status: UserStatus;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
}

interface StoredRefreshToken {
  /** SHA-256 of the token; the token itself is never stored. */
  hash: string;
  username: string;
  clientId: string;
  originJti: string;
  eventId: string;
  authTime: number;
  expiresAt: number;
}

interface PersistedState {
  version: 1;
  signingKey: { kid: string; privateJwk: JWK; publicJwk: JWK };
  users: StoredUser[];
  refreshTokens: StoredRefreshToken[];
  /** origin_jti of revoked sign-ins: their access tokens are refused by GetUser. */
  revokedOrigins: string[];
}

type SessionEntry = DefineAuthChallengeTriggerEvent['request']['session'][number];

interface ChallengeSession {
  username: string;
  clientId: string;
  history: SessionEntry[];
  challengeName: string;
  privateChallengeParameters: Record<string, string>;
  challengeMetadata: string | undefined;
  expiresAt: number;
  /** The server's half of a PASSWORD_VERIFIER challenge. */
  srp?: SrpServerSession;
}

/** An error answered in Cognito's JSON protocol shape. */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
    this.name = type;
  }
}

type Json = Record<string, unknown>;

interface RequestContext {
  sdkVersion: string;
}

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
) => Promise<Buffer>;

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** Checks a password against its scrypt hash (kept for password sign-in). */
export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(actual, expected);
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

function looksLikeEmail(value: string): boolean {
  return /^[^@\s]+@[^@\s]+$/.test(value);
}

const POLICY_MESSAGES: Record<PasswordProblem, string> = {
  'password-too-short': 'Password not long enough',
  'password-lowercase': 'Password must have lowercase characters',
  'password-uppercase': 'Password must have uppercase characters',
  'password-digit': 'Password must have numeric characters',
};

/** The user pool's password policy (infra/auth.ts), the rules of shared/domain/password.ts (spec 01 §5). */
function passwordProblem(password: string): string | null {
  const [first] = passwordProblems(password);
  if (first) return POLICY_MESSAGES[first];
  if (password.length > PASSWORD_MAX_LENGTH) return 'Password too long';
  return null;
}

function str(input: Json, name: string): string | undefined {
  const value = input[name];
  return typeof value === 'string' ? value : undefined;
}

function requireStr(input: Json, name: string): string {
  const value = str(input, name);
  if (value === undefined || value === '') {
    throw new CognitoError('InvalidParameterException', `Missing required parameter ${name}`);
  }
  return value;
}

function stringMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Json)) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

function attributeList(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(value)) return out;
  for (const item of value as unknown[]) {
    const { Name, Value } = (item ?? {}) as { Name?: unknown; Value?: unknown };
    if (typeof Name === 'string') out[Name] = typeof Value === 'string' ? Value : '';
  }
  return out;
}

function toAttributeList(attributes: Record<string, string>) {
  return Object.entries(attributes).map(([Name, Value]) => ({ Name, Value }));
}

function epochSeconds(ms: number = Date.now()): number {
  return Math.floor(ms / 1000);
}

function triggerContext(functionName: string): Context {
  const fail = () => {
    throw new Error('Callback-style completion is not supported locally: return a promise');
  };
  const deadline = Date.now() + 5000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${LOCAL_REGION}:000000000000:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: fail,
    fail,
    succeed: fail,
  };
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

/** Admin operations: IAM-authorised (SigV4) in Cognito, unlike the client's public operations. */
function isAdminOperation(operation: string): boolean {
  return operation.startsWith('Admin') || operation === 'ListUsers';
}

const AUTHORIZATION_PATTERN =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/\d{8}\/[^/,\s]+\/[^/,\s]+\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/** `20250101T120000Z` → Date, or undefined. */
function parseAmzDate(value: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, se] = m.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, se!));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/**
 * Checks the request's AWS SigV4 signature as AWS does: recomputes it with `credentials` over the
 * received method, path, query, signed headers and body at the request's x-amz-date, and compares.
 */
export async function verifySigV4(
  req: IncomingMessage,
  body: Buffer,
  credentials: { accessKeyId: string; secretAccessKey: string },
  now: number,
): Promise<void> {
  const authorization = headerValue(req, 'authorization');
  if (!authorization)
    throw new CognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token');
  const parsed = AUTHORIZATION_PATTERN.exec(authorization);
  const amzDate = headerValue(req, 'x-amz-date');
  const signingDate = amzDate ? parseAmzDate(amzDate) : undefined;
  if (!parsed || !signingDate) {
    throw new CognitoError(
      'IncompleteSignatureException',
      'Authorization header requires Credential, SignedHeaders, Signature and an X-Amz-Date header.',
    );
  }
  const [, accessKeyId = '', signedList = '', signature = ''] = parsed;
  if (accessKeyId !== credentials.accessKeyId) {
    throw new CognitoError(
      'UnrecognizedClientException',
      'The security token included in the request is invalid.',
    );
  }
  const mismatch = new CognitoError(
    'InvalidSignatureException',
    'The request signature we calculated does not match the signature you provided.',
  );
  if (Math.abs(now - signingDate.getTime()) > SIGNATURE_MAX_SKEW_MS) {
    throw new CognitoError('InvalidSignatureException', `Signature expired: ${amzDate} is out of range.`);
  }
  const signed = signedList.split(';');
  if (!signed.includes('host') || !signed.includes('x-amz-date')) throw mismatch;
  const headers: Record<string, string> = {};
  for (const name of signed) {
    if (name === 'x-amz-date') continue;
    const value = headerValue(req, name);
    if (value === undefined) throw mismatch;
    headers[name] = value;
  }
  // The signer trusts a received payload hash: it must be the body's.
  const declaredHash = headers['x-amz-content-sha256'];
  if (declaredHash !== undefined && declaredHash !== createHash('sha256').update(body).digest('hex'))
    throw mismatch;
  const url = new URL(req.url ?? '/', 'http://localhost');
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    throw mismatch;
  }
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  const signer = new SignatureV4({
    credentials,
    region: LOCAL_REGION,
    service: 'cognito-idp',
    sha256: Sha256,
    applyChecksum: false,
  });
  const expected = await signer.sign(
    {
      method: req.method ?? 'POST',
      protocol: 'http:',
      hostname: url.hostname,
      path,
      query,
      headers,
      body,
    },
    { signingDate, signableHeaders: new Set(signed) },
  );
  const ours = /Signature=([0-9a-f]{64})$/.exec(String(expected.headers.authorization))?.[1] ?? '';
  if (ours.length !== signature.length || !timingSafeEqual(Buffer.from(ours), Buffer.from(signature)))
    throw mismatch;
}

function loadOrCreateState(dataFile: string | undefined): Promise<PersistedState> | PersistedState {
  if (dataFile && existsSync(dataFile)) {
    const parsed = JSON.parse(readFileSync(dataFile, 'utf8')) as Partial<PersistedState>;
    if (parsed.version !== 1 || !parsed.signingKey)
      throw new Error(`${dataFile} is not a local Cognito data file`);
    return {
      version: 1,
      signingKey: parsed.signingKey,
      users: parsed.users ?? [],
      refreshTokens: parsed.refreshTokens ?? [],
      revokedOrigins: parsed.revokedOrigins ?? [],
    };
  }
  return (async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = randomBytes(16).toString('base64url');
    return {
      version: 1 as const,
      signingKey: { kid, privateJwk: await exportJWK(privateKey), publicJwk: await exportJWK(publicKey) },
      users: [],
      refreshTokens: [],
      revokedOrigins: [],
    };
  })();
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
  const userPoolId = LOCAL_USER_POOL_ID;
  const clientId = LOCAL_CLIENT_ID;
  const state = await loadOrCreateState(options.dataFile);
  const { kid } = state.signingKey;
  const privateKey = (await importJWK(state.signingKey.privateJwk, 'RS256')) as CryptoKey;
  const publicKey = (await importJWK(state.signingKey.publicJwk, 'RS256')) as CryptoKey;
  const jwks = { keys: [{ ...state.signingKey.publicJwk, kid, alg: 'RS256', use: 'sig' }] };
  const users = new Map(state.users.map((u) => [u.username, u]));
  const refreshTokens = new Map(state.refreshTokens.map((t) => [t.hash, t]));
  const revokedOrigins = new Set(state.revokedOrigins);
  const sessions = new Map<string, ChallengeSession>();
  const credentials = options.credentials ?? LOCAL_CREDENTIALS;
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const now = options.now ?? (() => Date.now());
  const limiter = new ClientLimiter(now);
  let issuer = '';

  function persist(): void {
    if (!options.dataFile) return;
    const data: PersistedState = {
      version: 1,
      signingKey: state.signingKey,
      users: [...users.values()],
      refreshTokens: [...refreshTokens.values()].filter((t) => t.expiresAt > epochSeconds()),
      revokedOrigins: [...revokedOrigins],
    };
    mkdirSync(dirname(options.dataFile), { recursive: true });
    const temporary = `${options.dataFile}.tmp`;
    writeFileSync(temporary, JSON.stringify(data, null, 2));
    renameSync(temporary, options.dataFile);
  }
  persist();

  // ---- users -------------------------------------------------------------------------------

  function findUser(usernameOrEmail: string): StoredUser | undefined {
    const direct = users.get(usernameOrEmail);
    if (direct) return direct;
    const email = normaliseEmail(usernameOrEmail);
    for (const user of users.values()) if (user.attributes.email === email) return user;
    return undefined;
  }

  function requireUser(usernameOrEmail: string): StoredUser {
    const user = findUser(usernameOrEmail);
    if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
    return user;
  }

  /** Stores what checks a password: its hash (ChangePassword) and its SRP verifier (sign-in). */
  async function storePassword(user: StoredUser, password: string): Promise<void> {
    user.passwordHash = await hashPassword(password);
    user.srp = createVerifier(srpPoolName(userPoolId), user.username, password);
    user.failedSignIns = 0;
    user.failedChanges = 0;
  }

  function locked(failures: number | undefined, user: StoredUser): boolean {
    return (
      (failures ?? 0) >= MAX_PASSWORD_ATTEMPTS && Date.now() - (user.lastFailureAt ?? 0) < PASSWORD_LOCK_MS
    );
  }

  function checkPolicy(password: string): void {
    const problem = passwordProblem(password);
    if (problem)
      throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${problem}`);
  }

  function checkClient(input: Json): void {
    const id = requireStr(input, 'ClientId');
    if (id !== clientId)
      throw new CognitoError('ResourceNotFoundException', `User pool client ${id} does not exist.`);
  }

  function checkPool(input: Json): void {
    const id = requireStr(input, 'UserPoolId');
    if (id !== userPoolId)
      throw new CognitoError('ResourceNotFoundException', `User pool ${id} does not exist.`);
  }

  function userType(user: StoredUser) {
    return {
      Username: user.username,
      Attributes: toAttributeList(user.attributes),
      UserCreateDate: user.createdAt / 1000,
      UserLastModifiedDate: user.updatedAt / 1000,
      Enabled: user.enabled,
      UserStatus: user.status,
    };
  }

  function cleanAttributes(attributes: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(attributes)) {
      if (name === 'sub')
        throw new CognitoError('InvalidParameterException', 'Cannot modify the non-mutable attribute sub');
      out[name] = name === 'email' ? normaliseEmail(value) : value;
    }
    return out;
  }

  // ---- triggers ----------------------------------------------------------------------------

  function triggerBase<T extends string>(triggerSource: T, user: StoredUser, ctx: RequestContext) {
    return {
      version: '1',
      region: LOCAL_REGION,
      userPoolId,
      userName: user.username,
      callerContext: { awsSdkVersion: ctx.sdkVersion, clientId },
      triggerSource,
    };
  }

  function triggerAttributes(user: StoredUser): Record<string, string> {
    return { sub: user.username, ...user.attributes, 'cognito:user_status': user.status };
  }

  async function invoke<E extends { response: object }>(
    name:
      | 'PreSignUp'
      | 'DefineAuthChallenge'
      | 'CreateAuthChallenge'
      | 'VerifyAuthChallengeResponse'
      | 'PreTokenGeneration',
    trigger: TriggerFn<E>,
    event: E,
  ): Promise<E> {
    let result: unknown;
    try {
      result = await trigger(structuredClone(event), triggerContext(`local-${name}`));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new CognitoError('UserLambdaValidationException', `${name} failed with error ${message}.`);
    }
    if (
      !result ||
      typeof result !== 'object' ||
      typeof (result as { response?: unknown }).response !== 'object'
    ) {
      throw new CognitoError('InvalidLambdaResponseException', `Invalid lambda response from ${name}.`);
    }
    return result as E;
  }

  // ---- tokens ------------------------------------------------------------------------------

  async function signTokens(user: StoredUser, grant: Omit<StoredRefreshToken, 'hash' | 'expiresAt'>) {
    const now = epochSeconds();
    const exp = now + ACCESS_TOKEN_TTL_SECONDS;
    const header = { alg: 'RS256', kid };
    const accessToken = await new SignJWT({
      sub: user.username,
      iss: issuer,
      client_id: grant.clientId,
      origin_jti: grant.originJti,
      event_id: grant.eventId,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      auth_time: grant.authTime,
      exp,
      iat: now,
      jti: randomUUID(),
      username: user.username,
    })
      .setProtectedHeader(header)
      .sign(privateKey);
    const a = user.attributes;
    const idToken = await new SignJWT({
      sub: user.username,
      ...(a.email !== undefined ? { email: a.email, email_verified: a.email_verified === 'true' } : {}),
      ...(a.given_name !== undefined ? { given_name: a.given_name } : {}),
      ...(a.family_name !== undefined ? { family_name: a.family_name } : {}),
      ...(a.locale !== undefined ? { locale: a.locale } : {}),
      iss: issuer,
      'cognito:username': user.username,
      origin_jti: grant.originJti,
      aud: grant.clientId,
      event_id: grant.eventId,
      token_use: 'id',
      auth_time: grant.authTime,
      exp,
      iat: now,
      jti: randomUUID(),
    })
      .setProtectedHeader(header)
      .sign(privateKey);
    return {
      AccessToken: accessToken,
      IdToken: idToken,
      ExpiresIn: ACCESS_TOKEN_TTL_SECONDS,
      TokenType: 'Bearer',
    };
  }

  /** Cognito runs the pre token generation trigger before it issues any token, refreshes too. */
  async function beforeTokens(
    user: StoredUser,
    forClient: string,
    triggerSource: 'TokenGeneration_Authentication' | 'TokenGeneration_RefreshTokens',
  ): Promise<void> {
    await invoke<PreTokenGenerationTriggerEvent>('PreTokenGeneration', triggers.preTokenGeneration, {
      version: '1',
      region: LOCAL_REGION,
      userPoolId,
      userName: user.username,
      callerContext: { awsSdkVersion: 'local', clientId: forClient },
      triggerSource,
      request: {
        userAttributes: triggerAttributes(user),
        groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [] },
      },
      response: { claimsOverrideDetails: {} },
    });
  }

  async function signIn(user: StoredUser, forClient: string) {
    await beforeTokens(user, forClient, 'TokenGeneration_Authentication');
    const grant = {
      username: user.username,
      clientId: forClient,
      originJti: randomUUID(),
      eventId: randomUUID(),
      authTime: epochSeconds(),
    };
    const refreshToken = randomBytes(48).toString('base64url');
    refreshTokens.set(sha256(refreshToken), {
      ...grant,
      hash: sha256(refreshToken),
      expiresAt: epochSeconds() + REFRESH_TOKEN_TTL_SECONDS,
    });
    persist();
    return { ...(await signTokens(user, grant)), RefreshToken: refreshToken };
  }

  async function refresh(token: string | undefined, forClient: string) {
    const stored = token ? refreshTokens.get(sha256(token)) : undefined;
    if (!stored || stored.clientId !== forClient)
      throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
    if (stored.expiresAt <= epochSeconds())
      throw new CognitoError('NotAuthorizedException', 'Refresh Token has expired');
    const user = users.get(stored.username);
    if (!user) throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
    if (!user.enabled) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
    await beforeTokens(user, forClient, 'TokenGeneration_RefreshTokens');
    return signTokens(user, stored);
  }

  function revokeOrigin(originJti: string): void {
    revokedOrigins.add(originJti);
    for (const [hash, token] of refreshTokens) if (token.originJti === originJti) refreshTokens.delete(hash);
  }

  async function userOfAccessToken(token: string | undefined): Promise<StoredUser> {
    if (!token) throw new CognitoError('InvalidParameterException', 'Missing required parameter AccessToken');
    let payload: Json;
    try {
      ({ payload } = await jwtVerify(token, publicKey, { issuer, algorithms: ['RS256'] }));
    } catch (error) {
      const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
      throw new CognitoError(
        'NotAuthorizedException',
        expired ? 'Access Token has expired' : 'Invalid Access Token',
      );
    }
    if (payload.token_use !== 'access')
      throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    if (typeof payload.origin_jti === 'string' && revokedOrigins.has(payload.origin_jti)) {
      throw new CognitoError('NotAuthorizedException', 'Access Token has been revoked');
    }
    const user = typeof payload.sub === 'string' ? users.get(payload.sub) : undefined;
    if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
    return user;
  }

  // ---- custom auth -------------------------------------------------------------------------

  function purgeSessions(): void {
    const now = Date.now();
    for (const [id, session] of sessions) if (session.expiresAt <= now) sessions.delete(id);
  }

  /** One round of custom auth: define decides; then tokens, failure, or a new challenge from create. */
  async function challengeRound(
    user: StoredUser,
    history: SessionEntry[],
    clientMetadata: Record<string, string>,
    ctx: RequestContext,
  ): Promise<Json> {
    const define = await invoke<DefineAuthChallengeTriggerEvent>(
      'DefineAuthChallenge',
      triggers.defineAuthChallenge,
      {
        ...triggerBase('DefineAuthChallenge_Authentication', user, ctx),
        request: { userAttributes: triggerAttributes(user), session: history, clientMetadata },
        response: { issueTokens: false, failAuthentication: false },
      },
    );
    if (define.response.failAuthentication) {
      throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
    }
    if (define.response.issueTokens) {
      return { ChallengeParameters: {}, AuthenticationResult: await signIn(user, clientId) };
    }
    const challengeName = define.response.challengeName;
    if (challengeName !== 'CUSTOM_CHALLENGE') {
      throw new CognitoError(
        'InvalidLambdaResponseException',
        `Challenge ${String(challengeName)} is not supported by the local user pool (only CUSTOM_CHALLENGE).`,
      );
    }
    const created = await invoke<CreateAuthChallengeTriggerEvent>(
      'CreateAuthChallenge',
      triggers.createAuthChallenge,
      {
        ...triggerBase('CreateAuthChallenge_Authentication', user, ctx),
        request: { userAttributes: triggerAttributes(user), challengeName, session: history, clientMetadata },
        response: { publicChallengeParameters: {}, privateChallengeParameters: {}, challengeMetadata: '' },
      },
    );
    const session = randomBytes(64).toString('base64url');
    sessions.set(session, {
      username: user.username,
      clientId,
      history,
      challengeName,
      privateChallengeParameters: stringMap(created.response.privateChallengeParameters),
      challengeMetadata: created.response.challengeMetadata || undefined,
      expiresAt: Date.now() + AUTH_SESSION_TTL_MS,
    });
    return {
      ChallengeName: challengeName,
      Session: session,
      ChallengeParameters: {
        ...stringMap(created.response.publicChallengeParameters),
        USERNAME: user.username,
      },
    };
  }

  // ---- password sign-in (SRP) ---------------------------------------------------------------

  /** USER_SRP_AUTH: answers the PASSWORD_VERIFIER challenge with the user's salt and B. */
  function startPasswordVerifier(parameters: Record<string, string>): Json {
    const username = parameters.USERNAME;
    if (!username) throw new CognitoError('InvalidParameterException', 'Missing required parameter USERNAME');
    const clientA = parameters.SRP_A;
    if (!clientA || !/^[0-9a-f]+$/i.test(clientA))
      throw new CognitoError('InvalidParameterException', 'Missing required parameter SRP_A');
    // The pool keeps user existence errors (infra/auth.ts): an unknown email is UserNotFoundException.
    const user = requireUser(username);
    if (!user.enabled) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
    if (user.status === 'UNCONFIRMED')
      throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
    // A user stored before verifiers existed gets one nobody can answer: set a password again.
    const verifier =
      user.srp ?? createVerifier(srpPoolName(userPoolId), user.username, randomBytes(32).toString('hex'));
    let srp: SrpServerSession;
    try {
      srp = startServerSession(verifier, clientA);
    } catch {
      throw new CognitoError('InvalidParameterException', 'SRP_A is not valid.');
    }
    purgeSessions();
    const session = randomBytes(64).toString('base64url');
    sessions.set(session, {
      username: user.username,
      clientId,
      history: [],
      challengeName: 'PASSWORD_VERIFIER',
      privateChallengeParameters: { salt: verifier.salt, verifier: verifier.verifier },
      challengeMetadata: undefined,
      expiresAt: Date.now() + AUTH_SESSION_TTL_MS,
      srp,
    });
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      Session: session,
      ChallengeParameters: {
        SALT: verifier.salt,
        SECRET_BLOCK: srp.secretBlock,
        SRP_B: srp.B,
        USERNAME: user.username,
        USER_ID_FOR_SRP: user.username,
      },
    };
  }

  /** PASSWORD_VERIFIER: tokens when the signature proves the password; 5 wrong in a row lock it. */
  async function answerPasswordVerifier(
    session: ChallengeSession,
    srp: SrpServerSession,
    responses: Record<string, string>,
  ): Promise<Json> {
    for (const name of ['USERNAME', 'PASSWORD_CLAIM_SECRET_BLOCK', 'TIMESTAMP', 'PASSWORD_CLAIM_SIGNATURE']) {
      if (!responses[name])
        throw new CognitoError('InvalidParameterException', `Missing required parameter ${name}`);
    }
    const user = users.get(session.username);
    if (!user || findUser(responses.USERNAME ?? '') !== user)
      throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
    if (locked(user.failedSignIns, user))
      throw new CognitoError('NotAuthorizedException', 'Password attempts exceeded');
    const verifier = {
      salt: session.privateChallengeParameters.salt ?? '',
      verifier: session.privateChallengeParameters.verifier ?? '',
    };
    const right = verifyPasswordClaim(verifier, srp, {
      poolName: srpPoolName(userPoolId),
      userId: user.username,
      secretBlock: responses.PASSWORD_CLAIM_SECRET_BLOCK ?? '',
      timestamp: responses.TIMESTAMP ?? '',
      signature: responses.PASSWORD_CLAIM_SIGNATURE ?? '',
    });
    if (!right) {
      user.failedSignIns = (user.failedSignIns ?? 0) + 1;
      user.lastFailureAt = Date.now();
      persist();
      throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
    }
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      throw new CognitoError(
        'InvalidParameterException',
        'NEW_PASSWORD_REQUIRED is not supported by the local user pool: set a permanent password.',
      );
    }
    user.failedSignIns = 0;
    return { ChallengeParameters: {}, AuthenticationResult: await signIn(user, clientId) };
  }

  // ---- operations --------------------------------------------------------------------------

  const operations: Record<string, (input: Json, ctx: RequestContext) => Promise<Json>> = {
    async SignUp(input, ctx) {
      checkClient(input);
      const username = normaliseEmail(requireStr(input, 'Username'));
      const password = requireStr(input, 'Password');
      if (!looksLikeEmail(username))
        throw new CognitoError('InvalidParameterException', 'Username should be an email.');
      if (findUser(username)) {
        throw new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
      }
      const problem = passwordProblem(password);
      if (problem)
        throw new CognitoError(
          'InvalidPasswordException',
          `Password did not conform with policy: ${problem}`,
        );
      const attributes = { ...cleanAttributes(attributeList(input.UserAttributes)), email: username };
      const sub = randomUUID();
      const now = Date.now();
      const user: StoredUser = {
        username: sub,
        attributes,
        status: 'UNCONFIRMED',
        enabled: true,
        createdAt: now,
        updatedAt: now,
      };
      const result = await invoke<PreSignUpTriggerEvent>('PreSignUp', triggers.preSignUp, {
        ...triggerBase('PreSignUp_SignUp', user, ctx),
        request: {
          userAttributes: { ...attributes },
          validationData: stringMap(input.ValidationData),
          clientMetadata: stringMap(input.ClientMetadata),
        },
        response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
      });
      user.status = result.response.autoConfirmUser ? 'CONFIRMED' : 'UNCONFIRMED';
      user.attributes.email_verified = result.response.autoVerifyEmail ? 'true' : 'false';
      await storePassword(user, password);
      if (findUser(username)) {
        throw new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
      }
      users.set(sub, user);
      persist();
      return { UserConfirmed: user.status === 'CONFIRMED', UserSub: sub };
    },

    async InitiateAuth(input, ctx) {
      checkClient(input);
      const flow = requireStr(input, 'AuthFlow');
      const parameters = stringMap(input.AuthParameters);
      const clientMetadata = stringMap(input.ClientMetadata);
      if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
        return {
          ChallengeParameters: {},
          AuthenticationResult: await refresh(parameters.REFRESH_TOKEN, clientId),
        };
      }
      if (flow === 'USER_SRP_AUTH') return startPasswordVerifier(parameters);
      if (flow !== 'CUSTOM_AUTH') {
        throw new CognitoError(
          'InvalidParameterException',
          `AuthFlow ${flow} is not supported by the local user pool.`,
        );
      }
      if (parameters.SRP_A) {
        throw new CognitoError(
          'InvalidParameterException',
          'CUSTOM_AUTH with SRP_A is not supported by the local user pool.',
        );
      }
      const username = parameters.USERNAME;
      if (!username)
        throw new CognitoError('InvalidParameterException', 'Missing required parameter USERNAME');
      const user = requireUser(username);
      if (!user.enabled) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
      if (user.status === 'UNCONFIRMED')
        throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
      return challengeRound(user, [], clientMetadata, ctx);
    },

    async RespondToAuthChallenge(input, ctx) {
      checkClient(input);
      purgeSessions();
      const sessionId = str(input, 'Session');
      const session = sessionId ? sessions.get(sessionId) : undefined;
      if (!sessionId || !session) {
        throw new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
      }
      const challengeName = requireStr(input, 'ChallengeName');
      if (challengeName !== session.challengeName) {
        throw new CognitoError(
          'InvalidParameterException',
          `Expected ChallengeName ${session.challengeName}`,
        );
      }
      const responses = stringMap(input.ChallengeResponses);
      if (session.srp) {
        sessions.delete(sessionId);
        return answerPasswordVerifier(session, session.srp, responses);
      }
      const user = users.get(session.username);
      const named = responses.USERNAME ? findUser(responses.USERNAME) : undefined;
      if (!responses.USERNAME)
        throw new CognitoError('InvalidParameterException', 'Missing required parameter USERNAME');
      if (!user || named !== user)
        throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
      if (responses.ANSWER === undefined) {
        throw new CognitoError('InvalidParameterException', 'Missing required parameter ANSWER');
      }
      // A session answers once; the next round gets a new one.
      sessions.delete(sessionId);
      const clientMetadata = stringMap(input.ClientMetadata);
      const verified = await invoke<VerifyAuthChallengeResponseTriggerEvent>(
        'VerifyAuthChallengeResponse',
        triggers.verifyAuthChallengeResponse,
        {
          ...triggerBase('VerifyAuthChallengeResponse_Authentication', user, ctx),
          request: {
            userAttributes: triggerAttributes(user),
            privateChallengeParameters: session.privateChallengeParameters,
            challengeAnswer: responses.ANSWER,
            clientMetadata,
          },
          response: { answerCorrect: false },
        },
      );
      const history: SessionEntry[] = [
        ...session.history,
        {
          challengeName: 'CUSTOM_CHALLENGE',
          challengeResult: verified.response.answerCorrect === true,
          ...(session.challengeMetadata !== undefined
            ? { challengeMetadata: session.challengeMetadata }
            : {}),
        },
      ];
      return challengeRound(user, history, clientMetadata, ctx);
    },

    async GetTokensFromRefreshToken(input) {
      checkClient(input);
      return { AuthenticationResult: await refresh(str(input, 'RefreshToken'), clientId) };
    },

    async ChangePassword(input) {
      const user = await userOfAccessToken(str(input, 'AccessToken'));
      const previous = requireStr(input, 'PreviousPassword');
      const proposed = requireStr(input, 'ProposedPassword');
      if (locked(user.failedChanges, user)) {
        throw new CognitoError(
          'LimitExceededException',
          'Attempt limit exceeded, please try after some time.',
        );
      }
      if (!user.passwordHash || !(await passwordMatches(previous, user.passwordHash))) {
        user.failedChanges = (user.failedChanges ?? 0) + 1;
        user.lastFailureAt = Date.now();
        persist();
        throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
      }
      checkPolicy(proposed);
      await storePassword(user, proposed);
      user.updatedAt = Date.now();
      persist();
      return {};
    },

    async GetUser(input) {
      const user = await userOfAccessToken(str(input, 'AccessToken'));
      return {
        Username: user.username,
        UserAttributes: toAttributeList({ sub: user.username, ...user.attributes }),
      };
    },

    async GlobalSignOut(input) {
      const user = await userOfAccessToken(str(input, 'AccessToken'));
      for (const token of [...refreshTokens.values()])
        if (token.username === user.username) revokeOrigin(token.originJti);
      persist();
      return {};
    },

    async AdminUserGlobalSignOut(input) {
      checkPool(input);
      const user = requireUser(requireStr(input, 'Username'));
      for (const token of [...refreshTokens.values()])
        if (token.username === user.username) revokeOrigin(token.originJti);
      persist();
      return {};
    },

    async RevokeToken(input) {
      checkClient(input);
      const stored = refreshTokens.get(sha256(requireStr(input, 'Token')));
      if (stored && stored.clientId === clientId) {
        revokeOrigin(stored.originJti);
        persist();
      }
      return {};
    },

    async AdminCreateUser(input, ctx) {
      checkPool(input);
      const username = normaliseEmail(requireStr(input, 'Username'));
      if (!looksLikeEmail(username))
        throw new CognitoError('InvalidParameterException', 'Username should be an email.');
      const existing = findUser(username);
      if (existing) {
        if (str(input, 'MessageAction') === 'RESEND') return { User: userType(existing) };
        throw new CognitoError('UsernameExistsException', 'User account already exists');
      }
      const attributes = { ...cleanAttributes(attributeList(input.UserAttributes)), email: username };
      const sub = randomUUID();
      const now = Date.now();
      const user: StoredUser = {
        username: sub,
        attributes,
        status: 'FORCE_CHANGE_PASSWORD',
        enabled: true,
        createdAt: now,
        updatedAt: now,
      };
      await invoke<PreSignUpTriggerEvent>('PreSignUp', triggers.preSignUp, {
        ...triggerBase('PreSignUp_AdminCreateUser', user, ctx),
        request: {
          userAttributes: { ...attributes },
          validationData: stringMap(input.ValidationData),
          clientMetadata: stringMap(input.ClientMetadata),
        },
        response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
      });
      const temporary = str(input, 'TemporaryPassword');
      if (temporary) await storePassword(user, temporary);
      users.set(sub, user);
      persist();
      return { User: userType(user) };
    },

    async AdminGetUser(input) {
      checkPool(input);
      const user = requireUser(requireStr(input, 'Username'));
      const { Attributes, ...rest } = userType(user);
      return { ...rest, UserAttributes: [{ Name: 'sub', Value: user.username }, ...Attributes] };
    },

    async AdminDeleteUser(input) {
      checkPool(input);
      const user = requireUser(requireStr(input, 'Username'));
      users.delete(user.username);
      for (const token of [...refreshTokens.values()])
        if (token.username === user.username) revokeOrigin(token.originJti);
      persist();
      return {};
    },

    async AdminSetUserPassword(input) {
      checkPool(input);
      const user = requireUser(requireStr(input, 'Username'));
      const password = requireStr(input, 'Password');
      checkPolicy(password);
      await storePassword(user, password);
      user.status = input.Permanent === true ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD';
      user.updatedAt = Date.now();
      persist();
      return {};
    },

    async AdminUpdateUserAttributes(input) {
      checkPool(input);
      const user = requireUser(requireStr(input, 'Username'));
      const changes = cleanAttributes(attributeList(input.UserAttributes));
      if (changes.email !== undefined) {
        const holder = findUser(changes.email);
        if (holder && holder !== user) {
          throw new CognitoError('AliasExistsException', 'An account with the given email already exists.');
        }
      }
      user.attributes = { ...user.attributes, ...changes };
      user.updatedAt = Date.now();
      persist();
      return {};
    },

    async ListUsers(input) {
      checkPool(input);
      const filter = str(input, 'Filter');
      let matches = (_user: StoredUser) => true;
      if (filter) {
        const parsed = /^\s*([\w:]+)\s*(\^?=)\s*"((?:[^"\\]|\\.)*)"\s*$/.exec(filter);
        if (!parsed) throw new CognitoError('InvalidParameterException', `Invalid Filter: ${filter}`);
        const [, name = '', operator, raw = ''] = parsed;
        const wanted = raw.replace(/\\(.)/g, '$1');
        const valueOf = (user: StoredUser): string | undefined =>
          name === 'username'
            ? user.username
            : name === 'status' || name === 'cognito:user_status'
              ? user.status
              : name === 'sub'
                ? user.username
                : user.attributes[name];
        const comparable = (value: string) => (name === 'email' ? normaliseEmail(value) : value);
        matches = (user) => {
          const value = valueOf(user);
          if (value === undefined) return false;
          return operator === '='
            ? comparable(value) === comparable(wanted)
            : comparable(value).startsWith(comparable(wanted));
        };
      }
      const limit = Math.min(typeof input.Limit === 'number' ? input.Limit : 60, 60);
      const offset = Number(str(input, 'PaginationToken') ?? '0') || 0;
      const all = [...users.values()].filter(matches).sort((a, b) => a.createdAt - b.createdAt);
      const page = all.slice(offset, offset + limit);
      return {
        Users: page.map(userType),
        ...(offset + limit < all.length ? { PaginationToken: String(offset + limit) } : {}),
      };
    },
  };

  // ---- HTTP --------------------------------------------------------------------------------

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
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
        send(200, jwks, { 'content-type': 'application/json' });
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
      typeof target === 'string' && target.startsWith(TARGET_PREFIX)
        ? target.slice(TARGET_PREFIX.length)
        : '';
    try {
      const body = await readBody(req);
      if (
        USER_POOL_OPERATION_LIMIT.operations.includes(operation) &&
        !limiter.allow(
          'user-pool-operation',
          clientAddress(req.socket.remoteAddress),
          USER_POOL_OPERATION_LIMIT,
        )
      ) {
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

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
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
  issuer = `${endpoint}/${userPoolId}`;

  return {
    endpoint,
    region: LOCAL_REGION,
    userPoolId,
    clientId,
    issuer,
    async stop() {
      sessions.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
