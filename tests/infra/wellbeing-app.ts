import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { App, NestedStack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { REPO_ROOT } from '../../infra/function';
import { WellbeingStack } from '../../infra/stack';

export const STAND_IN_ENTRY = 'tests/infra/fixtures/handler.ts';

export interface SynthesizedApp {
  app: App;
  stack: WellbeingStack;
  template: Template;
  /** Every Lambda source file the stack asked for, relative to the repository root. */
  requestedEntries: string[];
}

/**
 * The Wellbeing stack as `bin/app.ts` builds it, without bundling (`aws:cdk:bundling-stacks` empty,
 * about 2 s). A Lambda whose source file is missing gets a stand-in entry, so these tests do not
 * depend on other parts being written; `lambda sources` checks the files separately.
 * `Template.fromStack` also refuses a template with a dependency cycle (the API allows the SPA's origin
 * while the SPA's CSP names the APIs, so one wrong reference would make one).
 */
export function synthesizeWellbeing(context: Record<string, unknown> = {}): SynthesizedApp {
  const app = new App({
    context: {
      'aws:cdk:bundling-stacks': [],
      // As cdk.json sets it: a template CloudFormation would refuse fails the synthesis.
      '@aws-cdk/core:validateAgainstDefaultRules': true,
      ...context,
    },
  });
  const requestedEntries: string[] = [];
  const stack = new WellbeingStack(app, 'Wellbeing', {
    env: { region: 'eu-west-1' },
    entryFor: (entry) => {
      requestedEntries.push(entry);
      return existsSync(join(REPO_ROOT, entry)) ? entry : STAND_IN_ENTRY;
    },
  });
  return { app, stack, template: Template.fromStack(stack), requestedEntries };
}

type Json = Record<string, unknown>;

/** Resources of one type: logical id → properties. */
export function propertiesOf(template: Template, type: string): Map<string, Json> {
  const found = template.findResources(type) as Record<string, { Properties?: Json }>;
  return new Map(Object.entries(found).map(([id, resource]) => [id, resource.Properties ?? {}]));
}

/** One template of the app: the stack's own (index 0) or a nested stack's, with its parameters' values. */
export interface StackTemplate {
  template: Template;
  /** Parameter name → the parent's expression passed in (empty for the stack itself). */
  parameters: Record<string, unknown>;
}

/** The stack's template and those of its nested stacks (the REST routes' groups live there). */
export function allTemplates(synthesized: SynthesizedApp): StackTemplate[] {
  const parent = synthesized.template.toJSON() as { Resources: Record<string, { Properties?: Json }> };
  const nested = synthesized.stack.node
    .findAll()
    .filter((c): c is NestedStack => NestedStack.isNestedStack(c))
    .map((stack) => {
      const id = synthesized.stack.getLogicalId(stack.nestedStackResource as CfnElement);
      const parameters = (parent.Resources[id]?.Properties?.Parameters ?? {}) as Record<string, unknown>;
      return { template: Template.fromStack(stack), parameters };
    });
  return [{ template: synthesized.template, parameters: {} }, ...nested];
}

/** Replaces every `{ Ref: <parameter> }` of a nested template by what the parent passes in. */
export function resolveParameters(value: unknown, parameters: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveParameters(v, parameters));
  if (value && typeof value === 'object') {
    const ref = (value as { Ref?: unknown }).Ref;
    if (typeof ref === 'string' && ref in parameters) return parameters[ref];
    return Object.fromEntries(
      Object.entries(value as Json).map(([k, v]) => [k, resolveParameters(v, parameters)]),
    );
  }
  return value;
}
