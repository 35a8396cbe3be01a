import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as domains from '../../functions/domains';
import { REST_DOMAINS } from '../../functions/domains';
import { SCHEDULE_ACTIONS } from '../../infra/workers';
import { propertiesOf, synthesizeWellbeing, type SynthesizedApp } from './wellbeing-app';

/**
 * The stack with at least one REST domain declaring the `schedules` grant: the campaigns domain's
 * when it declares it, otherwise the first domain is given it, so the grant's effect is checked either way.
 */
vi.mock('../../functions/domains', async (importOriginal) => {
  const original = await importOriginal<typeof domains>();
  if (original.REST_DOMAINS.some((d) => d.grants.schedules)) return original;
  const [first, ...rest] = original.REST_DOMAINS;
  if (!first) return original;
  return {
    ...original,
    REST_DOMAINS: [{ ...first, grants: { ...first.grants, schedules: true } }, ...rest],
  };
});

type Json = Record<string, unknown>;

let synthesized: SynthesizedApp;

beforeAll(() => {
  synthesized = synthesizeWellbeing();
});

const logicalIdOf = (construct: { node: { defaultChild?: unknown } }) =>
  synthesized.stack.getLogicalId(construct.node.defaultChild as CfnFunction);

function functionOf(domain: string) {
  const fn = synthesized.stack.api.functions.get(domain);
  if (!fn) throw new Error(`No function for ${domain}`);
  return fn;
}

