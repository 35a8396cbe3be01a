import { Duration, Stack } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  AuthorizationType,
  CognitoUserPoolsAuthorizer,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  ResponseType,
  RestApi,
  type IResource,
  type MethodOptions,
} from 'aws-cdk-lib/aws-apigateway';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { EXPORT_MEDIA_TYPE } from '../shared/contracts/account';
import { HEADER_LANGUAGE, HEADER_SOURCE, HEADER_SUPER_ADMIN } from '../shared/contracts/headers';
import type { RouteContract } from '../shared/contracts/route';
import { WellbeingFunction, pascalCase, type FunctionEnvironment } from './function';
import { acknowledge } from './nag';

/** Stage of the REST API: its URL is https://<id>.execute-api.eu-west-1.amazonaws.com/api. */
export const REST_STAGE = 'api';

/** Scope Cognito puts in every access token: with it the authorizer accepts access tokens only. */
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';

/**
 * Guest creation is public and makes a user-pool identity per call: it gets its own, lower limit
 * (requests per second across all callers), so a flood cannot fill the pool or starve the API.
 */
export const GUEST_CREATION_THROTTLE = { rateLimit: 10, burstLimit: 20 } as const;

/** Request headers the SPA sends (shared/contracts/headers.ts), allowed by the CORS preflight. */
export const CORS_ALLOW_HEADERS = [
  'content-type',
  'authorization',
  HEADER_LANGUAGE,
  HEADER_SOURCE,
  HEADER_SUPER_ADMIN,
];

export interface ApiProps {
  /** Every REST route (shared/contracts/index.ts). */
  routes: readonly RouteContract[];
  userPool: IUserPool;
  table: ITable;
  /** The SPA's origin (https://<CloudFront domain>): the only origin CORS allows. */
  allowedOrigin: string;
  /** Maps a domain handler's source file (relative to the repository root) to the entry to build. */
  entryFor: (entry: string) => string;
  environment?: FunctionEnvironment;
}

/**
 * The REST API, built from the contracts: one Lambda per domain (functions/<domain>/handler.ts) and,
 * for every route, its resource path and method, with the Cognito authorizer unless the route is public.
 *
 * Requests are validated in the Lambda, by the route's zod schemas (functions/lib/http.ts): the same
 * schemas serve the local gateway, answer with the spec's error keys, and cannot drift from a copy
 * kept as API Gateway models.
 */
export class Api extends Construct {
  readonly restApi: RestApi;
  /** One function per domain. */
  readonly functions: ReadonlyMap<string, WellbeingFunction>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    this.restApi = new RestApi(this, 'RestApi', {
      restApiName: 'wellbeing',
      description: 'Wellbeing REST API (routes from shared/contracts)',
      endpointTypes: [EndpointType.REGIONAL],
      // Answers a Lambda sends base64-encoded (the personal-data archive) go out as bytes.
      binaryMediaTypes: [EXPORT_MEDIA_TYPE],
      // API Gateway writes execution logs (loggingLevel below) through the account's CloudWatch role.
      cloudWatchRole: true,
      deployOptions: {
        stageName: REST_STAGE,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        accessLogFormat: AccessLogFormat.jsonWithStandardFields(),
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        metricsEnabled: true,
        tracingEnabled: true,
        throttlingRateLimit: 200,
        throttlingBurstLimit: 400,
        methodOptions: {
          '/users/guests/POST': {
            throttlingRateLimit: GUEST_CREATION_THROTTLE.rateLimit,
            throttlingBurstLimit: GUEST_CREATION_THROTTLE.burstLimit,
          },
        },
      },
      defaultCorsPreflightOptions: {
        allowOrigins: [props.allowedOrigin],
        allowHeaders: CORS_ALLOW_HEADERS,
        allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
        maxAge: Duration.hours(1),
      },
    });
    // Answers API Gateway makes itself (401 from the authorizer, 429, 5xx) carry the CORS header too,
    // so the SPA sees the status (a 401 sends the user to sign in) instead of a CORS failure, and the
    // same no-store and nosniff headers as every Lambda answer (functions/lib/http.ts).
    const gatewayHeaders = {
      'Access-Control-Allow-Origin': `'${props.allowedOrigin}'`,
      Vary: "'Origin'",
      'Cache-Control': "'no-store'",
      'X-Content-Type-Options': "'nosniff'",
    };
    for (const [name, type] of [
      ['Default4xx', ResponseType.DEFAULT_4XX],
      ['Default5xx', ResponseType.DEFAULT_5XX],
    ] as const) {
      this.restApi.addGatewayResponse(name, { type, responseHeaders: gatewayHeaders });
    }
    // A path or method the contracts lack: API Gateway's own answer is 403 "Missing Authentication
    // Token"; answer the spec's not-found instead, as the local gateway does.
    this.restApi.addGatewayResponse('UnknownRoute', {
      type: ResponseType.MISSING_AUTHENTICATION_TOKEN,
      statusCode: '404',
      responseHeaders: gatewayHeaders,
      templates: { 'application/json': '{"key":"not-found"}' },
    });

