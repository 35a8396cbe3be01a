import { Stack, Validations } from 'aws-cdk-lib';
import { PolicyDocument, type PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges cdk-nag (AwsSolutions) rules on a construct and everything below it, with the reason
 * they do not apply. cdk-nag 3 reads CDK's own acknowledgements (`Validations.of(...).acknowledge`).
 */
export function acknowledge(scope: IConstruct, reason: string, ...ruleIds: string[]): void {
  for (const id of ruleIds) Validations.of(scope).acknowledge({ id, reason });
}

/**
 * Acknowledges AwsSolutions-IAM5 for exactly the wildcards of the given statements (each wildcard
 * action or resource is its own finding), so that a wildcard added later elsewhere is still reported.
 */
export function acknowledgeWildcards(
  scope: IConstruct,
  source: readonly PolicyStatement[] | PolicyDocument,
  reason: string,
): void {
  const stack = Stack.of(scope);
  const statements =
    source instanceof PolicyDocument
      ? asArray((stack.resolve(source) as { Statement?: unknown }).Statement)
      : source.map((statement) => stack.resolve(statement.toStatementJson()) as unknown);
  const findings = new Set<string>();
  for (const statement of statements) {
    const json = statement as { Action?: unknown; Resource?: unknown };
    for (const action of asArray(json.Action))
      if (typeof action === 'string' && action.includes('*')) findings.add(`Action::${action}`);
    for (const resource of asArray(json.Resource)) {
      const flat = flattenCfnReference(resource);
      if (flat.includes('*')) findings.add(`Resource::${flat}`);
    }
  }
  acknowledge(scope, reason, ...[...findings].map((finding) => `AwsSolutions-IAM5[${finding}]`));
}

function asArray(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
