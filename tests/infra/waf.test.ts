import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES as routes } from '../../functions/domains';
import { USER_POOL_ANSWER_LIMIT, USER_POOL_OPERATION_LIMIT } from '@shared/domain/client-limits';
import { REST_STAGE } from '../../infra/api';
import { routePathPattern } from '../../infra/waf';
import { propertiesOf, synthesizeWellbeing, type SynthesizedApp } from './wellbeing-app';

type Json = Record<string, unknown>;

let synthesized: SynthesizedApp;
beforeAll(() => {
  synthesized = synthesizeWellbeing();
});

function acls(): Json[] {
  return [...propertiesOf(synthesized.template, 'AWS::WAFv2::WebACL').values()];
}
const userPoolAcl = () => acls().find((acl) => String(acl.Description).includes('user pool'))!;
const apiAcl = () => acls().find((acl) => String(acl.Description).includes('routes'))!;

describe('per-client limits in WAF (docs/decisions/0006)', () => {
  it('limit InitiateAuth and SignUp per source IP on the user pool, with the shared figures', () => {
    const [rule] = userPoolAcl().Rules as Json[];
    const rate = (rule?.Statement as Json).RateBasedStatement as Json;
    expect(rate).toMatchObject({
      AggregateKeyType: 'IP',
      Limit: USER_POOL_OPERATION_LIMIT.limit,
      EvaluationWindowSec: USER_POOL_OPERATION_LIMIT.windowSeconds,
    });
    const targets = ((rate.ScopeDownStatement as Json).OrStatement as { Statements: Json[] }).Statements.map(
      (s) => (s.ByteMatchStatement as Json).SearchString,
    );
    expect(targets).toEqual([
      'AWSCognitoIdentityProviderService.InitiateAuth',
      'AWSCognitoIdentityProviderService.SignUp',
    ]);
    // Cognito turns a WAF block into its own ForbiddenException, as the local issuer answers.
    expect(rule?.Action).toEqual({ Block: {} });
    synthesized.template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: Match.objectLike({ 'Fn::GetAtt': Match.arrayWith([Match.stringLikeRegexp('UserPool')]) }),
    });
  });

  it('limit RespondToAuthChallenge per source IP on the user pool, in a rule of its own', () => {
    const rule = (userPoolAcl().Rules as Json[]).find((r) => r.Name === 'user-pool-answers');
    const rate = (rule?.Statement as Json).RateBasedStatement as Json;
    expect(rate).toMatchObject({
      AggregateKeyType: 'IP',
      Limit: USER_POOL_ANSWER_LIMIT.limit,
      EvaluationWindowSec: USER_POOL_ANSWER_LIMIT.windowSeconds,
    });
    expect(((rate.ScopeDownStatement as Json).ByteMatchStatement as Json).SearchString).toBe(
      'AWSCognitoIdentityProviderService.RespondToAuthChallenge',
    );
    expect(rule?.Action).toEqual({ Block: {} });
  });

  it('give every route that declares a clientLimit its own rule on the API stage, with its figures', () => {
    const limited = routes.filter((route) => route.clientLimit);
    expect(limited.length).toBeGreaterThan(0);
    const rules = apiAcl().Rules as Json[];
    expect(rules).toHaveLength(limited.length);
    // What the local gateway answers too: 429 with the spec's error key.
    for (const rule of rules)
      expect(rule.Action).toEqual({
        Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' } },
      });
    for (const route of limited) {
      const rule = rules.find((r) => r.Name === `route-${route.name}`);
      const rate = (rule?.Statement as Json).RateBasedStatement as Json;
      expect(rate, route.name).toMatchObject({
        AggregateKeyType: 'IP',
        Limit: route.clientLimit?.limit,
        EvaluationWindowSec: route.clientLimit?.windowSeconds,
      });
      const [method, path] = ((rate.ScopeDownStatement as Json).AndStatement as { Statements: Json[] })
        .Statements;
      expect((method?.ByteMatchStatement as Json).SearchString).toBe(route.method);
      expect((path?.RegexMatchStatement as Json).RegexString).toBe(routePathPattern(REST_STAGE, route.path));
    }
    const associations = [...propertiesOf(synthesized.template, 'AWS::WAFv2::WebACLAssociation').values()];
    expect(JSON.stringify(associations)).toContain(`/stages/${REST_STAGE}`);
  });

  it('match a route path with its stage and one segment per parameter, nothing more', () => {
    const pattern = new RegExp(routePathPattern('prod', '/v1/emails/{email}/verification'));
    expect(pattern.test('/prod/v1/emails/ada%40example.be/verification')).toBe(true);
    expect(pattern.test('/prod/v1/emails/a/b/verification')).toBe(false);
    expect(pattern.test('/v1/emails/x/verification')).toBe(false);
  });
});

describe('API answers made by API Gateway itself', () => {
  it('are no-store and nosniff like the Lambda answers', () => {
    for (const type of ['DEFAULT_4XX', 'DEFAULT_5XX', 'MISSING_AUTHENTICATION_TOKEN']) {
      synthesized.template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
        ResponseType: type,
        ResponseParameters: Match.objectLike({
          'gatewayresponse.header.Cache-Control': "'no-store'",
          'gatewayresponse.header.X-Content-Type-Options': "'nosniff'",
        }),
      });
    }
  });
});
