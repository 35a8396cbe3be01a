import { describe, expect, it } from 'vitest';
import {
  GROUP_MODULES,
  groupHoldingProblem,
  groupLicenceChanges,
  groupLicenceField,
  groupLicenceRefusal,
  groupLicences,
  normalModules,
  opensMyselfForms,
  showsCustomReports,
} from './group-licences';

describe('what a group may hold', () => {
  it('a group without modules is fine on either plan and in either category', () => {
    for (const category of ['contributor', 'consumer'] as const)
      for (const subscription of ['starter', 'essentials'] as const)
        expect(groupHoldingProblem(category, { subscription, subscriptionModules: [] })).toBeNull();
  });

  it('modules are for contributor groups only: a consumer session with one is not valid, even with Essentials', () => {
    expect(
      groupHoldingProblem('consumer', { subscription: 'essentials', subscriptionModules: ['weUp'] }),
    ).toBe('not-valid');
  });

  it('modules need the group’s Essentials (e-nous-essentials-licenses-required)', () => {
    expect(
      groupHoldingProblem('contributor', { subscription: 'starter', subscriptionModules: ['alignia'] }),
    ).toBe('e-nous-essentials-licenses-required');
    expect(
      groupHoldingProblem('contributor', {
        subscription: 'essentials',
        subscriptionModules: [...GROUP_MODULES],
      }),
    ).toBeNull();
  });

  it('the modules are weUp, alignia and syneria, each once and in that order whatever is sent', () => {
    expect(GROUP_MODULES).toEqual(['weUp', 'alignia', 'syneria']);
    expect(normalModules(['syneria', 'weUp', 'syneria'])).toEqual(['weUp', 'syneria']);
  });
});

describe('the licences a group holds', () => {
  it('Starter holds none; Essentials one Essentials licence for the whole group; each module one of its tier', () => {
    expect(groupLicences({ subscription: 'starter', subscriptionModules: [] })).toEqual([]);
    expect(groupLicences({ subscription: 'essentials', subscriptionModules: [] })).toEqual(['essentials']);
    expect(groupLicences({ subscription: 'essentials', subscriptionModules: ['syneria', 'weUp'] })).toEqual([
      'essentials',
      'weUp',
      'syneria',
    ]);
  });

  it('a module sent twice takes one licence', () => {
    expect(groupLicences({ subscription: 'essentials', subscriptionModules: ['weUp', 'weUp'] })).toEqual([
      'essentials',
      'weUp',
    ]);
  });
});

describe('what a change moves', () => {
  const starter = { subscription: 'starter' as const, subscriptionModules: [] };
  const essentials = { subscription: 'essentials' as const, subscriptionModules: [] };

  it('a new Essentials group takes its licence; a removed one gives back all it held', () => {
    expect(groupLicenceChanges(null, essentials)).toEqual({
      takes: ['essentials'],
      giveBacks: [],
      held: ['essentials'],
    });
    expect(
      groupLicenceChanges({ subscription: 'essentials', subscriptionModules: ['alignia'] }, null),
    ).toEqual({
      takes: [],
      giveBacks: ['essentials', 'alignia'],
      held: [],
    });
  });

  it('what is held before and after moves nothing: a rename of an Essentials group takes no second licence', () => {
    expect(groupLicenceChanges(essentials, essentials)).toEqual({
      takes: [],
      giveBacks: [],
      held: ['essentials'],
    });
    expect(
      groupLicenceChanges(
        { subscription: 'essentials', subscriptionModules: ['weUp', 'alignia'] },
        { subscription: 'essentials', subscriptionModules: ['alignia', 'weUp'] },
      ),
    ).toEqual({ takes: [], giveBacks: [], held: ['essentials', 'weUp', 'alignia'] });
  });

  it('swapping a module gives the old tier back and takes the new one', () => {
    expect(
      groupLicenceChanges(
        { subscription: 'essentials', subscriptionModules: ['weUp'] },
        { subscription: 'essentials', subscriptionModules: ['syneria'] },
      ),
    ).toEqual({ takes: ['syneria'], giveBacks: ['weUp'], held: ['essentials', 'syneria'] });
  });

  it('back to Starter gives the Essentials licence back', () => {
    expect(groupLicenceChanges(essentials, starter)).toEqual({
      takes: [],
      giveBacks: ['essentials'],
      held: [],
    });
    expect(groupLicenceChanges(starter, starter)).toEqual({ takes: [], giveBacks: [], held: [] });
  });

  it('a group given Essentials before groups took licences holds none: kept, it takes none; dropped, it gives none back', () => {
    const none = [] as const;
    expect(groupLicenceChanges(essentials, essentials, none)).toEqual({ takes: [], giveBacks: [], held: [] });
    expect(groupLicenceChanges(essentials, starter, none)).toEqual({ takes: [], giveBacks: [], held: [] });
    // A module added to it takes its own licence, and holds it from then on.
    expect(
      groupLicenceChanges(essentials, { subscription: 'essentials', subscriptionModules: ['weUp'] }, none),
    ).toEqual({ takes: ['weUp'], giveBacks: [], held: ['weUp'] });
  });
});

describe('refusals of a group with no licence left (spec 02 §8)', () => {
  it('Essentials is refused as not enough e-Nous licences, on the plan', () => {
    expect(groupLicenceRefusal('essentials')).toBe('not-enough-e-nous-licenses');
    expect(groupLicenceField('essentials')).toBe('body.subscription');
  });

  it('a module is refused as not enough module licences, on its box', () => {
    for (const module of GROUP_MODULES) {
      expect(groupLicenceRefusal(module)).toBe('not-enough-module-licenses');
      expect(groupLicenceField(module)).toBe(`body.subscriptionModules.${module}`);
    }
  });
});

describe('the menu rules a group’s plan drives (spec 01 §6)', () => {
  it('custom reports are hidden for a starter group', () => {
    expect(showsCustomReports({ subscription: 'starter' })).toBe(false);
    expect(showsCustomReports({ subscription: 'essentials' })).toBe(true);
  });

  it('the "myself forms" group is for contributor groups beyond starter only', () => {
    expect(opensMyselfForms({ category: 'contributor', subscription: 'essentials' })).toBe(true);
    expect(opensMyselfForms({ category: 'contributor', subscription: 'starter' })).toBe(false);
    expect(opensMyselfForms({ category: 'consumer', subscription: 'essentials' })).toBe(false);
  });
});
