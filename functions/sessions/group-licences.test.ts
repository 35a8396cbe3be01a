import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { licenceDayOf } from '@shared/domain/licence-history';
import { removalRecord } from '../lib/cascades';
import { configureHandlers } from '../lib/environment';
import {
  deleteSessionItems,
  heldOf,
  holdingOf,
  insertSession,
  saveSession,
  type SessionItem,
} from './repository';
import { sessionsDb } from './store';

/**
 * A group's licences (decision 0050) move in the group's own transaction: taken under their counts
 * on create and save, given back on save and delete, and a refused take names its key and figures.
 */
const ddb = mockClient(DynamoDBDocumentClient);

const SPHERE = '5a1d0c2e-1f3b-4c5d-8e9f-0a1b2c3d4e5f';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const transactions = (): TransactItem[][] =>
  ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);

const licenceKey = (tier: string) =>
  sessionsDb()
    .entities.quotaTally.get({ scope: `sphere#${SPHERE}`, kind: `licences-${tier}` })
    .params().Key as Record<string, unknown>;

/** The key of a tier's record of today (decision 0052). */
const dayKey = (tier: 'essentials' | 'premium' | 'weUp' | 'alignia' | 'syneria') =>
  sessionsDb()
    .entities.licenceDay.get({ sphereId: SPHERE, day: licenceDayOf(new Date().toISOString()), tier })
    .params().Key as Record<string, unknown>;

/** The tally keys a transaction's updates write, in order. */
const updatedKeys = (items: readonly TransactItem[] | undefined) =>
  (items ?? []).flatMap((item) => (item.Update ? [item.Update.Key] : []));

const added = (item: TransactItem | undefined) =>
  Object.values(item?.Update?.ExpressionAttributeValues ?? {});

function canceled(...codes: string[]) {
  const error = new Error('Transaction cancelled');
  error.name = 'TransactionCanceledException';
  return Object.assign(error, { CancellationReasons: codes.map((Code) => ({ Code })) });
}

const stored = (sessionId: string, extra: Partial<SessionItem> = {}) =>
  sessionsDb()
    .entities.session.create({
      sessionId,
      sphereId: SPHERE,
      category: 'contributor',
      type: 'group',
      name: { en: sessionId },
      publicName: { en: sessionId },
      parentSessionIds: [],
      sessionKey: 'key',
      ...extra,
    })
    .params().Item as Record<string, unknown>;

const session = (sessionId: string, extra: Partial<SessionItem> = {}): SessionItem =>
  sessionsDb().entities.session.parse({ Item: stored(sessionId, extra) }).data as SessionItem;

const newGroup = (extra: Partial<SessionItem> = {}) => ({
  sphereId: SPHERE,
  category: 'contributor' as const,
  type: 'group' as const,
  name: { en: 'Team' },
  publicName: { en: 'Team' },
  parentSessionIds: [],
  isLeaf: false,
  subscription: 'starter' as const,
  isPublic: false,
  ...extra,
});

const tally = (tier: string, value: number, used: number) =>
  sessionsDb()
    .entities.quotaTally.put({ scope: `sphere#${SPHERE}`, kind: `licences-${tier}`, value, used })
    .params().Item as Record<string, unknown>;

beforeAll(() =>
  configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT', AWS_REGION: 'eu-west-1' }),
);
beforeEach(() => ddb.reset());

describe('holdingOf', () => {
  it('a group written before modules holds none; an unknown module name is not held', () => {
    expect(holdingOf({ subscription: 'essentials' })).toEqual({
      subscription: 'essentials',
      subscriptionModules: [],
    });
    expect(
      holdingOf({ subscription: 'essentials', subscriptionModules: ['syneria', 'gold', 'weUp'] }),
    ).toEqual({
      subscription: 'essentials',
      subscriptionModules: ['weUp', 'syneria'],
    });
  });
});

