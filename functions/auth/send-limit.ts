import { LOGIN_CODE_WINDOW_MS, LOGIN_MAX_CODES_PER_WINDOW } from '@shared/domain/sign-in';
import { isConditionFailure } from '../lib/conditions';
import { ttlSeconds } from '../lib/one-time-codes';
import { authDb as db } from './store';

/** Why a code is mailed: each purpose has its own budget per address (docs/decisions/0006). */
export type CodePurpose = 'sign-in' | 'verification';

/**
 * Takes one of the address's send slots for this purpose: false when all
 * LOGIN_MAX_CODES_PER_WINDOW hold a send of the last LOGIN_CODE_WINDOW_MS. The count belongs to the
 * address alone, so no route, user, guest or deletion of the address resets or multiplies it.
 */
export async function claimCodeSend(purpose: CodePurpose, address: string, now: number): Promise<boolean> {
  const windowStart = now - LOGIN_CODE_WINDOW_MS;
  for (let slot = 0; slot < LOGIN_MAX_CODES_PER_WINDOW; slot++) {
    try {
      await db()
        .entities.codeSend.put({
          purpose,
          address,
          slot,
          sentAt: now,
          expiresAt: ttlSeconds(now + LOGIN_CODE_WINDOW_MS),
        })
        .where(({ sentAt }, { notExists, lte }) => `${notExists(sentAt)} OR ${lte(sentAt, windowStart)}`)
        .go({ response: 'none' });
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return false;
}

/** The sends that hold an address's slots (for "my data" and erasure). */
export async function codeSendsTo(address: string) {
  const purposes: CodePurpose[] = ['sign-in', 'verification'];
  const pages = await Promise.all(
    purposes.map((purpose) =>
      db().entities.codeSend.query.byAddress({ purpose, address }).go({ pages: 'all' }),
    ),
  );
  return pages.flatMap((page) => page.data);
}
