import { describe, expect, it } from 'vitest';
import { navigationGroups, registerNavigationGroup } from './navigation-groups';

const nothing = () => Promise.resolve({ default: () => null });

describe('groups features add to the main navigation', () => {
  it('lists the groups in order, whatever the order they were registered in', () => {
    registerNavigationGroup({ id: 'later', order: 20, load: nothing });
    registerNavigationGroup({ id: 'first', order: 5, load: nothing });
    expect(navigationGroups().map((g) => g.id)).toEqual(['first', 'later']);
  });

  it('refuses a group registered twice under one id', () => {
    registerNavigationGroup({ id: 'twice', order: 1, load: nothing });
    expect(() => registerNavigationGroup({ id: 'twice', order: 2, load: nothing })).toThrow(
      'Navigation group "twice" is registered twice',
    );
  });
});
