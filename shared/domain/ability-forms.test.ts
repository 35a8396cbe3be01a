import { subject } from '@casl/ability';
import { describe, expect, it } from 'vitest';
import { buildAbility, defineRules, type AbilityFacts } from './ability';

const base: AbilityFacts = {
  userId: 'u1',
  isGuest: false,
  subscription: 'starter',
  globalRoles: [],
  superAdminMode: false,
  spheres: [],
  sessions: [],
};
const adminOf = (sphereId: string): AbilityFacts => ({ ...base, spheres: [{ sphereId, roles: ['admin'] }] });

describe('rights on forms (decision 0020)', () => {
  it('a sphere’s admins read the catalogue’s forms that are not private, never a private one', () => {
    const ability = buildAbility(defineRules(adminOf('s1')));
    expect(ability.can('get', subject('form-definition', { formId: 'f', isPrivate: false }))).toBe(true);
    expect(ability.can('get', subject('form-definition', { formId: 'f', isPrivate: true }))).toBe(false);
    expect(ability.can('manage', 'form-definition')).toBe(false);
  });

  it('a member without a role of admin holds no right on the catalogue', () => {
    const member = buildAbility(
      defineRules({ ...base, spheres: [{ sphereId: 's1', roles: ['contributor'] }] }),
    );
    expect(member.can('get', 'form-definition')).toBe(false);
  });

  it('a sphere’s admins entitle forms to their sphere only', () => {
    const ability = buildAbility(defineRules(adminOf('s1')));
    for (const action of ['get', 'post', 'put'] as const) {
      expect(ability.can(action, subject('form-entitlement', { sphereId: 's1' }))).toBe(true);
      expect(ability.can(action, subject('form-entitlement', { sphereId: 's2' }))).toBe(false);
    }
  });

  it('managing the catalogue is a super-admin’s, in super-admin mode', () => {
    const superAdmin = { ...base, globalRoles: ['super-admin'] };
    expect(buildAbility(defineRules(superAdmin)).can('manage', 'form-definition')).toBe(false);
    expect(
      buildAbility(defineRules({ ...superAdmin, superAdminMode: true })).can('manage', 'form-definition'),
    ).toBe(true);
  });

  it('surveys are their person’s, guests included', () => {
    const guest = buildAbility(defineRules({ ...base, isGuest: true }));
    expect(guest.can('put', subject('form-survey', { userId: 'u1' }))).toBe(true);
    expect(guest.can('get', subject('form-survey', { userId: 'u2' }))).toBe(false);
  });
});
