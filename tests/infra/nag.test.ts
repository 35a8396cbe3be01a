import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthesizeWellbeing, type SynthesizedApp } from './wellbeing-app';

interface Violation {
  ruleName: string;
  severity?: string;
  violatingResources: { constructPath?: string }[];
}

let synthesized: SynthesizedApp;
let violations: Violation[];

beforeAll(() => {
  synthesized = synthesizeWellbeing();
  // cdk-nag 3 is a policy-validation plugin; validateScope runs the same rules as `cdk synth` does
  // through `Validations.of(app).addPlugins(...)` in bin/app.ts, and honours the acknowledgements.
  violations = new AwsSolutionsChecks(synthesized.app).validateScope(synthesized.app)
    .violations as Violation[];
});

function describeViolations(list: Violation[]): string[] {
  return list.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
}

describe('cdk-nag AwsSolutions', () => {
  it('reports no error that is not acknowledged with a reason', () => {
    expect(describeViolations(violations.filter((v) => v.severity !== 'warning'))).toEqual([]);
  });

  it('reports no warning either (each accepted one is acknowledged where it arises)', () => {
    expect(describeViolations(violations.filter((v) => v.severity === 'warning'))).toEqual([]);
  });

  it('gives every acknowledgement a reason of at least a sentence', () => {
    const reasons = synthesized.stack.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === 'aws:cdk:acknowledged-rules'))
      .flatMap((m) => Object.entries(m.data as Record<string, string>));
    expect(reasons.length).toBeGreaterThan(0);
    for (const [id, reason] of reasons) expect(reason.length, id).toBeGreaterThan(40);
  });
});

describe('CDK annotations', () => {
  it('has no error', () => {
    Annotations.fromStack(synthesized.stack).hasNoError('*', Match.anyValue());
  });
});
