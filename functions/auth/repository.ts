import { LOGIN_MAX_FAILED_ATTEMPTS } from '@shared/domain/sign-in';
import { isConditionFailure } from '../lib/conditions';
import { EXPIRED_CODE_KEPT_MS, ttlSeconds } from '../lib/one-time-codes';
import { authDb as db } from './store';
import { claimCodeSend } from './send-limit';

/** A code as stored: its hash and salt, never the code itself. */
export interface StoredLoginCode {
  email: string;
  codeId: string;
  userId: string;
  codeHash: string;
  salt: string;
  /** Epoch ms; the code is accepted up to this instant. */
  validUntil: number;
  attempts: number;
  /** Wrong answers from sign-ins of unknown browsers that could send nothing. */
  strangerAttempts: number;
  used: boolean;
}

export type NewLoginCode = Omit<StoredLoginCode, 'attempts' | 'strangerAttempts' | 'used'>;

/**
 * Storage of sign-in codes. Every write that can race is conditional: two concurrent sign-ins can
 * neither exceed the send limit, nor both use one code, nor push a code past its attempts.
 */
export interface LoginCodeStore {
  /** Takes one of the address's send slots; false when every slot holds a send within the window. */
  claimSendSlot(email: string, now: number): Promise<boolean>;
  saveCode(code: NewLoginCode, now: number): Promise<void>;
  getCode(email: string, codeId: string): Promise<StoredLoginCode | null>;
  /** Every code stored for the address (one Query on its partition); old ones expire by TTL. */
  codesFor(email: string): Promise<StoredLoginCode[]>;
  /** Counts a wrong answer; false when the code was already used or out of attempts. */
  recordFailedAttempt(email: string, codeId: string): Promise<boolean>;
  /** Counts a stranger's wrong answer (see `strangerAttempts`); false when used or out of them. */
  recordStrangerAttempt(email: string, codeId: string): Promise<boolean>;
  /**
   * Marks the code used; false when it was already used, so a code works once. Spent guesses do not
   * stop it here: the sign-in that names the code checks them, and the other sign-ins of the address
   * never count against it (docs/decisions/0006).
   */
  markUsed(email: string, codeId: string): Promise<boolean>;
}

function storedCode(
  data: Omit<StoredLoginCode, 'strangerAttempts'> & { strangerAttempts?: number | undefined },
): StoredLoginCode {
  return {
    email: data.email,
    codeId: data.codeId,
    userId: data.userId,
    codeHash: data.codeHash,
    salt: data.salt,
    validUntil: data.validUntil,
    attempts: data.attempts,
    strangerAttempts: data.strangerAttempts ?? 0,
    used: data.used,
  };
}

export const dynamoLoginCodeStore: LoginCodeStore = {
  claimSendSlot: (email, now) => claimCodeSend('sign-in', email, now),

  async saveCode(code, now) {
    await db()
      .entities.loginCode.create({
        ...code,
        attempts: 0,
        used: false,
        createdAt: now,
        expiresAt: ttlSeconds(code.validUntil + EXPIRED_CODE_KEPT_MS),
      })
      .go({ response: 'none' });
  },

  async getCode(email, codeId) {
    const { data } = await db().entities.loginCode.get({ email, codeId }).go({ consistent: true });
    return data ? storedCode(data) : null;
  },

  async codesFor(email) {
    const { data } = await db()
      .entities.loginCode.query.byEmail({ email })
      .go({ consistent: true, pages: 'all' });
    return data.map(storedCode);
  },

  async recordFailedAttempt(email, codeId) {
    try {
      await db()
        .entities.loginCode.patch({ email, codeId })
        .add({ attempts: 1 })
        .where(
          ({ attempts, used }, { lt, eq }) =>
            `${lt(attempts, LOGIN_MAX_FAILED_ATTEMPTS)} AND ${eq(used, false)}`,
        )
        .go({ response: 'none' });
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },

  async recordStrangerAttempt(email, codeId) {
    try {
      await db()
        .entities.loginCode.patch({ email, codeId })
        .add({ strangerAttempts: 1 })
        .where(
          ({ strangerAttempts, used }, { lt, eq, notExists }) =>
            `(${notExists(strangerAttempts)} OR ${lt(strangerAttempts, LOGIN_MAX_FAILED_ATTEMPTS)}) AND ${eq(used, false)}`,
        )
        .go({ response: 'none' });
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },

  async markUsed(email, codeId) {
    try {
      await db()
        .entities.loginCode.patch({ email, codeId })
        .set({ used: true })
        .where(({ used }, { eq }) => eq(used, false))
        .go({ response: 'none' });
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },
};
