import { describe, expect, it } from 'vitest';
import {
  addYears,
  defaultExpiry,
  earliestExpiry,
  expiryProblem,
  isDay,
  isExpirySet,
  isLinkExpired,
  isStepNumberAllowed,
  linkIdOfCode,
  orderedWizards,
  scannedTarget,
  SCAN_REDIRECT_HOSTS,
  stepNumberChoices,
  wizardProblems,
  type LinkWizard,
} from './links';

const at = (iso: string) => Date.parse(iso);

describe('link expiry', () => {
  it('the earliest expiry is tomorrow in the caller’s time zone', () => {
    // 23:30 UTC on 1 March is already 2 March in Brussels.
    expect(earliestExpiry(at('2026-03-01T23:30:00Z'), 'Europe/Brussels')).toBe('2026-03-03');
    expect(earliestExpiry(at('2026-03-01T23:30:00Z'), 'UTC')).toBe('2026-03-02');
    expect(earliestExpiry(at('2026-03-01T05:00:00Z'), 'America/New_York')).toBe('2026-03-02');
  });

  it('an unknown time zone counts as UTC', () => {
    expect(earliestExpiry(at('2026-03-01T23:30:00Z'), 'Mars/Olympus')).toBe('2026-03-02');
    expect(earliestExpiry(at('2026-03-01T23:30:00Z'), undefined)).toBe('2026-03-02');
  });

  it('an expiry of today is refused, tomorrow is accepted, only the day counts', () => {
    const now = at('2026-03-01T10:00:00Z');
    expect(expiryProblem('2026-03-01', now, 'UTC')).toBe('value-out-of-range-error');
    expect(expiryProblem('2026-02-28T23:59:59Z', now, 'UTC')).toBe('value-out-of-range-error');
    expect(expiryProblem('2026-03-02', now, 'UTC')).toBeUndefined();
    expect(expiryProblem('2026-03-02T00:00:00.000Z', now, 'UTC')).toBeUndefined();
  });

  it('an expiry that is not a calendar day is not a date', () => {
    const now = at('2026-03-01T10:00:00Z');
    expect(expiryProblem('tomorrow', now, 'UTC')).toBe('not-a-date');
    expect(expiryProblem('2026-02-30', now, 'UTC')).toBe('not-a-date');
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2027-02-29')).toBe(false);
  });

  it('the default expiry is 100 years after today', () => {
    expect(defaultExpiry(at('2026-03-01T10:00:00Z'), 'UTC')).toBe('2126-03-01');
    expect(addYears('2028-02-29', 1)).toBe('2029-03-01');
  });

  it('an expiry counts as set only when under 20 years ahead', () => {
    const now = at('2026-03-01T10:00:00Z');
    expect(isExpirySet('2027-01-01', now)).toBe(true);
    expect(isExpirySet('2046-02-28', now)).toBe(true);
    expect(isExpirySet('2046-03-01', now)).toBe(false);
    expect(isExpirySet(defaultExpiry(now, 'UTC'), now)).toBe(false);
  });

  it('a link expires once its expiry day has ended everywhere', () => {
    expect(isLinkExpired('2026-03-01', at('2026-03-01T23:00:00Z'))).toBe(false);
    // Still 1 March at UTC−12 until noon UTC on 2 March.
    expect(isLinkExpired('2026-03-01', at('2026-03-02T11:59:00Z'))).toBe(false);
    expect(isLinkExpired('2026-03-01', at('2026-03-02T12:00:00Z'))).toBe(true);
    expect(isLinkExpired('2126-03-01', at('2026-03-02T12:00:00Z'))).toBe(false);
  });
});

describe('link step number', () => {
  it('offers the first (0), the middle numbers and the last (100)', () => {
    const choices = stepNumberChoices('sphere');
    expect(choices[0]).toBe(0);
    expect(choices.at(-1)).toBe(100);
    expect(choices).toHaveLength(101);
    expect(stepNumberChoices('campaign').at(-1)).toBe(100);
  });

  it('a session’s step number is at most 99', () => {
    expect(stepNumberChoices('session').at(-1)).toBe(99);
    expect(isStepNumberAllowed(99, 'session')).toBe(true);
    expect(isStepNumberAllowed(100, 'session')).toBe(false);
    expect(isStepNumberAllowed(100, 'sphere')).toBe(true);
  });

  it('refuses negative, fractional and too large numbers', () => {
    expect(isStepNumberAllowed(-1, 'sphere')).toBe(false);
    expect(isStepNumberAllowed(2.5, 'sphere')).toBe(false);
    expect(isStepNumberAllowed(101, 'campaign')).toBe(false);
  });
});

