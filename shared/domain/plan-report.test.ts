import { describe, expect, it } from 'vitest';
import { reportRange, threeMonthsBefore } from './licence-history';
import { cardChangeOf, planChangesByPeriod, planHoldersAt } from './plan-report';

const SUB = 'sub_1';
const END = '2026-12-20T10:00:00.000Z';
const LATER = '2027-01-20T10:00:00.000Z';

describe('cardChangeOf: what a card subscription’s new state counts', () => {
  it('a first subscription starts as a trial, or as a plan paid at once', () => {
    expect(cardChangeOf({}, { subscriptionId: SUB, status: 'trialing', periodEnd: END })).toBe(
      'trial-started',
    );
    expect(cardChangeOf({}, { subscriptionId: SUB, status: 'active', periodEnd: END })).toBe('paid-started');
  });

  it('a new subscription after an ended one starts afresh', () => {
    const before = { subscriptionId: 'sub_0', status: 'canceled', periodEnd: END };
    expect(cardChangeOf(before, { subscriptionId: SUB, status: 'active', periodEnd: LATER })).toBe(
      'paid-started',
    );
  });

  it('the trial’s end paid is a plan paid; a period moved while active is a renewal', () => {
    const trial = { subscriptionId: SUB, status: 'trialing', periodEnd: END };
    expect(cardChangeOf(trial, { subscriptionId: SUB, status: 'active', periodEnd: LATER })).toBe(
      'paid-started',
    );
    const active = { subscriptionId: SUB, status: 'active', periodEnd: END };
    expect(cardChangeOf(active, { subscriptionId: SUB, status: 'active', periodEnd: LATER })).toBe('renewed');
  });

  it('the same state delivered again counts nothing', () => {
    for (const status of ['trialing', 'active', 'past_due', 'canceled'] as const) {
      const before = { subscriptionId: SUB, status, periodEnd: END };
      expect(cardChangeOf(before, { subscriptionId: SUB, status, periodEnd: END })).toBeNull();
    }
  });

  it('a failed payment counts once, and paying what was behind is a renewal', () => {
    const active = { subscriptionId: SUB, status: 'active', periodEnd: END };
    expect(cardChangeOf(active, { subscriptionId: SUB, status: 'past_due', periodEnd: LATER })).toBe(
      'payment-failed',
    );
    const behind = { subscriptionId: SUB, status: 'past_due', periodEnd: LATER };
    expect(cardChangeOf(behind, { subscriptionId: SUB, status: 'unpaid', periodEnd: LATER })).toBeNull();
    expect(cardChangeOf(behind, { subscriptionId: SUB, status: 'active', periodEnd: LATER })).toBe('renewed');
  });

  it('an end counts once, and a subscription first seen ended counts nothing', () => {
    const active = { subscriptionId: SUB, status: 'active', periodEnd: END };
    expect(cardChangeOf(active, { subscriptionId: SUB, status: 'canceled', periodEnd: END })).toBe('ended');
    expect(
      cardChangeOf({}, { subscriptionId: SUB, status: 'incomplete_expired', periodEnd: END }),
    ).toBeNull();
  });

  it('a status the report does not follow counts nothing', () => {
    expect(cardChangeOf({}, { subscriptionId: SUB, status: 'incomplete', periodEnd: END })).toBeNull();
    const active = { subscriptionId: SUB, status: 'active', periodEnd: END };
    expect(cardChangeOf(active, { subscriptionId: SUB, status: 'paused', periodEnd: END })).toBeNull();
  });
});

