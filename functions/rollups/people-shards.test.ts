import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feelingCounts } from '@shared/domain/report-rollups';
import { documentClient } from '../lib/aws';
import { configureHandlers } from '../lib/environment';
import {
  PEOPLE_PER_SHARD,
  addToRollups,
  contributionsOf,
  itemDeltas,
  peopleGroupOf,
  peopleShardOf,
  readPeopleOf,
  replaceScope,
  type RolledAnswer,
  type ScopedContribution,
} from './rollups';

/**
 * A week's people items in shards of 256 person numbers (decision 0056): written by number, merged
 * on read. On a table kept in memory that answers the few DynamoDB calls involved.
 */

type Item = Record<string, unknown>;

function memoryTable() {
  const items = new Map<string, Item>();
  const id = (key: Item) => `${String(key.pk)}\u0000${String(key.sk)}`;
  const reads: number[] = [];
  function update(input: {
    Key: Item;
    UpdateExpression: string;
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Record<string, unknown>;
  }) {
    const names = input.ExpressionAttributeNames ?? {};
    const values = input.ExpressionAttributeValues ?? {};
    const name = (token: string) => (token.startsWith('#') ? (names[token] as string) : token);
    const item: Item = { ...(items.get(id(input.Key)) ?? input.Key) };
    const updated: Item = {};
    const clauses = input.UpdateExpression.split(/\b(SET|ADD|REMOVE)\b/).map((c) => c.trim());
    for (let i = 1; i < clauses.length; i += 2) {
      const [keyword, body = ''] = [clauses[i], clauses[i + 1]];
      for (const part of body
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        if (keyword === 'SET') {
          const [attribute = '', value = ''] = part.split('=').map((p) => p.trim());
          item[name(attribute)] = updated[name(attribute)] = values[value];
        } else if (keyword === 'ADD') {
          const [attribute = '', value = ''] = part.split(/\s+/);
          item[name(attribute)] = updated[name(attribute)] =
            Number(item[name(attribute)] ?? 0) + Number(values[value]);
        } else delete item[name(part)];
      }
    }
    items.set(id(input.Key), item);
    return { Attributes: updated };
  }
  async function send(command: { constructor: { name: string }; input: unknown }) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each command's own input, read as it comes
    const input = command.input as Record<string, any>;
    switch (command.constructor.name) {
      case 'GetCommand': {
        const item = items.get(id(input.Key));
        return item ? { Item: structuredClone(item) } : {};
      }
      case 'PutCommand': {
        const item = input.Item as Item;
        if (input.ConditionExpression && items.has(id(item)))
          throw Object.assign(new Error('The conditional request failed'), {
            name: 'ConditionalCheckFailedException',
          });
        items.set(id(item), structuredClone(item));
        return {};
      }
      case 'UpdateCommand':
        return update(input as Parameters<typeof update>[0]);
      case 'BatchGetCommand': {
        const [[table, { Keys }]] = Object.entries(
          input.RequestItems as Record<string, { Keys: Item[] }>,
        ) as [[string, { Keys: Item[] }]];
        reads.push(Keys.length);
        const found = Keys.flatMap((key) =>
          items.has(id(key)) ? [structuredClone(items.get(id(key))!)] : [],
        );
        return { Responses: { [table]: found } };
      }
      case 'QueryCommand': {
        const values = input.ExpressionAttributeValues as Record<string, string>;
        return { Items: [...items.values()].filter((i) => i.pk === values[':pk']) };
      }
      case 'BatchWriteCommand': {
        for (const requests of Object.values(input.RequestItems as Record<string, Item[]>))
          for (const request of requests) {
            const put = request.PutRequest as { Item: Item } | undefined;
            const remove = request.DeleteRequest as { Key: Item } | undefined;
            if (put) items.set(id(put.Item), structuredClone(put.Item));
            if (remove) items.delete(id(remove.Key));
          }
        return { UnprocessedItems: {} };
      }
      default:
        throw new Error(`Not in the memory table: ${command.constructor.name}`);
    }
  }
  return { items, send, reads };
}

let table: ReturnType<typeof memoryTable>;
let sphereId: string;

beforeEach(() => {
  configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT', DYNAMODB_ENDPOINT: undefined });
  table = memoryTable();
  vi.spyOn(documentClient(), 'send').mockImplementation(table.send as never);
  sphereId = `sphere-${Math.random().toString(36).slice(2)}`;
});
afterEach(() => {
  vi.restoreAllMocks();
});

