import { describe, expect, it } from 'vitest';
import type { SessionMemberItem } from './repository';
import { countedMemberships, memberGrant } from './service';

/** Who gives a session membership its member role (decision 0012, the group-report exception). */
describe('memberGrant', () => {
  const ada = { userId: 'ada' };

  it('records a self-grant when the writer gives themselves the role, through the right the route asks', () => {
    expect(memberGrant('ada', ada, ['member'])).toEqual({ memberGrantedBy: 'ada', memberSelfGranted: true });
    expect(memberGrant('ada', ada, ['owner', 'member'], ['owner'])).toEqual({
      memberGrantedBy: 'ada',
      memberSelfGranted: true,
    });
  });

  it('records someone else’s grant, which replaces a self-grant', () => {
    expect(memberGrant('bob', ada, ['member'])).toEqual({ memberGrantedBy: 'bob', memberSelfGranted: false });
    expect(memberGrant('bob', ada, ['member'], ['member'])).toEqual({
      memberGrantedBy: 'bob',
      memberSelfGranted: false,
    });
  });

  it('keeps the recorded grant when the member re-saves roles that already held it', () => {
    expect(memberGrant('ada', ada, ['owner', 'member'], ['member'])).toBeUndefined();
  });

  it('forgets the grant with the role', () => {
    expect(memberGrant('ada', ada, ['owner'], ['owner', 'member'])).toBeNull();
    expect(memberGrant('bob', ada, ['owner'])).toBeNull();
  });
});

describe('countedMemberships', () => {
  const item = (extra: Partial<SessionMemberItem>): SessionMemberItem => ({
    sessionId: 'g1',
    memberId: 'm1',
    userId: 'ada',
    sphereId: 'A',
    category: 'contributor',
    name: 'Ada',
    email: 'ada@example.be',
    roles: ['member'],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  });

  it('carries a self-grant into the facts; another grant, or none recorded, says nothing', () => {
    const active = new Set(['A']);
    expect(countedMemberships([item({ memberSelfGranted: true })], active)[0]?.selfGranted).toBe(true);
    expect(countedMemberships([item({ memberSelfGranted: false })], active)[0]).not.toHaveProperty(
      'selfGranted',
    );
    expect(countedMemberships([item({})], active)[0]).not.toHaveProperty('selfGranted');
  });
});
