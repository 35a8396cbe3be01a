import type { EmailList } from '@shared/contracts/emails';
import { claimCodeSend } from '../auth';
import { issueCode } from '../lib/one-time-codes';
import { isConditionFailure } from '../lib/conditions';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../lib/errors';
import { sendTemplatedEmail } from '../lib/mail';
import { emailVerificationMail } from './mail';
import { publishAfterWrite } from '../realtime';
import { logger } from '../lib/logger';
import {
  addUnverifiedEmail,
  findEmailOwner,
  findVerifiedEmailOwner,
  getAccount,
  provedEmailItems,
  removedEmailItems,
  setPrimaryEmail,
  type Account,
} from '../users';
import { writeEntities } from '../lib/db';
import { emailsDb as db } from './store';
import {
  EMAIL_CODE_TTL_MS,
  EMAIL_CODE_VALIDITY_MINUTES,
  checkEmailCode,
  emailList,
  wrongAnswerKey,
} from './rules';
import type { Caller } from '../lib/caller';
import { deleteSignInAccount, findSignInIdentity, updateSignInEmail } from '../lib/cognito';

/**
 * The caller's account. Guests never get here: every route of the domain is `registered`, which
 * the middleware enforces (functions/lib/http.ts).
 */
async function registeredAccount(userId: string): Promise<Account> {
  const account = await getAccount(userId);
  if (!account) throw new UnauthorizedError();
  return account;
}

/** Transaction item that deletes the verification code of one of the user's addresses. */
export function emailCodeDeletedItem(userId: string, email: string) {
  return writeEntities(db()).emailCode.delete({ userId, email }).commit();
}

/** A path that names another user answers as if nothing were there. */
function assertSelf(callerId: string, pathUserId: string): void {
  if (callerId !== pathUserId) throw new NotFoundError();
}

async function currentList(userId: string): Promise<EmailList> {
  const account = await getAccount(userId);
  return { emails: emailList(account?.emails ?? []) };
}

function findEmail(account: Account, email: string) {
  return account.emails.find((e) => e.email === email);
}

/**
 * Replaces the address's code with a new one and mails it, within the flood limit. The limit counts
 * the verification codes mailed to the address whoever asks (any user, any guest, any route) and is
 * kept apart from the address records, so deleting and adding the address again resets nothing
 * (docs/decisions/0006). A refused send leaves the code already mailed valid. Also used by guest
 * registration (functions/guests), which verifies an address the same way.
 */
export async function sendEmailCode(account: Account, email: string, now: number): Promise<void> {
  const { userId } = account.user;
  const { data: current } = await db().entities.emailCode.get({ userId, email }).go({ consistent: true });
  if (!(await claimCodeSend('verification', email, now)))
    throw new TooManyRequestsError('too-many-codes-sent');
  const { code, ...stored } = issueCode(now, EMAIL_CODE_TTL_MS);
  try {
    await db()
      .entities.emailCode.put({
        userId,
        email,
        ...stored,
        attempts: 0,
        revision: (current?.revision ?? 0) + 1,
      })
      .where(({ revision }, { eq, notExists }) =>
        current ? eq(revision, current.revision) : notExists(revision),
      )
      .go({ response: 'none' });
  } catch (error) {
    // Another send for this address won the race and replaced the code: its mail is the one to use.
    if (isConditionFailure(error)) throw new TooManyRequestsError('too-many-codes-sent');
    throw error;
  }
  await sendTemplatedEmail(email, emailVerificationMail, account.user.locale, {
    code,
    validityMinutes: EMAIL_CODE_VALIDITY_MINUTES,
    firstName: account.user.firstName,
  });
}

/**
 * PUT /v1/emails/{email}: a new unverified secondary address, and its code by email. Only an
 * account that verified the address blocks it: an unverified claim is the claimant's own
 * `userEmail` item, so several users may claim one address and the first to prove it owns it.
 */
export async function addEmail(userId: string, email: string, now = Date.now()): Promise<EmailList> {
  const account = await registeredAccount(userId);
  if (findEmail(account, email)) return { emails: emailList(account.emails) };
  const owner = await findVerifiedEmailOwner(email);
  if (owner && owner.userId !== userId) throw new ConflictError('email-already-used');
  // A concurrent add of the same address by this user won: nothing more to do.
  if (!(await addUnverifiedEmail(userId, email))) return currentList(userId);
  await sendEmailCode(account, email, now);
  await publishAfterWrite(userId, { type: 'emails', action: 'created' });
  return currentList(userId);
}

/** POST /v1/emails/{email}/verification: a new code for one of the caller's unverified addresses. */
export async function resendEmailCode(userId: string, email: string, now = Date.now()): Promise<EmailList> {
  const account = await registeredAccount(userId);
  const entry = findEmail(account, email);
  if (!entry) throw new NotFoundError();
  if (!entry.isVerified) await sendEmailCode(account, email, now);
  return { emails: emailList(account.emails) };
}

/**
 * Checks an answer to the code sent to one of the user's addresses, and returns only when it is
 * right: a wrong answer is counted (`code-invalid`, the last allowed one `too-many-attempts`), an
 * old code is `code-expired`. The caller deletes the code with the write the answer unlocks. Also
 * used by guest conversion (functions/guests).
 */
