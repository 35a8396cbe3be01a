import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { removalRecord } from '../lib/cascades';
import { configureHandlers } from '../lib/environment';
import { deleteSessionItems, saveSession, sessionQuotaKind, type SessionItem } from './repository';
import { sessionGalaxyUsage } from './service';
import { sessionsDb } from './store';

const ddb = mockClient(DynamoDBDocumentClient);

const SPHERE = '0b7c7d4e-7d0f-4a53-9a57-0c1f6c1a2b3c';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The items of each transaction sent, in order. */
const transactions = (): TransactItem[][] =>
  ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);

const galaxyTallyKey = (galaxyId: string, kind: string) =>
  sessionsDb()
    .entities.quotaTally.get({ scope: `galaxy#${galaxyId}`, kind })
    .params().Key as Record<string, unknown>;

/** A transaction refused by DynamoDB, each item with its code (`None` for the items that passed). */
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

/** A session as the repository reads it back. */
const session = (sessionId: string, extra: Partial<SessionItem> = {}): SessionItem =>
  sessionsDb().entities.session.parse({ Item: stored(sessionId, extra) }).data as SessionItem;

beforeAll(() =>
  configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT', AWS_REGION: 'eu-west-1' }),
);
beforeEach(() => ddb.reset());

describe('sessionQuotaKind', () => {
  it('a contributor session is a group of Engagement-Up, a consumer one a session of Sales-Up', () => {
    expect(sessionQuotaKind('contributor')).toBe('engagement-up-groups');
    expect(sessionQuotaKind('consumer')).toBe('sales-up-sessions');
  });
});

describe('archiving and restoring a session of a sphere in a galaxy', () => {
  it('an archive gives the galaxy its place back in the save’s transaction', async () => {
    const before = session('s1');
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: stored('s1', { archived: true }) });
    await saveSession(before, { archived: true }, [], [], 'g1');
    const [items] = transactions();
    expect(items).toHaveLength(2);
    expect(items?.[1]?.Update?.Key).toEqual(galaxyTallyKey('g1', 'engagement-up-groups'));
    expect(Object.values(items?.[1]?.Update?.ExpressionAttributeValues ?? {})).toContain(-1);
  });

  it('a restore takes the galaxy’s quota of its kind, last', async () => {
    const before = session('s1', { category: 'consumer', archived: true });
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: stored('s1', { category: 'consumer' }) });
    await saveSession(before, { archived: false }, [], [{ sessionId: 's2', parentSessionIds: ['s1'] }], 'g1');
    const [items] = transactions();
    expect(items).toHaveLength(3);
    const take = items?.[2]?.Update;
    expect(take?.Key).toEqual(galaxyTallyKey('g1', 'sales-up-sessions'));
    expect(Object.values(take?.ExpressionAttributeValues ?? {})).toContain(1);
    expect(take?.ConditionExpression).toBeDefined();
  });

  it('a restore at the galaxy’s block is refused (quota-blocked), nothing written', async () => {
    const before = session('s1', { archived: true });
    ddb.on(TransactWriteCommand).rejects(canceled('None', 'ConditionalCheckFailed'));
    await expect(saveSession(before, { archived: false }, [], [], 'g1')).rejects.toMatchObject({
      key: 'quota-blocked',
    });
    expect(transactions()).toHaveLength(2);
  });

  it('any other save, or a sphere in no galaxy, leaves the galaxy alone', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: stored('s1') });
    await saveSession(session('s1'), { archived: false, isPublic: true }, [], [], 'g1');
    await saveSession(session('s1'), { archived: true }, [], []);
    expect(transactions().map((items) => items.length)).toEqual([1, 1]);
  });
});

describe('deleting a session of a sphere in a galaxy', () => {
  const removal = removalRecord({ of: 'session', id: 's1', sphereId: SPHERE }, []);

  it('a live session gives its place back to the sphere and to the galaxy', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await deleteSessionItems(session('s1'), [], [], removal, 'g1');
    const [items] = transactions();
    expect(items).toHaveLength(3);
    expect(items?.[2]?.Update?.Key).toEqual(galaxyTallyKey('g1', 'engagement-up-groups'));
    expect(Object.values(items?.[2]?.Update?.ExpressionAttributeValues ?? {})).toContain(-1);
  });

  it('an archived session, no longer counted, gives nothing back', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await deleteSessionItems(session('s1', { archived: true }), [], [], removal, 'g1');
    expect(transactions()[0]).toHaveLength(1);
  });
});

describe('sessionGalaxyUsage', () => {
  it('counts a sphere’s sessions not archived by kind, in one Query', async () => {
    ddb.on(QueryCommand).resolves({
      Items: [
        stored('a'),
        stored('b'),
        stored('c', { archived: true }),
        stored('d', { category: 'consumer' }),
        stored('e', { category: 'consumer', archived: true }),
      ],
    });
    expect(await sessionGalaxyUsage(SPHERE)).toEqual({ 'engagement-up-groups': 2, 'sales-up-sessions': 1 });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);
  });
});
