import type { AbilityRule } from '../../contracts/me';
import type { SessionCategory, SessionRole } from '../sessions';
import type { SphereRole } from '../spheres';

/** An active membership of a sphere and the roles held there. */
export interface SphereMembership {
  sphereId: string;
  roles: readonly SphereRole[];
  /** The plan the sphere gives the member (an Essentials licence: decision 0046). */
  subscription?: 'starter' | 'essentials' | undefined;
  /**
   * The sphere's Sales-Up entitlement is active: read only for a holder of the sales-up role, whose
   * role grants nothing without it (decision 0047). Absent: not read, the role grants nothing.
   */
  salesUpActive?: boolean | undefined;
}

/**
 * A membership of a session that counts: of a contributor session, while the person is an active
 * member of its sphere; of a consumer session, as long as it lasts.
 */
export interface SessionMembership {
  sessionId: string;
  sphereId: string;
  category: SessionCategory;
  roles: readonly SessionRole[];
  /**
   * The person gave themselves the `member` role through their own admin or referent right
   * (decision 0012): it opens no report of the session. Absent (memberships written before the rule
   * among them): the role was given by someone else, or taken by the link without such a right.
   */
  selfGranted?: boolean;
}

/** A galaxy the person administers (active admin membership) and the spheres it holds. */
export interface GalaxyAdminFacts {
  galaxyId: string;
  sphereIds: readonly string[];
}

/** What the rules are computed from. Memberships and global roles join as their capabilities land. */
export interface AbilityFacts {
  userId: string;
  isGuest: boolean;
  subscription: 'starter' | 'essentials' | 'premium';
  /** Global roles of spec 01 §6 (super-admin, ambassador, preview-access). */
  globalRoles: readonly string[];
  /** Super-admin header sent and honoured. */
  superAdminMode: boolean;
  /** Active memberships (an inactive member holds no right in the sphere). */
  spheres: readonly SphereMembership[];
  /** Session memberships that count (see SessionMembership). */
  sessions: readonly SessionMembership[];
  /** Galaxies administered (none when absent). */
  galaxies?: readonly GalaxyAdminFacts[] | undefined;
}

/** What the rules need of the account itself (the rest is memberships). */
export type AccountFacts = Pick<AbilityFacts, 'isGuest' | 'subscription' | 'globalRoles'>;

/** What every area's rules read: the facts, and what follows from them once. */
export interface AbilityContext {
  facts: AbilityFacts;
  /** The owner condition of personal data: a rule never opens another user's items. */
  own: { userId: string };
  /** Essentials features (spec 01 §1): never a guest's or a starter user's. */
  essentials: boolean;
}

/** One area's rules (a domain's): merged in the order of `ABILITY_AREAS` (shared/domain/ability.ts). */
export type AbilityArea = (context: AbilityContext) => AbilityRule[];
