import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  WEEK_SHOWN_AFTER_CLOSE_MS,
  feelingCounts,
  weekBounds,
  weekCloseOf,
  weekFrozen,
} from '@shared/domain/report-rollups';
import { documentClient } from '../lib/aws';
import { configureHandlers } from '../lib/environment';
import {
  addToRollups,
  contributionsOf,
  readCounts,
  readPeopleVersions,
  readScope,
  rebuildScopes,
  rollupItems,
  summedRollups,
  tagKey,
  type RolledAnswer,
  type StoredRollup,
} from './rollups';
import { weekClosed } from '../reports/service';

/**
 * The late layer of closed weeks (decision 0030, data-model.md "Reports"): a change to a closed
 * week's answers moves neither what its reports show nor its version; the rebuild proves shown +
 * late = answers and writes a closed week's late layer, never its shown items. On a table kept in
 * memory that answers the few DynamoDB calls the rollups make.
 */

type Item = Record<string, unknown>;

/** A table in memory: GetItem, PutItem (not-exists), UpdateItem (SET, ADD, REMOVE), Query, BatchWriteItem. */
function memoryTable() {
  const items = new Map<string, Item>();
  const id = (key: Item) => `${String(key.pk)}\u0000${String(key.sk)}`;
  const condition = () =>
    Object.assign(new Error('The conditional request failed'), {
      name: 'ConditionalCheckFailedException',
    });
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
          const sum = Number(item[name(attribute)] ?? 0) + Number(values[value]);
          item[name(attribute)] = updated[name(attribute)] = sum;
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
        if (input.ConditionExpression && items.has(id(item))) throw condition();
        items.set(id(item), structuredClone(item));
        return {};
      }
      case 'UpdateCommand':
        return update(input as Parameters<typeof update>[0]);
      case 'QueryCommand': {
        const values = input.ExpressionAttributeValues as Record<string, string>;
        const expression = String(input.KeyConditionExpression);
        const sk = (s: string) =>
          expression.includes('BETWEEN')
            ? s >= (values[':sk1'] as string) && s <= (values[':sk2'] as string)
            : expression.includes('begins_with')
              ? s.startsWith(values[':sk1'] as string)
              : true;
        const found = [...items.values()]
          .filter((i) => i.pk === values[':pk'] && sk(String(i.sk)))
          .sort((a, b) => (String(a.sk) < String(b.sk) ? -1 : 1))
          .map((i) => structuredClone(i));
        return { Items: found };
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
  return {
    items,
    send,
    /** Applies a transaction's UpdateItems, as DynamoDB would once it commits. */
    commit(transaction: NonNullable<TransactWriteCommandInput['TransactItems']>) {
      for (const t of transaction) if (t.Update) update(t.Update as Parameters<typeof update>[0]);
    },
    /** A copy of every item of a scope whose sort key holds `part`. */
    of(scope: string, part = '') {
      return [...items.values()]
        .filter((i) => i.scope === scope && String(i.sk).includes(part))
        .map(({ updatedAt: _updatedAt, ...i }) => structuredClone(i));
    },
  };
}

// A closed week, the week in progress, and a moment of it (a Wednesday noon).
const CLOSED = '2026-W10';
const OPEN = '2026-W12';
const NOW = Date.parse('2026-03-18T12:00:00Z');
const dayOf = (week: string, offset = 2) =>
  new Date(Date.parse(`${weekBounds(week).first}T12:00:00Z`) + offset * 86_400_000)
    .toISOString()
    .slice(0, 10);

let table: ReturnType<typeof memoryTable>;
let sphereId: string;
const scope = () => `sphere#${sphereId}`;
const TAGS = ['tag-north', 'tag-south'];

function feeling(userId: string, week: string, value: number, tagIds: string[] = TAGS, wordId = 'calm') {
  return {
    sphereId,
    userId,
    day: dayOf(week),
    tagIds,
    counts: feelingCounts({ value, energy: 0.5, color: value > 0 ? 'yellow' : 'blue', wordId }),
  } satisfies RolledAnswer;
}