    const authorizer = new CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      cognitoUserPools: [props.userPool],
      identitySource: 'method.request.header.Authorization',
    });
    const signedIn: MethodOptions = {
      authorizationType: AuthorizationType.COGNITO,
      authorizer,
      authorizationScopes: [ACCESS_TOKEN_SCOPE],
    };
    const open: MethodOptions = { authorizationType: AuthorizationType.NONE };

    const functions = new Map<string, WellbeingFunction>();
    const integrations = new Map<string, LambdaIntegration>();
    for (const domain of [...new Set(props.routes.map((r) => r.domain))].sort()) {
      const fn = new WellbeingFunction(this, `${pascalCase(domain)}Handler`, {
        entry: props.entryFor(`functions/${domain}/handler.ts`),
        description: `REST routes of the ${domain} domain`,
        table: { table: props.table, access: 'readWrite' },
        environment: { ALLOWED_ORIGIN: props.allowedOrigin, ...props.environment },
      });
      if (domain === 'account') {
        // Leaving the product removes the caller's sign-in account; a first password is set in the
        // pool; signing out everywhere revokes every refresh token (functions/lib/cognito.ts).
        fn.function.addToRolePolicy(
          new PolicyStatement({
            actions: [
              'cognito-idp:AdminDeleteUser',
              'cognito-idp:AdminSetUserPassword',
              'cognito-idp:AdminUserGlobalSignOut',
            ],
            resources: [props.userPool.userPoolArn],
          }),
        );
      }
      if (domain === 'emails') {
        // Making an address primary makes it the sign-in email of the user, after finding the identity
        // that holds it and removing it if it never proved it (functions/emails/service.ts).
        fn.function.addToRolePolicy(
          new PolicyStatement({
            actions: [
              'cognito-idp:AdminUpdateUserAttributes',
              'cognito-idp:ListUsers',
              'cognito-idp:AdminDeleteUser',
            ],
            resources: [props.userPool.userPoolArn],
          }),
        );
      }
      if (domain === 'guests') {
        // A guest is a real pool identity: created (and removed again if its account cannot be
        // written), confirmed with a random password, and given its address at conversion
        // (functions/guests/identity.ts).
        fn.function.addToRolePolicy(
          new PolicyStatement({
            actions: [
              'cognito-idp:AdminCreateUser',
              'cognito-idp:AdminSetUserPassword',
              'cognito-idp:AdminUpdateUserAttributes',
              'cognito-idp:AdminDeleteUser',
              'cognito-idp:ListUsers',
            ],
            resources: [props.userPool.userPoolArn],
          }),
        );
      }
      functions.set(domain, fn);
      // One permission per function for the whole API, rather than one per method: a Lambda's resource
      // policy is limited to 20 KB, which a domain with many routes would exceed.
      integrations.set(domain, new LambdaIntegration(fn.function, { scopePermissionToMethod: false }));
    }
    this.functions = functions;

    // Phone verification codes go out by SMS (functions/lib/sms.ts): SNS Publish to a phone number
    // names no topic, so it has no resource ARN. Allowing Publish on anything but an SNS ARN allows
    // exactly that: SMS, and no topic or platform endpoint of the account.
    functions
      .get('emails')
      ?.function.addToRolePolicy(
        new PolicyStatement({ actions: ['sns:Publish'], notResources: ['arn:aws:sns:*:*:*'] }),
      );

    checkPathParameters(props.routes);
    for (const route of props.routes) {
      const resource: IResource = this.restApi.root.resourceForPath(route.path);
      const method = resource.addMethod(
        route.method,
        integrations.get(route.domain),
        route.auth === 'public' ? open : signedIn,
      );
      if (route.auth === 'public') {
        acknowledge(
          method,
          `${route.method} ${route.path} is public in the contracts (auth: 'public'): it is called before the user has a token (sign-in, guest creation).`,
          'AwsSolutions-APIG4',
          'AwsSolutions-COG4',
        );
      }
    }

    acknowledge(
      this.restApi,
      "Requests are validated in the domain Lambda against the route's zod schemas from shared/contracts, which answer with the spec's error keys and also serve the local gateway; API Gateway models would be a second copy that drifts.",
      'AwsSolutions-APIG2',
    );
    const cloudWatchRole = this.restApi.node.tryFindChild('CloudWatchRole');
    if (cloudWatchRole) {
      acknowledge(
        cloudWatchRole,
        "AmazonAPIGatewayPushToCloudWatchLogs is the AWS-managed policy made for API Gateway's account-level logging role; it allows log writes only.",
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      );
    }
  }

  /** Origin of the REST API, for the SPA's Content-Security-Policy. */
  get origin(): string {
    const stack = Stack.of(this);
    return `https://${this.restApi.restApiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }

  /** Base URL of the REST API, without a trailing slash (the SPA's `apiUrl`). */
  get url(): string {
    return `${this.origin}/${this.restApi.deploymentStage.stageName}`;
  }
}

/**
 * API Gateway allows one path parameter per level below a resource: `/spheres/{id}` beside
 * `/spheres/{sphereId}/members` would fail only at deployment. Fail at synth instead.
 */
export function checkPathParameters(routes: readonly RouteContract[]): void {
  const parameterAt = new Map<string, string>();
  for (const route of routes) {
    const parts = route.path.split('/').filter(Boolean);
    parts.forEach((part, i) => {
      if (!/^\{.+\}$/.test(part)) return;
      const parent = parts.slice(0, i).join('/');
      const seen = parameterAt.get(parent);
      if (seen !== undefined && seen !== part)
        throw new Error(`Routes use both ${seen} and ${part} below /${parent}: API Gateway allows one name`);
      parameterAt.set(parent, part);
    });
  }
}