export async function checkAddressCode(
  userId: string,
  email: string,
  answer: string,
  now = Date.now(),
): Promise<void> {
  const { data: stored } = await db().entities.emailCode.get({ userId, email }).go({ consistent: true });
  const check = checkEmailCode(stored, answer, now);
  if (check === 'code-invalid' && stored) {
    try {
      await db()
        .entities.emailCode.patch({ userId, email })
        .add({ attempts: 1 })
        .where(({ attempts }, { eq }) => eq(attempts, stored.attempts))
        .go({ response: 'none' });
    } catch (error) {
      if (isConditionFailure(error)) throw new BadRequestError('code-invalid');
      throw error;
    }
    const key = wrongAnswerKey(stored.attempts + 1);
    throw key === 'too-many-attempts' ? new TooManyRequestsError(key) : new BadRequestError(key);
  }
  if (check === 'too-many-attempts') throw new TooManyRequestsError(check);
  if (check !== 'ok') throw new BadRequestError(check);
}

/** PUT /users/{userId}/emails/{email}/verification/{code}. */
export async function verifyEmail(
  callerId: string,
  input: { userId: string; email: string; code: string },
  now = Date.now(),
): Promise<EmailList> {
  assertSelf(callerId, input.userId);
  const account = await registeredAccount(callerId);
  const { email } = input;
  const entry = findEmail(account, email);
  if (!entry) throw new NotFoundError();
  if (entry.isVerified) return { emails: emailList(account.emails) };
  // Someone else proved the address first: this claim can never be verified.
  const owner = await findVerifiedEmailOwner(email);
  if (owner && owner.userId !== callerId) throw new ConflictError('email-already-used');

  await checkAddressCode(callerId, email, input.code, now);

  const result = await db()
    .transaction.write(({ emailCode }) => [
      ...provedEmailItems(callerId, email, new Date(now).toISOString()),
      emailCode.delete({ userId: callerId, email }).commit(),
    ])
    .go();
  // Another account verified the address meanwhile: exactly one verified owner, ever.
  if (result.canceled) throw new ConflictError('email-already-used');
  await publishAfterWrite(callerId, { type: 'emails', action: 'updated' });
  return currentList(callerId);
}

/**
 * Makes a proved address the sign-in email of the caller's pool identity (docs/decisions/0006).
 * Another identity holding it keeps it only if it proved it, that is if it has an account: then
 * 409 `email-already-used` and nothing changes. An identity that never proved it (anyone may call
 * SignUp with any address) loses it: it is removed from the pool. It can never prove the address
 * later, as the caller's verified claim (emailOwner) refuses a second account for it. Also used by
 * guest conversion (functions/guests).
 */
export async function claimSignInAddress(
  caller: { username: string; userId: string },
  email: string,
  givenName?: string,
): Promise<void> {
  const holder = await findSignInIdentity(email);
  if (holder && holder.username !== caller.username) {
    if (holder.userId === caller.userId || (await getAccount(holder.userId))) {
      throw new ConflictError('email-already-used');
    }
    await deleteSignInAccount(holder.username);
    logger.warn('Identity that never proved its address removed from the pool', { userId: holder.userId });
  }
  try {
    await updateSignInEmail(caller.username, email, givenName);
  } catch (error) {
    // Someone took the address in the pool meanwhile: the caller's state is unchanged.
    if ((error as { name?: string }).name === 'AliasExistsException') {
      throw new ConflictError('email-already-used', { cause: error });
    }
    throw error;
  }
}

/**
 * PUT /users/{userId}/emails/{email}/primary: exactly one primary, and it is verified. The pool
 * first, then the table; a table refusal puts the pool back, so both always name the same address.
 */
export async function makePrimary(
  caller: Caller,
  input: { userId: string; email: string },
): Promise<EmailList> {
  const callerId = caller.userId;
  assertSelf(callerId, input.userId);
  const account = await registeredAccount(callerId);
  const entry = findEmail(account, input.email);
  if (!entry) throw new NotFoundError();
  if (!entry.isVerified) throw new BadRequestError('email-main-not-validated');
  if (entry.primary) return { emails: emailList(account.emails) };
  const others = account.emails.filter((e) => e.primary && e.email !== input.email);
  // The user pool signs in by email: the primary address is the sign-in address.
  await claimSignInAddress(caller, input.email);
  let written: boolean;
  try {
    written = await setPrimaryEmail(
      callerId,
      input.email,
      others.map((e) => e.email),
    );
  } catch (error) {
    await restoreSignInEmail(caller.username, others[0]?.email, input.email);
    throw error;
  }
  if (!written) {
    await restoreSignInEmail(caller.username, others[0]?.email, input.email);
    throw new ConflictError('conflict');
  }
  await publishAfterWrite(callerId, { type: 'emails', action: 'updated' });
  return currentList(callerId);
}

/** Puts the previous primary back as the sign-in email after the table refused the new one. */
async function restoreSignInEmail(username: string, previous: string | undefined, attempted: string) {
  if (!previous) return;
  try {
    await updateSignInEmail(username, previous);
  } catch (error) {
    // The table keeps the previous primary: the user can still sign in with the new address, and
    // making it primary again repairs the pool.
    logger.error('Sign-in email not restored after a refused primary change', {
      previous,
      attempted,
      error: error as Error,
    });
  }
}

/**
 * DELETE /v1/emails/{email}: any address but the primary; the address is free again (its owner
 * item goes with it when the caller had verified it).
 */
export async function deleteEmail(callerId: string, email: string): Promise<EmailList> {
  const account = await registeredAccount(callerId);
  const entry = findEmail(account, email);
  if (!entry) throw new NotFoundError();
  if (entry.primary) throw new BadRequestError('primary-address-required');
  const owner = await findEmailOwner(email);
  const result = await db()
    .transaction.write(({ emailCode }) => [
      ...removedEmailItems(callerId, email, owner?.userId === callerId),
      emailCode.delete({ userId: callerId, email }).commit(),
    ])
    .go();
  if (result.canceled) throw new BadRequestError('primary-address-required');
  await publishAfterWrite(callerId, { type: 'emails', action: 'deleted' });
  return currentList(callerId);
}