describe('heldOf', () => {
  it('what a group holds is what it recorded taking; a group written before licences holds none', () => {
    expect(heldOf({ heldLicences: ['alignia', 'essentials'] })).toEqual(['essentials', 'alignia']);
    expect(heldOf({})).toEqual([]);
  });
});

describe('creating a group', () => {
  it('a Starter group takes no licence: the session and its group tally only', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: stored('created') });
    await insertSession(newGroup(), [], 10);
    expect(transactions()[0]).toHaveLength(2);
  });

  it('Essentials with a module takes one Essentials licence and one of the module’s tier, under their counts, after the group tally', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: stored('created') });
    await insertSession(newGroup({ subscription: 'essentials', subscriptionModules: ['alignia'] }), [], 10);
    const [items] = transactions();
    expect(items).toHaveLength(6);
    // The group records what it holds, for what goes back later.
    expect(items?.[0]?.Put?.Item?.heldLicences).toEqual(['essentials', 'alignia']);
    expect(items?.[2]?.Update?.Key).toEqual(licenceKey('essentials'));
    expect(items?.[3]?.Update?.Key).toEqual(licenceKey('alignia'));
    // Each licence's day, in the same transaction, after the takes.
    expect(updatedKeys(items).slice(3)).toEqual([dayKey('essentials'), dayKey('alignia')]);
    for (const take of [items?.[2], items?.[3]]) {
      expect(added(take)).toContain(1);
      // `used` below `value`: attribute against attribute, so racing takes never pass the count.
      expect(take?.Update?.ConditionExpression).toMatch(/<\s*#/);
    }
  });

  it('no Essentials licence left: not-enough-e-nous-licenses with required, remaining and count, on the plan', async () => {
    ddb.on(TransactWriteCommand).rejects(canceled('None', 'None', 'ConditionalCheckFailed'));
    ddb.on(GetCommand).resolves({ Item: tally('essentials', 3, 3) });
    await expect(insertSession(newGroup({ subscription: 'essentials' }), [], 10)).rejects.toMatchObject({
      key: 'not-enough-e-nous-licenses',
      statusCode: 409,
      details: [
        {
          key: 'not-enough-e-nous-licenses',
          field: 'body.subscription',
          values: { required: 1, remaining: 0, count: 3 },
        },
      ],
    });
  });

  it('no module licence left: not-enough-module-licenses on that module’s box', async () => {
    ddb.on(TransactWriteCommand).rejects(canceled('None', 'None', 'None', 'None', 'ConditionalCheckFailed'));
    ddb.on(GetCommand).resolves({ Item: tally('syneria', 1, 1) });
    await expect(
      insertSession(
        newGroup({ subscription: 'essentials', subscriptionModules: ['weUp', 'syneria'] }),
        [],
        10,
      ),
    ).rejects.toMatchObject({
      key: 'not-enough-module-licenses',
      details: [
        { field: 'body.subscriptionModules.syneria', values: { required: 1, remaining: 0, count: 1 } },
      ],
    });
  });

  it('the sphere’s group limit reached stays creationBlocked, whatever the licences', async () => {
    ddb.on(TransactWriteCommand).rejects(canceled('None', 'ConditionalCheckFailed', 'None'));
    await expect(insertSession(newGroup({ subscription: 'essentials' }), [], 10)).rejects.toMatchObject({
      key: 'creationBlocked',
    });
  });

  it('a take that lost a race with another transaction is a conflict, not a licence refusal', async () => {
    ddb.on(TransactWriteCommand).rejects(canceled('None', 'None', 'TransactionConflict'));
    await expect(insertSession(newGroup({ subscription: 'essentials' }), [], 10)).rejects.toMatchObject({
      key: 'conflict',
    });
  });
});

