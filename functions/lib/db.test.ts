import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { documentClient } from './aws';
import { getMany } from './db';
import { Entity, SERVICE } from './entity';
import { configureHandlers } from './environment';

const ddb = mockClient(DynamoDBDocumentClient);
const TABLE = 'wellbeing-test';

const Thing = new Entity(
  {
    model: { entity: 'thing', version: '1', service: SERVICE },
    attributes: {
      thingId: { type: 'string', required: true },
      label: { type: 'string', required: true },
    },
    indexes: {
      thing: { pk: { field: 'pk', composite: ['thingId'] }, sk: { field: 'sk', composite: [] } },
    },
  },
  { table: TABLE },
);

/** The item as the table holds it, with the keys the entity builds. */
const stored = (thingId: string) => ({
  ...(Thing.put({ thingId, label: `Thing ${thingId}` }).params() as { Item: Record<string, unknown> }).Item,
});
const keysOf = (input: unknown) =>
  ((input as BatchGetCommand['input']).RequestItems?.[TABLE]?.Keys ?? []) as { pk: string; sk: string }[];
const idOf = (key: { pk: string }) => key.pk.slice(key.pk.indexOf('_') + 1);

beforeAll(() =>
  configureHandlers({ TABLE_NAME: TABLE, LOG_LEVEL: 'SILENT', WS_MANAGEMENT_ENDPOINT: undefined }),
);
beforeEach(() => ddb.reset());

describe('getMany', () => {
  it('asks for 250 keys in three chunks of at most 100, all sent before any answer comes back', async () => {
    let inFlight = 0;
    let most = 0;
    ddb.on(BatchGetCommand).callsFake(async (input) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 10));
      inFlight--;
      return { Responses: { [TABLE]: keysOf(input).map((key) => stored(idOf(key))) } };
    });
    const ids = Array.from({ length: 250 }, (_, i) => `t${i}`);
    const things = await getMany(
      Thing,
      ids.map((thingId) => ({ thingId })),
    );
    const sizes = ddb.commandCalls(BatchGetCommand).map((call) => keysOf(call.args[0].input).length);
    expect(sizes).toEqual([100, 100, 50]);
    expect(most).toBe(3);
    expect(things.map((t) => t.thingId)).toEqual(ids);
  });

  it('answers in the order asked, each item once, and leaves out keys with no item', async () => {
    ddb.on(BatchGetCommand).callsFake((input) => ({
      // DynamoDB answers in any order.
      Responses: {
        [TABLE]: keysOf(input)
          .filter((key) => idOf(key) !== 'b')
          .map((key) => stored(idOf(key)))
          .reverse(),
      },
    }));
    const things = await getMany(
      Thing,
      ['c', 'a', 'b', 'c', 'd'].map((thingId) => ({ thingId })),
    );
    expect(keysOf(ddb.commandCalls(BatchGetCommand)[0]?.args[0].input)).toHaveLength(4);
    expect(things).toEqual([
      { thingId: 'c', label: 'Thing c' },
      { thingId: 'a', label: 'Thing a' },
      { thingId: 'd', label: 'Thing d' },
    ]);
  });

  it('asks again for the keys DynamoDB left unprocessed, until every item is read', async () => {
    ddb.on(BatchGetCommand).callsFake((input) => {
      const [first, ...rest] = keysOf(input);
      return {
        Responses: { [TABLE]: first ? [stored(idOf(first))] : [] },
        UnprocessedKeys: rest.length ? { [TABLE]: { Keys: rest } } : {},
      };
    });
    const things = await getMany(
      Thing,
      ['a', 'b', 'c'].map((thingId) => ({ thingId })),
    );
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(3);
    expect(things.map((t) => t.thingId)).toEqual(['a', 'b', 'c']);
  });

  it('fails rather than answering short when keys stay unprocessed', async () => {
    ddb.on(BatchGetCommand).callsFake((input) => ({
      Responses: { [TABLE]: [] },
      UnprocessedKeys: { [TABLE]: { Keys: keysOf(input) } },
    }));
    await expect(getMany(Thing, [{ thingId: 'a' }])).rejects.toThrow(/1 items were still unprocessed/);
  });

  it('makes no call for no keys', async () => {
    expect(await getMany(Thing, [])).toEqual([]);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(0);
  });

  it('sends DynamoDB calls without the SDK logger step, which filters every item for nobody', () => {
    const names = documentClient().middlewareStack.identify();
    expect(names.some((name) => name.startsWith('loggerMiddleware'))).toBe(false);
    expect(names.length).toBeGreaterThan(5);
  });
});
