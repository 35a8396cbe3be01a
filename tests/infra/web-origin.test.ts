import type { CfnDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { beforeAll, describe, expect, it } from 'vitest';
import { propertiesOf, synthesizeWellbeing, type SynthesizedApp } from './wellbeing-app';

type Json = Record<string, unknown>;

let synthesized: SynthesizedApp;
let functions: Map<string, Json>;

beforeAll(() => {
  synthesized = synthesizeWellbeing();
  functions = propertiesOf(synthesized.template, 'AWS::Lambda::Function');
});

const idOf = (fn: { function: NodejsFunction }) =>
  synthesized.stack.getLogicalId(fn.function.node.defaultChild as CfnFunction);

const variablesOf = (id: string) =>
  ((functions.get(id)?.Environment as Json | undefined)?.Variables ?? {}) as Json;

/** The actions the policies of a function's role allow. */
function actionsOf(id: string): string[] {
  const role = (functions.get(id)?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return [...propertiesOf(synthesized.template, 'AWS::IAM::Policy').values()]
    .filter((p) => JSON.stringify(p.Roles) === JSON.stringify([{ Ref: role }]))
    .flatMap((p) => (p.PolicyDocument as { Statement: Json[] }).Statement)
    .flatMap((s) => ([] as unknown[]).concat(s.Action).map(String));
}

/** The product's functions (WellbeingFunction), CDK's own helpers left out. */
const productFunctionIds = () =>
  synthesized.stack.node
    .findAll()
    .filter((c): c is NodejsFunction => c instanceof NodejsFunction)
    .map((fn) => synthesized.stack.getLogicalId(fn.node.defaultChild as CfnFunction));

describe('the one web origin of the links in mails and texts (decision 0006)', () => {
  it('is given to every function that sends mail or texts: https://<the CloudFront distribution’s domain>', () => {
    const distribution = synthesized.stack.getLogicalId(
      synthesized.stack.web.distribution.node.defaultChild as CfnDistribution,
    );
    const origin = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distribution, 'DomainName'] }]] };
    const senders = productFunctionIds().filter((id) =>
      actionsOf(id).some((action) => action === 'ses:SendEmail' || action === 'sns:Publish'),
    );
    const { api, auth, workers } = synthesized.stack;
    const expected = [
      workers.notify,
      auth.triggers['create-auth-challenge'],
      api.functions.get('emails')!,
      api.functions.get('guests')!,
      api.functions.get('phone')!,
    ].map(idOf);
    expect(senders).toEqual(expect.arrayContaining(expected));
    for (const id of senders)
      expect({ id, WEB_ORIGIN: variablesOf(id).WEB_ORIGIN }).toEqual({ id, WEB_ORIGIN: origin });
  });

  it('is the only origin links are built from: no function is told a WEB_URL to guess from', () => {
    for (const id of productFunctionIds()) expect(variablesOf(id)).not.toHaveProperty('WEB_URL');
  });

  it('is the origin the API allows: the REST Lambdas that send are told the same origin twice', () => {
    for (const domain of ['emails', 'guests', 'phone']) {
      const variables = variablesOf(idOf(synthesized.stack.api.functions.get(domain)!));
      expect(variables.WEB_ORIGIN).toBeDefined();
      expect(variables.ALLOWED_ORIGIN).toEqual(variables.WEB_ORIGIN);
    }
  });
});
