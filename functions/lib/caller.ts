import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { AccountFacts } from '@shared/domain/ability';
import { UnauthorizedError } from './errors';

/** The signed-in caller, as the authorizer vouched for them. Never read from the body or query. */
export interface Caller {
  userId: string;
  /** Cognito username (equal to the sub for pools that sign in by email). */
  username: string;
  /** Epoch seconds of the sign-in the token comes from (kept across refreshes); 0 when absent. */
  authTime: number;
  /** `origin_jti` of the sign-in the token comes from; '' when absent. */
  originJti: string;
  /**
   * The account's facts, from the token check's consistent read of this request (set by the
   * middleware on routes that are not public): what reads the rules' facts need not read it again.
   */
  account?: AccountFacts;
}

/**
 * Reads the caller from the Cognito authorizer claims. In AWS API Gateway has already checked the
 * token; locally the gateway does the same check before building the event.
 */
export function callerFromEvent(event: APIGatewayProxyEvent): Caller | null {
  const claims = (event.requestContext?.authorizer as { claims?: Record<string, unknown> } | null | undefined)
    ?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '') return null;
  const username = typeof claims?.username === 'string' ? claims.username : sub;
  // API Gateway passes every claim as a string; the local gateway does the same.
  const authTime = Number(claims?.auth_time ?? 0);
  const originJti = typeof claims?.origin_jti === 'string' ? claims.origin_jti : '';
  return { userId: sub, username, authTime: Number.isFinite(authTime) ? authTime : 0, originJti };
}

export function requireCaller(event: APIGatewayProxyEvent): Caller {
  const caller = callerFromEvent(event);
  if (!caller) throw new UnauthorizedError();
  return caller;
}

/**
 * The client address of a request (API Gateway's source IP; the local gateway gives the socket's),
 * for counts that belong to a client rather than to an account.
 */
export function sourceIpOf(event: { requestContext?: { identity?: { sourceIp?: string | null } } }): string {
  return event.requestContext?.identity?.sourceIp ?? 'unknown';
}
