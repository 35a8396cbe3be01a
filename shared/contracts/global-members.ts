import * as z from 'zod';
import { defineRoute, type RouteAbility, type RouteContract } from './route';
import { listOf } from './list';
import { GLOBAL_MEMBER_NAME_MAX_LENGTH, GLOBAL_MEMBER_ROLES, NO_GLOBAL_ROLE } from '../domain/global-members';

/**
 * Global (VIP) members (spec 01 §2 `/apps/global/members`, §3 Global member, §6, §7; spec 02 §6),
 * served by the users domain: super-admins list the people who hold a global role (super-admin,
 * ambassador, preview-access), add one by a verified address of their account, change their roles
 * or suspend them, and take their access away (their role becomes `member`: no global role). Every
 * change is kept in a log, newest first.
 *
 * The right is `manage` on `member` held on every member (`on: {}`: the resource names no sphere):
 * a sphere's admins manage the members of their own sphere only (`{ sphereId }`), so only a rule
 * without condition opens these routes, and only the super-admin mode holds one (`manage all`).
 */
const GLOBAL_MEMBERS_RIGHT: RouteAbility = { action: 'manage', subject: 'member', on: {} };

/**
 * An address no account has verified (unknown to the product, or only claimed): 400 with this key
 * on `body.email`. Only a verified address names one person surely (decision 0006), and a global
 * role is given to a person, never to an address waiting for someone.
 */
export const GLOBAL_MEMBER_NO_ACCOUNT_KEY = 'no-verified-account';

const id = z.string().min(1).max(64);
const role = z.enum(GLOBAL_MEMBER_ROLES);
/** `member` means no global role: it is chosen alone (400 `not-valid` beside another role). */
const roles = z
  .array(role)
  .min(1, 'required')
  .max(GLOBAL_MEMBER_ROLES.length)
  .refine((chosen) => !chosen.includes(NO_GLOBAL_ROLE) || chosen.length === 1, { message: 'not-valid' });
const name = z
  .string()
  .trim()
  .min(1, 'required')
  .max(GLOBAL_MEMBER_NAME_MAX_LENGTH, 'length-out-of-range-error');

export const GlobalMemberSchema = z.object({
  /** The person's user id (one global membership per person). */
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The global roles held, or `['member']` when none (access taken away). */
  roles: z.array(role),
  /** An inactive member keeps their roles on the page and holds none of them. */
  active: z.boolean(),
  /** Always true: only an address an account verified is added (spec 01 §3 userLinked). */
  userLinked: z.boolean(),
  createdAt: z.string(),
  updateDate: z.string(),
});
export type GlobalMember = z.infer<typeof GlobalMemberSchema>;

/**
 * POST /v1/global/members (spec 01 §7 global member add): the address must be verified by an
 * existing account (400 `no-verified-account` on `body.email`); a person already listed is 409
 * `exist`. `requestByUserId`, when sent, is the caller's own id (400 `not-valid` otherwise): who
 * asks is the token's, never the body's.
 */
export const GlobalMemberCreateSchema = z.strictObject({
  name,
  email: z.email('email-not-valid').max(254),
  roles,
  requestByUserId: id.optional(),
});
export type GlobalMemberCreateInput = z.input<typeof GlobalMemberCreateSchema>;

/** PUT /v1/global/members/{id} (spec 01 §7 global member update): the address stays. */
export const GlobalMemberUpdateSchema = z.strictObject({
  name,
  roles,
  active: z.boolean(),
  requestByUserId: id.optional(),
});
export type GlobalMemberUpdateInput = z.input<typeof GlobalMemberUpdateSchema>;

const MemberParams = z.strictObject({ id });

export const listGlobalMembers = defineRoute({
  name: 'listGlobalMembers',
  domain: 'users',
  method: 'GET',
  path: '/v1/global/members',
  auth: 'registered',
  ability: GLOBAL_MEMBERS_RIGHT,
  query: z.strictObject({
    _max: z.coerce.number().int().min(1).max(500).default(500),
    _offset: z.coerce.number().int().min(0).default(0),
    q: z.string().max(200).optional(),
  }),
  response: listOf(GlobalMemberSchema),
});

export const addGlobalMember = defineRoute({
  name: 'addGlobalMember',
  domain: 'users',
  method: 'POST',
  path: '/v1/global/members',
  auth: 'registered',
  ability: GLOBAL_MEMBERS_RIGHT,
  body: GlobalMemberCreateSchema,
  response: GlobalMemberSchema,
  status: 201,
  clientLimit: { limit: 60, windowSeconds: 300 },
});

/** 409 `conflict` when another super-admin changed the member since it was read. */
export const updateGlobalMember = defineRoute({
  name: 'updateGlobalMember',
  domain: 'users',
  method: 'PUT',
  path: '/v1/global/members/{id}',
  auth: 'registered',
  ability: GLOBAL_MEMBERS_RIGHT,
  params: MemberParams,
  body: GlobalMemberUpdateSchema,
  response: GlobalMemberSchema,
});

/**
 * Takes the person's access away (spec 01 §6): their role becomes `member`, they hold no global
 * role at once; they stay on the list, so that access can be given back.
 */
export const removeGlobalMemberAccess = defineRoute({
  name: 'removeGlobalMemberAccess',
  domain: 'users',
  method: 'DELETE',
  path: '/v1/global/members/{id}',
  auth: 'registered',
  ability: GLOBAL_MEMBERS_RIGHT,
  params: MemberParams,
  response: GlobalMemberSchema,
});

export const GLOBAL_ROLE_CHANGE_ACTIONS = ['added', 'updated', 'removed'] as const;

const RolesState = z.object({ roles: z.array(role), active: z.boolean() });

/** One change of someone's global roles: who made it, when, to whom, and the roles before and after. */
export const GlobalRoleChangeSchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(GLOBAL_ROLE_CHANGE_ACTIONS),
  /** The person changed (id `former` and no name once they left the product). */
  member: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** The super-admin who made it (id `former` and no name once they left). */
  by: z.object({ id: z.string(), name: z.string() }),
  /** Absent for an addition. */
  before: RolesState.optional(),
  after: RolesState,
});
export type GlobalRoleChange = z.infer<typeof GlobalRoleChangeSchema>;

/** The log of every change, newest first; `memberId` keeps one person's. */
export const listGlobalRoleChanges = defineRoute({
  name: 'listGlobalRoleChanges',
  domain: 'users',
  method: 'GET',
  path: '/v1/global/role-changes',
  auth: 'registered',
  ability: GLOBAL_MEMBERS_RIGHT,
  query: z.strictObject({
    _max: z.coerce.number().int().min(1).max(200).default(50),
    _offset: z.coerce.number().int().min(0).default(0),
    memberId: id.optional(),
  }),
  response: listOf(GlobalRoleChangeSchema),
});

/** The global members routes (domain `users`). */
export const globalMemberRoutes: readonly RouteContract[] = [
  listGlobalMembers,
  addGlobalMember,
  updateGlobalMember,
  removeGlobalMemberAccess,
  listGlobalRoleChanges,
];
