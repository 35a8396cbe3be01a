import { describe, expect, it } from 'vitest';
import {
  addMonths,
  formatPromotionCode,
  looksLikePromotionCode,
  normalisePromotionCode,
  ownPlanAt,
  planDay,
  planEndAt,
  promotionCodeRefusal,
  withFreeMonth,
} from './plans';

const at = (iso: string) => new Date(iso);

describe('own plan at a moment', () => {
  it('is the subscription while planUntil is ahead, and Starter from that instant on', () => {
    const account = { subscription: 'essentials' as const, planUntil: '2026-03-01T10:00:00.000Z' };
    expect(ownPlanAt(account, at('2026-03-01T09:59:59.999Z'))).toBe('essentials');
    expect(ownPlanAt(account, at('2026-03-01T10:00:00.000Z'))).toBe('starter');
    expect(planEndAt(account, at('2026-02-01T00:00:00Z'))).toBe('2026-03-01T10:00:00.000Z');
    expect(planEndAt(account, at('2026-04-01T00:00:00Z'))).toBeUndefined();
  });

  it('a plan without planUntil has no end', () => {
    expect(ownPlanAt({ subscription: 'premium' }, at('2099-01-01T00:00:00Z'))).toBe('premium');
    expect(planEndAt({ subscription: 'premium' }, at('2099-01-01T00:00:00Z'))).toBeUndefined();
  });
});

describe('one calendar month later', () => {
  it('keeps the day and the time when the next month has it', () => {
    expect(addMonths(at('2026-04-15T13:45:10.123Z'), 1).toISOString()).toBe('2026-05-15T13:45:10.123Z');
  });

  it('ends on the last day of a shorter month: 31 January gives 28 February, 29 in a leap year', () => {
    expect(addMonths(at('2026-01-31T08:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addMonths(at('2028-01-31T08:00:00.000Z'), 1).toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(addMonths(at('2026-03-31T08:00:00.000Z'), 1).toISOString()).toBe('2026-04-30T08:00:00.000Z');
  });

  it('crosses the year', () => {
    expect(addMonths(at('2026-12-31T23:00:00.000Z'), 1).toISOString()).toBe('2027-01-31T23:00:00.000Z');
  });
});

describe('a free month', () => {
  const now = at('2026-05-10T12:00:00.000Z');

  it('from Starter: one month from now', () => {
    expect(withFreeMonth({ subscription: 'starter' }, now)).toEqual({
      subscription: 'essentials',
      planUntil: '2026-06-10T12:00:00.000Z',
    });
  });

  it('is cumulative: a second month extends from the end of the Essentials period under way, not from today', () => {
    const first = withFreeMonth({ subscription: 'starter' }, now)!;
    const second = withFreeMonth(first, at('2026-05-11T09:00:00.000Z'));
    expect(second).toEqual({ subscription: 'essentials', planUntil: '2026-07-10T12:00:00.000Z' });
  });

  it('after a period that ended, starts again from now', () => {
    expect(withFreeMonth({ subscription: 'essentials', planUntil: '2026-04-01T00:00:00.000Z' }, now)).toEqual(
      { subscription: 'essentials', planUntil: '2026-06-10T12:00:00.000Z' },
    );
    expect(withFreeMonth({ subscription: 'premium', planUntil: '2026-04-01T00:00:00.000Z' }, now)).toEqual({
      subscription: 'essentials',
      planUntil: '2026-06-10T12:00:00.000Z',
    });
  });

  it('adds nothing to Premium or to Essentials without end', () => {
    expect(withFreeMonth({ subscription: 'premium' }, now)).toBeNull();
    expect(withFreeMonth({ subscription: 'premium', planUntil: '2026-09-01T00:00:00.000Z' }, now)).toBeNull();
    expect(withFreeMonth({ subscription: 'essentials' }, now)).toBeNull();
  });
});

describe('promotion code validity', () => {
  it('is the calendar day of Brussels: 23:30 UTC in summer is already the next day there', () => {
    expect(planDay(at('2026-07-14T21:59:59.000Z'))).toBe('2026-07-14');
    expect(planDay(at('2026-07-14T22:00:00.000Z'))).toBe('2026-07-15');
    // Winter time: Brussels is UTC+1.
    expect(planDay(at('2026-01-14T22:59:59.000Z'))).toBe('2026-01-14');
    expect(planDay(at('2026-01-14T23:00:00.000Z'))).toBe('2026-01-15');
  });

  it('a code created on a day is refused as expired from midnight in Brussels', () => {
    const code = { day: '2026-07-14', count: 5, used: 0 };
    expect(promotionCodeRefusal(code, at('2026-07-13T22:00:00.000Z'))).toBeNull();
    expect(promotionCodeRefusal(code, at('2026-07-14T21:59:59.999Z'))).toBeNull();
    expect(promotionCodeRefusal(code, at('2026-07-14T22:00:00.000Z'))).toBe('promotion-code-expired');
    expect(promotionCodeRefusal(code, at('2026-07-13T21:59:59.999Z'))).toBe('promotion-code-expired');
  });

  it('is used up once its count is reached', () => {
    const now = at('2026-07-14T10:00:00.000Z');
    expect(promotionCodeRefusal({ day: '2026-07-14', count: 2, used: 1 }, now)).toBeNull();
    expect(promotionCodeRefusal({ day: '2026-07-14', count: 2, used: 2 }, now)).toBe(
      'promotion-code-used-up',
    );
  });
});

describe('promotion code text', () => {
  it('is numbered and has an unambiguous suffix; what people type is normalised', () => {
    const code = formatPromotionCode(42, 'K7QFX');
    expect(code).toBe('P0042-K7QFX');
    expect(looksLikePromotionCode(code)).toBe(true);
    expect(looksLikePromotionCode(formatPromotionCode(123456, 'ABCDE'))).toBe(true);
    expect(normalisePromotionCode(' p0042-k7qfx ')).toBe('P0042-K7QFX');
    expect(looksLikePromotionCode('P0042-K7QF0')).toBe(false);
    expect(looksLikePromotionCode('hello')).toBe(false);
  });
});