describe('planChangesByPeriod: each change in the period of its Brussels day', () => {
  it('counts a change in the first period ending on or after its day, and none outside the range', () => {
    const periods = planChangesByPeriod(
      [
        { at: '2026-11-30T12:00:00.000Z', kind: 'code-redeemed' }, // before `from`
        { at: '2026-12-01T08:00:00.000Z', kind: 'trial-started' },
        { at: '2026-12-06T22:30:00.000Z', kind: 'trial-started' }, // Sunday 23:30 in Brussels
        { at: '2026-12-06T23:30:00.000Z', kind: 'paid-started' }, // Monday 00:30 in Brussels
        { at: '2026-12-09T10:00:00.000Z', kind: 'ended' }, // after the last end
      ],
      '2026-12-01',
      ['2026-12-06', '2026-12-08'],
    );
    expect(
      periods.map((p) => [p.end, p.counts['trial-started'], p.counts['paid-started'], p.counts.ended]),
    ).toEqual([
      ['2026-12-06', 2, 0, 0],
      ['2026-12-08', 0, 1, 0],
    ]);
    expect(periods.every((p) => p.counts['code-redeemed'] === 0)).toBe(true);
  });
});

describe('planHoldersAt: who holds a plan now, and how', () => {
  const now = new Date('2026-12-07T12:00:00.000Z');

  it('counts each card link whose plan still runs by its status and plan', () => {
    const holders = planHoldersAt(
      [
        { userId: 'a', plan: 'essentials', status: 'trialing', periodEnd: '2026-12-20T00:00:00.000Z' },
        { userId: 'b', plan: 'premium', status: 'active', periodEnd: '2026-12-20T00:00:00.000Z' },
        { userId: 'c', plan: 'essentials', status: 'past_due', periodEnd: '2027-01-05T00:00:00.000Z' },
        { userId: 'd', plan: 'essentials', status: 'canceled', periodEnd: '2026-12-20T00:00:00.000Z' },
        // Its renewal never confirmed: the period's end plus the 3 days of grace is behind.
        { userId: 'e', plan: 'essentials', status: 'active', periodEnd: '2026-12-03T00:00:00.000Z' },
        { userId: 'f' },
      ],
      [],
      now,
    );
    expect(holders).toEqual({
      paid: { essentials: 0, premium: 1 },
      trial: { essentials: 1, premium: 0 },
      pastDue: { essentials: 1, premium: 0 },
      freeMonth: 0,
    });
  });

  it('honours the grace: a period ended two days ago still counts', () => {
    const holders = planHoldersAt(
      [{ userId: 'a', plan: 'essentials', status: 'active', periodEnd: '2026-12-05T12:00:00.000Z' }],
      [],
      now,
    );
    expect(holders.paid.essentials).toBe(1);
  });

  it('counts each person on a free month once, and not when a card subscription holds them', () => {
    const holders = planHoldersAt(
      [{ userId: 'card', plan: 'essentials', status: 'trialing', periodEnd: '2026-12-20T00:00:00.000Z' }],
      [
        { userId: 'x', planUntil: '2027-01-07T00:00:00.000Z' },
        { userId: 'x', planUntil: '2027-02-07T00:00:00.000Z' },
        { userId: 'card', planUntil: '2027-01-07T00:00:00.000Z' },
        { userId: 'gone', planUntil: '2026-12-01T00:00:00.000Z' },
      ],
      now,
    );
    expect(holders.freeMonth).toBe(1);
  });
});

describe('reportRange: the days a report over time covers', () => {
  it('runs from the first of the month three months back to today unless asked', () => {
    expect(threeMonthsBefore('2026-12-07')).toBe('2026-09-01');
    expect(threeMonthsBefore('2026-02-28')).toBe('2025-11-01');
    expect(reportRange({}, '2026-12-07')).toEqual({ from: '2026-09-01', to: '2026-12-07' });
  });

  it('never runs past today', () => {
    expect(reportRange({ from: '2026-12-01', to: '2027-01-01' }, '2026-12-07')).toEqual({
      from: '2026-12-01',
      to: '2026-12-07',
    });
  });

  it('refuses `from` after `to`, and more than a year and a day', () => {
    expect(reportRange({ from: '2026-12-08', to: '2026-12-07' }, '2026-12-07')).toEqual({
      refused: 'not-valid',
    });
    expect(reportRange({ from: '2025-12-07', to: '2026-12-07' }, '2026-12-07')).toEqual({
      from: '2025-12-07',
      to: '2026-12-07',
    });
    expect(reportRange({ from: '2025-12-06', to: '2026-12-07' }, '2026-12-07')).toEqual({
      refused: 'value-out-of-range-error',
    });
  });
});