const WEEK = '2026-W12';
const feeling = (userId: string): RolledAnswer => ({
  sphereId,
  userId,
  day: '2026-03-18',
  tagIds: ['tag-north'],
  counts: feelingCounts({ value: 0.5, energy: 0.5, color: 'yellow', wordId: 'calm' }),
});
const peopleItems = () => [...table.items.values()].filter((i) => i.kind === 'people');
const attributesOf = (item: Item) => Object.keys(item).filter((k) => k.startsWith('p:')).length;

describe('the shard of a person number', () => {
  it('is its number divided by 256: `all` for the first 256, then `all.<n>`', () => {
    expect(PEOPLE_PER_SHARD).toBe(256);
    expect(peopleShardOf('0')).toBe(0);
    expect(peopleShardOf((255).toString(36))).toBe(0);
    expect(peopleShardOf((256).toString(36))).toBe(1);
    expect(peopleShardOf((49_999).toString(36))).toBe(195);
    expect(peopleGroupOf(0)).toBe('all');
    expect(peopleGroupOf(195)).toBe('all.195');
  });
});

describe("a week's people items", () => {
  it('hold each person in the shard of their number, and the whole counts move their version once', () => {
    const contributions: ScopedContribution[] = Array.from({ length: 600 }, (_, n) => ({
      scope: `sphere#${sphereId}`,
      week: WEEK,
      person: n.toString(36),
      tagIds: [],
      counts: { count: 1 },
    }));
    const deltas = itemDeltas(contributions.map((contribution) => ({ contribution, sign: 1 })));
    const people = deltas.filter((d) => d.kind === 'people');
    expect(people.map((d) => [d.group, Object.keys(d.adds).length])).toEqual([
      ['all', 256],
      ['all.1', 256],
      ['all.2', 88],
    ]);
    expect(deltas.filter((d) => d.bump).map((d) => `${d.kind}|${d.group}`)).toEqual(['counts|all']);
  });

  it("of a sphere are written in shards and read back merged, the sphere's shards asked at once", async () => {
    const answers = Array.from({ length: 600 }, (_, i) => feeling(`user-${i}`));
    await addToRollups((await Promise.all(answers.map((a) => contributionsOf(a)))).flat());
    const stored = peopleItems();
    expect(stored.map((i) => i.group).sort()).toEqual(['all', 'all.1', 'all.2']);
    expect(Math.max(...stored.map(attributesOf))).toBeLessThanOrEqual(PEOPLE_PER_SHARD);
    table.reads.length = 0;
    const [week, ...more] = await readPeopleOf(`sphere#${sphereId}`, [WEEK, '2026-W11']);
    expect(more).toEqual([]);
    expect(week?.group).toBe('all');
    expect(Object.keys(week?.amounts ?? {})).toHaveLength(600);
    // Three shards of each of the two weeks, in one BatchGetItem.
    expect(table.reads).toEqual([6]);
  });

  it('of a small sphere stay the one item `all`, read by one key a week', async () => {
    const answers = Array.from({ length: 10 }, (_, i) => feeling(`user-${i}`));
    await addToRollups((await Promise.all(answers.map((a) => contributionsOf(a)))).flat());
    expect(peopleItems().map((i) => i.group)).toEqual(['all']);
    table.reads.length = 0;
    const [week] = await readPeopleOf(`sphere#${sphereId}`, [WEEK]);
    expect(Object.keys(week?.amounts ?? {})).toHaveLength(10);
    expect(table.reads).toEqual([1]);
  });

  it("of a sealed campaign cycle's step are read shard after shard until one is missing", async () => {
    const scope = `campaign:c1/cycle#${sphereId}`;
    const contributions: ScopedContribution[] = Array.from({ length: 300 }, (_, n) => ({
      scope,
      week: 's:step-1',
      person: n.toString(36),
      tagIds: [],
      counts: { count: 1 },
    }));
    await replaceScope(scope, contributions);
    expect(
      peopleItems()
        .map((i) => i.group)
        .sort(),
    ).toEqual(['all', 'all.1']);
    table.reads.length = 0;
    const [step] = await readPeopleOf(scope, ['s:step-1']);
    expect(Object.keys(step?.amounts ?? {})).toHaveLength(300);
    // Shard 0, shard 1, then shard 2, which is missing.
    expect(table.reads).toEqual([1, 1, 1]);
  });
});
