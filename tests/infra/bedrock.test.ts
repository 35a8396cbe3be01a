import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BEDROCK_MODEL_ID } from '../../infra/api';
import { chatDomain } from '../../functions/chat/domain';
import { reportsDomain } from '../../functions/reports/domain';
import { propertiesOf, synthesizeWellbeing, type SynthesizedApp } from './wellbeing-app';

type Json = Record<string, unknown>;

/** A domain's Lambda: its environment and the statements of its role's policies. */
function reportsFunction(synthesized: SynthesizedApp, domain = 'reports') {
  const fn = synthesized.stack.api.functions.get(domain);
  if (!fn) throw new Error(`No ${domain} function`);
  const id = synthesized.stack.getLogicalId(fn.function.node.defaultChild as CfnFunction);
  const properties = propertiesOf(synthesized.template, 'AWS::Lambda::Function').get(id)!;
  const role = (properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const statements = [...propertiesOf(synthesized.template, 'AWS::IAM::Policy').values()]
    .filter((p) => JSON.stringify(p.Roles) === JSON.stringify([{ Ref: role }]))
    .flatMap((p) => (p.PolicyDocument as { Statement: Json[] }).Statement);
  const environment = ((properties.Environment as Json).Variables ?? {}) as Record<string, unknown>;
  return { statements, environment };
}

const invoking = (statements: Json[]) =>
  statements.filter((s) => ([] as unknown[]).concat(s.Action).includes('bedrock:InvokeModel'));

/** An ARN as CloudFormation gets it: Fn::Join of the partition, region and account references. */
const arn = (...parts: unknown[]) => ({ 'Fn::Join': ['', parts] });
const partition = { Ref: 'AWS::Partition' };
const account = { Ref: 'AWS::AccountId' };

describe('the card prompt writer in AWS (decision 0032)', () => {
  let synthesized: SynthesizedApp;
  beforeAll(() => {
    synthesized = synthesizeWellbeing();
  });

  it('is a grant the reports domain declares', () => {
    expect(reportsDomain.grants.bedrock).toBe(true);
  });

  it('lets the reports Lambda invoke the default EU inference profile and its model, and tells it the model', () => {
    const { statements, environment } = reportsFunction(synthesized);
    expect(environment.BEDROCK_MODEL_ID).toBe(DEFAULT_BEDROCK_MODEL_ID);
    expect(invoking(statements)).toEqual([
      {
        Effect: 'Allow',
        Action: 'bedrock:InvokeModel',
        Resource: [
          arn(
            'arn:',
            partition,
            ':bedrock:eu-west-1:',
            account,
            `:inference-profile/${DEFAULT_BEDROCK_MODEL_ID}`,
          ),
          arn(
            'arn:',
            partition,
            ':bedrock:eu-west-1::foundation-model/anthropic.claude-3-haiku-20240307-v1:0',
          ),
        ],
      },
      {
        Effect: 'Allow',
        Action: 'bedrock:InvokeModel',
        Resource: arn(
          'arn:',
          partition,
          ':bedrock:*::foundation-model/anthropic.claude-3-haiku-20240307-v1:0',
        ),
        // In the profile's other Regions, the model only through this profile.
        Condition: {
          StringEquals: {
            'bedrock:InferenceProfileArn': arn(
              'arn:',
              partition,
              ':bedrock:eu-west-1:',
              account,
              `:inference-profile/${DEFAULT_BEDROCK_MODEL_ID}`,
            ),
          },
        },
      },
    ]);
  });

  it('gives no other Lambda any Bedrock right but the assistant’s', () => {
    const policies = [...propertiesOf(synthesized.template, 'AWS::IAM::Policy')];
    const withBedrock = policies.filter(([, p]) => JSON.stringify(p.PolicyDocument).includes('bedrock:'));
    expect(withBedrock.map(([id]) => id).sort()).toEqual([
      expect.stringMatching(/^ApiChatHandlerRole/),
      expect.stringMatching(/^ApiReportsHandlerRole/),
    ]);
  });

  it('takes the model from the context `bedrockModelId`: a foundation model alone, in the stack Region', () => {
    const other = synthesizeWellbeing({ bedrockModelId: 'mistral.mistral-small-2402-v1:0' });
    const { statements, environment } = reportsFunction(other);
    expect(environment.BEDROCK_MODEL_ID).toBe('mistral.mistral-small-2402-v1:0');
    expect(invoking(statements)).toEqual([
      {
        Effect: 'Allow',
        Action: 'bedrock:InvokeModel',
        Resource: arn(
          'arn:',
          partition,
          ':bedrock:eu-west-1::foundation-model/mistral.mistral-small-2402-v1:0',
        ),
      },
    ]);
  });
});

describe('the assistant in AWS (decision 0054)', () => {
  let synthesized: SynthesizedApp;
  beforeAll(() => {
    synthesized = synthesizeWellbeing();
  });

  it('is a grant the chat domain declares: the model and the guardrail', () => {
    expect(chatDomain.grants).toMatchObject({ bedrock: true, guardrail: true, events: true });
  });

  it('makes one guardrail with the self-harm and diagnosis topics, prompt attacks and personal data masked', () => {
    const guardrails = [...propertiesOf(synthesized.template, 'AWS::Bedrock::Guardrail').values()];
    expect(guardrails).toHaveLength(1);
    const guardrail = guardrails[0]!;
    const topics = (guardrail.TopicPolicyConfig as { TopicsConfig: Json[] }).TopicsConfig;
    expect(topics.map((t) => [t.Name, t.Type])).toEqual([
      ['self-harm', 'DENY'],
      ['diagnosis', 'DENY'],
    ]);
    const filters = (guardrail.ContentPolicyConfig as { FiltersConfig: Json[] }).FiltersConfig;
    expect(filters).toContainEqual({ Type: 'PROMPT_ATTACK', InputStrength: 'HIGH', OutputStrength: 'NONE' });
    const pii = (guardrail.SensitiveInformationPolicyConfig as { PiiEntitiesConfig: Json[] })
      .PiiEntitiesConfig;
    expect(pii.every((e) => e.Action === 'ANONYMIZE')).toBe(true);
    expect([...propertiesOf(synthesized.template, 'AWS::Bedrock::GuardrailVersion').values()]).toHaveLength(
      1,
    );
  });

  it('lets the chat Lambda stream from the model and apply that guardrail, and tells it both', () => {
    const { statements, environment } = reportsFunction(synthesized, 'chat');
    expect(environment.BEDROCK_MODEL_ID).toBe(DEFAULT_BEDROCK_MODEL_ID);
    expect(environment.BEDROCK_GUARDRAIL_ID).toMatchObject({
      'Fn::GetAtt': [expect.stringMatching(/Guardrail/), 'GuardrailId'],
    });
    expect(environment.BEDROCK_GUARDRAIL_VERSION).toMatchObject({
      'Fn::GetAtt': [expect.stringMatching(/Version/), 'Version'],
    });
    const actions = statements.flatMap((s) => ([] as unknown[]).concat(s.Action));
    expect(actions).toEqual(
      expect.arrayContaining([
        'bedrock:InvokeModel',
        'bedrock:InvokeModelWithResponseStream',
        'bedrock:ApplyGuardrail',
      ]),
    );
    const apply = statements.find((s) => s.Action === 'bedrock:ApplyGuardrail')!;
    expect(apply.Resource).toMatchObject({
      'Fn::GetAtt': [expect.stringMatching(/Guardrail/), 'GuardrailArn'],
    });
  });

  it('gives the reports Lambda no stream and no guardrail', () => {
    const { statements, environment } = reportsFunction(synthesized);
    expect(environment.BEDROCK_GUARDRAIL_ID).toBeUndefined();
    expect(JSON.stringify(statements)).not.toMatch(/InvokeModelWithResponseStream|ApplyGuardrail/);
  });
});
