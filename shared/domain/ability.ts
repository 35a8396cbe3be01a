import { createMongoAbility, type ForcedSubject, type MongoAbility } from '@casl/ability';
import type { Action, Subject } from '../contracts/route';
import type { AbilityRule } from '../contracts/me';
import type { SphereRole } from './spheres';
import type { SessionCategory, SessionRole } from './sessions';

/** An active membership of a sphere and the roles held there. */
export interface SphereMembership {
  sphereId: string;
  roles: readonly SphereRole[];
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

/** What a sphere's admins manage there (spec 01 §6, spec 02 §6), always on their own sphere. */
const SPHERE_ADMIN_SUBJECTS: Subject[] = [
  'sphere',
  'member',
  'session',
  'sphere-tag',
  'form-entitlement',
  // Campaigns (spec 02 §6): their definitions, cycles and who takes part, never the answers.
  'campaign',
  'campaign-cycle',
  'campaign-participation',
];

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
}

/** What the rules need of the account itself (the rest is memberships). */
export type AccountFacts = Pick<AbilityFacts, 'isGuest' | 'subscription' | 'globalRoles'>;

/**
 * The rules the server enforces and `GET /v1/me` returns (spec 01 §6). Personal data carries the
 * owner's `userId` as a condition, so a rule never opens another user's items.
 */
