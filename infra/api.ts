import { createHash } from 'node:crypto';
import { Duration, NestedStack, Stack } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  AuthorizationType,
  CfnAuthorizer,
  Deployment,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  Resource,
  ResponseType,
  RestApi,
  Stage,
  type CorsOptions,
  type IResource,
  type MethodOptions,
} from 'aws-cdk-lib/aws-apigateway';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { EXPORT_MEDIA_TYPE } from '@shared/contracts/account';
import { CORS_ALLOW_HEADERS, CORS_ALLOW_METHODS, CORS_MAX_AGE_SECONDS } from '@shared/contracts/headers';
import type { RouteContract } from '@shared/contracts/route';
import type { DomainFace } from '../functions/lib/domain';
import { WellbeingFunction, pascalCase, type FunctionEnvironment } from './function';
import { AssistantGuardrail } from './guardrail';
import { acknowledge, acknowledgeWildcards } from './nag';

/** Stage of the REST API: its URL is https://<id>.execute-api.eu-west-1.amazonaws.com/api. */
export const REST_STAGE = 'api';

/** Scope Cognito puts in every access token: with it the authorizer accepts access tokens only. */
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';

export { GUEST_CREATION_THROTTLE } from '@shared/domain/client-limits';

/**
 * The model that writes card texts (decision 0032) unless CDK context `bedrockModelId` names another:
 * Claude 3 Haiku through Bedrock's EU cross-Region inference profile, so prompts stay in EU Regions.
 */
export const DEFAULT_BEDROCK_MODEL_ID = 'eu.anthropic.claude-3-haiku-20240307-v1:0';

/** Bedrock's cross-Region (system-defined) inference profiles: a geography prefix, then the model id. */
const INFERENCE_PROFILE_ID = /^(us|us-gov|eu|apac|ca|jp|au|global)\.(.+)$/;

/**
 * What calling a model or an inference profile through Converse needs (bedrock:InvokeModel): the
 * foundation model in the stack's Region and, for an inference profile, the profile itself and the
 * foundation model in whichever Region of its geography the profile sends the request to, that last
 * one only through this profile.
 */
export function bedrockInvokeStatements(
  stack: Stack,
  modelId: string,
  actions: readonly string[] = ['bedrock:InvokeModel'],
): PolicyStatement[] {
  const profile = INFERENCE_PROFILE_ID.exec(modelId);
  const foundationModel = (region: string) =>
    `arn:${stack.partition}:bedrock:${region}::foundation-model/${profile?.[2] ?? modelId}`;
  if (!profile)
    return [new PolicyStatement({ actions: [...actions], resources: [foundationModel(stack.region)] })];
  const profileArn = `arn:${stack.partition}:bedrock:${stack.region}:${stack.account}:inference-profile/${modelId}`;
  return [
    new PolicyStatement({
      actions: [...actions],
      resources: [profileArn, foundationModel(stack.region)],
    }),
    new PolicyStatement({
      actions: [...actions],
      resources: [foundationModel('*')],
      conditions: { StringEquals: { 'bedrock:InferenceProfileArn': profileArn } },
    }),
  ];
}

export interface ApiProps {
  /** The domains with REST routes (functions/domains.ts): one Lambda each, with the grants it declares. */
  domains: readonly DomainFace[];
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

