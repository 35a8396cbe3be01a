import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import type { SignInAnswer } from '@shared/contracts/auth';
import type { Language } from '@shared/contracts/headers';
import { LOGIN_CODE_TTL_MS, LOGIN_MAX_FAILED_ATTEMPTS } from '@shared/domain/sign-in';
import { ConflictError } from '../lib/errors';
import { mailLocale } from '../lib/mail-templates';
import { loginCodeMail, type LoginCodeMailValues } from './mail';
import { createAccount, findEmailOwner, getAccount } from '../users';
import {
  SignInError,
  codeIdFromMetadata,
  generateLoginCode,
  hashLoginCode,
  isLoginCodeExpired,
  loginCodeMatches,
  loginCodeValidUntil,
  newCodeId,
  newSalt,
} from './codes';
import { dynamoLoginCodeStore, type LoginCodeStore } from './repository';

/** What the code rules need from the outside; tests swap in fakes. */
export interface AuthDependencies {
  store: LoginCodeStore;
  /** The recipient's profile, when their account exists. */
  loadProfile(userId: string): Promise<{ firstName: string; locale: Language } | null>;
  sendLoginCode(to: string, locale: Language, values: LoginCodeMailValues): Promise<unknown>;
}

export const defaultDependencies: AuthDependencies = {
  store: dynamoLoginCodeStore,
  async loadProfile(userId) {
    const account = await getAccount(userId);
    return account ? { firstName: account.user.firstName, locale: account.user.locale } : null;
  },
  // Only create-auth-challenge sends mail: the SES client loads when it does, not in the init of
  // every trigger and of the sign-in API.
  sendLoginCode: async (to, locale, values) => {
    const { sendTemplatedEmail } = await import('../lib/mail');
    return sendTemplatedEmail(to, loginCodeMail, locale, values);
  },
};

type SessionEntry = DefineAuthChallengeTriggerEvent['request']['session'][number];

/** The define-auth-challenge state machine over the challenges of one sign-in. */
export function nextSignInStep(session: SessionEntry[]): 'challenge' | 'tokens' | 'fail' {
  if (session.some((entry) => entry.challengeName !== 'CUSTOM_CHALLENGE')) return 'fail';
  const last = session.at(-1);
  if (!last) return 'challenge';
  if (last.challengeResult === true) return 'tokens';
  const failures = session.filter((entry) => entry.challengeResult !== true).length;
  if (failures >= LOGIN_MAX_FAILED_ATTEMPTS) throw new SignInError('too-many-attempts');
  return 'challenge';
}

/** The code of this sign-in, when one was already sent: retries reuse it. */
export function codeIdOfSession(session: SessionEntry[]): string | undefined {
  for (let i = session.length - 1; i >= 0; i--) {
    const entry = session[i];
    if (entry?.challengeName === 'CUSTOM_CHALLENGE') {
      const codeId = codeIdFromMetadata(entry.challengeMetadata);
      if (codeId) return codeId;
    }
  }
  return undefined;
}

export interface LoginCodeRecipient {
  email: string;
  userId: string;
  /** Cognito attributes, used when the account does not exist yet. */
  givenName?: string | undefined;
  locale?: string | undefined;
}

/**
 * Sends a new code to the address, unless it already received LOGIN_MAX_CODES_PER_WINDOW codes
 * within LOGIN_CODE_WINDOW_MS. Only the code's salted hash is stored.
 */
export async function issueLoginCode(
  recipient: LoginCodeRecipient,
  deps: AuthDependencies = defaultDependencies,
): Promise<{ codeId: string }> {
  const now = Date.now();
  if (!(await deps.store.claimSendSlot(recipient.email, now))) {
    throw new SignInError('too-many-codes-sent');
  }
  const code = generateLoginCode();
  const salt = newSalt();
  const codeId = newCodeId();
  await deps.store.saveCode(
    {
      email: recipient.email,
      codeId,
      userId: recipient.userId,
      codeHash: hashLoginCode(code, salt),
      salt,
      validUntil: loginCodeValidUntil(now),
    },
    now,
  );
  const profile = await deps.loadProfile(recipient.userId);
  const firstName = profile?.firstName ?? recipient.givenName;
  await deps.sendLoginCode(recipient.email, mailLocale(profile?.locale, recipient.locale), {
    code,
    validityMinutes: LOGIN_CODE_TTL_MS / 60_000,
    ...(firstName ? { firstName } : {}),
  });
  return { codeId };
}

