import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SphereEntitlementsBody } from '@shared/contracts/entitlements';
import type { Sphere } from '@shared/contracts/spheres';
import { salesUpRightsChange, sameEntitlements, type SphereEntitlements } from '@shared/domain/entitlements';
import { documentClient } from '../lib/aws';
import { isConditionFailure } from '../lib/conditions';
import { config } from '../lib/config';
import { ConflictError, NotFoundError } from '../lib/errors';
import { TABLE } from '../lib/table';
import { publishAfterWrite } from '../realtime';
import { findSphere, isPendingUserId, membersOf, membershipIn } from './repository';
import { toSphere } from './service';
import { spheresDb as db } from './store';

/**
 * A sphere's entitlements (spec 01 §3, spec 02 §2, §6; decision 0047), set by a super-admin in the
 * super-admin mode (the route's ability, `manage` on `sphere-entitlement`).
 */

/**
 * Writes the entitlements if they are still `expected`; false when the sphere is gone or another
 * write changed them first. An UpdateItem of the one attribute rather than ElectroDB's patch, which
 * would move `updatedAt`: that is the settings form's token (decision 0016), and the entitlements
 * are not in the form, so an admin's open settings are not made stale by them.
 */
export async function writeEntitlements(
  sphereId: string,
  entitlements: SphereEntitlements,
  expected: SphereEntitlements,
): Promise<boolean> {
  const { Key } = db().entities.sphere.get({ sphereId }).params<{ Key: Record<string, unknown> }>();
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: config().TABLE_NAME,
        Key,
        UpdateExpression: 'SET #e = :entitlements',
        ConditionExpression:
          'attribute_exists(#pk) AND #e.#eu.#active = :euActive AND #e.#eu.#templates = :templates AND #e.#su.#active = :suActive',
        ExpressionAttributeNames: {
          '#pk': TABLE.partitionKey,
          '#e': 'entitlements',
          '#eu': 'engagementUp',
          '#su': 'salesUp',
          '#active': 'active',
          '#templates': 'campaignTemplatesAvailable',
        },
        ExpressionAttributeValues: {
          ':entitlements': {
            engagementUp: {
              active: entitlements.engagementUp.active,
              campaignTemplatesAvailable: entitlements.engagementUp.campaignTemplatesAvailable,
            },
            salesUp: { active: entitlements.salesUp.active },
          },
          ':euActive': expected.engagementUp.active,
          ':templates': expected.engagementUp.campaignTemplatesAvailable,
          ':suActive': expected.salesUp.active,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * PUT /v1/spheres/{id}/entitlements: the whole of them, on the condition that they are the ones
 * read (409 `conflict` otherwise). Switching Sales-Up off keeps the members' sales-up roles, which
 * grant nothing until it is on again (decision 0047). Told: the caller's tabs and the sphere's
 * admins (`spheres`), and, when Sales-Up switched, the holders of the sales-up role, whose rights
 * changed (`ability`).
 */
export async function setEntitlements(
  userId: string,
  sphereId: string,
  body: SphereEntitlementsBody,
): Promise<Sphere> {
  const before = await findSphere(sphereId);
  if (!before) throw new NotFoundError();
  const read = before.entitlements;
  if (!sameEntitlements(read, body)) {
    if (!(await writeEntitlements(sphereId, body, read))) {
      if (!(await findSphere(sphereId))) throw new NotFoundError();
      throw new ConflictError('conflict');
    }
    await tellMembers(sphereId, userId, salesUpRightsChange(read, body));
  }
  const [saved, membership] = await Promise.all([findSphere(sphereId), membershipIn(userId, sphereId)]);
  if (!saved) throw new NotFoundError();
  return toSphere(saved, membership?.active ? membership.roles : null);
}

/** Who hears of the change (one Query of the sphere's members). */
async function tellMembers(sphereId: string, callerId: string, salesUpSwitched: boolean): Promise<void> {
  const members = (await membersOf(sphereId)).filter((m) => m.active && !isPendingUserId(m.userId));
  const told = new Set<string>([callerId]);
  for (const m of members) {
    if (m.roles.includes('admin')) told.add(m.userId);
    if (salesUpSwitched && m.roles.includes('sales-up')) told.add(m.userId);
  }
  const rightsChanged = new Set(
    salesUpSwitched ? members.filter((m) => m.roles.includes('sales-up')).map((m) => m.userId) : [],
  );
  await Promise.all(
    [...told].map(async (id) => {
      await publishAfterWrite(id, { type: 'spheres', action: 'updated' });
      if (rightsChanged.has(id)) await publishAfterWrite(id, { type: 'ability', action: 'updated' });
    }),
  );
}