    const routes = props.domains.flatMap((domain) => domain.routes);
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    const cors: CorsOptions = {
      allowOrigins: [props.allowedOrigin],
      allowHeaders: [...CORS_ALLOW_HEADERS],
      allowMethods: [...CORS_ALLOW_METHODS],
      maxAge: Duration.seconds(CORS_MAX_AGE_SECONDS),
    };
    this.restApi = new RestApi(this, 'RestApi', {
      restApiName: 'wellbeing',
      description: 'Wellbeing REST API (routes from shared/contracts)',
      endpointTypes: [EndpointType.REGIONAL],
      // Answers a Lambda sends base64-encoded (the personal-data archive) go out as bytes.
      binaryMediaTypes: [EXPORT_MEDIA_TYPE],
      // API Gateway writes execution logs (loggingLevel below) through the account's CloudWatch role.
      cloudWatchRole: true,
      // The routes live in nested stacks (see RouteGroup): the deployment and stage are made below,
      // once every group exists.
      deploy: false,
      defaultCorsPreflightOptions: cors,
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

    // A plain CloudFormation authorizer: the routes' methods, in nested stacks, name it by its id.
    const authorizer = new CfnAuthorizer(this, 'Authorizer', {
      restApiId: this.restApi.restApiId,
      name: 'WellbeingApiAuthorizer',
      type: 'COGNITO_USER_POOLS',
      providerArns: [props.userPool.userPoolArn],
      identitySource: 'method.request.header.Authorization',
    });
    const signedIn: MethodOptions = {
      authorizationType: AuthorizationType.COGNITO,
      authorizer: { authorizerId: authorizer.ref, authorizationType: AuthorizationType.COGNITO },
      authorizationScopes: [ACCESS_TOKEN_SCOPE],
    };
    const open: MethodOptions = { authorizationType: AuthorizationType.NONE };

    const functions = new Map<string, WellbeingFunction>();
    const integrations = new Map<string, LambdaIntegration>();
    // The assistant's guardrail, made with the first domain that streams through it.
    let guardrail: AssistantGuardrail | undefined;
    for (const domain of [...props.domains].sort((a, b) => a.name.localeCompare(b.name))) {
      const fn = new WellbeingFunction(this, `${pascalCase(domain.name)}Handler`, {
        entry: props.entryFor(`functions/${domain.name}/handler.ts`),
        description: `REST routes of the ${domain.name} domain`,
        table: { table: props.table, access: 'readWrite' },
        environment: { ALLOWED_ORIGIN: props.allowedOrigin, ...props.environment },
      });
      const userPoolActions = domain.grants.userPool ?? [];
      if (userPoolActions.length) {
        fn.function.addToRolePolicy(
          new PolicyStatement({
            actions: userPoolActions.map((action) => `cognito-idp:${action}`),
            resources: [props.userPool.userPoolArn],
          }),
        );
      }
      if (domain.grants.sms) {
        // SNS Publish to a phone number names no topic, so it has no resource ARN. Allowing Publish
        // on anything but an SNS ARN allows exactly that: SMS, and no topic or platform endpoint.
        fn.function.addToRolePolicy(
          new PolicyStatement({ actions: ['sns:Publish'], notResources: ['arn:aws:sns:*:*:*'] }),
        );
      }
      if (domain.grants.translate) {
        // TranslateText acts on no resource of the account: Amazon Translate has no ARN to name here.
        fn.function.addToRolePolicy(
          new PolicyStatement({ actions: ['translate:TranslateText'], resources: ['*'] }),
        );
      }
      if (domain.grants.bedrock) {
        const context: unknown = this.node.tryGetContext('bedrockModelId');
        const modelId = typeof context === 'string' && context ? context : DEFAULT_BEDROCK_MODEL_ID;
        // A domain that streams through the guardrail (the assistant) also streams from the model.
        const statements = bedrockInvokeStatements(
          Stack.of(this),
          modelId,
          domain.grants.guardrail
            ? ['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream']
            : ['bedrock:InvokeModel'],
        );
        for (const statement of statements) fn.function.addToRolePolicy(statement);
        acknowledgeWildcards(
          fn.role,
          statements,
          'An inference profile sends each request to one Region of its geography, chosen per request: the foundation model is allowed in any Region, and only through this one profile (bedrock:InferenceProfileArn).',
        );
        fn.addEnvironment({ BEDROCK_MODEL_ID: modelId });
        if (domain.grants.guardrail) {
          guardrail ??= new AssistantGuardrail(this, 'AssistantGuardrail');
          fn.function.addToRolePolicy(
            new PolicyStatement({ actions: ['bedrock:ApplyGuardrail'], resources: [guardrail.guardrailArn] }),
          );
          fn.addEnvironment({
            BEDROCK_GUARDRAIL_ID: guardrail.guardrailId,
            BEDROCK_GUARDRAIL_VERSION: guardrail.version,
          });
        }
      }
      functions.set(domain.name, fn);
      // One permission per function for the whole API, rather than one per method: a Lambda's resource
      // policy is limited to 20 KB, which a domain with many routes would exceed.
      integrations.set(domain.name, new LambdaIntegration(fn.function, { scopePermissionToMethod: false }));
    }
    this.functions = functions;

    checkPathParameters(routes);
    // CloudFormation allows 500 resources per stack and the API has a resource, a CORS preflight
    // and methods for every path: each group of routes below one path prefix gets a nested stack of
    // its own, beside `/v1`, which the groups hang from (decision 0022).
    const v1 = this.restApi.root.addResource('v1');
    const groups = new Map<string, RouteContract[]>();
    for (const route of routes) {
      const key = routeGroupOf(route.path);
      groups.set(key, [...(groups.get(key) ?? []), route]);
    }
    const groupStacks: NestedStack[] = [];
    const nameOf = (key: string) =>
      `Routes${pascalCase(key.replace(/^v1\//, '').replace(/[^A-Za-z0-9]+/g, '-'))}`;
    const outsideV1 = new Set([...groups.keys()].filter((key) => !key.startsWith('v1/')).map(nameOf));
    for (const [key, grouped] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
      const underV1 = key.startsWith('v1/');
      // A group below `/v1` keeps the name of its prefix (the names deployed stacks have), unless a
      // group outside `/v1` has it already (`/users` and `/v1/users`): then it says `V1`.
      const name =
        underV1 && outsideV1.has(nameOf(key)) ? `RoutesV1${nameOf(key).slice('Routes'.length)}` : nameOf(key);
      const group = new RouteGroup(this, name, {
        restApi: this.restApi,
        parent: underV1 ? v1 : this.restApi.root,
        routes: grouped,
        cors,
        integrations,
        signedIn,
        open,
      });
      groupStacks.push(group);
    }

    // The deployment waits for every group and changes with the routes, so each change redeploys.
    const deployment = new Deployment(this, 'Deployment', { api: this.restApi });
    for (const group of groupStacks) deployment.node.addDependency(group);
    deployment.addToLogicalId({
      routes: createHash('sha256')
        .update(JSON.stringify(routes.map((r) => [r.method, r.path, r.auth, r.domain])))
        .digest('hex'),
      cors,
    });
    const stage = new Stage(this, 'Stage', {
      deployment,
      stageName: REST_STAGE,
      accessLogDestination: new LogGroupLogDestination(accessLogs),
      accessLogFormat: AccessLogFormat.jsonWithStandardFields(),
      loggingLevel: MethodLoggingLevel.ERROR,
      dataTraceEnabled: false,
      metricsEnabled: true,
      tracingEnabled: true,
      throttlingRateLimit: 200,
      throttlingBurstLimit: 400,
      // A route whose contract carries a throttle gets it as method throttling.
      methodOptions: Object.fromEntries(
        routes.flatMap((route) =>
          route.throttle
            ? [
                [
                  `${route.path}/${route.method}`,
                  {
                    throttlingRateLimit: route.throttle.rateLimit,
                    throttlingBurstLimit: route.throttle.burstLimit,
                  },
                ],
              ]
            : [],
        ),
      ),
    });
    this.restApi.deploymentStage = stage;

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

/**
 * Which nested stack serves a path: the first segment below `/v1` (`/v1/spheres/…` → `v1/spheres`),
 * or the first segment for the routes outside it (`/users/sign-in` → `users`).
 */
export function routeGroupOf(path: string): string {
  const [first = '', second = ''] = path.split('/').filter(Boolean);
  return first === 'v1' && second ? `v1/${second}` : first;
}

interface RouteGroupProps {
  restApi: RestApi;
  /** The resource the group's first segment hangs from (the root or `/v1`), in the parent stack. */
  parent: IResource;
  routes: readonly RouteContract[];
  cors: CorsOptions;
  integrations: ReadonlyMap<string, LambdaIntegration>;
  signedIn: MethodOptions;
  open: MethodOptions;
}

/**
 * The routes below one path prefix, in a nested stack of their own: the resources of their paths
 * (each with its CORS preflight) and one method per route, sent to its domain's Lambda, with the
 * Cognito authorizer unless the route is public. The API, its authorizer and the Lambdas stay in the
 * parent stack; this stack names them by their ids.
 */
class RouteGroup extends NestedStack {
  constructor(scope: Construct, id: string, props: RouteGroupProps) {
    super(scope, id, { description: `Wellbeing REST routes: ${id}` });
    const api = RestApi.fromRestApiAttributes(this, 'RestApi', {
      restApiId: props.restApi.restApiId,
      rootResourceId: props.restApi.restApiRootResourceId,
    });
    const parent = Resource.fromResourceAttributes(this, 'Parent', {
      resourceId: props.parent.resourceId,
      restApi: api,
      path: props.parent.path,
    });
    const resources = new Map<string, IResource>();
    const resourceFor = (path: string): IResource => {
      const parts = path.slice(props.parent.path.length).split('/').filter(Boolean);
      let current = parent;
      let at = props.parent.path === '/' ? '' : props.parent.path;
      for (const part of parts) {
        at = `${at}/${part}`;
        let next = resources.get(at);
        if (!next) {
          next = current.addResource(part, { defaultCorsPreflightOptions: props.cors });
          resources.set(at, next);
        }
        current = next;
      }
      return current;
    };
    for (const route of props.routes) {
      const method = resourceFor(route.path).addMethod(
        route.method,
        props.integrations.get(route.domain),
        route.auth === 'public' ? props.open : props.signedIn,
      );
      if (route.auth === 'public') {
        acknowledge(
          method,
          `${route.method} ${route.path} is public in the contracts (auth: 'public'): it is called before the user has a token (sign-in, guest creation), or by the card provider, whose webhook is signed (decision 0051).`,
          'AwsSolutions-APIG4',
          'AwsSolutions-COG4',
        );
      }
    }
  }
}
