import { isConditionFailure } from '../lib/conditions';
import { ttlSeconds } from '../lib/one-time-codes';
import { PHONE_MAX_TEXTS_PER_NUMBER, PHONE_NUMBER_WINDOW_MS, numberSlotFreeBefore } from './rules';
import { phoneDb as db } from './store';

/**
 * Takes one of the number's send slots: false when all PHONE_MAX_TEXTS_PER_NUMBER hold a send of the
 * last PHONE_NUMBER_WINDOW_MS. Each slot is a conditional put (free, or its send has left the
 * window), so racing requests, from one account or many, never text a number more than the cap.
 */
export async function claimNumberSend(phone: string, now: number): Promise<boolean> {
  const freeBefore = numberSlotFreeBefore(now);
  for (let slot = 0; slot < PHONE_MAX_TEXTS_PER_NUMBER; slot++) {
    try {
      await db()
        .entities.phoneCodeSend.put({
          phone,
          slot,
          sentAt: now,
          expiresAt: ttlSeconds(now + PHONE_NUMBER_WINDOW_MS),
        })
        .where(({ sentAt }, { notExists, lte }) => `${notExists(sentAt)} OR ${lte(sentAt, freeBefore)}`)
        .go({ response: 'none' });
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return false;
}

/** The sends that hold a number's slots (for "my data" and erasure). */
export async function sendsToNumber(phone: string) {
  const { data } = await db().entities.phoneCodeSend.query.byPhone({ phone }).go({ pages: 'all' });
  return data;
}
