import { subject } from '@casl/ability';
import { describe, expect, it } from 'vitest';
import { buildAbility, defineRules, type AbilityFacts } from '../ability';

const admin: AbilityFacts = {
  userId: 'camille',
  isGuest: false,
  subscription: 'essentials',
  globalRoles: [],
  superAdminMode: false,
  spheres: [],
  sessions: [],
  galaxies: [{ galaxyId: 'horizon', sphereIds: ['atelier', 'soleil'] }],
};
const ability = buildAbility(defineRules(admin));
const galaxy = (galaxyId: string) => subject('galaxy', { galaxyId });
const sphere = (sphereId: string) => subject('sphere', { sphereId });

describe('the rights of a galaxy admin', () => {
  it('reads and manages their own galaxy (get, put), never another one', () => {
    expect(ability.can('get', galaxy('horizon'))).toBe(true);
    expect(ability.can('put', galaxy('horizon'))).toBe(true);
    expect(ability.can('get', galaxy('elsewhere'))).toBe(false);
    expect(ability.can('put', galaxy('elsewhere'))).toBe(false);
  });

  it('never holds the super-admin’s manage: no create, delete, attach or decision', () => {
    expect(ability.can('manage', galaxy('horizon'))).toBe(false);
    expect(ability.can('manage', 'galaxy')).toBe(false);
    expect(ability.can('delete', galaxy('horizon'))).toBe(false);
  });

  it('reads and changes the settings of the spheres of their galaxy, never their reports or exports', () => {
    for (const id of ['atelier', 'soleil']) {
      expect(ability.can('get', sphere(id))).toBe(true);
      expect(ability.can('put', sphere(id))).toBe(true);
      expect(ability.can('report', sphere(id))).toBe(false);
      expect(ability.can('smartReport', sphere(id))).toBe(false);
      expect(ability.can('export', sphere(id))).toBe(false);
    }
    expect(ability.can('get', sphere('clinique'))).toBe(false);
  });

  it('a person administering no galaxy holds no galaxy right', () => {
    const none = buildAbility(defineRules({ ...admin, galaxies: undefined }));
    expect(none.can('get', galaxy('horizon'))).toBe(false);
    expect(none.can('get', sphere('atelier'))).toBe(false);
  });

  it('the super-admin mode manages every galaxy', () => {
    const superAdmin = buildAbility(
      defineRules({ ...admin, galaxies: [], globalRoles: ['super-admin'], superAdminMode: true }),
    );
    expect(superAdmin.can('manage', galaxy('elsewhere'))).toBe(true);
  });
});
