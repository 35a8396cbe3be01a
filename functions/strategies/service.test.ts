import { describe, expect, it } from 'vitest';
import { buildAbility, defineRules, type AbilityFacts } from '@shared/domain/ability';
import { mayChange, placeOfPerson, toAssessment } from './service';
import type { AssessmentItem } from './repository';

const facts = (overrides: Partial<AbilityFacts>): AbilityFacts => ({
  userId: 'u1',
  isGuest: false,
  subscription: 'essentials',
  globalRoles: [],
  superAdminMode: false,
  spheres: [],
  sessions: [],
  ...overrides,
});
const sphereList = { key: { linkTo: 'sphere' as const, linkId: 'A' }, owner: { sphereId: 'A' } };
const sessionList = {
  key: { linkTo: 'session' as const, linkId: 'g1' },
  owner: { sphereId: 'A', sessionId: 'g1' },
};

describe('who sees hidden items: those who may change the list', () => {
  it('a person always sees their whole life compass', () => {
    expect(mayChange(undefined, placeOfPerson('u1'))).toBe(true);
  });

  it('a sphere’s admins see its hidden items and its sessions’; its members do not', () => {
    const admin = buildAbility(defineRules(facts({ spheres: [{ sphereId: 'A', roles: ['admin'] }] })));
    const member = buildAbility(defineRules(facts({ spheres: [{ sphereId: 'A', roles: ['contributor'] }] })));
    expect(mayChange(admin, sphereList)).toBe(true);
    expect(mayChange(admin, sessionList)).toBe(true);
    expect(mayChange(member, sphereList)).toBe(false);
    expect(mayChange(undefined, sphereList)).toBe(false);
  });

  it('a session’s owners see its hidden items; its members do not', () => {
    const session = (roles: ('owner' | 'member')[]) =>
      buildAbility(
        defineRules(
          facts({
            spheres: [{ sphereId: 'A', roles: ['contributor'] }],
            sessions: [{ sessionId: 'g1', sphereId: 'A', category: 'contributor', roles }],
          }),
        ),
      );
    expect(mayChange(session(['owner']), sessionList)).toBe(true);
    expect(mayChange(session(['member']), sessionList)).toBe(false);
  });
});

describe('an assessment as the API answers it', () => {
  const item: AssessmentItem = {
    userId: 'u1',
    assessmentId: '20260302T100000000Z-0a1b2c3d',
    linkTo: 'session',
    linkId: 'g1',
    sphereId: 'A',
    sessionId: 'g1',
    values: [
      { id: 's1', value: 4 },
      { id: 's2', value: 1 },
    ],
    fromDirectLink: false,
    specificTagIds: ['t1'],
    creationDate: '2026-03-02T10:00:00.000Z',
    updateDate: '2026-03-02T10:05:00.000Z',
    freezeDate: '2026-03-02T11:00:00.000Z',
  };

  it('gives its values as strategy id → level, and whether it may still change', () => {
    expect(toAssessment(item, Date.parse('2026-03-02T10:30:00.000Z'))).toEqual({
      id: item.assessmentId,
      linkTo: 'session',
      sphereId: 'A',
      sessionId: 'g1',
      values: { s1: 4, s2: 1 },
      fromDirectLink: false,
      specificTagIds: ['t1'],
      creationDate: item.creationDate,
      updateDate: item.updateDate,
      freezeDate: item.freezeDate,
      editable: true,
    });
    expect(toAssessment(item, Date.parse('2026-03-02T11:00:00.000Z')).editable).toBe(false);
  });
});
