import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { usersDb } from '../../functions/users/store';

/** An API Gateway REST proxy event (v1) as the Cognito-authorised API sends it. */
export function proxyEvent(options: {
  method: string;
  path: string;
  resource?: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  sub?: string;
  /** Further claims of the token (`origin_jti`, an older `auth_time`). */
  claims?: Record<string, string>;
}): APIGatewayProxyEvent {
  const body = options.rawBody ?? (options.body === undefined ? null : JSON.stringify(options.body));
  return {
    httpMethod: options.method,
    path: options.path,
    resource: options.resource ?? options.path,
    pathParameters: options.pathParameters ?? null,
    queryStringParameters: options.query ?? null,
    multiValueQueryStringParameters: null,
    headers: { 'content-type': 'application/json', ...(options.headers ?? {}) },
    multiValueHeaders: {},
    body,
    isBase64Encoded: false,
    stageVariables: null,
    requestContext: {
      requestId: 'req-test',
      httpMethod: options.method,
      path: options.path,
      resourcePath: options.resource ?? options.path,
      stage: 'test',
      authorizer: options.sub
        ? {
            claims: {
              sub: options.sub,
              username: options.sub,
              auth_time: String(Math.floor(Date.now() / 1000)),
              ...options.claims,
            },
          }
        : null,
    } as unknown as APIGatewayProxyEvent['requestContext'],
  };
}

export const lambdaContext = {
  awsRequestId: 'req-test',
  functionName: 'test',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

/**
 * What the token check of every authenticated route reads (functions/lib/token-check.ts): the
 * caller's user item, by its exact key, so a test's own GetItem answers stay as they are.
 */
export function standingItem(userId: string, options: { isGuest?: boolean } = {}) {
  const user = usersDb().entities.user;
  return {
    key: user.get({ userId }).params().Key as Record<string, unknown>,
    item: user
      .create({ userId, firstName: 'Caller', isGuest: options.isGuest ?? false, tokensValidAfter: 0 })
      .params().Item as Record<string, unknown>,
  };
}
