import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOGIN_CODE_WINDOW_MS,
  LOGIN_MAX_CODES_PER_WINDOW,
  LOGIN_MAX_FAILED_ATTEMPTS,
} from '@shared/domain/sign-in';
import type { LoginCodeMailValues } from './mail';
import type { LoginCodeStore, StoredLoginCode } from './repository';
import { SignInError } from './codes';
import {
  checkLoginCode,
  checkRecentLoginCode,
  codeIdOfSession,
  issueLoginCode,
  nextSignInStep,
  type AuthDependencies,
} from './service';

/** The store's conditions, in memory: the DynamoDB store is exercised by tools/local-stack/cognito.test.ts. */
function memoryStore(): LoginCodeStore & { codes: Map<string, StoredLoginCode> } {
  const codes = new Map<string, StoredLoginCode>();
  const slots = new Map<string, number>();
  const key = (email: string, codeId: string) => `${email}|${codeId}`;
  return {
    codes,
    async claimSendSlot(email, now) {
      for (let slot = 0; slot < LOGIN_MAX_CODES_PER_WINDOW; slot++) {
        const sentAt = slots.get(`${email}|${slot}`);
        if (sentAt === undefined || sentAt <= now - LOGIN_CODE_WINDOW_MS) {
          slots.set(`${email}|${slot}`, now);
          return true;
        }
      }
      return false;
    },
    async saveCode(code) {
      codes.set(key(code.email, code.codeId), { ...code, attempts: 0, strangerAttempts: 0, used: false });
    },
    async getCode(email, codeId) {
      const code = codes.get(key(email, codeId));
      return code ? { ...code } : null;
    },
    async codesFor(email) {
      return [...codes.values()].filter((code) => code.email === email).map((code) => ({ ...code }));
    },
    async recordFailedAttempt(email, codeId) {
      const code = codes.get(key(email, codeId));
      if (!code || code.used || code.attempts >= LOGIN_MAX_FAILED_ATTEMPTS) return false;
      code.attempts += 1;
      return true;
    },
    async recordStrangerAttempt(email, codeId) {
      const code = codes.get(key(email, codeId));
      if (!code || code.used || code.strangerAttempts >= LOGIN_MAX_FAILED_ATTEMPTS) return false;
      code.strangerAttempts += 1;
      return true;
    },
    async markUsed(email, codeId) {
      const code = codes.get(key(email, codeId));
      if (!code || code.used) return false;
      code.used = true;
      return true;
    },
  };
}

const EMAIL = 'camille@example.be';

function setup() {
  const store = memoryStore();
  const sent: { to: string; locale: string; values: LoginCodeMailValues }[] = [];
  const deps: AuthDependencies = {
    store,
    loadProfile: async () => null,
    sendLoginCode: async (to, locale, values) => {
      sent.push({ to, locale, values });
    },
  };
  const issue = () =>
    issueLoginCode({ email: EMAIL, userId: 'user-1', givenName: 'Camille', locale: 'nl' }, deps);
  const lastCode = () => sent.at(-1)?.values.code as string;
  const check = (codeId: string, answer: string) => checkLoginCode({ email: EMAIL, codeId, answer }, store);
  return { store, sent, deps, issue, lastCode, check };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('issuing a code', () => {
  it('emails the code in the user language and stores only its hash', async () => {
    const { issue, sent, store, lastCode } = setup();
    const { codeId } = await issue();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: EMAIL,
      locale: 'nl',
      values: { validityMinutes: 15, firstName: 'Camille' },
    });
    const stored = store.codes.get(`${EMAIL}|${codeId}`);
    expect(stored?.codeHash).toBeTruthy();
    expect(JSON.stringify(stored)).not.toContain(lastCode());
  });

  it('prefers the account language and first name over the Cognito attributes', async () => {
    const { deps, sent } = setup();
    deps.loadProfile = async () => ({ firstName: 'Cam', locale: 'en' });
    await issueLoginCode({ email: EMAIL, userId: 'user-1', givenName: 'Camille', locale: 'nl' }, deps);
    expect(sent[0]).toMatchObject({ locale: 'en', values: { firstName: 'Cam' } });
  });

  it('falls back to French', async () => {
    const { deps, sent } = setup();
    await issueLoginCode({ email: EMAIL, userId: 'user-1' }, deps);
    expect(sent[0]?.locale).toBe('fr');
  });

  it(`refuses a code beyond ${LOGIN_MAX_CODES_PER_WINDOW} within 10 minutes, then allows one when the oldest send leaves the window`, async () => {
    const { issue, sent } = setup();
    await issue();
    vi.advanceTimersByTime(60_000);
    await issue();
    await issue();
    await expect(issue()).rejects.toEqual(new SignInError('too-many-codes-sent'));
    expect(sent).toHaveLength(3);
    // Still blocked one second before the first send is 10 minutes old.
    vi.setSystemTime(new Date(Date.parse('2025-03-01T10:00:00Z') + LOGIN_CODE_WINDOW_MS - 1000));
    await expect(issue()).rejects.toThrow('too-many-codes-sent');
    vi.setSystemTime(new Date(Date.parse('2025-03-01T10:00:00Z') + LOGIN_CODE_WINDOW_MS));
    await expect(issue()).resolves.toHaveProperty('codeId');
    await expect(issue()).rejects.toThrow('too-many-codes-sent');
    expect(sent).toHaveLength(4);
  });
});

