/** The page and overlay of global (VIP) members (spec 01 §2). */
export const GLOBAL_MEMBERS_PATH = '/apps/global/members';
/** Adds a global member, or edits one with `memberId`. */
export const GLOBAL_MEMBER_OVERLAY = 'addGlobalMember';
