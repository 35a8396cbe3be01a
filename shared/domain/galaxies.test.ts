import { describe, expect, it } from 'vitest';
import {
  QUOTA_KINDS,
  QUOTA_KIND_NAMES,
  campaignQuotaKinds,
  canMoveQuotaRequest,
  inheritedContext,
  isQuotaKind,
  quotaPercentage,
  quotaState,
  quotaThresholds,
  type QuotaRequestMove,
  type QuotaRequestStatus,
} from './galaxies';

describe('quota thresholds', () => {
  it('alert at 80 % of the value, rounded up, and block at the value', () => {
    expect(quotaThresholds(10)).toEqual({ alert: 8, block: 10 });
    expect(quotaThresholds(5)).toEqual({ alert: 4, block: 5 });
    expect(quotaThresholds(1)).toEqual({ alert: 1, block: 1 });
    expect(quotaThresholds(0)).toEqual({ alert: 0, block: 0 });
  });

  it('a usage one below the alert is ok, at the alert is alert, at the value is blocked', () => {
    expect(quotaState(7, 10)).toBe('ok');
    expect(quotaState(8, 10)).toBe('alert');
    expect(quotaState(9, 10)).toBe('alert');
    expect(quotaState(10, 10)).toBe('blocked');
    expect(quotaState(12, 10)).toBe('blocked');
  });

  it('a value of 0 blocks everything; no value is no quota', () => {
    expect(quotaState(0, 0)).toBe('blocked');
    expect(quotaState(1_000_000, undefined)).toBe('ok');
  });

  it('the percentage is whole, over 100 when past the value, 0 without a value', () => {
    expect(quotaPercentage(1, 3)).toBe(33);
    expect(quotaPercentage(12, 10)).toBe(120);
    expect(quotaPercentage(5, undefined)).toBe(0);
    expect(quotaPercentage(0, 0)).toBe(0);
    expect(quotaPercentage(1, 0)).toBe(100);
  });
});

describe('quota kinds', () => {
  it('declares every type of spec 02 §3 once, each in its family', () => {
    expect(QUOTA_KIND_NAMES).toHaveLength(25);
    expect(new Set(QUOTA_KIND_NAMES).size).toBe(QUOTA_KIND_NAMES.length);
    for (const kind of QUOTA_KIND_NAMES) expect(kind.startsWith(QUOTA_KINDS[kind].family)).toBe(true);
    expect(isQuotaKind('tags')).toBe(true);
    expect(isQuotaKind('toString')).toBe(false);
  });

  it('a campaign takes its model’s diagnostic quota and the campaigns’', () => {
    expect(campaignQuotaKinds('aripso')).toEqual(['diagnostic-aripso', 'engagement-up-campaigns']);
    for (const kind of campaignQuotaKinds('checkup')) expect(isQuotaKind(kind)).toBe(true);
  });
});

describe('change requests', () => {
  const statuses: QuotaRequestStatus[] = ['pending', 'validated', 'rejected'];
  const moves: QuotaRequestMove[] = ['validated', 'rejected', 'deleted'];

  it('only a pending request is validated, rejected or deleted', () => {
    for (const move of moves) expect(canMoveQuotaRequest('pending', move)).toBe(true);
  });

  it('a decided request is history: it never moves again', () => {
    for (const status of statuses.filter((s) => s !== 'pending'))
      for (const move of moves) expect(canMoveQuotaRequest(status, move)).toBe(false);
  });
});

describe('context inheritance', () => {
  it('a sphere’s own active context wins over its galaxy’s', () => {
    expect(inheritedContext({ id: 'own' }, { id: 'galaxy' })).toEqual({
      source: 'sphere',
      context: { id: 'own' },
    });
  });

  it('without one of its own, the sphere reads its galaxy’s; without either, none', () => {
    expect(inheritedContext(null, { id: 'galaxy' })).toEqual({ source: 'galaxy', context: { id: 'galaxy' } });
    expect(inheritedContext(undefined, null)).toBeNull();
  });
});
