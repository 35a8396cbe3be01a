import { randomInt } from 'node:crypto';
import {
  PROMOTION_CODE_ALREADY_REDEEMED,
  PROMOTION_CODE_NOT_FOUND,
  PROMOTION_CODE_PLAN_HELD,
  PROMOTION_CODE_SESSION_KEY,
  PROMOTION_CODE_SPHERE_KEY,
  type OwnPlanAnswer,
  type PromotionCode,
  type PromotionCodeCreateSchema,
} from '@shared/contracts/subscriptions';
import type { Language } from '@shared/contracts/headers';
import {
  PROMOTION_CODE_ALPHABET,
  PROMOTION_CODE_SUFFIX_LENGTH,
  formatPromotionCode,
  looksLikePromotionCode,
  normalisePromotionCode,
  planDay,
  promotionCodeRefusal,
  withFreeMonth,
} from '@shared/domain/plans';
import type * as z from 'zod';
import { ConflictError, DomainError, ForbiddenError, ValidationError } from '../lib/errors';
import { publishAfterWrite } from '../realtime';
import { findSession } from '../sessions';
import { findSphere, membershipIn } from '../spheres';
import { ownPlanRecord } from '../users';
import {
  findPromotionCode,
  findRedemption,
  insertPromotionCode,
  nextPromotionNumber,
  promotionCodesOf,
  writeRedemption,
  type PromotionCodeItem,
} from './repository';

/**
 * Promotion codes (spec 02 §3, §6, §7, §9; decision 0048): an ambassador creates codes and lists
 * their own (the middleware checked their right, `post` / `get` on `subscription-promotion-code`);
 * a registered person redeems one for a free month of Essentials.
 */

type List<T> = { count: number; items: T[]; max: number; offset: number };

export function toPromotionCode(item: PromotionCodeItem, now: Date): PromotionCode {
  return {
    code: item.code,
    number: item.number,
    name: item.name,
    ...(item.sphereId !== undefined ? { sphereId: item.sphereId } : {}),
    ...(item.sphereName !== undefined ? { sphereName: item.sphereName } : {}),
    ...(item.sessionId !== undefined ? { sessionId: item.sessionId } : {}),
    ...(item.sessionName !== undefined ? { sessionName: item.sessionName } : {}),
    count: item.count,
    used: item.used,
    remaining: Math.max(item.count - item.used, 0),
    validOn: item.day,
    redeemable: promotionCodeRefusal(item, now) === null,
    createdAt: item.createdAt,
  };
}

const sphereRefused = () => new ValidationError([{ key: PROMOTION_CODE_SPHERE_KEY, field: 'body.sphereId' }]);
const sessionRefused = () =>
  new ValidationError([{ key: PROMOTION_CODE_SESSION_KEY, field: 'body.sessionId' }]);

/** A stored text in the caller's language, or the first one it has. */
const textIn = (text: Partial<Record<Language, string>> | undefined, language: Language) =>
  text?.[language] ?? Object.values(text ?? {}).find((value) => value !== undefined);

/**
 * The sphere and session a code is for, with their names: a sphere the ambassador is an active
 * member of (the spheres they see), and a session of it. Anything else is 400 with its key: an id of
 * a sphere they are not in is never told apart from an unknown one.
 */
async function placeOf(
  callerId: string,
  body: { sphereId?: string | undefined; sessionId?: string | undefined },
  language: Language,
): Promise<Pick<PromotionCodeItem, 'sphereId' | 'sphereName' | 'sessionId' | 'sessionName'>> {
  let sphereId = body.sphereId;
  let sessionName: string | undefined;
  if (body.sessionId !== undefined) {
    const session = await findSession(body.sessionId);
    if (!session || (sphereId !== undefined && session.sphereId !== sphereId)) throw sessionRefused();
    sphereId = session.sphereId;
    sessionName = textIn(session.publicName, language) ?? textIn(session.name, language) ?? '';
  }
  if (sphereId === undefined) return {};
  const [membership, sphere] = await Promise.all([membershipIn(callerId, sphereId), findSphere(sphereId)]);
  if (!membership?.active || !sphere) throw body.sphereId === undefined ? sessionRefused() : sphereRefused();
  return {
    sphereId,
    sphereName: sphere.name,
    ...(body.sessionId !== undefined ? { sessionId: body.sessionId, sessionName: sessionName ?? '' } : {}),
  };
}

