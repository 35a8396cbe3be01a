import { describe, expect, it } from 'vitest';
import {
  NEW_SPHERE_ENTITLEMENTS,
  campaignReportsOffered,
  campaignTemplatesOffered,
  removedSwitches,
  salesUpRightsChange,
  salesUpRoleGrants,
  sameEntitlements,
  type SphereEntitlements,
} from './entitlements';

const on = (engagementUp: boolean, templates: boolean, salesUp: boolean): SphereEntitlements => ({
  engagementUp: { active: engagementUp, campaignTemplatesAvailable: templates },
  salesUp: { active: salesUp },
});

describe('sphere entitlements (decision 0047)', () => {
  it('a new sphere has Engagement-Up without templates, and no Sales-Up', () => {
    expect(NEW_SPHERE_ENTITLEMENTS).toEqual(on(true, false, false));
  });

  it('offers every template with Engagement-Up and its templates, else the blank one only', () => {
    expect(campaignTemplatesOffered(on(true, true, false))).toEqual(['checkup', 'blank', 'simple', 'aripso']);
    expect(campaignTemplatesOffered(on(true, false, false))).toEqual(['blank']);
    // Templates without Engagement-Up offer nothing more: the server refuses them the same way.
    expect(campaignTemplatesOffered(on(false, true, false))).toEqual(['blank']);
  });

  it('offers the campaign-based reports with Engagement-Up and its templates, and refuses them otherwise', () => {
    expect(campaignReportsOffered(on(true, true, false))).toBe(true);
    expect(campaignReportsOffered(on(true, true, true))).toBe(true);
    // Engagement-Up without its templates, as a new sphere has it.
    expect(campaignReportsOffered(on(true, false, false))).toBe(false);
    expect(campaignReportsOffered(NEW_SPHERE_ENTITLEMENTS)).toBe(false);
    // Templates left available while Engagement-Up is off open nothing, as for the templates.
    expect(campaignReportsOffered(on(false, true, false))).toBe(false);
    expect(campaignReportsOffered(on(false, false, true))).toBe(false);
  });

  it('offers the campaign-based reports exactly when it offers every template', () => {
    for (const engagementUp of [true, false])
      for (const templates of [true, false]) {
        const entitlements = on(engagementUp, templates, false);
        expect(campaignReportsOffered(entitlements)).toBe(campaignTemplatesOffered(entitlements).length > 1);
      }
  });

  it('names the switches a change turns off, for the editor to confirm', () => {
    expect(removedSwitches(on(true, true, true), on(true, true, true))).toEqual([]);
    expect(removedSwitches(on(false, false, false), on(true, true, true))).toEqual([]);
    expect(removedSwitches(on(true, true, true), on(false, true, false))).toEqual([
      'engagementUp.active',
      'salesUp.active',
    ]);
    expect(removedSwitches(on(true, true, false), on(true, false, false))).toEqual([
      'engagementUp.campaignTemplatesAvailable',
    ]);
  });

  it('compares every switch', () => {
    expect(sameEntitlements(on(true, false, true), on(true, false, true))).toBe(true);
    expect(sameEntitlements(on(true, false, true), on(true, true, true))).toBe(false);
    expect(sameEntitlements(on(true, false, true), on(false, false, true))).toBe(false);
    expect(sameEntitlements(on(true, false, true), on(true, false, false))).toBe(false);
  });

  it('the sales-up role grants only with Sales-Up, and only switching it moves its holders’ rights', () => {
    expect(salesUpRoleGrants(on(false, false, true))).toBe(true);
    expect(salesUpRoleGrants(on(true, true, false))).toBe(false);
    expect(salesUpRightsChange(on(true, false, false), on(true, false, true))).toBe(true);
    expect(salesUpRightsChange(on(true, false, true), on(true, false, false))).toBe(true);
    expect(salesUpRightsChange(on(true, false, true), on(false, true, true))).toBe(false);
  });
});