/** Ten people's feelings of a week, seeded as history (imports write the shown items). */
async function seed(week: string, people = 10) {
  const answers = Array.from({ length: people }, (_, i) => feeling(`user-${i}`, week, i % 2 ? 0.5 : -0.5));
  await addToRollups((await Promise.all(answers.map((a) => contributionsOf(a)))).flat());
  return answers;
}

const contributionsOfAll = async (answers: readonly RolledAnswer[]) =>
  (await Promise.all(answers.map((a) => contributionsOf(a)))).flat();

beforeEach(() => {
  configureHandlers({ TABLE_NAME: 'wellbeing-test', LOG_LEVEL: 'SILENT', DYNAMODB_ENDPOINT: undefined });
  table = memoryTable();
  vi.spyOn(documentClient(), 'send').mockImplementation(table.send as never);
  sphereId = `sphere-${Math.random().toString(36).slice(2)}`;
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('when a week closes and when it is shown', () => {
  it('closes 36 h after its Sunday began in UTC, and is shown an hour later', () => {
    const close = weekCloseOf(CLOSED);
    expect(new Date(close).toISOString()).toBe('2026-03-09T12:00:00.000Z');
    expect(weekFrozen(CLOSED, close - 1)).toBe(false);
    expect(weekFrozen(CLOSED, close)).toBe(true);
    expect(weekClosed(CLOSED, close)).toBe(false);
    expect(weekClosed(CLOSED, close + WEEK_SHOWN_AFTER_CLOSE_MS - 1)).toBe(false);
    expect(weekClosed(CLOSED, close + WEEK_SHOWN_AFTER_CLOSE_MS)).toBe(true);
    expect(weekClosed(CLOSED, Date.parse('2026-03-09T13:00:00Z'))).toBe(true);
    // A campaign cycle's step is no week: never frozen.
    expect(weekFrozen('s:step-1', NOW)).toBe(false);
  });
});

describe('live rollups of a closed week', () => {
  it('go to its late layer: the shown items and their version do not move', async () => {
    const answers = await seed(CLOSED);
    const shown = table.of(scope());
    expect(shown.length).toBeGreaterThan(0);
    const version = (await readPeopleVersions(scope(), CLOSED, CLOSED)).get(CLOSED);
    expect(version).toBeGreaterThan(0);

    // One feeling's word changed, another erased (its person leaves), after the close.
    const [changed, gone] = [answers[0] as RolledAnswer, answers[1] as RolledAnswer];
    const reworded = { ...changed, counts: { ...changed.counts, 'word|calm': 0, 'word|glad': 1 } };
    delete (reworded.counts as Record<string, number>)['word|calm'];
    const transaction = await rollupItems(
      [
        { answer: changed, sign: -1 },
        { answer: reworded, sign: 1 },
        { answer: gone, sign: -1 },
      ],
      NOW,
    );
    // Every item it moves is a late one, and none moves a version.
    for (const t of transaction) {
      expect(String(t.Update?.Key?.sk)).toContain('#group_late|');
      expect(Object.values(t.Update?.ExpressionAttributeNames ?? {})).not.toContain('version');
    }
    table.commit(transaction);

    expect(table.of(scope()).filter((i) => !String(i.group).startsWith('late|'))).toEqual(shown);
    expect((await readPeopleVersions(scope(), CLOSED, CLOSED)).get(CLOSED)).toBe(version);
    // What a report reads: the exact groups between two weeks, never the late ones.
    const pair = [tagKey('tag-north'), tagKey('tag-south')].sort().join('+');
    for (const group of ['all', tagKey('tag-north'), pair]) {
      const counts = await readCounts(scope(), group, '2026-W01', '2026-W52');
      expect(counts.map((c) => c.group)).toEqual([group]);
      expect(counts[0]?.amounts.count).toBe(10);
    }
    // The late layer: the counts per group and the people, prefixed.
    const late = table.of(scope(), '#group_late|');
    expect(late.map((i) => `${String(i.kind)} ${String(i.group)}`).sort()).toEqual(
      [
        'counts late|all',
        `counts late|${tagKey('tag-north')}`,
        `counts late|${tagKey('tag-south')}`,
        `counts late|${pair}`,
        'people late|all',
      ].sort(),
    );
    const lateAll = late.find((i) => i.kind === 'counts' && i.group === 'late|all');
    expect(lateAll).toMatchObject({ 'c:count': -1, 'c:word|glad': 1, 'c:word|calm': -2 });
    expect(lateAll?.version).toBeUndefined();

    // Shown + late = the answers: the sphere's counts as if recounted.
    const summed = summedRollups(await readScope(scope()));
    const all = summed.find((r) => r.kind === 'counts' && r.group === 'all');
    expect(all?.amounts).toMatchObject({ count: 9, 'word|glad': 1, 'word|calm': 8 });
    expect(summed.some((r) => r.group.startsWith('late|'))).toBe(false);
  });

  it('of a week in progress go to the shown items and move the version', async () => {
    const answers = await seed(OPEN);
    const version = (await readPeopleVersions(scope(), OPEN, OPEN)).get(OPEN) as number;
    const transaction = await rollupItems([{ answer: answers[0] as RolledAnswer, sign: -1 }], NOW);
    for (const t of transaction) expect(String(t.Update?.Key?.sk)).not.toContain('late|');
    table.commit(transaction);
    expect(table.of(scope(), '#group_late|')).toEqual([]);
    expect((await readPeopleVersions(scope(), OPEN, OPEN)).get(OPEN)).toBe(version + 1);
    expect((await readCounts(scope(), 'all', OPEN, OPEN))[0]?.amounts.count).toBe(9);
  });

  it('keep free texts out of the late layer: a person’s words go with them', async () => {
    const survey: RolledAnswer = {
      ...feeling('user-words', CLOSED, 0.5, []),
      source: 'form:pulse',
      counts: { count: 1 },
      texts: { shard: 3, entries: [{ key: 'k1', q: 'good', t: 'the team' }] },
    };
    await addToRollups(await contributionsOf(survey));
    const formScope = `form:pulse/sphere#${sphereId}`;
    expect(table.of(formScope, '#kind_texts#')).toMatchObject([
      { group: 'texts-3', 't:k1': { t: 'the team' } },
    ]);
    table.commit(await rollupItems([{ answer: survey, sign: -1 }], NOW));
    expect(table.of(formScope, '#kind_texts#')[0]?.['t:k1']).toBeUndefined();
    expect(table.of(formScope, '#kind_texts#group_late')).toEqual([]);
    expect(table.of(formScope, '#group_late|all')).not.toEqual([]);
  });
});

describe('the rebuild of a closed week', () => {
  /** A closed week whose shown items were seeded, then changed late; the answers as they are. */
  async function changedLate() {
    const answers = await seed(CLOSED);
    const [gone, changed] = [answers[0] as RolledAnswer, answers[1] as RolledAnswer];
    const moved = { ...changed, counts: { ...changed.counts, value: changed.counts.value === 5 ? -5 : 5 } };
    table.commit(
      await rollupItems(
        [
          { answer: gone, sign: -1 },
          { answer: changed, sign: -1 },
          { answer: moved, sign: 1 },
        ],
        NOW,
      ),
    );
    return [moved, ...answers.slice(2)];
  }

  it('finds no difference when shown + late equal the answers, and one when they do not', async () => {
    const answers = await changedLate();
    expect(table.of(scope(), '#group_late|').length).toBeGreaterThan(0);
    expect(await rebuildScopes([scope()], await contributionsOfAll(answers), 'check', NOW)).toEqual({
      differences: [],
    });
    // The answers as they were before (the erased feeling kept): main + late are not those.
    const { differences } = await rebuildScopes(
      [scope()],
      await contributionsOfAll([...answers, feeling('user-0', CLOSED, -0.5)]),
      'check',
      NOW,
    );
    expect(differences).toEqual(
      expect.arrayContaining([`${scope()} counts|all|${CLOSED}`, `${scope()} people|all|${CLOSED}`]),
    );
    expect(differences.every((d) => !d.includes('late|'))).toBe(true);
  });

  it('writes a closed week’s late layer again and keeps its shown items, version and decisions', async () => {
    const answers = await changedLate();
    // A kept decision of the week, and drift: the late layer lost an item behind the rollups' back.
    table.items.set('release', {
      pk: table.of(scope())[0]?.pk,
      sk: `$reportrollup_1#kind_release#group_sphere:all#week_${CLOSED.toLowerCase()}`,
      scope: scope(),
      kind: 'release',
      group: 'sphere:all',
      week: CLOSED,
      version: 1,
    });
    const lateAll = table.of(scope(), '#kind_counts#group_late|all#');
    for (const [key, item] of table.items) if (lateAll.some((l) => l.sk === item.sk)) table.items.delete(key);
    const shown = table.of(scope()).filter((i) => !String(i.group).startsWith('late|'));
    const contributions = await contributionsOfAll(answers);
    expect((await rebuildScopes([scope()], contributions, 'check', NOW)).differences).toEqual([
      `${scope()} counts|all|${CLOSED}`,
    ]);

    await rebuildScopes([scope()], contributions, 'write', NOW);
    expect(table.of(scope()).filter((i) => !String(i.group).startsWith('late|'))).toEqual(shown);
    expect(table.of(scope(), '#kind_counts#group_late|all#')).toMatchObject([{ 'c:count': -1 }]);
    expect(await rebuildScopes([scope()], contributions, 'check', NOW)).toEqual({ differences: [] });
    // Written again, it writes the same items.
    const before = table.of(scope());
    await rebuildScopes([scope()], contributions, 'write', NOW);
    expect(table.of(scope())).toEqual(before);
  });

  it('writes the shown items of a week in progress and of a closed week that has none', async () => {
    const open = Array.from({ length: 9 }, (_, i) => feeling(`user-${i}`, OPEN, 0.5));
    const unseen = Array.from({ length: 9 }, (_, i) => feeling(`user-${i}`, '2026-W08', 0.5));
    const contributions = await contributionsOfAll([...open, ...unseen]);
    expect((await rebuildScopes([scope()], contributions, 'check', NOW)).differences.length).toBeGreaterThan(
      0,
    );
    await rebuildScopes([scope()], contributions, 'write', NOW);
    expect(table.of(scope(), '#group_late|')).toEqual([]);
    for (const week of [OPEN, '2026-W08'])
      expect((await readCounts(scope(), 'all', week, week))[0]?.amounts.count).toBe(9);
    expect(await rebuildScopes([scope()], contributions, 'check', NOW)).toEqual({ differences: [] });
  });
});

describe('summed rollups', () => {
  it('add each late item to its main group’s, and leave out what comes back to nothing', () => {
    const items: StoredRollup[] = [
      { kind: 'counts', group: 'all', week: CLOSED, amounts: { count: 3, value: 5 } },
      { kind: 'counts', group: 'abc', week: CLOSED, amounts: { count: 1 } },
      { kind: 'counts', group: 'late|abc', week: CLOSED, amounts: { count: -1 } },
      { kind: 'counts', group: 'late|all', week: CLOSED, amounts: { count: -1, value: -5 } },
      { kind: 'counts', group: 'late|def', week: CLOSED, amounts: { count: 1 } },
      { kind: 'people', group: 'all', week: CLOSED, amounts: { 'p:1||': 1, 'p:2||': 2 } },
      { kind: 'people', group: 'late|all', week: CLOSED, amounts: { 'p:2||': -2 } },
    ];
    expect(summedRollups(items)).toEqual([
      { kind: 'counts', group: 'all', week: CLOSED, amounts: { count: 2 } },
      { kind: 'counts', group: 'def', week: CLOSED, amounts: { count: 1 } },
      { kind: 'people', group: 'all', week: CLOSED, amounts: { 'p:1||': 1 } },
    ]);
  });
});
