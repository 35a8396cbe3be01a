import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type GetCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { configureHandlers } from '../lib/environment';
import { placementItems, placementOf, sphereGalaxyUsage } from './galaxy-placement';
import { spheresDb } from './store';

const ddb = mockClient(DynamoDBDocumentClient);

const SPHERE = '0b7c7d4e-7d0f-4a53-9a57-0c1f6c1a2b3c';
const read = { sphereId: SPHERE, ownerId: 'owner', nameKey: 'atelier' };

type Params = { Key?: Record<string, unknown>; Item?: Record<string, unknown> } & Record<string, unknown>;

/** One transaction item as DynamoDB takes it: its kind (`Update`, `Put`, `Delete`) and its params. */
function only(item: unknown): [string, Params] {
  const [entry] = Object.entries(item as Record<string, Params>);
  if (!entry) throw new Error('An empty transaction item');
  return entry;
}

/** The sphere items of the table, as ElectroDB writes them. */
const sphereItem = (extra: { galaxyId?: string } = {}) =>
  spheresDb()
    .entities.sphere.create({
      sphereId: SPHERE,
      name: 'Atelier',
      nameKey: 'atelier',
      shortName: 'AT',
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
      ...extra,
    })
    .params().Item as Record<string, unknown>;
const tagItem = (tagId: string, archived: boolean) =>
  spheresDb()
    .entities.tag.create({
      sphereId: SPHERE,
      tagId,
      shortId: tagId.toUpperCase(),
      name: { en: tagId },
      type: 'department',
      color: '#336699',
      weight: 0,
      modules: ['member'],
      keywords: [],
      archived,
    })
    .params().Item as Record<string, unknown>;

beforeAll(() =>
  configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT', AWS_REGION: 'eu-west-1' }),
);
beforeEach(() => ddb.reset());