const drawSuffix = () =>
  Array.from(
    { length: PROMOTION_CODE_SUFFIX_LENGTH },
    () => PROMOTION_CODE_ALPHABET[randomInt(PROMOTION_CODE_ALPHABET.length)],
  ).join('');

/**
 * POST /users/subscriptions/promotion-codes: a new numbered code, valid today (Brussels), for at
 * most `count` people.
 */
export async function createCode(
  callerId: string,
  body: z.infer<typeof PromotionCodeCreateSchema>,
  language: Language,
  now = new Date(),
): Promise<PromotionCode> {
  const place = await placeOf(callerId, body, language);
  const number = await nextPromotionNumber();
  // The number alone is unique; the suffix makes the code unguessable. A suffix drawn twice for the
  // same number cannot happen, so one more draw is a safety, never a loop.
  for (let attempt = 0; attempt < 3; attempt++) {
    const item: PromotionCodeItem = {
      code: formatPromotionCode(number, drawSuffix()),
      listKey: 'promotion-codes',
      number,
      name: body.name,
      ownerId: callerId,
      ...place,
      count: body.count,
      used: 0,
      day: planDay(now),
      createdAt: now.toISOString(),
    };
    if (await insertPromotionCode(item)) return toPromotionCode(item, now);
  }
  throw new ConflictError('conflict');
}

/** GET /users/subscriptions/promotion-codes: the caller's own codes, newest first. */
export async function listCodes(
  callerId: string,
  query: { max: number; offset: number },
  now = new Date(),
): Promise<List<PromotionCode>> {
  const all = await promotionCodesOf(callerId);
  return {
    count: all.length,
    items: all.slice(query.offset, query.offset + query.max).map((item) => toPromotionCode(item, now)),
    max: query.max,
    offset: query.offset,
  };
}

function refused(
  key:
    | typeof PROMOTION_CODE_ALREADY_REDEEMED
    | typeof PROMOTION_CODE_PLAN_HELD
    | 'promotion-code-expired'
    | 'promotion-code-used-up',
): DomainError {
  return new ConflictError(key, { details: [{ key, field: 'body.code' }] });
}
const notFound = () =>
  new DomainError(PROMOTION_CODE_NOT_FOUND, 404, {
    details: [{ key: PROMOTION_CODE_NOT_FOUND, field: 'body.code' }],
  });

/** Attempts when the person's plan changed between the read and the write (another redemption). */
const REDEEM_ATTEMPTS = 4;

/**
 * POST /users/subscriptions/promotion-codes/redeem: one free month of Essentials, added to the
 * Essentials period under way. Refusals: 404 `promotion-code-not-found`; 409
 * `promotion-code-already-redeemed`, `-expired`, `-used-up`, `-plan-held`. The person's rules
 * follow at once (their tabs are told).
 */
export async function redeemCode(callerId: string, typed: string, now = new Date()): Promise<OwnPlanAnswer> {
  const code = normalisePromotionCode(typed);
  if (!looksLikePromotionCode(code)) throw notFound();
  for (let attempt = 0; attempt < REDEEM_ATTEMPTS; attempt++) {
    const [item, plan, redeemed] = await Promise.all([
      findPromotionCode(code),
      ownPlanRecord(callerId),
      findRedemption(callerId, code),
    ]);
    if (!item || !plan) throw notFound();
    // The route admits registered people only; a guest's account never holds a plan of its own.
    if (plan.isGuest) throw new ForbiddenError('guest-not-allowed');
    if (redeemed) throw refused(PROMOTION_CODE_ALREADY_REDEEMED);
    const why = promotionCodeRefusal(item, now);
    if (why) throw refused(why);
    const next = withFreeMonth(plan, now);
    if (!next) throw refused(PROMOTION_CODE_PLAN_HELD);
    const outcome = await writeRedemption({
      code: item,
      userId: callerId,
      today: planDay(now),
      read: plan,
      next: { subscription: 'essentials', planUntil: next.planUntil },
      at: now.toISOString(),
    });
    if (outcome === 'redeemed') {
      await publishAfterWrite(callerId, { type: 'ability', action: 'updated' });
      return next;
    }
    if (outcome === 'already-redeemed') throw refused(PROMOTION_CODE_ALREADY_REDEEMED);
    // The code changed meanwhile (its last voucher taken, its day over): read it again and say why.
    // The plan changed meanwhile (another code redeemed at once): extend from its new end.
  }
  throw new ConflictError('conflict');
}