describe('checking a code', () => {
  it('accepts the code at 14:59', async () => {
    const { issue, check, lastCode } = setup();
    const { codeId } = await issue();
    vi.advanceTimersByTime(14 * 60_000 + 59_000);
    await expect(check(codeId, lastCode())).resolves.toBe(true);
  });

  it('answers code-expired at 15:01', async () => {
    const { issue, check, lastCode } = setup();
    const { codeId } = await issue();
    vi.advanceTimersByTime(15 * 60_000 + 1000);
    await expect(check(codeId, lastCode())).rejects.toThrow('code-expired');
  });

  it('accepts the right code after 4 wrong ones', async () => {
    const { issue, check, lastCode } = setup();
    const { codeId } = await issue();
    for (let i = 0; i < 4; i++) await expect(check(codeId, wrong(lastCode()))).resolves.toBe(false);
    await expect(check(codeId, lastCode())).resolves.toBe(true);
  });

  it('kills the code after 5 wrong answers, even for the right one', async () => {
    const { issue, check, lastCode, store } = setup();
    const { codeId } = await issue();
    for (let i = 0; i < 5; i++) await expect(check(codeId, wrong(lastCode()))).resolves.toBe(false);
    expect(store.codes.get(`${EMAIL}|${codeId}`)?.attempts).toBe(5);
    await expect(check(codeId, lastCode())).resolves.toBe(false);
  });

  it('accepts a code once only', async () => {
    const { issue, check, lastCode } = setup();
    const { codeId } = await issue();
    await expect(check(codeId, lastCode())).resolves.toBe(true);
    await expect(check(codeId, lastCode())).resolves.toBe(false);
  });

  it('refuses an unknown code id', async () => {
    const { check } = setup();
    await expect(check('nope', '123456')).resolves.toBe(false);
  });

  it('counts a malformed answer as a wrong one', async () => {
    const { issue, check, store } = setup();
    const { codeId } = await issue();
    await expect(check(codeId, 'abcdef')).resolves.toBe(false);
    expect(store.codes.get(`${EMAIL}|${codeId}`)?.attempts).toBe(1);
  });
});