describe('saving a group', () => {
  it('the licences move with the save: takes under their counts, give-backs of one, in its transaction', async () => {
    const before = session('s1', { subscription: 'essentials', subscriptionModules: ['weUp'] });
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: stored('s1') });
    await saveSession(before, { subscriptionModules: ['syneria'] }, [], [], undefined, {
      takes: ['syneria'],
      giveBacks: ['weUp'],
    });
    const [items] = transactions();
    expect(items).toHaveLength(5);
    // The save holds only while the group is as read: a give-back happens once.
    expect(items?.[0]?.Update?.ConditionExpression).toBeDefined();
    expect(updatedKeys(items).slice(1, 3)).toEqual([licenceKey('syneria'), licenceKey('weUp')]);
    expect(updatedKeys(items).slice(3)).toEqual([dayKey('syneria'), dayKey('weUp')]);
    expect(added(items?.[3])).toContain(1);
    expect(added(items?.[4])).toContain(-1);
    expect(added(items?.[1])).toContain(1);
    expect(added(items?.[2])).toContain(-1);
    expect(items?.[2]?.Update?.ConditionExpression).toBeUndefined();
  });

  it('a save with nothing to move writes the session alone', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: stored('s1') });
    await saveSession(session('s1', { subscription: 'essentials' }), { isPublic: true }, [], []);
    expect(transactions()[0]).toHaveLength(1);
  });

  it('a take refused by its count: not-enough-e-nous-licenses, nothing written', async () => {
    ddb.on(TransactWriteCommand).rejects(canceled('None', 'ConditionalCheckFailed'));
    ddb.on(GetCommand).resolves({ Item: tally('essentials', 2, 2) });
    await expect(
      saveSession(session('s1'), { subscription: 'essentials' }, [], [], undefined, {
        takes: ['essentials'],
        giveBacks: [],
      }),
    ).rejects.toMatchObject({
      key: 'not-enough-e-nous-licenses',
      details: [{ values: { required: 1, remaining: 0, count: 2 } }],
    });
  });

  it('a group changed since it was read is a conflict, even if a take failed with it', async () => {
    ddb.on(TransactWriteCommand).rejects(canceled('ConditionalCheckFailed', 'ConditionalCheckFailed'));
    await expect(
      saveSession(session('s1'), { subscription: 'essentials' }, [], [], undefined, {
        takes: ['essentials'],
        giveBacks: [],
      }),
    ).rejects.toMatchObject({ key: 'conflict' });
  });
});

describe('deleting a group', () => {
  const removal = removalRecord({ of: 'session', id: 's1', sphereId: SPHERE }, []);

  it('gives back every licence it held, under the condition that it is as read', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await deleteSessionItems(
      session('s1', {
        subscription: 'essentials',
        subscriptionModules: ['alignia', 'syneria'],
        heldLicences: ['essentials', 'alignia', 'syneria'],
      }),
      [],
      [],
      removal,
    );
    const [items] = transactions();
    expect(items?.[0]?.Delete?.ConditionExpression).toBeDefined();
    const giveBacks = items?.slice(1, 4) ?? [];
    expect(giveBacks.map((item) => item.Update?.Key)).toEqual([
      licenceKey('essentials'),
      licenceKey('alignia'),
      licenceKey('syneria'),
    ]);
    for (const item of giveBacks) expect(added(item)).toContain(-1);
  });

  it('an archived group gives its licences back too (it kept them while archived)', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await deleteSessionItems(
      session('s1', { subscription: 'essentials', archived: true, heldLicences: ['essentials'] }),
      [],
      [],
      removal,
    );
    const [items] = transactions();
    expect(updatedKeys(items)).toEqual([licenceKey('essentials'), dayKey('essentials')]);
  });

  it('a group given Essentials before groups took licences gives nothing back: it never took one', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await deleteSessionItems(session('s1', { subscription: 'essentials', archived: true }), [], [], removal);
    expect(updatedKeys(transactions()[0])).toEqual([]);
  });

  it('deleted by someone else meanwhile: a conflict, and nothing given back twice', async () => {
    ddb.on(TransactWriteCommand).rejects(canceled('ConditionalCheckFailed', 'None', 'None'));
    await expect(
      deleteSessionItems(session('s1', { subscription: 'essentials' }), [], [], removal),
    ).rejects.toMatchObject({ key: 'conflict' });
  });
});
