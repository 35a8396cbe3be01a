import type { PhoneVerificationAnswer } from '@shared/contracts/phone';
import { normalisePhone, phoneError } from '@shared/contracts/phone';
import { isTextableNumber } from '@shared/domain/phone';
import { isConditionFailure } from '../lib/conditions';
import { smsCountryCodes } from '../lib/config';
import { codeMatches, isCodeExpired, issueCode, ttlSeconds } from '../lib/one-time-codes';
import { BadRequestError, ConflictError, TooManyRequestsError, UnauthorizedError } from '../lib/errors';
import { sendSms } from '../lib/sms';
import { publishAfterWrite } from '../realtime';
import { getAccount, setPhone } from '../users';
import {
  PHONE_CODE_TTL_MS,
  PHONE_LOCK_MS,
  PHONE_WINDOW_MS,
  canRequestPhoneCode,
  phoneCodeLocks,
  phoneSmsText,
  recentSends,
} from './rules';
import { claimNumberSend } from './send-limit';
import { phoneDb as db } from './store';

type PhoneState = NonNullable<
  Awaited<ReturnType<ReturnType<ReturnType<typeof db>['entities']['phoneVerification']['get']>['go']>>['data']
>;

interface NextPhoneState {
  pendingPhone?: string;
  codeHash?: string;
  salt?: string;
  validUntil?: number;
  requests: number[];
  failures: number;
  lockedUntil?: number;
  lockReason?: 'too-many-phone-attempts' | 'too-many-phone-code-attempts';
}

/** Replaces the phone state if nobody changed it since it was read. */
async function savePhoneState(
  userId: string,
  previous: PhoneState | null,
  next: NextPhoneState,
  now: number,
): Promise<void> {
  try {
    await db()
      .entities.phoneVerification.put({
        userId,
        ...next,
        revision: (previous?.revision ?? 0) + 1,
        expiresAt: ttlSeconds(now + PHONE_WINDOW_MS + PHONE_LOCK_MS),
      })
      .where(({ revision }, { eq, notExists }) =>
        previous ? eq(revision, previous.revision) : notExists(revision),
      )
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('conflict');
    throw error;
  }
}

function phoneAnswer(
  phone: string | undefined,
  extra: Partial<PhoneVerificationAnswer>,
): PhoneVerificationAnswer {
  return { verified: false, ...(phone !== undefined ? { phone } : {}), ...extra };
}

/**
 * POST /v1/phone/verification: `{ phone }` sends a code by SMS; `{ phone, code }` checks it and
 * stores the phone on the account. Too many requests or wrong codes lock changes for 24 hours. Only
 * numbers of the deployment's countries are taken (`phone-country-not-allowed`), and a number gets
 * at most 3 texts per 24 hours whoever asks (`too-many-phone-codes-sent`, decision 0006).
 */
export async function verifyPhone(
  userId: string,
  body: { phone?: string | undefined; code?: string | undefined },
  now = Date.now(),
): Promise<PhoneVerificationAnswer> {
  // Guests never get here: the route is `registered`, which the middleware enforces.
  const account = await getAccount(userId);
  if (!account) throw new UnauthorizedError();
  const invalid = phoneError(body.phone);
  if (invalid) throw new BadRequestError(invalid);
  const phone = normalisePhone(body.phone as string);
  if (!isTextableNumber(phone, smsCountryCodes())) throw new BadRequestError('phone-country-not-allowed');
  const { data: state } = await db().entities.phoneVerification.get({ userId }).go({ consistent: true });
  if (state?.lockedUntil !== undefined && state.lockedUntil > now) {
    throw new TooManyRequestsError(state.lockReason ?? 'too-many-phone-attempts');
  }
  const requests = recentSends(state?.requests ?? [], now, PHONE_WINDOW_MS);
  const failures = state?.lockedUntil !== undefined ? 0 : (state?.failures ?? 0);

  const code = body.code?.trim() ?? '';
  if (code === '') {
    if (!canRequestPhoneCode(requests, now)) {
      await savePhoneState(
        userId,
        state,
        {
          requests: [],
          failures: 0,
          lockedUntil: now + PHONE_LOCK_MS,
          lockReason: 'too-many-phone-attempts',
        },
        now,
      );
      throw new TooManyRequestsError('too-many-phone-attempts');
    }
    // The number's own budget, shared by every account: a refusal here does not count as a request
    // of the caller's (nothing was sent), and a slot taken stays taken even if the write below fails.
    if (!(await claimNumberSend(phone, now))) throw new TooManyRequestsError('too-many-phone-codes-sent');
    const issued = issueCode(now, PHONE_CODE_TTL_MS);
    await savePhoneState(
      userId,
      state,
      {
        pendingPhone: phone,
        codeHash: issued.codeHash,
        salt: issued.salt,
        validUntil: issued.validUntil,
        requests: [...requests, now],
        failures,
      },
      now,
    );
    await sendSms(phone, phoneSmsText(issued.code, account.user.locale));
    return phoneAnswer(account.user.phone, { pendingPhone: phone });
  }

  if (!state?.pendingPhone || state.pendingPhone !== phone || !state.codeHash || !state.salt) {
    throw new BadRequestError('invalid-phone-code');
  }
  if (state.validUntil === undefined || isCodeExpired(state.validUntil, now))
    throw new BadRequestError('code-expired');
  if (!codeMatches(code, state.salt, state.codeHash)) {
    const failuresAfter = failures + 1;
    if (phoneCodeLocks(failuresAfter)) {
      await savePhoneState(
        userId,
        state,
        {
          requests,
          failures: 0,
          lockedUntil: now + PHONE_LOCK_MS,
          lockReason: 'too-many-phone-code-attempts',
        },
        now,
      );
      throw new TooManyRequestsError('too-many-phone-code-attempts');
    }
    await savePhoneState(
      userId,
      state,
      {
        pendingPhone: state.pendingPhone,
        codeHash: state.codeHash,
        salt: state.salt,
        validUntil: state.validUntil,
        requests,
        failures: failuresAfter,
      },
      now,
    );
    throw new BadRequestError('invalid-phone-code');
  }
  await savePhoneState(userId, state, { requests, failures: 0 }, now);
  await setPhone(userId, phone);
  await publishAfterWrite(userId, { type: 'profile', action: 'updated' });
  return phoneAnswer(phone, { verified: true });
}
