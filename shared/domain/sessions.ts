import type { Language } from '../contracts/headers';

/**
 * Sessions (spec 01 §3 Session, Session member): the groups of a sphere's people (contributor
 * sessions) and the sessions of its customers or visitors (consumer sessions), in a tree. The
 * rules the API and the SPA share.
 */

export const SESSION_CATEGORIES = ['contributor', 'consumer'] as const;
export type SessionCategory = (typeof SESSION_CATEGORIES)[number];

export const SESSION_TYPES = ['group', 'period'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

/** Roles in a session (spec 01 §3 Session member). */
export const SESSION_ROLES = ['member', 'owner'] as const;
export type SessionRole = (typeof SESSION_ROLES)[number];

export const SESSION_SUBSCRIPTIONS = ['starter', 'essentials'] as const;

/** Step number of a consumer session (spec 02 §9): 0 to 99. */
export const SESSION_STEP_NUMBER_MAX = 99;
export const SESSION_NAME_MAX_LENGTH = 100;
/** Page sizes (spec 01 §9): a sphere's sessions 10 000, a session's children 1 000. */
export const SESSIONS_MAX = 10_000;
export const SESSION_CHILDREN_MAX = 1_000;
/** Depth of the tree: a session at level 9 takes no children (a tree deeper than that is an error). */
export const SESSION_LEVEL_MAX = 9;

/** A name in the product's languages; the sphere's primary language is required. */
export type MultilingualText = Partial<Record<Language, string>>;

/** The name to show in `language`: that language's, else the first one given. */
export function textIn(text: MultilingualText, language: Language, primary?: Language): string {
  const wanted = text[language]?.trim();
  if (wanted) return wanted;
  const fallback = primary ? text[primary]?.trim() : undefined;
  if (fallback) return fallback;
  return (
    Object.values(text)
      .find((v) => v?.trim())
      ?.trim() ?? ''
  );
}

/**
 * The name a caller sees (spec 01 §6): a contributor session shows its real name only to those
 * holding smartReport on it, others see its public name (its name when it has none). A consumer
 * session's public name is what its visitors see; its owners and admins see the real one.
 */
export function visibleName(
  session: { category: SessionCategory; name: MultilingualText; publicName?: MultilingualText },
  canSeeRealName: boolean,
): MultilingualText {
  if (canSeeRealName) return session.name;
  const hasPublic = Object.values(session.publicName ?? {}).some((v) => v?.trim());
  return hasPublic ? (session.publicName ?? session.name) : session.name;
}

/** The place of a session in its tree. */
export interface TreeNode {
  sessionId: string;
  parentSessionId?: string | undefined;
  /** Ancestors, the root first. */
  parentSessionIds: readonly string[];
  isLeaf: boolean;
  category: SessionCategory;
  sphereId: string;
  childNumber?: number | undefined;
}

/** Why a parent cannot take a session (spec 01 §8 session errors), or null when it can. */
export type ParentProblem =
  'changeParentNotAllowed' | 'changeParentToChild' | 'parentIsLeaf' | 'creationBlocked';

/**
 * Whether `parent` may hold `child` (a new session when `child.sessionId` is absent):
 * - the parent is the session itself or one of its descendants: `changeParentToChild`;
 * - the parent is in another sphere or of the other category: `changeParentNotAllowed`;
 * - the parent blocks children (isLeaf): `parentIsLeaf`;
 * - the parent is at the deepest level: `creationBlocked`.
 */
export function parentProblem(
  child: { sessionId?: string; sphereId: string; category: SessionCategory },
  parent: TreeNode,
): ParentProblem | null {
  if (
    child.sessionId !== undefined &&
    (parent.sessionId === child.sessionId || parent.parentSessionIds.includes(child.sessionId))
  )
    return 'changeParentToChild';
  if (parent.sphereId !== child.sphereId || parent.category !== child.category)
    return 'changeParentNotAllowed';
  if (parent.isLeaf) return 'parentIsLeaf';
  if (parent.parentSessionIds.length >= SESSION_LEVEL_MAX) return 'creationBlocked';
  return null;
}

/** Ancestors of a session placed under `parent` (none at the root). */
export function ancestorsUnder(parent: Pick<TreeNode, 'sessionId' | 'parentSessionIds'> | null): string[] {
  return parent ? [...parent.parentSessionIds, parent.sessionId] : [];
}

/** Every descendant of `sessionId` among `sessions` (its subtree without itself). */
export function descendantsOf<T extends Pick<TreeNode, 'sessionId' | 'parentSessionIds'>>(
  sessionId: string,
  sessions: readonly T[],
): T[] {
  return sessions.filter((s) => s.parentSessionIds.includes(sessionId));
}

/**
 * The parents the tree select offers for a session (spec 01 §5): the sphere's sessions of its
 * category that may hold it, never itself nor its descendants.
 */
export function parentChoices<T extends TreeNode>(
  session: { sessionId?: string; sphereId: string; category: SessionCategory },
  sessions: readonly T[],
): T[] {
  return sessions.filter((s) => parentProblem(session, s) === null);
}

/**
 * The ancestors of each session after `moved` goes under a new parent: the session and its whole
 * subtree take the new path (the part above `moved` is replaced).
 */
export function reparented<T extends Pick<TreeNode, 'sessionId' | 'parentSessionIds'>>(
  moved: T,
  newAncestors: readonly string[],
  sessions: readonly T[],
): { sessionId: string; parentSessionIds: string[] }[] {
  const cut = moved.parentSessionIds.length;
  return [
    { sessionId: moved.sessionId, parentSessionIds: [...newAncestors] },
    ...descendantsOf(moved.sessionId, sessions).map((d) => ({
      sessionId: d.sessionId,
      parentSessionIds: [...newAncestors, ...d.parentSessionIds.slice(cut)],
    })),
  ];
}

/**
 * Depth-first order of a tree for display: roots first, each followed by its children, siblings
 * by child number and then by name.
 */
export function treeOrder<T extends TreeNode & { label: string }>(sessions: readonly T[]): T[] {
  const byParent = new Map<string | undefined, T[]>();
  const ids = new Set(sessions.map((s) => s.sessionId));
  for (const s of sessions) {
    // A session whose parent is not in the list (archived, or not visible) shows at the root.
    const parent =
      s.parentSessionId !== undefined && ids.has(s.parentSessionId) ? s.parentSessionId : undefined;
    byParent.set(parent, [...(byParent.get(parent) ?? []), s]);
  }
  const order = (a: T, b: T) =>
    (a.childNumber ?? Number.MAX_SAFE_INTEGER) - (b.childNumber ?? Number.MAX_SAFE_INTEGER) ||
    a.label.localeCompare(b.label);
  const out: T[] = [];
  const visit = (parent: string | undefined) => {
    for (const s of [...(byParent.get(parent) ?? [])].sort(order)) {
      out.push(s);
      visit(s.sessionId);
    }
  };
  visit(undefined);
  return out;
}
