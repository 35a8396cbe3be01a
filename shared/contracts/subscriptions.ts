import * as z from 'zod';
import { defineRoute, type RouteAbility, type RouteContract } from './route';
import { listOf } from './list';
import {
  PLANS,
  PROMOTION_CODE_COUNT_MAX,
  PROMOTION_CODE_NAME_MAX_LENGTH,
  type PromotionCodeRefusal,
} from '../domain/plans';
import { LICENCE_REPORT_INTERVALS } from '../domain/licence-history';
import { PLAN_CHANGE_KINDS } from '../domain/plan-report';

/**
 * Individual plans and promotion codes (spec 01 §1, §3; spec 02 §3, §6, §7, §9; decision 0048),
 * served by the subscriptions domain. Ambassadors create promotion codes and see only their own:
 * each is numbered, valid on the day of its creation (Europe/Brussels), and redeemed by at most
 * `count` people, each once; a redemption gives one free month of Essentials, added to the
 * Essentials period under way.
 *
 * The right is `post` on `subscription-promotion-code` (ambassadors: a code created is always the
 * caller's) and `get` on their own codes (`{ ownerId }`, shared/domain/abilities/promotion-codes.ts):
 * the list is one Query on the caller's own key, so nobody else's code is ever read.
 */
const CREATE_RIGHT: RouteAbility = { action: 'post', subject: 'subscription-promotion-code' };
const LIST_RIGHT: RouteAbility = { action: 'get', subject: 'subscription-promotion-code' };

/** 400 on `body.sphereId` / `body.sessionId`: not a sphere of the ambassador, or a session elsewhere. */
export const PROMOTION_CODE_SPHERE_KEY = 'promotion-code-sphere-not-valid';
export const PROMOTION_CODE_SESSION_KEY = 'promotion-code-session-not-valid';

/**
 * The refusals of a redemption (spec 02 §8, every refusal has its key): 404 `not-found`, 409
 * `expired` (not the day of its creation), `used-up` (its count reached), `already-redeemed` (by
 * this person), `plan-held` (Premium, or Essentials without end: a free month adds nothing).
 */
export const PROMOTION_CODE_NOT_FOUND = 'promotion-code-not-found';
export const PROMOTION_CODE_ALREADY_REDEEMED = 'promotion-code-already-redeemed';
export const PROMOTION_CODE_PLAN_HELD = 'promotion-code-plan-held';
export type PromotionCodeRedeemRefusal =
  | PromotionCodeRefusal
  | typeof PROMOTION_CODE_NOT_FOUND
  | typeof PROMOTION_CODE_ALREADY_REDEEMED
  | typeof PROMOTION_CODE_PLAN_HELD;

const id = z.string().trim().min(1, 'required').max(64, 'length-out-of-range-error');

export const PromotionCodeSchema = z.object({
  /** What people type: `P0042-K7QFX`. */
  code: z.string(),
  /** Its number in the product's sequence (spec 02 §9: numbered). */
  number: z.number().int(),
  name: z.string(),
  sphereId: z.string().optional(),
  sphereName: z.string().optional(),
  sessionId: z.string().optional(),
  sessionName: z.string().optional(),
  /** How many people may redeem it. */
  count: z.number().int(),
  /** How many did. */
  used: z.number().int(),
  remaining: z.number().int(),
  /** The day it is valid on (YYYY-MM-DD, Europe/Brussels): the day of its creation. */
  validOn: z.string(),
  /** Whether it can still be redeemed now: its day, and some of its count left. */
  redeemable: z.boolean(),
  createdAt: z.string(),
});
export type PromotionCode = z.infer<typeof PromotionCodeSchema>;

/** POST /users/subscriptions/promotion-codes (spec 02 §7): name and count required. */
export const PromotionCodeCreateSchema = z.strictObject({
  name: z.string().trim().min(1, 'required').max(PROMOTION_CODE_NAME_MAX_LENGTH, 'length-out-of-range-error'),
  count: z.number().int().min(1).max(PROMOTION_CODE_COUNT_MAX),
  sphereId: id.optional(),
  sessionId: id.optional(),
});
export type PromotionCodeCreateInput = z.input<typeof PromotionCodeCreateSchema>;

