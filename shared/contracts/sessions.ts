import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { listOf } from './list';
import { MultilingualTextSchema, perLanguage } from './text';
import {
  SESSION_CATEGORIES,
  SESSION_NAME_MAX_LENGTH,
  SESSION_ROLES,
  SESSION_STEP_NUMBER_MAX,
  SESSION_SUBSCRIPTIONS,
  SESSION_TYPES,
  SESSIONS_MAX,
} from '../domain/sessions';
import { GROUP_MODULES } from '../domain/group-licences';

/**
 * Sessions (spec 01 §3 Session, Session member; §7 Sessions): a sphere's groups (contributor
 * sessions) and its customers' sessions (consumer sessions), in a tree. A sphere's sessions are
 * listed and created under the sphere's path, so the right is checked on the sphere the path names;
 * a session's own routes are checked on the session (and, for its sphere's admins, on its sphere).
 */

const IdParams = z.strictObject({ id: z.string().min(1).max(64) });
const SessionMemberParams = z.strictObject({
  id: z.string().min(1).max(64),
  memberId: z.string().min(1).max(64),
});

const name = z.string().trim().max(SESSION_NAME_MAX_LENGTH, 'length-out-of-range-error');
/**
 * A name in the product's languages. Blank ones are dropped; the service requires the sphere's
 * primary language (spec 01 §5: name required, non-blank).
 */
export const MultilingualNameSchema = perLanguage(name).transform((n) =>
  Object.fromEntries(Object.entries(n).filter(([, v]) => v !== undefined && v !== '')),
);
export type MultilingualName = z.output<typeof MultilingualNameSchema>;

const SessionFields = {
  name: MultilingualNameSchema,
  /** Required for consumer sessions; what members see of a contributor session (spec 01 §6). */
  publicName: MultilingualNameSchema.default({}),
  isLeaf: z.boolean().default(false),
  parentSessionId: z.string().min(1).max(64).optional(),
  /** Consumer sessions only: 0 to 99 (spec 02 §9). */
  stepNumber: z
    .number()
    .int('not-valid')
    .min(0, 'value-out-of-range-error')
    .max(SESSION_STEP_NUMBER_MAX, 'value-out-of-range-error')
    .optional(),
  /** Essentials takes one Essentials licence of the sphere for the group (decision 0050). */
  subscription: z.enum(SESSION_SUBSCRIPTIONS, 'not-valid').default('starter'),
  /**
   * The group's modules (contributor groups with Essentials only; decision 0050), each taking one
   * licence of its tier. Left out on update, they stay as they are.
   */
  subscriptionModules: z
    .array(z.enum(GROUP_MODULES, 'not-valid'))
    .max(GROUP_MODULES.length, 'too-many')
    .optional(),
  /** Whether people may join by the session's link (`sessionNotPublic` otherwise). */
  isPublic: z.boolean().default(false),
  /**
   * The session's own tags: active tags of the sphere offered to sessions of its category
   * (`tag-archived` for an archived one). Left out on update, they stay as they are.
   */
  specificTagIds: z.array(z.string().min(1).max(64)).max(50, 'too-many').optional(),
};

/** POST /v1/spheres/{id}/sessions (spec 01 §7 POST /sessions). */
export const SessionCreateSchema = z.strictObject({
  ...SessionFields,
  category: z.enum(SESSION_CATEGORIES, 'not-valid'),
  type: z.enum(SESSION_TYPES, 'not-valid').default('group'),
  /** Sphere members who run the session (`ownerNotFound` when one is not an active member). */
  ownerIds: z.array(z.string().min(1).max(64)).max(50, 'too-many').default([]),
});
export type SessionCreate = z.output<typeof SessionCreateSchema>;
export type SessionCreateInput = z.input<typeof SessionCreateSchema>;

/**
 * PUT /v1/sessions/{id}: the editable fields with the `updateDate` read, so two saves at once do not
 * overwrite each other (409 `conflict`). `childNumber` orders siblings; only those who manage the
 * sphere set it (spec 01 §6).
 */
export const SessionUpdateSchema = z.strictObject({
  ...SessionFields,
  childNumber: z.number().int('not-valid').min(0, 'value-out-of-range-error').max(9_999).optional(),
  archived: z.boolean().default(false),
  updateDate: z.iso.datetime(),
});
export type SessionUpdate = z.output<typeof SessionUpdateSchema>;
export type SessionUpdateInput = z.input<typeof SessionUpdateSchema>;

