import { Stack } from 'aws-cdk-lib';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Construct } from 'constructs';
import type { RouteContract } from '@shared/contracts/route';
import { REST_STAGE } from './api';
import { USER_POOL_LIMITS, type ClientLimit } from '@shared/domain/client-limits';

/** Cognito's JSON protocol names the operation in this header. */
const COGNITO_TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * What a client over a limit gets: 429 with the spec's error body, as the local gateway answers
 * (tools/local-stack/gateway.ts TOO_MANY_REQUESTS), so the SPA shows its translated message.
 */
const TOO_MANY_REQUESTS_BODY = 'TooManyRequests';
const customResponseBodies: Record<string, CfnWebACL.CustomResponseBodyProperty> = {
  [TOO_MANY_REQUESTS_BODY]: { contentType: 'APPLICATION_JSON', content: '{"key":"too-many-requests"}' },
};
const block: CfnWebACL.RuleActionProperty = {
  block: { customResponse: { responseCode: 429, customResponseBodyKey: TOO_MANY_REQUESTS_BODY } },
};

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const exactly = (
  field: CfnWebACL.FieldToMatchProperty,
  value: string,
  transformation = 'NONE',
): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: field,
    positionalConstraint: 'EXACTLY',
    searchString: value,
    textTransformations: [{ priority: 0, type: transformation }],
  },
});

/** WAF's OR wants two statements at least. */
function anyOf(statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty {
  const [only, ...others] = statements;
  if (!only) throw new Error('No statement to match');
  return others.length === 0 ? only : { orStatement: { statements } };
}

/**
 * Cognito answers a request its web ACL blocks with its own `ForbiddenException`, which the SDK
 * and Amplify understand (the local issuer answers the same); a custom response would hide it.
 */
const cognitoBlock: CfnWebACL.RuleActionProperty = { block: {} };

/** A rate-based rule per source IP over the limit's window. */
function rateRule(
  name: string,
  priority: number,
  limit: ClientLimit,
  scopeDownStatement: CfnWebACL.StatementProperty,
  action: CfnWebACL.RuleActionProperty = block,
): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action,
    statement: {
      rateBasedStatement: {
        aggregateKeyType: 'IP',
        limit: limit.limit,
        evaluationWindowSec: limit.windowSeconds,
        scopeDownStatement,
      },
    },
    visibilityConfig: visibility(name),
  };
}

/**
 * The request path of a route as it reaches the stage: `/<stage>/v1/emails/{email}` becomes a
 * regular expression with one segment per parameter.
 */
export function routePathPattern(stage: string, path: string): string {
  const escaped = path
    .split('/')
    .map((segment) => (/^\{.+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^/${stage}${escaped}$`;
}

/** The rate-based rule of one route: its method and path, per source IP. */
export function routeRule(route: RouteContract, stage: string, priority: number): CfnWebACL.RuleProperty {
  if (!route.clientLimit) throw new Error(`Route ${route.name} has no clientLimit`);
  return rateRule(`route-${route.name}`, priority, route.clientLimit, {
    andStatement: {
      statements: [
        exactly({ method: {} }, route.method),
        {
          regexMatchStatement: {
            fieldToMatch: { uriPath: {} },
            regexString: routePathPattern(stage, route.path),
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
      ],
    },
  });
}

export interface ClientLimitsProps {
  userPool: IUserPool;
  restApi: RestApi;
  routes: readonly RouteContract[];
}

/**
 * The per-client limits of docs/decisions/0006 as WAF rate-based rules: one web ACL on the user
 * pool (InitiateAuth and SignUp; RespondToAuthChallenge; per source IP) and one on the REST API's stage (one rule per route
 * whose contract declares a `clientLimit`). The figures come from shared/domain/client-limits.ts
 * and the contracts, which the local stack applies too.
 */
export class ClientLimits extends Construct {
  readonly userPoolAcl: CfnWebACL;
  readonly apiAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: ClientLimitsProps) {
    super(scope, id);
    const operations = (names: readonly string[]) =>
      names.map((operation) =>
        exactly({ singleHeader: { Name: 'x-amz-target' } }, `${COGNITO_TARGET_PREFIX}${operation}`),
      );
    this.userPoolAcl = new CfnWebACL(this, 'UserPoolAcl', {
      scope: 'REGIONAL',
      description: 'Per-client limits on the user pool, docs/decisions/0006',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('wellbeing-user-pool'),
      rules: USER_POOL_LIMITS.map((limit, priority) =>
        rateRule(limit.name, priority, limit, anyOf(operations(limit.operations)), cognitoBlock),
      ),
    });
    new CfnWebACLAssociation(this, 'UserPoolAclAssociation', {
      resourceArn: props.userPool.userPoolArn,
      webAclArn: this.userPoolAcl.attrArn,
    });

    const stage = props.restApi.deploymentStage;
    const limited = props.routes.filter((route) => route.clientLimit);
    this.apiAcl = new CfnWebACL(this, 'ApiAcl', {
      scope: 'REGIONAL',
      description: 'Per-client limits on the routes that mail, text, create or look up, docs/decisions/0006',
      defaultAction: { allow: {} },
      customResponseBodies,
      visibilityConfig: visibility('wellbeing-api'),
      // The stage's name as a literal: WAF compiles the pattern, it cannot take a reference.
      rules: limited.map((route, index) => routeRule(route, REST_STAGE, index)),
    });
    const stack = Stack.of(this);
    const apiAssociation = new CfnWebACLAssociation(this, 'ApiAclAssociation', {
      resourceArn: `arn:${stack.partition}:apigateway:${stack.region}::/restapis/${props.restApi.restApiId}/stages/${REST_STAGE}`,
      webAclArn: this.apiAcl.attrArn,
    });
    // The stage must exist before WAF can be attached to it.
    apiAssociation.node.addDependency(stage);
  }
}