export const createPromotionCode = defineRoute({
  name: 'createPromotionCode',
  domain: 'subscriptions',
  method: 'POST',
  path: '/users/subscriptions/promotion-codes',
  auth: 'registered',
  ability: CREATE_RIGHT,
  body: PromotionCodeCreateSchema,
  response: PromotionCodeSchema,
  status: 201,
  clientLimit: { limit: 60, windowSeconds: 300 },
});

/** The caller's own codes, newest first. */
export const listPromotionCodes = defineRoute({
  name: 'listPromotionCodes',
  domain: 'subscriptions',
  method: 'GET',
  path: '/users/subscriptions/promotion-codes',
  auth: 'registered',
  ability: LIST_RIGHT,
  query: z.strictObject({
    _max: z.coerce.number().int().min(1).max(200).default(50),
    _offset: z.coerce.number().int().min(0).default(0),
  }),
  response: listOf(PromotionCodeSchema),
});

export const PromotionCodeRedeemSchema = z.strictObject({
  code: z.string().trim().min(1, 'required').max(40, 'length-out-of-range-error'),
});

/** The caller's own plan after a redemption. */
export const OwnPlanSchema = z.object({
  subscription: z.enum(PLANS),
  /** When it falls back to Starter (absent: no end). */
  planUntil: z.string().optional(),
});
export type OwnPlanAnswer = z.infer<typeof OwnPlanSchema>;

/**
 * A registered person redeems a code (spec 02 §9; a step of buying or of account creation): one
 * free month of Essentials, from the end of the Essentials period under way. Guests register first
 * (403 `guest-not-allowed`).
 */
export const redeemPromotionCode = defineRoute({
  name: 'redeemPromotionCode',
  domain: 'subscriptions',
  method: 'POST',
  path: '/users/subscriptions/promotion-codes/redeem',
  auth: 'registered',
  body: PromotionCodeRedeemSchema,
  response: OwnPlanSchema,
  clientLimit: { limit: 30, windowSeconds: 300 },
});

const day = z.iso.date('not-a-date');
const count = z.number().int();
const byPlan = z.object({ essentials: count, premium: count });

export const SubscriptionsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(LICENCE_REPORT_INTERVALS),
  /** People holding a plan now, by how they hold it. */
  holders: z.object({
    paid: byPlan,
    trial: byPlan,
    /** A payment failed and the provider still asks for it. */
    pastDue: byPlan,
    /** On a promotion code's free month, without a card subscription running. */
    freeMonth: count,
  }),
  /** What changed in each period (its last day, oldest first). */
  periods: z.array(
    z.object({
      end: z.string(),
      counts: z.object(
        Object.fromEntries(PLAN_CHANGE_KINDS.map((kind) => [kind, count])) as Record<
          (typeof PLAN_CHANGE_KINDS)[number],
          typeof count
        >,
      ),
    }),
  ),
  /** The promotion codes created in the period and how many people redeemed each, newest first. */
  codes: z.array(
    z.object({
      code: z.string(),
      number: count,
      name: z.string(),
      /** Their ambassador's name (empty once they left the product). */
      ambassadorName: z.string(),
      sphereName: z.string().optional(),
      sessionName: z.string().optional(),
      count,
      used: count,
      validOn: z.string(),
    }),
  ),
});
export type SubscriptionsReport = z.infer<typeof SubscriptionsReportSchema>;

/**
 * GET /v1/users/subscriptions/report (spec 02 §7; decision 0053), for super-admins (in super-admin
 * mode: `manage` on every subscription): the plans held now, the trials, payments and codes of each
 * day, week or month from `from` to `to` (today at the latest; a year at most: 400
 * `value-out-of-range-error`; `from` after `to`: 400 `not-valid`), and the codes created. It names
 * no person who bought or redeemed.
 */
export const getSubscriptionsReport = defineRoute({
  name: 'getSubscriptionsReport',
  domain: 'subscriptions',
  method: 'GET',
  path: '/v1/users/subscriptions/report',
  auth: 'registered',
  ability: { action: 'manage', subject: 'subscription', on: {} },
  query: z.strictObject({
    from: day.optional(),
    to: day.optional(),
    interval: z.enum(LICENCE_REPORT_INTERVALS, 'not-valid').default('week'),
  }),
  response: SubscriptionsReportSchema,
});

/** The subscriptions routes. */
export const subscriptionRoutes: readonly RouteContract[] = [
  createPromotionCode,
  listPromotionCodes,
  redeemPromotionCode,
  getSubscriptionsReport,
];