export const SessionSchema = z.object({
  id: z.string(),
  sphereId: z.string(),
  /** The name the caller may see, in every language it has (spec 01 §6: real name with smartReport). */
  name: MultilingualTextSchema,
  /** The real name and the public one, for those who may edit the session; absent for others. */
  realName: MultilingualTextSchema.optional(),
  publicName: MultilingualTextSchema.optional(),
  category: z.enum(SESSION_CATEGORIES),
  type: z.enum(SESSION_TYPES),
  parentSessionId: z.string().optional(),
  parentSessionIds: z.array(z.string()),
  level: z.number().int(),
  childNumber: z.number().int().optional(),
  isLeaf: z.boolean(),
  stepNumber: z.number().int().optional(),
  subscription: z.enum(SESSION_SUBSCRIPTIONS),
  /** Its modules, each holding a licence of its tier (decision 0050); the server always sends them. */
  subscriptionModules: z.array(z.enum(GROUP_MODULES)).optional(),
  isPublic: z.boolean(),
  archived: z.boolean(),
  /** Its own tags, and those it inherits from its ancestors. */
  specificTagIds: z.array(z.string()),
  inheritedTagIds: z.array(z.string()),
  /** The caller's roles there (none when they are not a member). */
  isMember: z.boolean(),
  roles: z.array(z.enum(SESSION_ROLES)),
  /**
   * Present when the caller gave themselves the member role through their own admin or referent
   * right: it opens none of the group's reports (decision 0012, the group-report exception).
   */
  selfGranted: z.literal(true).optional(),
  createdAt: z.string(),
  updateDate: z.string(),
});
export type Session = z.infer<typeof SessionSchema>;

/** GET /v1/spheres/{id}/sessions: the sphere's tree (spec 01 §7 GET /sessions?sphereId). */
export const listSphereSessions = defineRoute({
  name: 'listSphereSessions',
  domain: 'sessions',
  method: 'GET',
  path: '/v1/spheres/{id}/sessions',
  auth: 'user',
  ability: { action: 'get', subject: 'sphere', on: { sphereId: 'id' } },
  params: IdParams,
  query: z.strictObject({
    category: z.enum(SESSION_CATEGORIES).optional(),
    /** `false`: only sessions that may take children (the parent choices). */
    isLeaf: z.enum(['false']).optional(),
    archived: z.enum(['true', 'false']).default('false'),
    _max: z.coerce.number().int().min(1).max(SESSIONS_MAX).default(SESSIONS_MAX),
    _offset: z.coerce.number().int().min(0).default(0),
  }),
  response: listOf(SessionSchema),
});

export const createSession = defineRoute({
  name: 'createSession',
  domain: 'sessions',
  method: 'POST',
  path: '/v1/spheres/{id}/sessions',
  auth: 'registered',
  ability: { action: 'post', subject: 'session', on: { sphereId: 'id' } },
  params: IdParams,
  body: SessionCreateSchema,
  response: SessionSchema,
  status: 201,
});

export const getSession = defineRoute({
  name: 'getSession',
  domain: 'sessions',
  method: 'GET',
  path: '/v1/sessions/{id}',
  auth: 'user',
  ability: { action: 'get', subject: 'session', on: { sessionId: 'id' } },
  params: IdParams,
  response: SessionSchema,
});

export const updateSession = defineRoute({
  name: 'updateSession',
  domain: 'sessions',
  method: 'PUT',
  path: '/v1/sessions/{id}',
  auth: 'registered',
  ability: { action: 'put', subject: 'session', on: { sessionId: 'id' } },
  params: IdParams,
  body: SessionUpdateSchema,
  response: SessionSchema,
});

/** DELETE /v1/sessions/{id}: its children move up to its parent; its memberships go with it. */
export const deleteSession = defineRoute({
  name: 'deleteSession',
  domain: 'sessions',
  method: 'DELETE',
  path: '/v1/sessions/{id}',
  auth: 'registered',
  ability: { action: 'delete', subject: 'session', on: { sessionId: 'id' } },
  params: IdParams,
  response: z.undefined(),
  status: 204,
});

export const SessionMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(SESSION_ROLES)),
  /** Whether the person is also a member of the session's sphere (spec 01 §6 delete on session). */
  isSphereMember: z.boolean(),
  createdAt: z.string(),
});
export type SessionMember = z.infer<typeof SessionMemberSchema>;

/** Page size of a session's members. */
export const SESSION_MEMBERS_MAX = 2_000;

