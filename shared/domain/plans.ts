/**
 * A person's own plan and promotion codes (spec 01 §1, §3; spec 02 §3, §6, §7, §9; decision 0048),
 * without I/O: the plan an account holds at a moment, what one free month adds, when a promotion
 * code may be redeemed and how it is written.
 */
import { dayOf } from './time-zones';

/** The individual plans (spec 01 §1): Starter is free. */
export const PLANS = ['starter', 'essentials', 'premium'] as const;
export type OwnPlan = (typeof PLANS)[number];

/**
 * The product's home time zone: a promotion code is valid on the calendar day of its creation in
 * Brussels, whatever the zone of its ambassador or of the person redeeming it.
 */
export const PLAN_TIME_ZONE = 'Europe/Brussels';

/**
 * The plan an account holds at `now`: its `subscription` while `planUntil` (an ISO instant) is
 * absent or still ahead, Starter from that instant on. Nothing has to run when a period ends: every
 * reader (the token check, the start call) asks here at request time.
 */
export function ownPlanAt(
  account: { subscription: OwnPlan; planUntil?: string | undefined },
  now: Date,
): OwnPlan {
  if (account.planUntil === undefined) return account.subscription;
  return Date.parse(account.planUntil) > now.getTime() ? account.subscription : 'starter';
}

/** The end of the plan a person holds at `now`, when it has one (absent: Starter, or without end). */
export function planEndAt(
  account: { subscription: OwnPlan; planUntil?: string | undefined },
  now: Date,
): string | undefined {
  return ownPlanAt(account, now) !== 'starter' ? account.planUntil : undefined;
}

/**
 * The same instant `months` calendar months later (UTC calendar), on the last day of the month when
 * the day does not exist there: 31 January + 1 month is 28 (or 29) February, 30 April + 1 is 30 May.
 */
export function addMonths(instant: Date, months: number): Date {
  const year = instant.getUTCFullYear();
  const month = instant.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(instant.getUTCDate(), lastDay),
      instant.getUTCHours(),
      instant.getUTCMinutes(),
      instant.getUTCSeconds(),
      instant.getUTCMilliseconds(),
    ),
  );
}

/** The plan a promotion code gives: one month of Essentials (spec 02 §9). */
export const PROMOTION_PLAN = 'essentials' satisfies OwnPlan;

/**
 * What one free month of Essentials makes of an account's plan at `now`, cumulative (spec 02 §9):
 * from the end of the Essentials period under way (a second code, a trial), from `now` when none is.
 * Null when the account holds more than a free month could add: Premium, or Essentials without end
 * (a plan bought or given for good is never shortened nor lowered by a code).
 */
export function withFreeMonth(
  account: { subscription: OwnPlan; planUntil?: string | undefined },
  now: Date,
): { subscription: OwnPlan; planUntil: string } | null {
  const held = ownPlanAt(account, now);
  if (held === 'premium') return null;
  if (held === 'essentials' && account.planUntil === undefined) return null;
  const from = held === 'essentials' ? new Date(account.planUntil as string) : now;
  return { subscription: PROMOTION_PLAN, planUntil: addMonths(from, 1).toISOString() };
}

/** The calendar day (YYYY-MM-DD, Brussels) of an instant: the day a code is valid on. */
export const planDay = (instant: Date): string => dayOf(instant.toISOString(), PLAN_TIME_ZONE);

/** Why a promotion code cannot be redeemed at `now`, or null when it can. */
export type PromotionCodeRefusal = 'promotion-code-expired' | 'promotion-code-used-up';

export function promotionCodeRefusal(
  code: { day: string; count: number; used: number },
  now: Date,
): PromotionCodeRefusal | null {
  if (planDay(now) !== code.day) return 'promotion-code-expired';
  if (code.used >= code.count) return 'promotion-code-used-up';
  return null;
}

/** Limits of a promotion code (spec 02 §3): its name, and how many people may redeem it. */
export const PROMOTION_CODE_NAME_MAX_LENGTH = 100;
export const PROMOTION_CODE_COUNT_MAX = 10_000;

/** Letters and digits that are never mistaken for one another when read aloud or copied by hand. */
export const PROMOTION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PROMOTION_CODE_SUFFIX_LENGTH = 5;

/**
 * A code as people read and type it: its number (the product's sequence, spec 02 §9 numbered) and
 * a random suffix that makes it unguessable from its number: `P0042-K7QFX`.
 */
export function formatPromotionCode(number: number, suffix: string): string {
  return `P${String(number).padStart(4, '0')}-${suffix}`;
}

/** What a person typed, as codes are stored: trimmed, upper case, inner spaces dropped. */
export function normalisePromotionCode(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

/** Whether a typed code has the form of one (`P<digits>-<suffix>`), before any read. */
export function looksLikePromotionCode(code: string): boolean {
  return new RegExp(`^P\\d{4,}-[${PROMOTION_CODE_ALPHABET}]{${PROMOTION_CODE_SUFFIX_LENGTH}}$`).test(code);
}
