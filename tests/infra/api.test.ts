import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_SCOPE,
  GUEST_CREATION_THROTTLE,
  REST_STAGE,
  checkPathParameters,
} from '../../infra/api';
import { ROUTES as routes } from '../../functions/domains';
import { defineRoute, type RouteContract } from '@shared/contracts/route';
import {
  allTemplates,
  propertiesOf,
  resolveParameters,
  synthesizeWellbeing,
  type SynthesizedApp,
} from './wellbeing-app';

type Json = Record<string, unknown>;

interface SynthesizedMethod {
  logicalId: string;
  method: string;
  path: string;
  properties: Json;
}

let synthesized: SynthesizedApp;
let methods: SynthesizedMethod[];
let resourcePaths: string[];

/**
 * Rebuilds each method's full path from the Resource PathPart / ParentId chain, across the stack and
 * the nested stacks of the route groups (a nested resource's parent may be the stack's `/v1`, passed
 * in as a parameter). Properties come with parameters replaced by the parent's expressions.
 */
function readMethods(app: SynthesizedApp): void {
  const templates = allTemplates(app);
  const [restApiId, ...others] = [...propertiesOf(app.template, 'AWS::ApiGateway::RestApi').keys()];
  expect(others).toEqual([]);
  const resourcesOf = templates.map(({ template }) => propertiesOf(template, 'AWS::ApiGateway::Resource'));
  const pathOf = (at: number, reference: unknown): string => {
    const ref = reference as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
    if (ref['Fn::GetAtt']) {
      expect(ref['Fn::GetAtt']).toEqual([restApiId, 'RootResourceId']);
      return '';
    }
    const local = ref.Ref === undefined ? undefined : resourcesOf[at]?.get(ref.Ref);
    if (local) return `${pathOf(at, local.ParentId)}/${String(local.PathPart)}`;
    const passed = ref.Ref === undefined ? undefined : templates[at]?.parameters[ref.Ref];
    if (at > 0 && passed !== undefined) return pathOf(0, passed);
    throw new Error(`Unknown API resource ${JSON.stringify(reference)}`);
  };
  methods = templates.flatMap(({ template, parameters }, at) =>
    [...propertiesOf(template, 'AWS::ApiGateway::Method')].map(([logicalId, properties]) => ({
      logicalId,
      method: String(properties.HttpMethod),
      path: pathOf(at, properties.ResourceId) || '/',
      properties: resolveParameters(properties, parameters) as Json,
    })),
  );
  resourcePaths = [
    '/',
    ...resourcesOf.flatMap((resources, at) => [...resources.keys()].map((id) => pathOf(at, { Ref: id }))),
  ];
}

function methodFor(route: RouteContract): SynthesizedMethod {
  const found = methods.find((m) => m.method === route.method && m.path === route.path);
  if (!found) throw new Error(`No API Gateway method for ${route.method} ${route.path}`);
  return found;
}

beforeAll(() => {
  synthesized = synthesizeWellbeing();
  readMethods(synthesized);
});

