import * as z from 'zod';
import { defineRoute, ACTIONS, SUBJECTS } from './route';
import { LANGUAGES } from './headers';
import { listOf } from './list';
import { SESSION_CATEGORIES, SESSION_ROLES, SESSION_TYPES } from '../domain/sessions';
import { GROUP_MODULES } from '../domain/group-licences';

export const GENDERS = ['male', 'female', 'other'] as const;
export const UNITS = ['metric', 'imperial'] as const;
export const SUBSCRIPTIONS = ['starter', 'essentials', 'premium'] as const;
export const GUEST_CONVERSION_STEPS = ['guest', 'email', 'profile', 'finalized'] as const;

export const ProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string().optional(),
  birthYear: z.number().int().optional(),
  birthdate: z.string().optional(),
  gender: z.enum(GENDERS).optional(),
  unit: z.enum(UNITS),
  locale: z.enum(LANGUAGES),
  isGuest: z.boolean(),
  guestConvertionStep: z.enum(GUEST_CONVERSION_STEPS).optional(),
  favoriteSessionIds: z.array(z.string()),
  favoriteSphereIds: z.array(z.string()),
  /** Absent on answers written before galaxies could be starred. */
  favoriteGalaxyIds: z.array(z.string()).optional(),
  /** The account has a password of its own (PUT /v1/me/password); optional for older clients. */
  hasPassword: z.boolean().optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const UserEmailSchema = z.object({
  email: z.string(),
  primary: z.boolean(),
  isVerified: z.boolean(),
});
export type UserEmail = z.infer<typeof UserEmailSchema>;

export const LegalConsentSchema = z.object({
  documentType: z.enum(['terms-of-use', 'privacy-policy']),
  version: z.string(),
  lang: z.enum(LANGUAGES),
  path: z.string(),
  publishedOn: z.string(),
  status: z.enum(['pending', 'accepted']),
  timestamp: z.string().optional(),
});
export type LegalConsent = z.infer<typeof LegalConsentSchema>;

/** One CASL rule as the server enforces it (`@casl/ability` raw rule). */
export const AbilityRuleSchema = z.object({
  action: z.union([z.enum(ACTIONS), z.array(z.enum(ACTIONS))]),
  subject: z.union([z.enum(SUBJECTS), z.array(z.enum(SUBJECTS))]),
  conditions: z.record(z.string(), z.unknown()).optional(),
  inverted: z.boolean().optional(),
});
export type AbilityRule = z.infer<typeof AbilityRuleSchema>;

export const AbilitySchema = z.object({
  subscription: z.enum(SUBSCRIPTIONS),
  /** When the person's own plan falls back to Starter (a free month: decision 0048); absent: no end. */
  planUntil: z.string().optional(),
  rules: z.array(AbilityRuleSchema),
});

/** Membership summaries. */
const SphereSummarySchema = z.object({ id: z.string(), name: z.string() }).passthrough();
/** A galaxy the person administers (spec 01 §3 start call `galaxies`). */
export const GalaxySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  shortName: z.string(),
  photoUrl: z.string().optional(),
  roles: z.array(z.enum(['admin'])),
});
export type GalaxySummary = z.infer<typeof GalaxySummarySchema>;
const MemberSummarySchema = z
  .object({ id: z.string(), sphereId: z.string(), roles: z.array(z.string()) })
  .passthrough();
/**
 * A session the person is in and that counts (a contributor session while they are an active member
 * of its sphere): its name as they may see it, in their language.
 */
export const SessionSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  sphereId: z.string(),
  sphereName: z.string(),
  category: z.enum(SESSION_CATEGORIES),
  type: z.enum(SESSION_TYPES),
  roles: z.array(z.enum(SESSION_ROLES)),
  subscription: z.enum(['starter', 'essentials']),
  /** Its modules, when it has any (decision 0050). */
  subscriptionModules: z.array(z.enum(GROUP_MODULES)).optional(),
  /** The languages its sphere speaks, the primary first (spec 01 §2 session card). */
  languages: z.array(z.enum(LANGUAGES)),
  /** Its own and inherited tags that are active, named in the caller's language. */
  tags: z.array(z.object({ id: z.string(), name: z.string(), color: z.string() })),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

export const MeSchema = z.object({
  userId: z.string(),
  profile: ProfileSchema,
  emails: z.array(UserEmailSchema),
  /** Verified phone number in international format, once the user has given one. */
  phone: z.string().optional(),
  spheres: z.array(SphereSummarySchema),
  galaxies: z.array(GalaxySummarySchema),
  ability: AbilitySchema,
  members: z.array(MemberSummarySchema),
  legalConsents: z.array(LegalConsentSchema),
  /**
   * How many of the person's groups open the myself forms menu (contributor, not Starter, not
   * archived: `opensMyselfForms`), from their membership summary (decision 0055), so that the top
   * bar needs no read of `GET /v1/me/sessions`. Absent from an older server's answer.
   */
  openContributorGroups: z.number().int().nonnegative().optional(),
});
export type Me = z.infer<typeof MeSchema>;

export const getMe = defineRoute({
  name: 'getMe',
  domain: 'users',
  method: 'GET',
  path: '/v1/me',
  auth: 'user',
  response: MeSchema,
});

/**
 * The groups the person is in and that count, named as they may see them: what the start call
 * held as `sessions` before decision 0055, read by the pages that show them.
 */
export const MySessionsSchema = listOf(SessionSummarySchema);
export type MySessions = z.infer<typeof MySessionsSchema>;

export const listMySessions = defineRoute({
  name: 'listMySessions',
  domain: 'users',
  method: 'GET',
  path: '/v1/me/sessions',
  auth: 'user',
  response: MySessionsSchema,
});

export const meRoutes = [getMe, listMySessions] as const;