export const listSessionMembers = defineRoute({
  name: 'listSessionMembers',
  domain: 'sessions',
  method: 'GET',
  path: '/v1/sessions/{id}/members',
  auth: 'registered',
  ability: { action: 'put', subject: 'session', on: { sessionId: 'id' } },
  params: IdParams,
  query: z.strictObject({
    _max: z.coerce.number().int().min(1).max(SESSION_MEMBERS_MAX).default(SESSION_MEMBERS_MAX),
    _offset: z.coerce.number().int().min(0).default(0),
  }),
  response: listOf(SessionMemberSchema),
});

const RolesSchema = z
  .array(z.enum(SESSION_ROLES, 'not-valid'))
  .min(1, 'required')
  .max(SESSION_ROLES.length)
  .transform((roles) => [...new Set(roles)]);

/** POST /v1/sessions/{id}/members: a member of the sphere joins the session (spec 01 §5: roles and member required). */
export const SessionMemberAddSchema = z.strictObject({
  memberId: z.string().min(1, 'required').max(64),
  roles: RolesSchema,
});
export type SessionMemberAdd = z.output<typeof SessionMemberAddSchema>;

export const addSessionMember = defineRoute({
  name: 'addSessionMember',
  domain: 'sessions',
  method: 'POST',
  path: '/v1/sessions/{id}/members',
  auth: 'registered',
  ability: { action: 'put', subject: 'session', on: { sessionId: 'id' } },
  params: IdParams,
  body: SessionMemberAddSchema,
  response: SessionMemberSchema,
  status: 201,
});

export const SessionMemberUpdateSchema = z.strictObject({ roles: RolesSchema });

export const updateSessionMember = defineRoute({
  name: 'updateSessionMember',
  domain: 'sessions',
  method: 'PUT',
  path: '/v1/sessions/{id}/members/{memberId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'session', on: { sessionId: 'id' } },
  params: SessionMemberParams,
  body: SessionMemberUpdateSchema,
  response: SessionMemberSchema,
});

export const removeSessionMember = defineRoute({
  name: 'removeSessionMember',
  domain: 'sessions',
  method: 'DELETE',
  path: '/v1/sessions/{id}/members/{memberId}',
  auth: 'registered',
  ability: { action: 'put', subject: 'session', on: { sessionId: 'id' } },
  params: SessionMemberParams,
  response: z.undefined(),
  status: 204,
});

/** POST /v1/sessions/{id}/join {sessionKey}: the session's link (spec 01 §7). */
export const SessionJoinSchema = z.strictObject({ sessionKey: z.string().min(1, 'required').max(100) });

export const joinSession = defineRoute({
  name: 'joinSession',
  domain: 'sessions',
  method: 'POST',
  path: '/v1/sessions/{id}/join',
  auth: 'registered',
  params: IdParams,
  body: SessionJoinSchema,
  response: SessionSchema,
});

export const SessionJoinKeySchema = z.object({ sessionKey: z.string() });

export const getSessionJoinKey = defineRoute({
  name: 'getSessionJoinKey',
  domain: 'sessions',
  method: 'GET',
  path: '/v1/sessions/{id}/join-key',
  auth: 'registered',
  ability: { action: 'put', subject: 'session', on: { sessionId: 'id' } },
  params: IdParams,
  response: SessionJoinKeySchema,
});

export const renewSessionJoinKey = defineRoute({
  name: 'renewSessionJoinKey',
  domain: 'sessions',
  method: 'POST',
  path: '/v1/sessions/{id}/join-key',
  auth: 'registered',
  ability: { action: 'put', subject: 'session', on: { sessionId: 'id' } },
  params: IdParams,
  response: SessionJoinKeySchema,
});

/** POST /v1/sessions/{id}/leave: the caller leaves the session (spec 01 §4, with a confirmation). */
export const leaveSession = defineRoute({
  name: 'leaveSession',
  domain: 'sessions',
  method: 'POST',
  path: '/v1/sessions/{id}/leave',
  auth: 'user',
  ability: { action: 'get', subject: 'session', on: { sessionId: 'id' } },
  params: IdParams,
  response: z.undefined(),
  status: 204,
});

export const sessionRoutes: readonly RouteContract[] = [
  listSphereSessions,
  createSession,
  getSession,
  updateSession,
  deleteSession,
  listSessionMembers,
  addSessionMember,
  updateSessionMember,
  removeSessionMember,
  joinSession,
  getSessionJoinKey,
  renewSessionJoinKey,
  leaveSession,
];
