import { configureHandlers } from '../lib/environment';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { SphereEntitlements } from '@shared/domain/entitlements';
import { ConflictError, NotFoundError } from '../lib/errors';
import { setEntitlements } from './entitlements';
import { spheresDb } from './store';

/**
 * PUT /v1/spheres/{id}/entitlements below HTTP (decision 0047): the write is one UpdateItem of the
 * entitlements, conditioned on the ones read and leaving `updatedAt` alone; a write that lost the
 * race is 409 `conflict`, a sphere gone 404, the same entitlements again no write at all.
 */
const ddb = mockClient(DynamoDBDocumentClient);
const SPHERE = '0b7c7d4e-7d0f-4a53-9a57-0c1f6c1a2b3c';
const USER = 'user-1';

let stored: SphereEntitlements | null;
const item = () =>
  stored &&
  (spheresDb()
    .entities.sphere.create({
      sphereId: SPHERE,
      name: 'Atelier',
      nameKey: 'atelier',
      category: 'company',
      ownerId: 'owner',
      address: { country: 'BE' },
      languages: { primary: 'fr', extras: [] },
      limits: { tags: 10, members: 10, groups: 10 },
      entitlements: stored,
      sphereKey: 'key',
    })
    .params().Item as Record<string, unknown>);

const on = (engagementUp: boolean, templates: boolean, salesUp: boolean): SphereEntitlements => ({
  engagementUp: { active: engagementUp, campaignTemplatesAvailable: templates },
  salesUp: { active: salesUp },
});
const conditionFailed = () =>
  Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

beforeAll(() =>
  configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT', AWS_REGION: 'eu-west-1' }),
);

beforeEach(() => {
  ddb.reset();
  stored = on(true, false, false);
  ddb.on(GetCommand).callsFake(() => ({ Item: item() ?? undefined }));
  // The sphere's members and the caller's membership (none), and open connections (none).
  ddb.on(QueryCommand).resolves({ Items: [] });
});

describe('setEntitlements', () => {
  it('writes the entitlements alone, on the condition that they are the ones read', async () => {
    ddb.on(UpdateCommand).callsFake((input: UpdateCommandInput) => {
      stored = (input.ExpressionAttributeValues as { ':entitlements': SphereEntitlements })[':entitlements'];
      return {};
    });
    const sphere = await setEntitlements(USER, SPHERE, on(true, true, true));
    expect(sphere.entitlements).toEqual(on(true, true, true));
    const [update] = ddb.commandCalls(UpdateCommand);
    const input = update!.args[0].input;
    expect(input.UpdateExpression).toBe('SET #e = :entitlements');
    expect(input.UpdateExpression).not.toContain('updatedAt');
    expect(input.ConditionExpression).toContain('attribute_exists(#pk)');
    expect(input.ExpressionAttributeValues).toMatchObject({
      ':euActive': true,
      ':templates': false,
      ':suActive': false,
    });
  });

  it('answers conflict when another write changed them between the read and the write', async () => {
    ddb.on(UpdateCommand).callsFake(() => {
      stored = on(false, false, false);
      throw conditionFailed();
    });
    await expect(setEntitlements(USER, SPHERE, on(true, true, true))).rejects.toMatchObject(
      new ConflictError('conflict'),
    );
  });

  it('answers not-found for a sphere that does not exist, or went away before the write', async () => {
    stored = null;
    await expect(setEntitlements(USER, SPHERE, on(true, true, true))).rejects.toBeInstanceOf(NotFoundError);
    stored = on(true, false, false);
    ddb.on(UpdateCommand).callsFake(() => {
      stored = null;
      throw conditionFailed();
    });
    await expect(setEntitlements(USER, SPHERE, on(true, true, true))).rejects.toBeInstanceOf(NotFoundError);
  });

  it('writes nothing when nothing changes', async () => {
    const sphere = await setEntitlements(USER, SPHERE, on(true, false, false));
    expect(sphere.entitlements).toEqual(on(true, false, false));
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});