describe('REST API built from the contracts', () => {
  it('has a method for every contract route, at the route path', () => {
    for (const route of routes) expect(methodFor(route).path).toBe(route.path);
  });

  it('has no method (other than CORS preflight) that the contracts lack', () => {
    const synthesizedRoutes = methods
      .filter((m) => m.method !== 'OPTIONS')
      .map((m) => `${m.method} ${m.path}`)
      .sort();
    expect(synthesizedRoutes).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('protects every non-public route with the Cognito authorizer and the access-token scope', () => {
    const authorizers = propertiesOf(synthesized.template, 'AWS::ApiGateway::Authorizer');
    for (const route of routes.filter((r) => r.auth !== 'public')) {
      const { properties } = methodFor(route);
      expect(properties.AuthorizationType, `${route.method} ${route.path}`).toBe('COGNITO_USER_POOLS');
      expect(properties.AuthorizationScopes).toEqual([ACCESS_TOKEN_SCOPE]);
      const authorizerId = (properties.AuthorizerId as { Ref: string }).Ref;
      expect(authorizers.get(authorizerId)).toMatchObject({
        Type: 'COGNITO_USER_POOLS',
        IdentitySource: 'method.request.header.Authorization',
      });
    }
  });

  it('leaves public routes without authorizer', () => {
    for (const route of routes.filter((r) => r.auth === 'public')) {
      const { properties } = methodFor(route);
      expect(properties.AuthorizationType, `${route.method} ${route.path}`).toBe('NONE');
      expect(properties.AuthorizerId).toBeUndefined();
    }
  });

  it("sends every route to its domain's Lambda through a proxy integration", () => {
    for (const route of routes) {
      const fn = synthesized.stack.api.functions.get(route.domain);
      expect(fn, route.domain).toBeDefined();
      const functionId = synthesized.stack.getLogicalId(fn!.function.node.defaultChild as CfnFunction);
      const integration = methodFor(route).properties.Integration as Json;
      expect(integration.Type).toBe('AWS_PROXY');
      expect(JSON.stringify(integration.Uri)).toContain(
        JSON.stringify({ 'Fn::GetAtt': [functionId, 'Arn'] }),
      );
    }
  });

  it('builds one Lambda per domain, from functions/<domain>/handler.ts', () => {
    const domains = [...new Set(routes.map((r) => r.domain))].sort();
    expect([...synthesized.stack.api.functions.keys()].sort()).toEqual(domains);
    for (const domain of domains)
      expect(synthesized.requestedEntries).toContain(`functions/${domain}/handler.ts`);
  });

  it('keeps every stack well below CloudFormation’s 500 resources: each group of routes is a nested stack', () => {
    const templates = allTemplates(synthesized);
    expect(templates.length).toBeGreaterThan(5);
    for (const { template } of templates) {
      const count = Object.keys((template.toJSON() as { Resources: object }).Resources).length;
      expect(count).toBeLessThan(400);
    }
  });

  it('lets only the translations Lambda call Amazon Translate', () => {
    const policies = [...propertiesOf(synthesized.template, 'AWS::IAM::Policy')];
    const translating = policies.filter(([, p]) =>
      JSON.stringify(p.PolicyDocument).includes('translate:TranslateText'),
    );
    expect(translating.map(([id]) => id)).toEqual([expect.stringMatching(/^ApiTranslationsHandlerRole/)]);
  });

  it('answers the CORS preflight on every resource with the SPA headers', () => {
    for (const path of resourcePaths) {
      const preflight = methods.find((m) => m.method === 'OPTIONS' && m.path === path);
      expect(preflight, `OPTIONS ${path}`).toBeDefined();
      const responses = (preflight!.properties.Integration as Json).IntegrationResponses as Json[];
      const headers = responses[0]?.ResponseParameters as Record<string, string>;
      expect(headers['method.response.header.Access-Control-Allow-Headers']).toBe(
        "'content-type,authorization,x-language,x-source,x-super-admin,x-terminal-key'",
      );
      // The only allowed origin is the SPA's CloudFront domain.
      expect(JSON.stringify(headers['method.response.header.Access-Control-Allow-Origin'])).toContain(
        'DomainName',
      );
    }
  });

  it(`deploys to the "${REST_STAGE}" stage with access logs and throttling`, () => {
    synthesized.template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: REST_STAGE,
      AccessLogSetting: { DestinationArn: {} },
      MethodSettings: Match.arrayWith([
        Match.objectLike({ ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400, LoggingLevel: 'ERROR' }),
      ]),
    });
  });

  it('throttles public guest creation harder than the rest of the API', () => {
    synthesized.template.hasResourceProperties('AWS::ApiGateway::Stage', {
      MethodSettings: Match.arrayWith([
        Match.objectLike({
          HttpMethod: 'POST',
          ResourcePath: '/~1users~1guests',
          ThrottlingRateLimit: GUEST_CREATION_THROTTLE.rateLimit,
          ThrottlingBurstLimit: GUEST_CREATION_THROTTLE.burstLimit,
        }),
      ]),
    });
  });

  it('gives API Gateway errors (401, 429, 5xx) the CORS header, so the SPA can read them', () => {
    for (const type of ['DEFAULT_4XX', 'DEFAULT_5XX']) {
      const responses = [...propertiesOf(synthesized.template, 'AWS::ApiGateway::GatewayResponse').values()];
      const response = responses.find((r) => r.ResponseType === type);
      expect(response, type).toBeDefined();
      expect(response!.ResponseParameters).toHaveProperty([
        'gatewayresponse.header.Access-Control-Allow-Origin',
      ]);
    }
  });

  it('answers a path or method the contracts lack with 404 not-found, like the local gateway', () => {
    const responses = [...propertiesOf(synthesized.template, 'AWS::ApiGateway::GatewayResponse').values()];
    const response = responses.find((r) => r.ResponseType === 'MISSING_AUTHENTICATION_TOKEN');
    expect(response).toMatchObject({
      StatusCode: '404',
      ResponseTemplates: { 'application/json': '{"key":"not-found"}' },
    });
  });
});

describe('path parameters', () => {
  const route = (path: string) =>
    defineRoute({
      name: path,
      domain: 'me',
      method: 'GET',
      path,
      auth: 'user',
      response: routes[0]!.response,
    });

  it('accepts the same parameter name at one level', () => {
    expect(() =>
      checkPathParameters([route('/spheres/{sphereId}'), route('/spheres/{sphereId}/tags')]),
    ).not.toThrow();
  });

  it('refuses two parameter names below the same resource, which API Gateway would reject at deployment', () => {
    expect(() => checkPathParameters([route('/spheres/{id}'), route('/spheres/{sphereId}/tags')])).toThrow(
      /\{id\}.*\{sphereId\}/,
    );
  });
});
