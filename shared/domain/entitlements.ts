import { CAMPAIGN_TEMPLATES, type CampaignTemplate } from './campaigns';

/**
 * A sphere's entitlements (spec 01 §3, spec 02 §2, §3, §6; decision 0047): what a super-admin
 * grants it, without I/O. Engagement-Up opens contribution (joining by the link) and, with its
 * templates, the campaign templates; Sales-Up opens the sales-up role (terminal admins).
 */
export interface SphereEntitlements {
  engagementUp: { active: boolean; campaignTemplatesAvailable: boolean };
  salesUp: { active: boolean };
}

/** What a new sphere gets (decision 0011): contribution on, no campaign templates, no Sales-Up. */
export const NEW_SPHERE_ENTITLEMENTS: SphereEntitlements = {
  engagementUp: { active: true, campaignTemplatesAvailable: false },
  salesUp: { active: false },
};

/** The entitlements' switches, in the order they are shown and compared. */
export const ENTITLEMENT_SWITCHES = [
  'engagementUp.active',
  'engagementUp.campaignTemplatesAvailable',
  'salesUp.active',
] as const;
export type EntitlementSwitch = (typeof ENTITLEMENT_SWITCHES)[number];

export function switchValue(entitlements: SphereEntitlements, which: EntitlementSwitch): boolean {
  switch (which) {
    case 'engagementUp.active':
      return entitlements.engagementUp.active;
    case 'engagementUp.campaignTemplatesAvailable':
      return entitlements.engagementUp.campaignTemplatesAvailable;
    case 'salesUp.active':
      return entitlements.salesUp.active;
  }
}

/** The switches turned off from `before` to `after`: what the editor asks to confirm. */
export function removedSwitches(before: SphereEntitlements, after: SphereEntitlements): EntitlementSwitch[] {
  return ENTITLEMENT_SWITCHES.filter((s) => switchValue(before, s) && !switchValue(after, s));
}

export function sameEntitlements(a: SphereEntitlements, b: SphereEntitlements): boolean {
  return ENTITLEMENT_SWITCHES.every((s) => switchValue(a, s) === switchValue(b, s));
}

/**
 * Engagement-Up active with its templates available: one condition, so that the templates and the
 * campaign-based reports a sphere is offered never disagree.
 */
function campaignTemplatesGranted(entitlements: Pick<SphereEntitlements, 'engagementUp'>): boolean {
  return entitlements.engagementUp.active && entitlements.engagementUp.campaignTemplatesAvailable;
}

/**
 * The campaign templates the sphere's campaigns are offered (spec 02 §3): all four with
 * Engagement-Up active and its templates available, else the blank one only. The server checks a
 * campaign's template the same way (functions/campaigns/definitions.ts).
 */
export function campaignTemplatesOffered(entitlements: SphereEntitlements): readonly CampaignTemplate[] {
  return campaignTemplatesGranted(entitlements) ? CAMPAIGN_TEMPLATES : ['blank'];
}

/**
 * Whether the menus offer the custom reports built on the sphere's campaigns (spec 02 §6:
 * "campaign-based reports only if campaign templates are available"; decision 0047): on the same
 * condition as the templates. A campaign's own results are not among them: its admins always read
 * those. A menu rule only: the server still answers the campaign's custom reports.
 */
export function campaignReportsOffered(entitlements: Pick<SphereEntitlements, 'engagementUp'>): boolean {
  return campaignTemplatesGranted(entitlements);
}

/**
 * Whether the sales-up role gives its holders anything in the sphere (decision 0047): only while
 * Sales-Up is active. Switched off, the role stays on the members and grants nothing; switched on
 * again, it grants what it did.
 */
export function salesUpRoleGrants(entitlements: Pick<SphereEntitlements, 'salesUp'>): boolean {
  return entitlements.salesUp.active;
}

/**
 * Whose rights a change moves (decision 0047): the holders of the sales-up role when Sales-Up is
 * switched (the rules give them the sphere's consumer sessions only while it is active). The
 * other switches open or close pages and choices, not rules.
 */
export function salesUpRightsChange(before: SphereEntitlements, after: SphereEntitlements): boolean {
  return before.salesUp.active !== after.salesUp.active;
}