function statementsOfFunction(functionId: string): Json[] {
  const properties = propertiesOf(synthesized.template, 'AWS::Lambda::Function').get(functionId);
  const role = (properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return [...propertiesOf(synthesized.template, 'AWS::IAM::Policy').values()]
    .filter((p) => JSON.stringify(p.Roles) === JSON.stringify([{ Ref: role }]))
    .flatMap((p) => (p.PolicyDocument as { Statement: Json[] }).Statement);
}

function environmentOf(functionId: string): Record<string, unknown> {
  const properties = propertiesOf(synthesized.template, 'AWS::Lambda::Function').get(functionId);
  return ((properties?.Environment as Json | undefined)?.Variables ?? {}) as Record<string, unknown>;
}

const actionsOf = (statement: Json) => ([] as unknown[]).concat(statement.Action);

function schedules() {
  const found = synthesized.stack.workers.schedules;
  if (!found) throw new Error('No cycle schedules in the stack');
  return found;
}

const scheduling = () => REST_DOMAINS.filter((d) => d.grants.schedules).map((d) => d.name);
const notScheduling = () => REST_DOMAINS.filter((d) => !d.grants.schedules).map((d) => d.name);

describe('cycle schedules (decision 0026)', () => {
  it('make one schedule group and one role that only EventBridge Scheduler, for this account’s group, may assume', () => {
    expect(propertiesOf(synthesized.template, 'AWS::Scheduler::ScheduleGroup').size).toBe(1);
    const roleId = logicalIdOf(schedules().role);
    const groupId = synthesized.stack.getLogicalId(schedules().group.node.defaultChild as never);
    const role = propertiesOf(synthesized.template, 'AWS::IAM::Role').get(roleId);
    expect(role?.AssumeRolePolicyDocument).toMatchObject({
      Statement: [
        {
          Action: 'sts:AssumeRole',
          Effect: 'Allow',
          Principal: { Service: 'scheduler.amazonaws.com' },
          Condition: {
            StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
            ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [groupId, 'Arn'] } },
          },
        },
      ],
    });
    expect(role?.ManagedPolicyArns).toBeUndefined();
  });

  it('let the Scheduler role send to the notifications queue and its dead-letter queue, and nothing else', () => {
    const roleId = logicalIdOf(schedules().role);
    const statements = [...propertiesOf(synthesized.template, 'AWS::IAM::Policy').values()]
      .filter((p) => JSON.stringify(p.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap((p) => (p.PolicyDocument as { Statement: Json[] }).Statement);
    const queueId = logicalIdOf(synthesized.stack.workers.notifications.queue);
    const dlqId = logicalIdOf(synthesized.stack.workers.notifications.deadLetterQueue);
    expect(statements).toEqual([
      {
        Action: 'sqs:SendMessage',
        Effect: 'Allow',
        Resource: [{ 'Fn::GetAtt': [queueId, 'Arn'] }, { 'Fn::GetAtt': [dlqId, 'Arn'] }],
      },
    ]);
  });

  it('let a domain with the grant manage the group’s schedules and pass the Scheduler role, to Scheduler only', () => {
    expect(scheduling().length).toBeGreaterThan(0);
    const roleId = logicalIdOf(schedules().role);
    for (const domain of scheduling()) {
      const statements = statementsOfFunction(logicalIdOf(functionOf(domain).function));
      const manage = statements.find((s) => actionsOf(s).includes('scheduler:CreateSchedule'));
      expect(actionsOf(manage ?? {}).sort(), domain).toEqual([...SCHEDULE_ACTIONS].sort());
      expect(JSON.stringify(manage?.Resource)).toContain(':schedule/');
      expect(JSON.stringify(manage?.Resource)).toMatch(/\/\*"\]\]\}$/);
      const pass = statements.filter((s) => actionsOf(s).includes('iam:PassRole'));
      expect(pass, domain).toEqual([
        {
          Action: 'iam:PassRole',
          Effect: 'Allow',
          Resource: { 'Fn::GetAtt': [roleId, 'Arn'] },
          Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        },
      ]);
    }
  });

  it('give that Lambda the group, the role and the queue ARNs it schedules with', () => {
    const groupId = synthesized.stack.getLogicalId(schedules().group.node.defaultChild as never);
    const queueId = logicalIdOf(synthesized.stack.workers.notifications.queue);
    const dlqId = logicalIdOf(synthesized.stack.workers.notifications.deadLetterQueue);
    for (const domain of scheduling()) {
      const environment = environmentOf(logicalIdOf(functionOf(domain).function));
      const group = propertiesOf(synthesized.template, 'AWS::Scheduler::ScheduleGroup').get(groupId);
      expect(environment.SCHEDULE_GROUP, domain).toEqual(group?.Name);
      expect(String(group?.Name)).toMatch(/^[0-9a-zA-Z._-]{1,64}$/);
      expect(environment.SCHEDULER_ROLE_ARN).toEqual({
        'Fn::GetAtt': [logicalIdOf(schedules().role), 'Arn'],
      });
      expect(environment.NOTIFICATIONS_QUEUE_ARN).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
      expect(environment.NOTIFICATIONS_DLQ_ARN).toEqual({ 'Fn::GetAtt': [dlqId, 'Arn'] });
      expect(environment.SCHEDULER_ENDPOINT).toBeUndefined();
    }
  });

  it('give nothing of it to a domain without the grant', () => {
    for (const domain of notScheduling()) {
      const id = logicalIdOf(functionOf(domain).function);
      const actions = statementsOfFunction(id).flatMap(actionsOf);
      expect(
        actions.filter((a) => String(a).startsWith('scheduler:')),
        domain,
      ).toEqual([]);
      expect(actions, domain).not.toContain('iam:PassRole');
      expect(environmentOf(id).SCHEDULE_GROUP, domain).toBeUndefined();
    }
  });

  it('let the notifications worker send SMS, queue notifications and manage schedules for the cycle events it runs', () => {
    const notify = logicalIdOf(synthesized.stack.workers.notify.function);
    const statements = statementsOfFunction(notify);
    expect(statements).toContainEqual(
      expect.objectContaining({ Action: 'sns:Publish', NotResource: 'arn:aws:sns:*:*:*' }),
    );
    expect(statements.flatMap(actionsOf)).toEqual(
      expect.arrayContaining(['sqs:SendMessage', 'scheduler:CreateSchedule', 'iam:PassRole']),
    );
    expect(environmentOf(notify).NOTIFICATIONS_QUEUE_URL).toBeDefined();
    expect(environmentOf(notify).SCHEDULE_GROUP).toBeDefined();
  });

  it('leave cdk-nag AwsSolutions clean, the schedules wildcard acknowledged with its reason', () => {
    const violations = new AwsSolutionsChecks(synthesized.app).validateScope(synthesized.app).violations as {
      ruleName: string;
      violatingResources: { constructPath?: string }[];
    }[];
    expect(
      violations.map(
        (v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
      ),
    ).toEqual([]);
  });
});