export function defineRules(facts: AbilityFacts): AbilityRule[] {
  if (facts.superAdminMode && facts.globalRoles.includes('super-admin')) {
    return [{ action: 'manage', subject: 'all' }];
  }
  const own = { userId: facts.userId };
  const rules: AbilityRule[] = [
    { action: ['get', 'put'], subject: 'profile', conditions: own },
    { action: ['get', 'post', 'put'], subject: ['feeling', 'form-survey'], conditions: own },
    // The axis catalogue is read by every thinking flow; managing it is for super-admins.
    { action: 'get', subject: 'axes' },
  ];
  // Essentials features (spec 01 §1): never a guest's or a starter user's.
  const essentials = !facts.isGuest && facts.subscription !== 'starter';
  if (!facts.isGuest) {
    rules.push(
      { action: 'get', subject: 'subscription', conditions: own },
      { action: 'post', subject: 'sphere' },
      { action: 'post', subject: 'chat-thread' },
    );
    if (essentials) {
      rules.push(
        // The life compass and one's own assessments.
        {
          action: ['get', 'post', 'put', 'delete'],
          subject: ['strategy', 'strategy-assessment'],
          conditions: own,
        },
        { action: 'put', subject: 'feeling-goal', conditions: own },
        // Thinking is an Essentials feature (spec 01 §1, spec 02 §1).
        { action: ['get', 'post', 'put'], subject: 'thinking', conditions: own },
      );
    }
  }
  for (const { sphereId, roles } of facts.spheres) {
    // Every condition names the sphere: a right on one sphere never opens another.
    rules.push({ action: 'get', subject: 'sphere', conditions: { sphereId } });
    if (roles.includes('admin')) {
      rules.push({ action: 'manage', subject: SPHERE_ADMIN_SUBJECTS, conditions: { sphereId } });
      // The group-report exception (spec 02 §6): a group's report is its members' alone, not its
      // sphere's admins' (a member rule below gives it back to an admin whom someone else put in
      // the group, never to one who added themselves: decision 0012).
      rules.push({ action: 'report', subject: 'session', conditions: { sphereId }, inverted: true });
      // The forms a sphere's admins may entitle it to: those of the catalogue that are not private.
      rules.push({ action: 'get', subject: 'form-definition', conditions: { isPrivate: false } });
    }
    // A sphere's links (decision 0027): its admins make, read, change and delete them, and those
    // of its sessions and campaigns (all carry the sphere's id).
    if (roles.includes('admin'))
      rules.push({ action: ['get', 'post', 'put', 'delete'], subject: 'url', conditions: { sphereId } });
    if (roles.includes('sales-up'))
      // Sales-up members set up the terminals of the sphere's consumer sessions (decision 0028):
      // they see those sessions, nothing of its contributor groups.
      rules.push({ action: 'get', subject: 'session', conditions: { sphereId, category: 'consumer' } });
    if (essentials) {
      // A sphere's strategy (decision 0019): its members read and assess it, its admins write it
      // and the strategies of its sessions. `sessionId` absent: a member's rule is on the sphere's
      // own list, never on a session of it (a session names its sphere too, see functions/access).
      const ofSphereItself = { sphereId, sessionId: { $exists: false } };
      rules.push(
        { action: 'get', subject: 'strategy', conditions: ofSphereItself },
        { action: ['get', 'post'], subject: 'strategy-assessment', conditions: ofSphereItself },
      );
      if (roles.includes('admin'))
        rules.push({
          action: ['get', 'post', 'put', 'delete'],
          subject: 'strategy',
          conditions: { sphereId },
        });
    }
  }
  for (const { sessionId, roles, selfGranted } of facts.sessions) {
    const actions: Action[] = ['get'];
    // Owners (referents) run the session: settings, members and its real name, not its report.
    if (roles.includes('owner')) actions.push('put', 'smartReport');
    // Members read its reports, unless they gave themselves the role through their own admin or
    // referent right: the exception is not lifted by those it keeps out (decision 0012).
    const readsReports = roles.includes('member') && selfGranted !== true;
    if (readsReports) actions.push('report');
    rules.push({ action: actions, subject: 'session', conditions: { sessionId } });
    // A session's links are its owners' (decision 0027).
    if (roles.includes('owner'))
      rules.push({ action: ['get', 'post', 'put', 'delete'], subject: 'url', conditions: { sessionId } });
    if (essentials) {
      // A session's strategy: its members read and assess it, its owners write it. Its custom
      // reports are its members' (decision 0037): the group-report exception holds for them too,
      // self-granted members left out, and custom reports are not the starter subscription's (spec
      // 02 §6 menu rules).
      if (roles.includes('member'))
        rules.push(
          { action: 'get', subject: 'strategy', conditions: { sessionId } },
          { action: ['get', 'post'], subject: 'strategy-assessment', conditions: { sessionId } },
        );
      if (readsReports) rules.push({ action: 'report', subject: 'report', conditions: { sessionId } });
      if (roles.includes('owner'))
        rules.push({
          action: ['get', 'post', 'put', 'delete'],
          subject: 'strategy',
          conditions: { sessionId },
        });
    }
  }
  // Those who write an organisation's texts in several languages (sphere admins, session owners)
  // may ask for machine translations (spec 01 §6: post on translation shows auto-translate).
  const writesOrganisationTexts =
    facts.spheres.some((s) => s.roles.includes('admin')) ||
    facts.sessions.some((s) => s.roles.includes('owner'));
  if (writesOrganisationTexts) rules.push({ action: 'post', subject: 'translation' });
  if (facts.globalRoles.includes('ambassador')) {
    rules.push({
      action: ['get', 'post'],
      subject: 'subscription-promotion-code',
      conditions: { ownerId: facts.userId },
    });
  }
  return rules;
}

/**
 * Whether a refusal is only the subscription's: the same person on Essentials would be allowed
 * (the reserved features of spec 02 §1). Their refusal says so (`essentials-required`).
 */
export function reservedForEssentials(
  facts: AbilityFacts,
  action: Action,
  subject: Subject | ForcedSubject<Subject>,
): boolean {
  const upgraded = buildAbility(defineRules({ ...facts, isGuest: false, subscription: 'essentials' }));
  return upgraded.can(action, subject);
}

/** Subjects are a type name, or an item tagged with `subject(type, item)` from `@casl/ability`. */
export type AppAbility = MongoAbility<[Action, Subject | ForcedSubject<Subject>]>;

export function buildAbility(rules: AbilityRule[]): AppAbility {
  return createMongoAbility(rules as never) as AppAbility;
}
