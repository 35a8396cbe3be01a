import { isConditionFailure } from '../lib/conditions';
import { newSecret, sameSecret, secretDigest } from '../lib/secrets';
import { authDb as db } from './store';

/** How long a delegation ticket can be exchanged for tokens. */
export const DELEGATION_TICKET_MS = 2 * 60 * 1000;
/** The challenge kind the triggers present while a ticket is live. */
export const DELEGATION_CHALLENGE = 'delegation';

const digest = secretDigest;

/**
 * A new ticket for the user (replacing any earlier one): 256 random bits, answered once to the
 * custom-auth challenge within DELEGATION_TICKET_MS. Answers the ticket; only its digest is kept.
 */
export async function issueDelegationTicket(
  userId: string,
  sphereId: string,
  nowMs = Date.now(),
): Promise<string> {
  const ticket = newSecret();
  await db()
    .entities.delegationTicket.put({
      userId,
      sphereId,
      ticketHash: digest(ticket),
      validUntil: nowMs + DELEGATION_TICKET_MS,
      used: false,
      expiresAt: Math.floor((nowMs + DELEGATION_TICKET_MS) / 1000) + 3600,
    })
    .go({ response: 'none' });
  return ticket;
}

/** Whether the user holds a ticket that can still be used (the trigger then asks for it). */
export async function hasLiveTicket(userId: string, nowMs = Date.now()): Promise<boolean> {
  const { data } = await db().entities.delegationTicket.get({ userId }).go({ consistent: true });
  return !!data && !data.used && data.validUntil > nowMs;
}

/**
 * Uses the user's ticket if `answer` is it and it is live: marked used under a condition, so one
 * ticket signs in once even when answered twice at the same time.
 */
export async function useDelegationTicket(
  userId: string,
  answer: string,
  nowMs = Date.now(),
): Promise<boolean> {
  const { data } = await db().entities.delegationTicket.get({ userId }).go({ consistent: true });
  if (!data || data.used || data.validUntil <= nowMs || !sameSecret(digest(answer), data.ticketHash))
    return false;
  try {
    await db()
      .entities.delegationTicket.patch({ userId })
      .set({ used: true })
      .where(({ used, ticketHash }, { eq }) => `${eq(used, false)} AND ${eq(ticketHash, data.ticketHash)}`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
