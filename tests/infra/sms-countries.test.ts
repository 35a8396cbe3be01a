import { App } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { smsCountryCodesOf } from '../../infra/stack';
import { phoneDomain } from '../../functions/phone/domain';
import { propertiesOf, synthesizeWellbeing, type SynthesizedApp } from './wellbeing-app';

type Json = Record<string, unknown>;

/** SMS_COUNTRY_CODES of each REST Lambda that has it, by domain. */
function smsCountries(synthesized: SynthesizedApp): Record<string, unknown> {
  const functions = propertiesOf(synthesized.template, 'AWS::Lambda::Function');
  const found: Record<string, unknown> = {};
  for (const [domain, fn] of synthesized.stack.api.functions) {
    const id = synthesized.stack.getLogicalId(fn.function.node.defaultChild as CfnFunction);
    const variables = ((functions.get(id)?.Environment as Json | undefined)?.Variables ?? {}) as Json;
    if (variables.SMS_COUNTRY_CODES !== undefined) found[domain] = variables.SMS_COUNTRY_CODES;
  }
  return found;
}

describe('the countries verification texts go to, in AWS (decision 0006)', () => {
  let synthesized: SynthesizedApp;
  beforeAll(() => {
    synthesized = synthesizeWellbeing();
  });

  it('are Belgium, France and Luxembourg by default, told to the Lambda that sends SMS only', () => {
    expect(phoneDomain.grants.sms).toBe(true);
    expect(smsCountries(synthesized)).toEqual({ phone: '+32,+33,+352' });
  });

  it('come from the context `smsCountryCodes`', () => {
    expect(smsCountries(synthesizeWellbeing({ smsCountryCodes: '+32, +31' }))).toEqual({ phone: '+32,+31' });
  });

  it('come from the stack prop before the context, and a list that is not calling codes fails the synthesis', () => {
    const app = new App({ context: { smsCountryCodes: '+33' } });
    expect(smsCountryCodesOf(app, ['+352'])).toEqual(['+352']);
    expect(smsCountryCodesOf(app)).toEqual(['+33']);
    expect(smsCountryCodesOf(new App({ context: { smsCountryCodes: ['+32', '352'] } }))).toEqual([
      '+32',
      '+352',
    ]);
    expect(() => smsCountryCodesOf(new App({ context: { smsCountryCodes: 'BE,FR,LU' } }))).toThrow(
      /Not country calling codes/,
    );
    expect(() => smsCountryCodesOf(new App({ context: { smsCountryCodes: '' } }))).toThrow(
      /No country calling code/,
    );
  });
});
