import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { LICENCE_COUNT_MAX, LICENCE_MODES, LICENCE_TIERS } from '../domain/licences';
import { LICENCE_REPORT_INTERVALS } from '../domain/licence-history';

/**
 * A sphere's licences (spec 01 §3 Sphere licence counts and mode, spec 02 §4, §7, §8; decision
 * 0046): how many of each tier it holds and uses, and its payment mode. Its admins set the counts
 * (`manage` on the sphere); giving a member Essentials takes one (`not-enough-licenses` when none
 * is left). Served by the spheres domain.
 */

/** A count below what is in use: the count in use is the error's `values.count`. */
export const LICENSES_MIN_KEY = 'licenses-min';
/** No licence left: `values` has `required`, `remaining` and `count`. */
export const NOT_ENOUGH_LICENSES_KEY = 'not-enough-licenses';

const SphereIdParams = z.strictObject({ id: z.string().min(1).max(64) });

export const LicenceSchema = z.object({
  tier: z.enum(LICENCE_TIERS),
  /** Licences the sphere holds. */
  count: z.number().int(),
  /** Of them, given to members (or groups). */
  used: z.number().int(),
  remaining: z.number().int(),
});
export type Licence = z.infer<typeof LicenceSchema>;

export const SphereLicencesSchema = z.object({
  sphereId: z.string(),
  /** Absent until chosen (spec 02 §4). */
  mode: z.enum(LICENCE_MODES).optional(),
  licences: z.array(LicenceSchema),
});
export type SphereLicences = z.infer<typeof SphereLicencesSchema>;

export const getSphereLicences = defineRoute({
  name: 'getSphereLicences',
  domain: 'spheres',
  method: 'GET',
  path: '/v1/spheres/{id}/subscriptions',
  auth: 'registered',
  // Its admins read them (the member form says whether Essentials can be given).
  ability: { action: 'put', subject: 'member', on: { sphereId: 'id' } },
  params: SphereIdParams,
  response: SphereLicencesSchema,
});

/**
 * PUT /v1/spheres/{id}/subscriptions/{subscription}/license (spec 02 §7): the count of a tier,
 * never below what is in use (409 `licenses-min`, `values.count`), and within the galaxy's quota
 * for it when the sphere is in one (409 `quota-blocked`).
 */
export const setSphereLicence = defineRoute({
  name: 'setSphereLicence',
  domain: 'spheres',
  method: 'PUT',
  path: '/v1/spheres/{id}/subscriptions/{subscription}/license',
  auth: 'registered',
  ability: { action: 'manage', subject: 'sphere', on: { sphereId: 'id' } },
  params: z.strictObject({ id: z.string().min(1).max(64), subscription: z.enum(LICENCE_TIERS, 'not-valid') }),
  body: z.strictObject({
    quantity: z
      .number('not-a-number')
      .int('not-a-number')
      .min(0, 'value-out-of-range-error')
      .max(LICENCE_COUNT_MAX, 'value-out-of-range-error'),
  }),
  response: SphereLicencesSchema,
});

/**
 * PUT /v1/spheres/{id}/subscriptions/mode: bill or auto, chosen once; afterwards only a
 * super-admin switches it to legacy (409 `licence-mode-fixed`).
 */
export const setSphereLicenceMode = defineRoute({
  name: 'setSphereLicenceMode',
  domain: 'spheres',
  method: 'PUT',
  path: '/v1/spheres/{id}/subscriptions/mode',
  auth: 'registered',
  ability: { action: 'manage', subject: 'sphere', on: { sphereId: 'id' } },
  params: SphereIdParams,
  body: z.strictObject({ mode: z.enum(LICENCE_MODES, 'not-valid') }),
  response: SphereLicencesSchema,
});

const day = z.iso.date('not-a-date');

export const SphereLicenceReportSchema = z.object({
  sphereId: z.string(),
  mode: z.enum(LICENCE_MODES).optional(),
  from: z.string(),
  to: z.string(),
  interval: z.enum(LICENCE_REPORT_INTERVALS),
  /** Today's licences of every tier. */
  licences: z.array(LicenceSchema),
  /** Each tier's count and use at the end of each period, oldest first. */
  series: z.array(
    z.object({
      tier: z.enum(LICENCE_TIERS),
      points: z.array(z.object({ day: z.string(), count: z.number().int(), used: z.number().int() })),
    }),
  ),
});
export type SphereLicenceReport = z.infer<typeof SphereLicenceReportSchema>;

/**
 * GET /v1/spheres/{id}/subscriptions/report (spec 02 §7): the licences by tier today and over time,
 * at the end of each day, week or month from `from` to `to` (today at the latest; a year at most:
 * 400 `value-out-of-range-error`; `from` after `to`: 400 `not-valid`). For those who set the counts.
 */
export const getSphereLicenceReport = defineRoute({
  name: 'getSphereLicenceReport',
  domain: 'spheres',
  method: 'GET',
  path: '/v1/spheres/{id}/subscriptions/report',
  auth: 'registered',
  ability: { action: 'manage', subject: 'sphere', on: { sphereId: 'id' } },
  params: SphereIdParams,
  query: z.strictObject({
    from: day.optional(),
    to: day.optional(),
    interval: z.enum(LICENCE_REPORT_INTERVALS, 'not-valid').default('week'),
  }),
  response: SphereLicenceReportSchema,
});

export const licenceRoutes: readonly RouteContract[] = [
  getSphereLicences,
  setSphereLicence,
  setSphereLicenceMode,
  getSphereLicenceReport,
];
