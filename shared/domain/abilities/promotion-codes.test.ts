import { subject } from '@casl/ability';
import { describe, expect, it } from 'vitest';
import { buildAbility, defineRules, type AbilityFacts } from '../ability';

const facts = (globalRoles: string[]): AbilityFacts => ({
  userId: 'u-hugo',
  isGuest: false,
  subscription: 'starter',
  globalRoles,
  superAdminMode: false,
  spheres: [],
  sessions: [],
});

describe('promotion code rules', () => {
  it('an ambassador creates codes (the menu entry’s right, without condition) and reads only their own', () => {
    const ability = buildAbility(defineRules(facts(['ambassador'])));
    expect(ability.can('post', subject('subscription-promotion-code', {}))).toBe(true);
    expect(ability.can('get', subject('subscription-promotion-code', { ownerId: 'u-hugo' }))).toBe(true);
    expect(ability.can('get', subject('subscription-promotion-code', { ownerId: 'u-other' }))).toBe(false);
  });

  it('nobody else holds any right on promotion codes', () => {
    for (const roles of [[], ['preview-access'], ['super-admin']]) {
      const ability = buildAbility(defineRules(facts(roles)));
      expect(ability.can('post', 'subscription-promotion-code')).toBe(false);
      expect(ability.can('get', 'subscription-promotion-code')).toBe(false);
    }
  });
});
