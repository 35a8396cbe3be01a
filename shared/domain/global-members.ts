/**
 * Global (VIP) members (spec 01 §3 Global member, §6 roles; spec 02 §6): the roles a super-admin
 * gives people across the product, without I/O, read by the server and the SPA alike.
 */

/** The global roles a person may hold: each opens rules of its own (shared/domain/abilities/). */
export const GLOBAL_ROLES = ['super-admin', 'ambassador', 'preview-access'] as const;
export type GlobalRole = (typeof GLOBAL_ROLES)[number];

/**
 * The roles the global members page offers (spec 01 §3): the global roles, and `member`, which is
 * no global role at all (spec 01 §6: removing access sets the role to member).
 */
export const GLOBAL_MEMBER_ROLES = [...GLOBAL_ROLES, 'member'] as const;
export type GlobalMemberRole = (typeof GLOBAL_MEMBER_ROLES)[number];

/** The role that means none. */
export const NO_GLOBAL_ROLE = 'member' satisfies GlobalMemberRole;

export const GLOBAL_MEMBER_NAME_MAX_LENGTH = 100;

/** The global roles of a choice of roles, each once, in the product's order (`member` is none). */
export function globalRolesOf(roles: readonly string[]): GlobalRole[] {
  return GLOBAL_ROLES.filter((role) => roles.includes(role));
}

/** The roles as the page shows them: the global roles held, or `member` when there is none. */
export function shownRoles(globalRoles: readonly string[]): GlobalMemberRole[] {
  const held = globalRolesOf(globalRoles);
  return held.length ? held : [NO_GLOBAL_ROLE];
}

/**
 * The roles the person's rules are computed from (the user item's `globalRoles`): those listed
 * while the membership is active, none while it is not.
 */
export function effectiveGlobalRoles(roles: readonly string[], active: boolean): GlobalRole[] {
  return active ? globalRolesOf(roles) : [];
}

/** Whether a change gives the super-admin role to someone who did not hold it (the SPA warns first). */
export function grantsSuperAdmin(before: readonly string[], after: readonly string[]): boolean {
  return after.includes('super-admin') && !before.includes('super-admin');
}
