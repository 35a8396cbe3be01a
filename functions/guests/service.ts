import type {
  ConvertGuestRequest,
  CreateGuestRequest,
  GuestCredentials,
  GuestStep,
} from '@shared/contracts/guests';
import type { Language } from '@shared/contracts/headers';
import type { Caller } from '../lib/caller';
import { guestsDb as db } from './store';
import { BadRequestError, ConflictError } from '../lib/errors';
import { logger } from '../lib/logger';
import { publishAfterWrite } from '../realtime';
import { checkAddressCode, claimSignInAddress, emailCodeDeletedItem, sendEmailCode } from '../emails';
import { acceptPendingDocuments } from '../legal';
import {
  convertedGuestItems,
  findVerifiedEmailOwner,
  getAccount,
  guestStepItem,
  newGuestUserItem,
} from '../users';
import { createGuestIdentity, deleteGuestIdentity } from './identity';
import { getGuest } from './repository';
import { hashGuestSecret, isGuestPlaceholder, newGuestSecret } from './secret';

/**
 * POST /users/guests: a real user-pool identity without an address of its own, its profile
 * (isGuest, step `guest`, the caller's language), how it arrived, and the hash of a new secret.
 * The secret is answered once. If anything fails after the pool identity exists, the identity is
 * deleted again, so no sign-in identity is left without its account.
 */
export async function createGuest(input: CreateGuestRequest, locale: Language): Promise<GuestCredentials> {
  const identity = await createGuestIdentity(locale);
  const { userId } = identity;
  const secret = newGuestSecret();
  try {
    const result = await db()
      .transaction.write(({ guest, guestKey }) => [
        newGuestUserItem(userId, locale),
        guest
          .create({
            userId,
            link: input.link,
          })
          .commit(),
        guestKey.create({ userId, secretHash: hashGuestSecret(secret) }).commit(),
      ])
      .go();
    if (result.canceled) throw new Error('The items of a new guest already exist');
  } catch (error) {
    await removeGuestIdentity(identity.username);
    throw error;
  }
  logger.info('Guest created', { userId });
  return { userId, username: identity.username, secret };
}

/**
 * A guest for a sphere member who signed in with their address and an access code before having an
 * account (decision 0014): the same pool identity and profile as any guest, arrived by the sphere's
 * access-code sign-in, greeted by the first name the admins gave the member, without a secret (it
 * signs in only with a ticket the access code earns). It
 * may register an address and convert like any guest. Answers its userId, which is also its pool
 * username.
 */
export async function createDelegatedGuest(
  link: string,
  locale: Language,
  firstName: string,
): Promise<string> {
  const identity = await createGuestIdentity(locale);
  const { userId } = identity;
  try {
    const result = await db()
      .transaction.write(({ guest }) => [
        newGuestUserItem(userId, locale, firstName),
        guest.create({ userId, link }).commit(),
      ])
      .go();
    if (result.canceled) throw new Error('The items of a new guest already exist');
  } catch (error) {
    await removeGuestIdentity(identity.username);
    throw error;
  }
  logger.info('Delegated guest created', { userId });
  return userId;
}

/** Removes the pool identity of a guest whose account is not kept; a failure is logged, not thrown. */
export async function removeGuestIdentity(username: string): Promise<void> {
  try {
    await deleteGuestIdentity(username);
  } catch (rollback) {
    logger.error('A guest identity could not be removed', { username, error: rollback as Error });
  }
}

async function guestAccount(userId: string) {
  const account = await getAccount(userId);
  if (!account?.user.isGuest) throw new ConflictError('not-a-guest');
  return account;
}

/**
 * POST /users/guests/register: the address the guest wants to sign in with. An address another
 * account proved is `email-already-used`; otherwise it receives a verification code (the emails
 * domain's codes and flood limit) and the guest moves to the `email` step.
 */
export async function registerGuest(caller: Caller, email: string, now = Date.now()): Promise<GuestStep> {
  const account = await guestAccount(caller.userId);
  if (isGuestPlaceholder(email)) throw new BadRequestError('email-not-valid');
  const owner = await findVerifiedEmailOwner(email);
  if (owner && owner.userId !== caller.userId) throw new ConflictError('email-already-used');
  const result = await db()
    .transaction.write(({ guest }) => [
      guest.patch({ userId: caller.userId }).set({ pendingEmail: email }).commit(),
      guestStepItem(caller.userId, 'email'),
    ])
    .go();
  // Converted meanwhile (or created before guests had an arrival record).
  if (result.canceled) throw new ConflictError('not-a-guest');
  await sendEmailCode(account, email, now);
  await publishAfterWrite(caller.userId, { type: 'profile', action: 'updated' });
  return { guestConvertionStep: 'email' };
}

/**
 * POST /users/guests/convert: the code sent to the registered address, the first name and every
 * pending legal document accepted turn the guest into a registered account with the same userId:
 * the address becomes its primary verified email (one verified owner ever, conditional write),
 * the secret stops working, and the user signs in with email codes from now on. The pool identity
 * gets the address before the account does, so a refusal there (another identity holds it) leaves
 * the guest as it was.
 */
export async function convertGuest(
  caller: Caller,
  input: ConvertGuestRequest,
  language: Language,
  now = Date.now(),
): Promise<GuestStep> {
  const { userId } = caller;
  await guestAccount(userId);
  const email = (await getGuest(userId))?.pendingEmail;
  // No address was registered, so no code was ever sent: any code is wrong.
  if (!email) throw new BadRequestError('code-invalid');
  const owner = await findVerifiedEmailOwner(email);
  if (owner && owner.userId !== userId) throw new ConflictError('email-already-used');
  await checkAddressCode(userId, email, input.validationCode, now);
  await acceptPendingDocuments(userId, language);
  // The pool identity first: if the pool refuses the address, nothing of the account has changed.
  // An identity that merely called SignUp with the address loses it; one that proved it keeps it.
  await claimSignInAddress(caller, email, input.firstName);

  const at = new Date(now).toISOString();
  const result = await db()
    .transaction.write(({ guest, guestKey }) => [
      ...convertedGuestItems(userId, input.firstName, email, at),
      emailCodeDeletedItem(userId, email),
      guest.patch({ userId }).set({ convertedAt: at }).remove(['pendingEmail']).commit(),
      guestKey.delete({ userId }).commit(),
    ])
    .go();
  if (result.canceled) {
    // Either another conversion of this guest won, or another account proved the address meanwhile.
    // The pool identity keeps the address it was just given: this guest then signs in by code to
    // it (the same account) and may register again.
    const again = await getAccount(userId);
    throw new ConflictError(again?.user.isGuest ? 'email-already-used' : 'not-a-guest');
  }
  logger.info('Guest converted', { userId });
  await publishAfterWrite(userId, { type: 'profile', action: 'updated' });
  await publishAfterWrite(userId, { type: 'ability', action: 'updated' });
  return { guestConvertionStep: 'finalized' };
}