describe('link wizards', () => {
  it('run in the fixed order whatever order they were given in', () => {
    const given: LinkWizard[] = [
      { type: 'sessionStrategyAssessment' },
      { type: 'profile' },
      { type: 'form', formId: 'f1' },
      { type: 'feeling', period: 'day' },
      { type: 'thinking', groupId: 'default' },
      { type: 'sphereStrategyAssessment' },
    ];
    expect(orderedWizards(given).map((w) => w.type)).toEqual([
      'feeling',
      'thinking',
      'form',
      'profile',
      'sphereStrategyAssessment',
      'sessionStrategyAssessment',
    ]);
  });

  it('a form step needs its form', () => {
    expect(wizardProblems([{ type: 'form', formId: '' }], 'sphere')).toEqual([
      { index: 0, field: 'formId', key: 'required' },
    ]);
    expect(wizardProblems([{ type: 'form' }], 'sphere')).toEqual([
      { index: 0, field: 'formId', key: 'required' },
    ]);
    expect(wizardProblems([{ type: 'form', formId: 'f1' }], 'sphere')).toEqual([]);
  });

  it('each step at most once', () => {
    expect(wizardProblems([{ type: 'profile' }, { type: 'profile' }], 'sphere')).toEqual([
      { index: 1, field: 'type', key: 'exist' },
    ]);
  });

  it('a thinking step names a valid axes group', () => {
    expect(wizardProblems([{ type: 'thinking', groupId: 'Not valid!' }], 'sphere')).toEqual([
      { index: 0, field: 'groupId', key: 'not-valid' },
    ]);
    expect(wizardProblems([{ type: 'thinking', groupId: 'default' }], 'sphere')).toEqual([]);
  });

  it('a session’s strategy assessment only on a session’s link', () => {
    expect(wizardProblems([{ type: 'sessionStrategyAssessment' }], 'sphere')).toHaveLength(1);
    expect(wizardProblems([{ type: 'sessionStrategyAssessment' }], 'session')).toEqual([]);
  });
});

describe('scanned URL rule', () => {
  const options = { host: 'app.example.be' };

  it('an address on the app’s own host opens its route in the app', () => {
    expect(scannedTarget('https://app.example.be/l/abc123?x=1#top', options)).toEqual({
      kind: 'in-app',
      path: '/l/abc123?x=1#top',
    });
    expect(scannedTarget('  HTTPS://APP.EXAMPLE.BE/apps/home ', options)).toEqual({
      kind: 'in-app',
      path: '/apps/home',
    });
  });

  it('the port is part of the host', () => {
    expect(scannedTarget('http://127.0.0.1:5173/l/abcd', { host: '127.0.0.1:5173' })).toEqual({
      kind: 'in-app',
      path: '/l/abcd',
    });
    expect(
      scannedTarget('http://127.0.0.1:9999/l/abcd', { host: '127.0.0.1:5173', whitelist: [] }).kind,
    ).toBe('invalid');
  });

  it('a whitelisted host is followed, over https only', () => {
    expect(
      scannedTarget('https://help.example.be/faq', { ...options, whitelist: ['help.example.be'] }),
    ).toEqual({
      kind: 'redirect',
      url: 'https://help.example.be/faq',
    });
    expect(
      scannedTarget('http://help.example.be/faq', { ...options, whitelist: ['help.example.be'] }).kind,
    ).toBe('invalid');
  });

  it('the default whitelist is the product’s public hosts', () => {
    const [host] = SCAN_REDIRECT_HOSTS;
    expect(scannedTarget(`https://${host}/`, options).kind).toBe('redirect');
  });

  it('another host, a look-alike host or credentials in the address are invalid', () => {
    expect(scannedTarget('https://evil.example.com/l/abc', options).kind).toBe('invalid');
    expect(scannedTarget('https://app.example.be.evil.com/l/abc', options).kind).toBe('invalid');
    expect(scannedTarget('https://app.example.be@evil.com/', options).kind).toBe('invalid');
    expect(scannedTarget('https://user:pw@app.example.be/', options).kind).toBe('invalid');
  });

  it('a value that is not an address, or another scheme, is invalid', () => {
    expect(scannedTarget('hello world', options).kind).toBe('invalid');
    expect(scannedTarget('', options).kind).toBe('invalid');
    expect(scannedTarget('javascript:alert(1)', options).kind).toBe('invalid');
    expect(scannedTarget('data:text/html,hi', options).kind).toBe('invalid');
    expect(scannedTarget('ftp://app.example.be/file', options).kind).toBe('invalid');
  });
});

describe('codes typed on the scan page', () => {
  it('a link id, a path or a pasted address give the link id', () => {
    expect(linkIdOfCode(' abcd1234 ')).toBe('abcd1234');
    expect(linkIdOfCode('/l/abcd1234')).toBe('abcd1234');
    expect(linkIdOfCode('https://app.example.be/l/abcd1234?x=1')).toBe('abcd1234');
  });

  it('anything else is no link id', () => {
    expect(linkIdOfCode('ab')).toBeNull();
    expect(linkIdOfCode('a b c d')).toBeNull();
    expect(linkIdOfCode('<script>')).toBeNull();
  });
});
