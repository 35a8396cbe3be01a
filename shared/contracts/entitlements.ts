import * as z from 'zod';
import { defineRoute, type RouteContract } from './route';
import { SphereSchema } from './spheres';

/**
 * A sphere's entitlements (spec 01 §3, spec 02 §2, §3, §6; decision 0047): Engagement-Up (and its
 * campaign templates) and Sales-Up, granted by a super-admin in the super-admin mode only (`manage`
 * on `sphere-entitlement`, which no other rule gives: a sphere's or a galaxy's admin gets 403).
 * Served by the spheres domain.
 */

export const SphereEntitlementsSchema = z.strictObject({
  engagementUp: z.strictObject({
    active: z.boolean('not-valid'),
    campaignTemplatesAvailable: z.boolean('not-valid'),
  }),
  salesUp: z.strictObject({ active: z.boolean('not-valid') }),
});
export type SphereEntitlementsBody = z.infer<typeof SphereEntitlementsSchema>;

/**
 * PUT /v1/spheres/{id}/entitlements: the whole of the entitlements, written on the condition that
 * they are still the ones the server read (409 `conflict` when another write came first). The
 * sphere's `updateDate` stays as it is: it is the settings form's token, and the entitlements are
 * not in that form. Answers the sphere.
 */
export const updateSphereEntitlements = defineRoute({
  name: 'updateSphereEntitlements',
  domain: 'spheres',
  method: 'PUT',
  path: '/v1/spheres/{id}/entitlements',
  auth: 'registered',
  ability: { action: 'manage', subject: 'sphere-entitlement', on: { sphereId: 'id' } },
  params: z.strictObject({ id: z.string().min(1).max(64) }),
  body: SphereEntitlementsSchema,
  response: SphereSchema,
});

export const entitlementRoutes: readonly RouteContract[] = [updateSphereEntitlements];
