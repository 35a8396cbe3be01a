import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import { matchPath, type RouteContract } from '@shared/contracts/route';
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

/**
 * Answers the token check's read of the caller's account. Register it last before a call, so that a
 * test's own GetItem answers do not hide it.
 */
export function acceptCaller(
  ddb: AwsClientStub<DynamoDBDocumentClient>,
  userId: string,
  options: { isGuest?: boolean } = {},
): void {
  const standing = standingItem(userId, options);
  ddb.on(GetCommand, { Key: standing.key }).resolves({ Item: standing.item });
}

/** The proxy event of a call to one of a Lambda's routes: its resource and path parameters filled. */
export function routeEvent(
  contracts: readonly RouteContract[],
  request: { method: string; path: string; sub?: string; body?: unknown },
): APIGatewayProxyEvent {
  const { method, path } = request;
  const pattern = contracts.find((c) => c.method === method && matchPath(c.path, path))?.path;
  const pathParameters = (pattern && matchPath(pattern, path)) || undefined;
  return proxyEvent({
    method,
    path,
    ...(request.sub !== undefined ? { sub: request.sub } : {}),
    ...(pattern ? { resource: pattern } : {}),
    ...(pathParameters ? { pathParameters } : {}),
    ...(request.body !== undefined ? { body: request.body } : {}),
  });
}