describe('placementItems', () => {
  it('attaches a sphere of no galaxy: its galaxy set while it still has none, its name claimed in the galaxy and freed in its owner’s scope', () => {
    const { items, sphereItemIndex, nameItemIndex } = placementItems(read, 'g1');
    expect(items).toHaveLength(3);
    const [kind, update] = only(items[sphereItemIndex]);
    expect(kind).toBe('Update');
    expect(update.UpdateExpression).toMatch(/^SET #galaxyId = :galaxyId_u0/);
    expect(update.ExpressionAttributeValues).toMatchObject({ ':galaxyId_u0': 'g1' });
    expect(update.ConditionExpression).toBe(
      'attribute_exists(#pk) AND attribute_exists(#sk) AND attribute_not_exists(#galaxyId) AND #nameKey = :nameKey0 AND #ownerId = :ownerId0',
    );
    expect(update.ExpressionAttributeValues).toMatchObject({ ':nameKey0': 'atelier', ':ownerId0': 'owner' });
    const [claimKind, claim] = only(items[nameItemIndex]);
    expect(claimKind).toBe('Put');
    expect(claim.Item).toMatchObject({ scope: 'galaxy:g1', nameKey: 'atelier', sphereId: SPHERE });
    // A name held in the galaxy by another sphere refuses this item: the caller answers duplicate-sphere.
    expect(claim.ConditionExpression).toBe('attribute_not_exists(#pk) AND attribute_not_exists(#sk)');
    const [freedKind, freed] = only(items[2]);
    expect(freedKind).toBe('Delete');
    expect(freed.Key).toEqual(
      spheresDb().entities.sphereName.delete({ scope: 'owner:owner', nameKey: 'atelier' }).params().Key,
    );
  });

  it('moves a sphere between galaxies only while it is still in the galaxy read', () => {
    const { items, nameItemIndex } = placementItems({ ...read, galaxyId: 'g1' }, 'g2');
    const [, update] = only(items[0]);
    expect(update.ConditionExpression).toContain('#galaxyId = :galaxyId0');
    expect(update.ExpressionAttributeValues).toMatchObject({ ':galaxyId0': 'g1', ':galaxyId_u0': 'g2' });
    expect(only(items[nameItemIndex])[1].Item).toMatchObject({ scope: 'galaxy:g2' });
    expect(only(items[2])[1].Key).toEqual(
      spheresDb().entities.sphereName.delete({ scope: 'galaxy:g1', nameKey: 'atelier' }).params().Key,
    );
  });

  it('detaches a sphere: its galaxy removed, its name back in its owner’s scope', () => {
    const { items, nameItemIndex } = placementItems({ ...read, galaxyId: 'g1' }, undefined);
    const [, update] = only(items[0]);
    expect(update.UpdateExpression).toMatch(/REMOVE #galaxyId$/);
    expect(update.ConditionExpression).toContain('#galaxyId = :galaxyId0');
    expect(only(items[nameItemIndex])[1].Item).toMatchObject({ scope: 'owner:owner', nameKey: 'atelier' });
    expect(only(items[2])[1].Key).toEqual(
      spheresDb().entities.sphereName.delete({ scope: 'galaxy:g1', nameKey: 'atelier' }).params().Key,
    );
  });

  it('refuses a move to where the sphere already is', () => {
    expect(() => placementItems({ ...read, galaxyId: 'g1' }, 'g1')).toThrow();
    expect(() => placementItems(read, undefined)).toThrow();
  });
});

describe('placementOf', () => {
  it('reads the sphere once, consistently, as its placement', async () => {
    ddb.on(GetCommand).resolves({ Item: sphereItem({ galaxyId: 'g1' }) });
    expect(await placementOf(SPHERE)).toEqual({
      sphereId: SPHERE,
      name: 'Atelier',
      shortName: 'AT',
      category: 'company',
      galaxyId: 'g1',
      ownerId: 'owner',
      nameKey: 'atelier',
    });
    const calls = ddb.commandCalls(GetCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input.ConsistentRead).toBe(true);
  });

  it('says null for a sphere that does not exist, and leaves out a galaxy it has not', async () => {
    ddb.on(GetCommand).resolves({});
    expect(await placementOf(SPHERE)).toBeNull();
    ddb.on(GetCommand).resolves({ Item: sphereItem() });
    expect(await placementOf(SPHERE)).not.toHaveProperty('galaxyId');
  });
});

describe('sphereGalaxyUsage', () => {
  const keyOf = (params: { Key?: unknown }) => JSON.stringify(params.Key);
  const tallyKey = () =>
    keyOf(
      spheresDb()
        .entities.quotaTally.get({ scope: `sphere#${SPHERE}`, kind: 'tags' })
        .params(),
    );
  const membersKey = () => keyOf(spheresDb().entities.sphereTally.get({ sphereId: SPHERE }).params());
  const answers = (tags: number | null) =>
    ddb.on(GetCommand).callsFake((input: GetCommandInput) => {
      if (keyOf(input) === tallyKey())
        return tags === null
          ? {}
          : {
              Item: spheresDb()
                .entities.quotaTally.create({ scope: `sphere#${SPHERE}`, kind: 'tags', used: tags })
                .params().Item,
            };
      if (keyOf(input) === membersKey())
        return { Item: spheresDb().entities.sphereTally.put({ sphereId: SPHERE, members: 7 }).params().Item };
      return {};
    });

  const noLicences = {
    'engagement-up-e-nous-licences': 0,
    'engagement-up-subscriptions': 0,
    'engagement-up-we-up-licences': 0,
    'engagement-up-alignia-licences': 0,
    'engagement-up-syneria-licences': 0,
  };

  it('reads the tag and member tallies and the licences held (one Query of the tallies), no tag or member item', async () => {
    answers(4);
    ddb.on(QueryCommand).resolves({ Items: [] });
    expect(await sphereGalaxyUsage(SPHERE)).toEqual({ tags: 4, 'engagement-up-members': 7, ...noLicences });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);
  });

  it('counts the tags not archived when the sphere has no tag tally yet', async () => {
    answers(null);
    ddb.on(QueryCommand).resolves({ Items: [tagItem('a', false), tagItem('b', true), tagItem('c', false)] });
    expect(await sphereGalaxyUsage(SPHERE)).toEqual({ tags: 2, 'engagement-up-members': 7, ...noLicences });
  });
});