/**
 * Checks an answer against the code of this sign-in (only this sign-in names it: its id is in the
 * challenge's private parameters). A missing, used or exhausted code is simply wrong; an expired one
 * throws `code-expired`. A wrong answer is counted on the code (at most LOGIN_MAX_FAILED_ATTEMPTS,
 * the same bound as the sign-in's own); a right one marks the code used, once.
 */
export async function checkLoginCode(
  input: { email: string; codeId: string; answer: string },
  store: LoginCodeStore = defaultDependencies.store,
): Promise<boolean> {
  const code = await store.getCode(input.email, input.codeId);
  if (!code || code.used || code.attempts >= LOGIN_MAX_FAILED_ATTEMPTS) return false;
  if (isLoginCodeExpired(code.validUntil, Date.now())) throw new SignInError('code-expired');
  if (!loginCodeMatches(input.answer, code.salt, code.codeHash)) {
    await store.recordFailedAttempt(input.email, input.codeId);
    return false;
  }
  return store.markUsed(input.email, input.codeId);
}

const ACCOUNT_LOCALES: readonly string[] = ['fr', 'en', 'nl'];

/**
 * The first right code proves the address: the account is created then (spec: creation,
 * validation, then automatic sign-in). Nothing happens when it exists already.
 */
export async function ensureAccount(input: {
  userId: string;
  email: string;
  givenName?: string | undefined;
  locale?: string | undefined;
}): Promise<'created' | 'existing'> {
  if (await getAccount(input.userId)) return 'existing';
  const firstName = input.givenName?.trim() || (input.email.split('@')[0] ?? input.email);
  const locale = ACCOUNT_LOCALES.includes(input.locale ?? '') ? (input.locale as Language) : undefined;
  try {
    await createAccount({
      userId: input.userId,
      email: input.email,
      firstName,
      ...(locale ? { locale } : {}),
    });
    return 'created';
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    // Two sign-ins of the same new user at once: the other one created it.
    if (await getAccount(input.userId)) return 'existing';
    throw new SignInError('email-already-used');
  }
}

/**
 * Checks an answer against every code recently sent to the address for this identity: what a
 * sign-in that could not send a code accepts (docs/decisions/0006), so that a flood of sign-in
 * starts by someone else never locks the owner out of the code already in their mailbox. Cognito
 * ends the sign-in at its LOGIN_MAX_FAILED_ATTEMPTS-th wrong answer (`nextSignInStep`). Beyond that:
 * - from a known device of the person (`knownDevice`), wrong answers are the device's alone and
 *   never touch the codes, so nobody else can spend what the owner's browser may try;
 * - from any other browser, a wrong answer counts on every live code as a stranger's guess, and a
 *   code takes at most LOGIN_MAX_FAILED_ATTEMPTS of those, so guessing stays bounded per code
 *   however many sign-ins are started. The code's own sign-in keeps its own guesses, so the
 *   sign-in that mailed a code is never locked out of it by others.
 * A right answer uses its code, once.
 */
export async function checkRecentLoginCode(
  input: { email: string; userId: string; answer: string; knownDevice: boolean },
  store: LoginCodeStore = defaultDependencies.store,
): Promise<boolean> {
  const now = Date.now();
  const mine = (await store.codesFor(input.email)).filter(
    (code) => code.userId === input.userId && !code.used,
  );
  const live = mine.filter((code) => !isLoginCodeExpired(code.validUntil, now));
  if (live.length === 0) {
    if (mine.length > 0) throw new SignInError('code-expired');
    return false;
  }
  const open = input.knownDevice
    ? live
    : live.filter((code) => code.strangerAttempts < LOGIN_MAX_FAILED_ATTEMPTS);
  const right = open.find((code) => loginCodeMatches(input.answer, code.salt, code.codeHash));
  if (right) return store.markUsed(input.email, right.codeId);
  if (!input.knownDevice)
    await Promise.all(open.map((code) => store.recordStrangerAttempt(input.email, code.codeId)));
  return false;
}

/** POST /users/sign-in: does an account hold this email, and how can it sign in. */
export async function signInOptions(email: string): Promise<SignInAnswer> {
  const owner = await findEmailOwner(email);
  if (!owner?.isVerified) return { email, exists: false, methods: ['code'] };
  const account = await getAccount(owner.userId);
  return {
    email,
    exists: true,
    methods: account?.user.hasPassword ? ['code', 'password'] : ['code'],
    ...(account ? { locale: account.user.locale } : {}),
  };
}