describe('the sign-in state machine', () => {
  const failed = (n: number) =>
    Array.from({ length: n }, () => ({
      challengeName: 'CUSTOM_CHALLENGE' as const,
      challengeResult: false,
      challengeMetadata: 'CODE-c1',
    }));

  it('starts with a code challenge', () => {
    expect(nextSignInStep([])).toBe('challenge');
  });

  it('issues tokens after a right answer', () => {
    expect(nextSignInStep([...failed(4), { challengeName: 'CUSTOM_CHALLENGE', challengeResult: true }])).toBe(
      'tokens',
    );
  });

  it('asks again after up to 4 wrong answers', () => {
    expect(nextSignInStep(failed(4))).toBe('challenge');
  });

  it('stops with too-many-attempts after 5 wrong answers', () => {
    expect(() => nextSignInStep(failed(5))).toThrow(new SignInError('too-many-attempts'));
  });

  it('fails any other challenge (password sign-in is not offered yet)', () => {
    expect(nextSignInStep([{ challengeName: 'SRP_A', challengeResult: true }])).toBe('fail');
    expect(nextSignInStep([{ challengeName: 'PASSWORD_VERIFIER', challengeResult: true }])).toBe('fail');
  });

  it('reuses the code of the sign-in on a retry', () => {
    expect(codeIdOfSession([])).toBeUndefined();
    expect(codeIdOfSession(failed(2))).toBe('c1');
  });
});

describe('a sign-in that could not send a code (every send slot taken)', () => {
  const recent = (store: LoginCodeStore, answer: string, userId = 'user-1', knownDevice = false) =>
    checkRecentLoginCode({ email: EMAIL, userId, answer, knownDevice }, store);

  it('accepts a code the owner received before the block, once', async () => {
    const { store, issue, lastCode } = setup();
    await issue();
    const received = lastCode();
    await issue();
    expect(await recent(store, received)).toBe(true);
    expect(await recent(store, received)).toBe(false);
  });

  it('refuses a code sent for another identity, and an expired one with code-expired', async () => {
    const { store, issue, lastCode } = setup();
    await issue();
    expect(await recent(store, lastCode(), 'someone-else')).toBe(false);
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    await expect(recent(store, lastCode())).rejects.toThrow(/^code-expired$/);
  });

  it('counts a stranger’s wrong answer against every live code, so no code takes more than the allowed guesses', async () => {
    const { store, issue, lastCode } = setup();
    await issue();
    const first = lastCode();
    await issue();
    const second = lastCode();
    for (let i = 0; i < LOGIN_MAX_FAILED_ATTEMPTS; i++) {
      const guess = [first, second].includes('000000') ? '999999' : '000000';
      expect(await recent(store, guess)).toBe(false);
    }
    expect([...store.codes.values()].map((code) => code.strangerAttempts)).toEqual([
      LOGIN_MAX_FAILED_ATTEMPTS,
      LOGIN_MAX_FAILED_ATTEMPTS,
    ]);
    expect(await recent(store, first)).toBe(false);
  });

  it('leaves the guesses of a code’s own sign-in to it, whatever strangers answered', async () => {
    const { store, issue, lastCode, check } = setup();
    const { codeId } = await issue();
    const received = lastCode();
    const guess = received === '000000' ? '999999' : '000000';
    for (let i = 0; i < 3 * LOGIN_MAX_FAILED_ATTEMPTS; i++) await recent(store, guess);
    expect(await check(codeId, received)).toBe(true);
  });

  it('lets a known device of the person try on its own: strangers’ guesses never stop it, and its own burn nothing', async () => {
    const { store, issue, lastCode, check } = setup();
    const { codeId } = await issue();
    const received = lastCode();
    const guess = received === '000000' ? '999999' : '000000';
    // A stranger spends every guess, and the code's own sign-in (maybe a stranger's) too.
    for (let i = 0; i < LOGIN_MAX_FAILED_ATTEMPTS; i++) {
      await recent(store, guess);
      await check(codeId, guess);
    }
    expect(await recent(store, received)).toBe(false);
    for (let i = 0; i < 3 * LOGIN_MAX_FAILED_ATTEMPTS; i++)
      expect(await recent(store, guess, 'user-1', true)).toBe(false);
    expect(store.codes.get(`${EMAIL}|${codeId}`)?.strangerAttempts).toBe(LOGIN_MAX_FAILED_ATTEMPTS);
    expect(await recent(store, received, 'user-1', true)).toBe(true);
  });
});
