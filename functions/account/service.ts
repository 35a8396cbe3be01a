import { exportFileName } from '@shared/contracts/account';
import { normaliseEmail } from '@shared/domain/sign-in';
import type { Caller } from '../lib/caller';
import { deleteSignInAccount } from '../lib/cognito';
import { NotFoundError, ValidationError } from '../lib/errors';
import { logger } from '../lib/logger';
import type { Belonging, Holding, Owner } from '../lib/domain';
import { getGuest } from '../guests';
import { endConnectionsOf } from '../realtime';
import { getAccount, ownedBy, userPartition } from '../users';
import { buildArchive } from './export';
import { deleteKeys, partitionKeys } from './repository';

async function loadOwner(userId: string, extraEmail?: () => Promise<string | undefined>) {
  const account = await getAccount(userId);
  if (!account) throw new NotFoundError();
  const emails = account.emails.map((e) => e.email);
  const extra = await extraEmail?.();
  if (extra !== undefined && !emails.includes(extra)) emails.push(extra);
  const owner: Owner = { userId, emails, ownedEmails: await ownedBy(userId, emails) };
  return { account, owner };
}

async function gatherAll(
  owner: Owner,
  belongings: readonly Belonging[],
): Promise<{ belonging: Belonging; holding: Holding }[]> {
  return Promise.all(
    belongings.map(async (belonging) => ({ belonging, holding: await belonging.gather(owner) })),
  );
}

/** The caller's archive: every belonging of the list, gathered by key. */
export async function exportAccount(
  userId: string,
  belongings: readonly Belonging[],
  at = new Date(),
): Promise<{ name: string; bytes: Uint8Array }> {
  const { account, owner } = await loadOwner(userId);
  const gathered = await gatherAll(owner, belongings);
  const bytes = buildArchive({
    userId,
    locale: account.user.locale,
    at,
    sections: gathered.map(({ belonging, holding }) => ({ belonging, records: holding.records })),
  });
  return { name: exportFileName(at), bytes };
}

/** What a guest types to confirm leaving (it has no address): the literal word. */
export const GUEST_LEAVE_CONFIRMATION = 'leave';

/**
 * Leaves the product: the confirmation must be the primary address (a guest's: the word `leave`;
 * its guest key and arrival record sit in its own partition and go with it); then every belonging is taken
 * away, the sign-in account removed, and last the profile and emails (so a failure before the end
 * can be repeated with the same token and confirmation), with anything else left in the user's own
 * partition.
 */
export async function leaveProduct(
  caller: Caller,
  confirmation: string,
  belongings: readonly Belonging[],
): Promise<void> {
  // The address a guest was registering has a verification code keyed by it: it goes too.
  const { account, owner } = await loadOwner(
    caller.userId,
    async () => (await getGuest(caller.userId))?.pendingEmail,
  );
  if (account.user.isGuest) {
    // A guest has no address to type: it confirms with the word itself.
    if (confirmation.trim().toLowerCase() !== GUEST_LEAVE_CONFIRMATION) {
      throw new ValidationError([{ key: 'not-valid', field: 'body.confirmation' }]);
    }
  } else {
    const primary = account.emails.find((e) => e.primary)?.email;
    if (primary === undefined || normaliseEmail(confirmation) !== normaliseEmail(primary)) {
      throw new ValidationError([{ key: 'not-valid', field: 'body.confirmation' }]);
    }
  }
  const gathered = await gatherAll(owner, belongings);
  const at = (stage: Belonging['stage']) =>
    gathered.filter(({ belonging }) => (belonging.stage ?? 'first') === stage);
  for (const { holding } of at('first')) await holding.leave();
  await deleteSignInAccount(caller.username);
  for (const { holding } of [...at('last'), ...at('final')]) await holding.leave();
  // Whatever else sits in the user's own partition is theirs alone: it goes too, listed or not.
  await deleteKeys(await partitionKeys(userPartition(caller.userId)));
  // The realtime belonging closed the connections it gathered; a tab that reconnected meanwhile
  // (its token still passed while the profile existed) is closed now that nothing passes.
  await endConnectionsOf(caller.userId);
  logger.info('A user left the product', { userId: caller.userId });
}
