import { describe, expect, it } from 'vitest';
import { placeSections, registerPlaceSection, registerSettingsTab, settingsTabs } from './place-extensions';

const nothing = () => Promise.resolve({ default: () => null });

describe('tabs and sections features add to the sphere and session pages', () => {
  it('lists a settings tab on the pages it names, in order, whatever the order it was registered in', () => {
    registerSettingsTab({ id: 'later', labelKey: 'x.later', order: 20, places: ['sphere'], load: nothing });
    registerSettingsTab({
      id: 'first',
      labelKey: 'x.first',
      order: 5,
      places: ['sphere', 'session'],
      load: nothing,
    });
    expect(settingsTabs('sphere').map((t) => [t.id, t.labelKey])).toEqual([
      ['first', 'x.first'],
      ['later', 'x.later'],
    ]);
    expect(settingsTabs('session').map((t) => t.id)).toEqual(['first']);
  });

  it('refuses a tab registered twice under one id', () => {
    registerSettingsTab({ id: 'twice', labelKey: 'x', order: 1, places: ['sphere'], load: nothing });
    expect(() =>
      registerSettingsTab({ id: 'twice', labelKey: 'x', order: 2, places: ['session'], load: nothing }),
    ).toThrow('Settings tab "twice" is registered twice');
  });

  it('lists a page section on the pages it names, in order, and refuses one registered twice', () => {
    registerPlaceSection({ id: 'b', order: 2, places: ['session'], load: nothing });
    registerPlaceSection({ id: 'a', order: 1, places: ['sphere', 'session'], load: nothing });
    expect(placeSections('session').map((s) => s.id)).toEqual(['a', 'b']);
    expect(placeSections('sphere').map((s) => s.id)).toEqual(['a']);
    expect(() => registerPlaceSection({ id: 'a', order: 3, places: ['sphere'], load: nothing })).toThrow(
      'Place section "a" is registered twice',
    );
  });
});
