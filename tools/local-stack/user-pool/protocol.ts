import { createHash } from 'node:crypto';

/**
 * The local user pool's fixed names and limits, the error it answers in Cognito's JSON protocol,
 * and the small readers of request inputs every operation uses.
 */
export const LOCAL_REGION = 'eu-west-1';
export const LOCAL_USER_POOL_ID = `${LOCAL_REGION}_LocalPool`;
/** Cognito client ids are 26 lower-case alphanumerics. */
export const LOCAL_CLIENT_ID = 'wellbeinglocalclient000000';
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
/** Cognito gives three minutes per challenge by default; custom-auth sessions here last 15. */
export const AUTH_SESSION_TTL_MS = 15 * 60 * 1000;
/** Wrong passwords in a row before the pool refuses for a while, as Cognito does. */
export const MAX_PASSWORD_ATTEMPTS = 5;
/** How long the pool refuses after MAX_PASSWORD_ATTEMPTS wrong passwords. */
export const PASSWORD_LOCK_MS = 15 * 60 * 1000;
/** What the local stack signs admin calls with; the SDK accepts any non-empty pair locally. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

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

export type Json = Record<string, unknown>;

/** What an operation knows of the request beyond its input. */
export interface RequestContext {
  sdkVersion: string;
}

export function str(input: Json, name: string): string | undefined {
  const value = input[name];
  return typeof value === 'string' ? value : undefined;
}

export function requireStr(input: Json, name: string): string {
  const value = str(input, name);
  if (value === undefined || value === '') {
    throw new CognitoError('InvalidParameterException', `Missing required parameter ${name}`);
  }
  return value;
}

export function stringMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Json)) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

/** Cognito's `[{ Name, Value }]` → a map. */
export function attributeList(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(value)) return out;
  for (const item of value as unknown[]) {
    const { Name, Value } = (item ?? {}) as { Name?: unknown; Value?: unknown };
    if (typeof Name === 'string') out[Name] = typeof Value === 'string' ? Value : '';
  }
  return out;
}

export function toAttributeList(attributes: Record<string, string>) {
  return Object.entries(attributes).map(([Name, Value]) => ({ Name, Value }));
}

export function epochSeconds(ms: number = Date.now()): number {
  return Math.floor(ms / 1000);
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function looksLikeEmail(value: string): boolean {
  return /^[^@\s]+@[^@\s]+$/.test(value);
}
