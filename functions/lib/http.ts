import middy from '@middy/core';
import { wireRights } from './rights';
import httpRouterHandler from '@middy/http-router';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { z } from 'zod';
import type { RouteContract } from '@shared/contracts/route';
import type { ErrorBody } from '@shared/contracts/errors';
import { pathParameterErrors } from '@shared/contracts/ids';
import { withNotices } from './notices';
import { CORS_EXPOSE_HEADERS, parseRequestHeaders, type RequestHeaders } from '@shared/contracts/headers';
import { DomainError, ForbiddenError, ValidationError } from './errors';
import { callerFromEvent, type Caller } from './caller';
import { parseOrThrow } from './validation';
import { logger } from './logger';
import { config } from './config';
import { checkAbility, type AbilityFactsReader, type ResourcePlacer } from './ability';
import type { AppAbility } from '@shared/domain/ability';
import { standingOfToken, type StandingReader } from './token-check';

export interface RouteInput<R extends RouteContract> {
  params: z.output<R['params']>;
  query: z.output<R['query']>;
  body: z.output<R['body']>;
  /** Present on every route whose auth is not `public`. */
  caller: R['auth'] extends 'public' ? Caller | null : Caller;
  headers: RequestHeaders;
  /** The caller's rules, on routes that declare an `ability` (the middleware built them to check it). */
  ability: AppAbility | undefined;
  requestId: string;
  event: APIGatewayProxyEvent;
}

/** A handler may return the body alone, or the body with extra response headers. */
export interface WithHeaders<T> {
  body: T;
  headers: Record<string, string>;
  /** A success status other than the contract's (a replayed write answers 200, not 201). */
  status?: number;
}

export type RouteImplementation<R extends RouteContract> = (
  input: RouteInput<R>,
) => Promise<z.input<R['response']> | WithHeaders<z.input<R['response']>>>;

/**
 * What the middleware needs to know of a caller's account, supplied by the users domain when a
 * domain's handler is wired (`createHttpHandler(bindings, callerAccounts)`): lib knows no domain.
 */
export interface CallerAccounts {
  /** The token check's read: one consistent GetItem of the account (functions/lib/token-check.ts). */
  standing: StandingReader;
  /** The facts the ability rules are computed from. */
  abilityFacts: AbilityFactsReader;
  /** Where a resource of a path lives (a session's sphere), for rules on its container. */
  place?: ResourcePlacer;
}

export interface RouteBinding {
  contract: RouteContract;
  run: (event: APIGatewayProxyEvent, accounts: CallerAccounts) => Promise<APIGatewayProxyResult>;
}

function isWithHeaders(value: unknown): value is WithHeaders<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'body' in value &&
    'headers' in value &&
    Object.keys(value).every((key) => key === 'body' || key === 'headers' || key === 'status')
  );
}

/**
 * Headers of every answer: CORS for the SPA, and no caching or type sniffing of personal data
 * anywhere between the API and the browser.
 */
function corsHeaders(): Record<string, string> {
  return {
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'access-control-allow-origin': config().ALLOWED_ORIGIN,
    'access-control-expose-headers': CORS_EXPOSE_HEADERS.join(','),
    vary: 'Origin',
  };
}

function json(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', ...corsHeaders(), ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

function readJsonBody(event: APIGatewayProxyEvent): unknown {
  if (event.body === null || event.body === undefined || event.body === '') return undefined;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(raw) as unknown;
  } catch (cause) {
    throw new ValidationError([{ key: 'not-valid', field: 'body' }], { cause });
  }
}

function queryObject(event: APIGatewayProxyEvent): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(event.queryStringParameters ?? {})) if (v !== undefined) out[k] = v;
  return out;
}

/** Options of a route binding. */
export interface RouteOptions {
  /**
   * The answer is a file of this media type: the implementation returns a Uint8Array (checked by
   * the contract's response schema), sent base64-encoded with `isBase64Encoded` (API Gateway lists
   * the type among its binary media types and decodes it).
   */
  binary?: string;
}

