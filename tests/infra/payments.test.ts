import type { CfnElement } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { receivePaymentEvent, startCheckout } from '@shared/contracts/payments';
import { allTemplates, propertiesOf, synthesizeWellbeing, type SynthesizedApp } from './wellbeing-app';

type Json = Record<string, unknown>;

/**
 * Card payments in AWS (decision 0051): the provider's keys live in one Secrets Manager secret that
 * CDK makes without them; the payments Lambda (and the account Lambda, which cancels a leaving
 * person's subscription) may read that secret only; the webhook route is public, the others are not.
 */
let synthesized: SynthesizedApp;
beforeAll(() => {
  synthesized = synthesizeWellbeing();
});

const idOf = (domain: string) =>
  synthesized.stack.getLogicalId(
    synthesized.stack.api.functions.get(domain)!.function.node.defaultChild as CfnFunction,
  );
const secretId = () =>
  synthesized.stack.getLogicalId(synthesized.stack.payments.secret.node.defaultChild as CfnElement);

function environmentOf(functionId: string): Json {
  const fn = propertiesOf(synthesized.template, 'AWS::Lambda::Function').get(functionId);
  return ((fn?.Environment as Json | undefined)?.Variables ?? {}) as Json;
}

function statementsOf(functionId: string): Json[] {
  const fn = propertiesOf(synthesized.template, 'AWS::Lambda::Function').get(functionId);
  const role = (fn?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return [...propertiesOf(synthesized.template, 'AWS::IAM::Policy').values()]
    .filter((p) => JSON.stringify(p.Roles) === JSON.stringify([{ Ref: role }]))
    .flatMap((p) => (p.PolicyDocument as { Statement: Json[] }).Statement);
}

const readsSecret = (functionId: string) =>
  statementsOf(functionId).filter((s) =>
    ([] as unknown[]).concat(s.Action).includes('secretsmanager:GetSecretValue'),
  );

/** The methods of the route groups' nested stacks whose resource's last part is `pathPart`. */
function methodsAt(pathPart: string): Json[] {
  return allTemplates(synthesized).flatMap(({ template }) => {
    const resources = propertiesOf(template, 'AWS::ApiGateway::Resource');
    return [...propertiesOf(template, 'AWS::ApiGateway::Method').values()].filter((method) => {
      const ref = (method.ResourceId as { Ref?: string }).Ref;
      return ref !== undefined && resources.get(ref)?.PathPart === pathPart;
    });
  });
}

describe('the card provider’s keys', () => {
  it('are one Secrets Manager secret made without any key, kept when the stack goes', () => {
    const secrets = synthesized.template.findResources('AWS::SecretsManager::Secret');
    const secret = secrets[secretId()] as { Properties: Json; DeletionPolicy?: string };
    expect(secret).toBeDefined();
    expect(secret.DeletionPolicy).toBe('Retain');
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(JSON.stringify(synthesized.template.toJSON())).not.toMatch(/sk_(live|test)_|whsec_/);
  });

  it('are readable by the payments and account Lambdas, on that secret only, named to them', () => {
    for (const domain of ['payments', 'account']) {
      const statements = readsSecret(idOf(domain));
      expect(statements.length, domain).toBeGreaterThan(0);
      for (const statement of statements) expect(statement.Resource, domain).toEqual({ Ref: secretId() });
      expect(environmentOf(idOf(domain)).PAYMENT_KEYS_SECRET, domain).toEqual({ Ref: secretId() });
    }
  });

  it('are readable by no other Lambda', () => {
    for (const domain of synthesized.stack.api.functions.keys()) {
      if (domain === 'payments' || domain === 'account') continue;
      expect(readsSecret(idOf(domain)), domain).toEqual([]);
      expect(environmentOf(idOf(domain)).PAYMENT_KEYS_SECRET, domain).toBeUndefined();
    }
  });

  it('go with the web origin the provider’s pages send people back to', () => {
    expect(environmentOf(idOf('payments')).WEB_ORIGIN).toBeDefined();
  });
});

describe('the webhook route', () => {
  it('is a public POST sent to the payments Lambda', () => {
    expect(receivePaymentEvent.path.endsWith('/webhook')).toBe(true);
    const [method, ...others] = methodsAt('webhook').filter((m) => m.HttpMethod === 'POST');
    expect(others).toEqual([]);
    expect(method?.AuthorizationType).toBe('NONE');
    expect(JSON.stringify((method?.Integration as Json).Uri)).toContain('PaymentsHandler');
  });

  it('stands beside the checkout, which needs a token', () => {
    expect(startCheckout.path.endsWith('/checkout')).toBe(true);
    const [method] = methodsAt('checkout').filter((m) => m.HttpMethod === 'POST');
    expect(method?.AuthorizationType).toBe('COGNITO_USER_POOLS');
  });
});

describe('outputs', () => {
  it('name the keys’ secret and the webhook URL to register at the provider (docs/deploy.md)', () => {
    const outputs = synthesized.template.findOutputs('*');
    expect(outputs.PaymentKeysSecretArn?.Value).toEqual({ Ref: secretId() });
    expect(JSON.stringify(outputs.PaymentWebhookUrl?.Value)).toContain(receivePaymentEvent.path);
  });
});
