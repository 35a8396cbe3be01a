/**
 * Where verification texts may go (docs/decisions/0006): numbers whose international form starts
 * with one of the deployment's country calling codes. The server refuses any other number with
 * `phone-country-not-allowed` before anything is sent.
 */

/** Belgium, France, Luxembourg: the default of every deployment (CDK context `smsCountryCodes`). */
export const DEFAULT_SMS_COUNTRY_CODES: readonly string[] = ['+32', '+33', '+352'];

/**
 * A country calling code as configured: a plus and 1 to 3 digits (E.164), optionally followed by
 * more digits to narrow it to a range (`+324` for Belgian mobiles).
 */
export const SMS_COUNTRY_CODE_PATTERN = /^\+[1-9]\d{0,5}$/;

/**
 * Reads a list of country calling codes, comma-separated (`+32,+33,+352`; spaces allowed, a missing
 * plus added). Throws on an empty list or a code that is not one, so a deployment with a typo fails
 * at synthesis or at the Lambda's start rather than texting anywhere.
 */
export function parseSmsCountryCodes(raw: string): string[] {
  const codes = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => (part.startsWith('+') ? part : `+${part}`));
  const wrong = codes.filter((code) => !SMS_COUNTRY_CODE_PATTERN.test(code));
  if (wrong.length) throw new Error(`Not country calling codes: ${wrong.join(', ')}`);
  if (codes.length === 0) throw new Error('No country calling code: texts could go nowhere');
  return [...new Set(codes)];
}

/** Is a number in international form (`+32470123456`) in one of the allowed countries? */
export function isTextableNumber(phone: string, countryCodes: readonly string[]): boolean {
  return countryCodes.some((code) => phone.startsWith(code));
}