/** Binds a contract to its implementation with the one middleware stack of the product. */
export function route<R extends RouteContract>(
  contract: R,
  implementation: RouteImplementation<R>,
  options: RouteOptions = {},
): RouteBinding {
  return {
    contract,
    run: async (event, accounts) => {
      const headers = parseRequestHeaders(event.headers);
      const caller = callerFromEvent(event);
      if (contract.auth !== 'public' && !caller) throw new DomainError('unauthorized', 401);
      // One consistent read of the caller's account, before anything else of the request is looked
      // at: the token must belong to an existing account and be current (401), and guests may not
      // use `registered` routes (403, spec 01 §6).
      if (contract.auth !== 'public' && caller) {
        const standing = await standingOfToken(accounts.standing, caller.userId, caller);
        if (contract.auth === 'registered' && standing.isGuest) throw new ForbiddenError('guest-not-allowed');
        caller.account = {
          isGuest: standing.isGuest,
          subscription: standing.subscription,
          globalRoles: standing.globalRoles,
        };
      }

      // Path parameters follow the character rule of ids (shared/contracts/ids.ts), on the values the
      // gateway decoded, for every route and before anything else of the request is read: a control
      // or invisible character never reaches a key, a log or the handler (decision 0006).
      const pathProblems = pathParameterErrors(event.pathParameters ?? {});
      if (pathProblems.length) throw new ValidationError(pathProblems);

      const errors: ValidationError[] = [];
      const attempt = <T>(fn: () => T): T | undefined => {
        try {
          return fn();
        } catch (e) {
          if (e instanceof ValidationError) {
            errors.push(e);
            return undefined;
          }
          throw e;
        }
      };
      const params = attempt(() => parseOrThrow(contract.params, event.pathParameters ?? {}, 'params'));
      const query = attempt(() => parseOrThrow(contract.query, queryObject(event), 'query'));
      const rawBody = attempt(() => readJsonBody(event));
      const body = errors.length ? undefined : attempt(() => parseOrThrow(contract.body, rawBody, 'body'));
      if (errors.length) throw new ValidationError(errors.flatMap((e) => e.errors));

      const ability =
        contract.ability && caller
          ? await checkAbility(accounts.abilityFacts, caller, contract.ability, {
              params,
              body,
              headers,
              place: accounts.place,
            })
          : undefined;

      const { result, headers: noticeHeaders } = await withNotices(() =>
        implementation({
          params: params as RouteInput<R>['params'],
          query: query as RouteInput<R>['query'],
          body: body as RouteInput<R>['body'],
          caller: caller as RouteInput<R>['caller'],
          headers,
          ability,
          requestId: event.requestContext?.requestId ?? 'local',
          event,
        }),
      );
      const {
        body: responseBody,
        headers: ownHeaders,
        status = contract.status,
      } = isWithHeaders(result) ? result : { body: result, headers: {} };
      const extraHeaders = { ...noticeHeaders, ...ownHeaders };
      const output = contract.response.parse(responseBody);
      if (options.binary !== undefined) {
        if (!(output instanceof Uint8Array)) throw new Error(`${contract.name} must answer bytes`);
        return {
          statusCode: contract.status,
          headers: { ...corsHeaders(), 'content-type': options.binary, ...extraHeaders },
          body: Buffer.from(output).toString('base64'),
          isBase64Encoded: true,
        };
      }
      return json(status, output, extraHeaders);
    },
  };
}

/** Maps any error to the response body of spec 01 §8; only DomainErrors show their key. */
export function errorResponse(error: unknown, requestId: string): APIGatewayProxyResult {
  if (error instanceof ValidationError) {
    return json(400, { key: 'error', errors: error.errors, requestId } satisfies ErrorBody);
  }
  if (error instanceof DomainError) {
    const errors = error.details ? { errors: error.details } : {};
    return json(error.statusCode, { key: error.key, ...errors, requestId } satisfies ErrorBody);
  }
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 404 || status === 405) {
    // The router found no route for this method and path.
    return json(404, { key: 'not-found', requestId } satisfies ErrorBody);
  }
  logger.error('Unhandled error', { requestId, error: error as Error });
  return json(500, { key: 'internal-server-error', requestId } satisfies ErrorBody);
}

/**
 * Paths with static segments first where they differ from a `{parameter}`, as API Gateway resolves
 * them: the router tries paths with parameters in order, so `/tags/facets` must come before
 * `/tags/{tagId}` whatever order the domain lists them in.
 */
export function staticSegmentsFirst<T extends { contract: { path: string } }>(bindings: readonly T[]): T[] {
  const rank = (path: string) =>
    path
      .split('/')
      .map((segment) => (/^\{.+\}$/.test(segment) ? '1' : '0'))
      .join('');
  // Ranks are strings of 0 and 1: compared code unit by code unit, not with localeCompare, whose
  // first call loads ICU's collation data (about 6 ms of every API Lambda's init).
  return [...bindings].sort((a, b) => {
    const [ra, rb] = [rank(a.contract.path), rank(b.contract.path)];
    return ra < rb ? -1 : ra > rb ? 1 : 0;
  });
}

/** The Lambda entry of a domain: middy + http-router over its bound routes. */
export function createHttpHandler(bindings: RouteBinding[], accounts: CallerAccounts) {
  wireRights(accounts.abilityFacts);
  const router = httpRouterHandler<APIGatewayProxyEvent, APIGatewayProxyResult>(
    staticSegmentsFirst(bindings).map((b) => ({
      method: b.contract.method,
      path: b.contract.path,
      handler: (event: APIGatewayProxyEvent) => b.run(event, accounts),
    })),
  );
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .before((request) => {
      logger.addContext(request.context);
    })
    .onError((request) => {
      request.response = errorResponse(request.error, request.event.requestContext?.requestId ?? 'local');
    })
    .handler(
      router as unknown as (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>,
    );
  /** The contracts this Lambda serves, so a test can compare them with the contract list. */
  return Object.assign(handler, { contracts: bindings.map((b) => b.contract) });
}
