import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { configureHandlers } from '../lib/environment';
import { ConflictError } from '../lib/errors';
import { deleteMember, insertJoinedMember, insertMember, removeMembers, type MemberItem } from './repository';
import { spheresDb } from './store';
import { userPartition } from '../users';

const ddb = mockClient(DynamoDBDocumentClient);

const SPHERE = '0b7c7d4e-7d0f-4a53-9a57-0c1f6c1a2b3c';
const OTHER_SPHERE = 'e3d6c5b4-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const member: Omit<MemberItem, 'createdAt' | 'updatedAt'> = {
  sphereId: SPHERE,
  memberId: 'm1',
  userId: 'ada',
  name: 'Ada',
  email: 'ada@example.be',
  roles: ['contributor'],
  active: true,
  subscription: 'starter',
  tagIds: [],
  autoTagIds: [],
};

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The items of each transaction sent, in order. */
const transactions = (): TransactItem[][] =>
  ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);

/** The key of the galaxy's member tally, as the quota writes it. */
const galaxyTallyKey = (galaxyId: string) =>
  spheresDb()
    .entities.quotaTally.get({ scope: `galaxy#${galaxyId}`, kind: 'engagement-up-members' })
    .params().Key as Record<string, unknown>;

/** A transaction refused by DynamoDB, each item with its code (`None` for the items that passed). */
function canceled(...codes: string[]) {
  const error = new Error('Transaction cancelled');
  error.name = 'TransactionCanceledException';
  return Object.assign(error, { CancellationReasons: codes.map((Code) => ({ Code })) });
}

const sphereItem = (sphereId: string, galaxyId?: string) =>
  spheresDb()
    .entities.sphere.create({
      sphereId,
      name: 'Atelier',
      nameKey: 'atelier',
      category: 'company',
      ownerId: 'owner',
      address: { country: 'BE' },
      languages: { primary: 'fr', extras: [] },
      limits: { tags: 10, members: 10, groups: 10 },
      entitlements: {
        engagementUp: { active: true, campaignTemplatesAvailable: false },
        salesUp: { active: false },
      },
      sphereKey: 'key',
      ...(galaxyId ? { galaxyId } : {}),
    })
    .params().Item as Record<string, unknown>;

beforeAll(() =>
  configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT', AWS_REGION: 'eu-west-1' }),
);
beforeEach(() => ddb.reset());

describe('a member created in a sphere of a galaxy', () => {
  it('takes the galaxy’s member quota last in its own transaction', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await insertMember(member, 10, 'g1');
    const [items] = transactions();
    // The member, the sphere's tally, the person's membership summary (decision 0055), the galaxy.
    expect(items).toHaveLength(4);
    expect(items?.[0]?.Put?.Item).toMatchObject({ sphereId: SPHERE, memberId: 'm1' });
    expect(items?.[1]?.Update?.Key).toEqual(
      spheresDb().entities.sphereTally.get({ sphereId: SPHERE }).params().Key,
    );
    expect(items?.[2]?.Update?.Key?.pk).toEqual(userPartition(member.userId));
    const take = items?.[3]?.Update;
    expect(take?.Key).toEqual(galaxyTallyKey('g1'));
    expect(take?.UpdateExpression).toMatch(/ ADD #used :used_u0$/);
    expect(Object.values(take?.ExpressionAttributeValues ?? {})).toContain(1);
  });

  it('takes nothing of a galaxy in a sphere of none', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await insertMember(member, 10);
    expect(transactions()[0]).toHaveLength(3);
  });

  it('is refused with quota-blocked at the galaxy’s block, and nothing is written', async () => {
    ddb.on(TransactWriteCommand).rejects(canceled('None', 'None', 'ConditionalCheckFailed'));
    const refusal = await insertMember(member, 10, 'g1').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ConflictError);
    expect((refusal as ConflictError).key).toBe('quota-blocked');
    // The quiet attempt, then the one within the block.
    expect(transactions()).toHaveLength(2);
  });

  it('is still refused by the sphere’s own member limit first (creationBlocked)', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejects(canceled('None', 'ConditionalCheckFailed', 'ConditionalCheckFailed'));
    await expect(insertMember(member, 10, 'g1')).rejects.toMatchObject({ key: 'creationBlocked' });
    expect(transactions()).toHaveLength(1);
  });

  it('joining by the link: a member already there takes nothing and is kept', async () => {
    ddb.on(TransactWriteCommand).rejects(canceled('ConditionalCheckFailed', 'None', 'None'));
    await expect(insertJoinedMember(member, 10, 'g1')).resolves.toBeUndefined();
    expect(transactions()).toHaveLength(1);
  });

  it('joining by the link takes the galaxy’s member quota', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await insertJoinedMember(member, 10, 'g1');
    expect(transactions()[0]?.[3]?.Update?.Key).toEqual(galaxyTallyKey('g1'));
  });
});

describe('a member removed from a sphere of a galaxy', () => {
  it('gives the galaxy its place back in the deletion’s transaction', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await deleteMember(member, 'g1');
    const [items] = transactions();
    expect(items).toHaveLength(4);
    expect(items?.[0]?.Delete?.ConditionExpression).toContain('attribute_exists');
    expect(items?.[2]?.Update?.UpdateExpression).toContain('REMOVE #e');
    const giveBack = items?.[3]?.Update;
    expect(giveBack?.Key).toEqual(galaxyTallyKey('g1'));
    expect(Object.values(giveBack?.ExpressionAttributeValues ?? {})).toContain(-1);
    expect(giveBack?.ConditionExpression).toBeUndefined();
  });

  it('gives nothing to a galaxy from a sphere of none', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await deleteMember(member);
    expect(transactions()[0]).toHaveLength(3);
  });

  it('leaving the product: each membership gives back to its own sphere’s galaxy', async () => {
    ddb.on(BatchGetCommand).resolves({
      Responses: { 'wellbeing-test': [sphereItem(SPHERE, 'g1'), sphereItem(OTHER_SPHERE)] },
    });
    ddb.on(TransactWriteCommand).resolves({});
    await removeMembers([
      { sphereId: SPHERE, memberId: 'm1', subscription: 'starter', userId: 'u1', roles: ['contributor'] },
      {
        sphereId: OTHER_SPHERE,
        memberId: 'm2',
        subscription: 'starter',
        userId: 'u1',
        roles: ['contributor'],
      },
    ]);
    const [inGalaxy, alone] = transactions();
    // The member, the sphere's tally, the person's membership summary (decision 0055), the galaxy.
    expect(inGalaxy?.[3]?.Update?.Key).toEqual(galaxyTallyKey('g1'));
    expect(alone).toHaveLength(3);
  });
});
