import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  UpdateCommand,
  type GetCommandInput,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import {
  addCounts,
  countedTags,
  groupDeltas,
  isoWeekOf,
  weekFrozen,
  type Contribution,
  type Counts,
} from '@shared/domain/report-rollups';
import type { MultilingualText } from '@shared/contracts/text';
import type { FormReportDefinition } from '@shared/contracts/report-definitions';
import type { Release } from '@shared/domain/report-privacy';
import { documentClient } from '../lib/aws';
import { readKeys } from '../lib/db';
import { isConditionFailure } from '../lib/conditions';
import { rollupsDb as db } from './rollup-store';

/**
 * Report rollups as stored (decision 0030; entities/report-rollup.ts): what an answer adds to its
 * scopes' week, written with `ADD` in the answer's own transaction, read back by the reports, and
 * rebuilt from the raw answers by the same arithmetic.
 */

/** One item of a TransactWriteItems, as the DocumentClient takes it. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * What a rollup counts, each in their own scopes: feelings, thinkings, one form's surveys, the
 * assessments of one strategy (`strategy:sphere-<id>` or `strategy:session-<id>`, decision 0034),
 * or one campaign's sealed answers, cycle by cycle (`campaign:<id>`, decision 0035).
 */
export type RollupSource =
  'feelings' | 'thinkings' | `form:${string}` | `strategy:${string}` | `campaign:${string}`;

/** An answer as its rollups see it: where, by whom, when, under which group tags, what. */
export interface RolledAnswer {
  /** Feelings when absent. */
  source?: RollupSource;
  sphereId: string;
  sessionId?: string | undefined;
  userId: string;
  /** YYYY-MM-DD where it was recorded: the week it counts in. */
  day: string;
  /** The group tags it counted under (the member's tags and the link's, kept on the answer). */
  tagIds: readonly string[];
  counts: Counts;
  /** Its free texts, kept whole in its scopes (a form's survey, decision 0033); none when absent. */
  texts?: KeptTexts | undefined;
}

/**
 * An answer's free texts as its scopes keep them: each under a key drawn from the answer and the
 * question (`textKey`), all in the one texts item of the answer's shard (`textShard`), so a change
 * sets its own keys again and an erasure removes them, and a repeated write sets the same keys.
 */
export interface KeptTexts {
  shard: number;
  entries: readonly { key: string; q: string; t: string }[];
}

/** The texts items of a scope and week: a week's texts spread over this many items (400 KB each). */
export const TEXT_SHARDS = 8;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The key of an answer's text to a question in its scopes' texts items (64 bits of a hash). */
export const textKey = (answerId: string, questionId: string) =>
  sha256(`${answerId}|${questionId}`).slice(0, 16);

/** The shard of an answer's texts: one texts item per scope and week, whatever its questions. */
export const textShard = (answerId: string) => parseInt(sha256(answerId).slice(0, 8), 16) % TEXT_SHARDS;

/** The group of a week's texts item of a shard. */
const textsGroup = (shard: number) => `texts-${shard}`;

/** An answer's texts as its scopes keep them; undefined when it has none. */
export function keptTexts(answerId: string, texts: Readonly<Record<string, string>>): KeptTexts | undefined {
  const entries = Object.entries(texts)
    .filter(([, t]) => t.length > 0)
    .map(([q, t]) => ({ key: textKey(answerId, q), q, t }));
  return entries.length ? { shard: textShard(answerId), entries } : undefined;
}

/** An answer added (+1) or taken away (−1). */
export interface RollupChange {
  answer: RolledAnswer;
  sign: 1 | -1;
}

/**
 * A tag's short key in rollups: 12 hex digits of its SHA-256 (48 bits; two tags of one sphere share
 * one with a chance under 1 in 10⁷ at 2 000 tags). Keeps a week's people item small.
 */
export const tagKey = (tagId: string) => createHash('sha256').update(tagId).digest('hex').slice(0, 12);

/** The group key of the stored items: `all` for the whole scope. */
export const storedGroup = (group: string) => (group === '' ? 'all' : group);

/**
 * The late layer of a week (decision 0030, data-model.md "Reports"): what the answers of a week
 * move once the week has closed (a change, an erasure, a person who leaves) goes to items of the
 * same scope, kind and week under the group prefixed `late|` (`late|all`, `late|<tag key>`,
 * `late|<pair>`; `late|all` for the people), never to the items reports show, whose figures and
 * `version` stay as they were at the close. Reports never read them: they read exact groups
 * (`all`, tag keys, pairs, `<session or sphere>:<group>` for releases, `texts-<n>`), and the sort
 * key `kind#group#week` of a Query of one group between two weeks only holds that group's items.
 * A rebuild checks main + late against the answers. Free texts are not layered: they go with them.
 */
export const LATE_GROUP_PREFIX = 'late|';

/** A group's late layer, as stored. */
export const lateGroupOf = (group: string) => `${LATE_GROUP_PREFIX}${group}`;

/** Whether a stored group is a late layer's. */
export const isLateGroup = (group: string) => group.startsWith(LATE_GROUP_PREFIX);

/** The group a stored group belongs to: a late layer's main group, or itself. */
export const mainGroupOf = (group: string) =>
  isLateGroup(group) ? group.slice(LATE_GROUP_PREFIX.length) : group;

/** The stored group of the people narrowed by these tags (0, 1 or 2). */
export function groupOfTags(tagIds: readonly string[]): string {
  const keys = [...new Set(tagIds.map(tagKey))].sort();
  if (keys.length > 2) throw new RangeError('A report group has at most two group tags');
  return storedGroup(keys.join('+'));
}

const secrets = new Map<string, string>();

/** The sphere's report key, drawn once (two first answers at once share the one written first). */
async function secretOf(sphereId: string): Promise<string> {
  const known = secrets.get(sphereId);
  if (known) return known;
  const read = async () =>
    (await db().entities.reportKey.get({ sphereId }).go({ consistent: true })).data?.secret;
  let secret = await read();
  if (!secret) {
    try {
      const drawn = randomBytes(32).toString('base64url');
      await db().entities.reportKey.create({ sphereId, secret: drawn }).go({ response: 'none' });
      secret = drawn;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      secret = await read();
      if (!secret) throw error;
    }
  }
  secrets.set(sphereId, secret);
  return secret;
}

/** A person's pseudonymous key in a sphere's rollups: 64 bits of an HMAC of their user id. */
export async function personKey(sphereId: string, userId: string): Promise<string> {
  return createHmac('sha256', await secretOf(sphereId))
    .update(userId)
    .digest('base64url')
    .slice(0, 11);
}

const indices = new Map<string, number>();

/**
 * The number a person is counted by in a sphere's rollups (base 36), drawn once: a person's answers
 * in a week are one bit of the week's bitsets. Two first answers at once keep the number written
 * first; the other number drawn is left unused.
 */
export async function personIndex(sphereId: string, userId: string): Promise<string> {
  const person = await personKey(sphereId, userId);
  const cacheKey = `${sphereId}|${person}`;
  let index = indices.get(cacheKey);
  if (index === undefined) {
    const read = async () =>
      (await db().entities.reportPerson.get({ sphereId, person }).go({ consistent: true })).data?.index;
    index = await read();
    if (index === undefined) {
      const { Key, TableName } = db().entities.reportKey.get({ sphereId }).params();
      const drawn = await documentClient().send(
        new UpdateCommand({
          TableName,
          Key,
          UpdateExpression: 'ADD #next :one',
          ExpressionAttributeNames: { '#next': 'nextPerson' },
          ExpressionAttributeValues: { ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const next = Number(drawn.Attributes?.nextPerson) - 1;
      try {
        await db().entities.reportPerson.create({ sphereId, person, index: next }).go({ response: 'none' });
        index = next;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        index = await read();
        if (index === undefined) throw error;
      }
    }
    indices.set(cacheKey, index);
  }
  return index.toString(36);
}

/**
 * The scope of a sphere's, a session's or a campaign cycle's rollups of a source (feelings keep the
 * bare name). Each form has its own scopes, people items included: a week's people are those who
 * answered that form.
 */
export const scopeOf = (
  source: RollupSource | undefined,
  place: 'sphere' | 'session' | 'cycle',
  id: string,
) => `${source === undefined || source === 'feelings' ? '' : `${source}/`}${place}#${id}`;

/**
 * Whether a scope keeps its own people items: a sphere's (its sessions' people are in it) and a
 * campaign cycle's, whose periods are its steps and whose people are a step's answers.
 */
const isSphereScope = (scope: string) => /(^|\/)(sphere|cycle)#/.test(scope);

/** The scopes an answer counts in: its sphere, and its session when it has one. */
export const scopesOf = (answer: Pick<RolledAnswer, 'source' | 'sphereId' | 'sessionId'>) => [
  scopeOf(answer.source, 'sphere', answer.sphereId),
  ...(answer.sessionId ? [scopeOf(answer.source, 'session', answer.sessionId)] : []),
];

/**
 * One answer's share in one scope. Only the sphere's contribution names the session it was given
 * in (`session`, a short key): the sphere's people items say who answered in which group, so a
 * group's report and its sphere's are decided from the same people (decision 0030).
 */
export type ScopedContribution = Contribution & { session?: string; texts?: KeptTexts };

/** The contributions of an answer, one per scope, with short tag keys. */
export async function contributionsOf(answer: RolledAnswer): Promise<ScopedContribution[]> {
  const person = await personIndex(answer.sphereId, answer.userId);
  const week = isoWeekOf(answer.day);
  const tagIds = answer.tagIds.map(tagKey);
  return scopesOf(answer).map((scope) => ({
    scope,
    week,
    person,
    tagIds,
    counts: answer.counts,
    ...(isSphereScope(scope) && answer.sessionId ? { session: tagKey(answer.sessionId) } : {}),
    ...(answer.texts ? { texts: answer.texts } : {}),
  }));
}

/** One stored item's additions: its key and `attribute → amount`. */
interface ItemDelta {
  scope: string;
  kind: 'people' | 'counts';
  group: string;
  week: string;
  adds: Record<string, number>;
  /**
   * Whether the week's people changed: the sphere's whole counts item then adds 1 to its `version`,
   * so that the decisions kept from the people before are made again (a small item to read).
   */
  bump?: boolean;
}

/**
 * People per people item (decision 0056): a week's people are written in items of at most this
 * many person numbers, `all` for numbers 0–255, `all.1` for 256–511 and so on, so that no item
 * passes about 10 KB however large the sphere (an item is at most 400 KB, and an `ADD` to it costs
 * one write unit per KB of the whole item, twice in a transaction). A sphere of fewer people keeps
 * the one item `all`; readers merge the shards of a week (`readPeopleOf`).
 */
export const PEOPLE_PER_SHARD = 256;

/** The shard of a person number (base 36) among a week's people items. */
export const peopleShardOf = (person: string) => {
  const n = parseInt(person, 36);
  return Number.isFinite(n) && n > 0 ? Math.floor(n / PEOPLE_PER_SHARD) : 0;
};

/** The stored group of a people item's shard: `all`, then `all.<n>`. */
export const peopleGroupOf = (shard: number) => (shard === 0 ? 'all' : `all.${shard}`);

/** The attribute of a person's answers under some tags (and in a group) in a week's people item. */
export const peopleAttribute = (person: string, tagIds: readonly string[], session = '') =>
  `p:${person}|${countedTags(tagIds).join(',')}|${session}`;

/** The additions of many contributions, merged per stored item (an item appears once in a write). */
export function itemDeltas(
  changes: readonly { contribution: ScopedContribution; sign: 1 | -1 }[],
): ItemDelta[] {
  const items = new Map<string, ItemDelta>();
  const into = (scope: string, kind: ItemDelta['kind'], group: string, week: string) => {
    const key = `${scope}|${kind}|${group}|${week}`;
    let item = items.get(key);
    if (!item) items.set(key, (item = { scope, kind, group, week, adds: {} }));
    return item.adds;
  };
  const add = (adds: Record<string, number>, key: string, n: number) => {
    adds[key] = (adds[key] ?? 0) + n;
  };
  for (const { contribution, sign } of changes) {
    const { scope, week } = contribution;
    for (const { group, counts } of groupDeltas(contribution, sign)) {
      const adds = into(scope, 'counts', storedGroup(group), week);
      for (const [key, n] of Object.entries(counts)) add(adds, `c:${key}`, n);
    }
    // Who answered is kept per sphere (with the group of each answer), not per group.
    if (isSphereScope(scope))
      add(
        into(scope, 'people', peopleGroupOf(peopleShardOf(contribution.person)), week),
        peopleAttribute(contribution.person, contribution.tagIds, contribution.session),
        sign,
      );
  }
  const kept: ItemDelta[] = [...items.values()].map((item) => ({
    ...item,
    adds: Object.fromEntries(Object.entries(item.adds).filter(([, n]) => n !== 0)),
  }));
  const wholeCounts = new Map(
    kept.filter((k) => k.kind === 'counts' && k.group === 'all').map((k) => [`${k.scope}|${k.week}`, k]),
  );
  for (const item of kept)
    if (item.kind === 'people' && Object.keys(item.adds).length) {
      const whole = wholeCounts.get(`${item.scope}|${item.week}`);
      if (whole) whole.bump = true;
    }
  return kept.filter((item) => Object.keys(item.adds).length > 0 || item.bump);
}

/** What some answers do to one texts item: the entries they set (`t:<key>`) and those they remove. */
interface TextsDelta {
  scope: string;
  group: string;
  week: string;
  set: Map<string, TextEntry>;
  remove: Set<string>;
}

/** The attribute of a kept text in its texts item. */
const textAttribute = (key: string) => `t:${key}`;

/**
 * The texts items that many contributions move, merged per item, in the order given: an answer
 * taken away (−1) removes its keys, one added (+1) sets them (so a change sets its texts again and
 * removes those it no longer has). Texts change nobody's count: the week's version does not move.
 */
function textsDeltas(changes: readonly { contribution: ScopedContribution; sign: 1 | -1 }[]): TextsDelta[] {
  const items = new Map<string, TextsDelta>();
  for (const { contribution, sign } of changes) {
    const { texts, scope, week } = contribution;
    if (!texts) continue;
    const group = textsGroup(texts.shard);
    const id = `${scope}|${group}|${week}`;
    let item = items.get(id);
    if (!item) items.set(id, (item = { scope, group, week, set: new Map(), remove: new Set() }));
    for (const { key, q, t } of texts.entries) {
      const attribute = textAttribute(key);
      if (sign < 0) {
        item.set.delete(attribute);
        item.remove.add(attribute);
      } else {
        item.remove.delete(attribute);
        item.set.set(attribute, { q, t, g: countedTags(contribution.tagIds) });
      }
    }
  }
  return [...items.values()].filter((item) => item.set.size + item.remove.size > 0);
}

/**
 * What every UpdateItem of a rollup item starts with: its key, and the SET of the attributes
 * ElectroDB gives an item it creates, so that the item is created by its first change.
 */
function rollupUpdate(key: { scope: string; kind: StoredRollup['kind']; group: string; week: string }) {
  const { Key, TableName } = db().entities.reportRollup.get(key).params();
  const names: Record<string, string> = {
    '#e': '__edb_e__',
    '#v': '__edb_v__',
    '#scope': 'scope',
    '#kind': 'kind',
    '#group': 'group',
    '#week': 'week',
    '#updatedAt': 'updatedAt',
  };
  const values: Record<string, unknown> = {
    ':e': 'reportRollup',
    ':v': '1',
    ':scope': key.scope,
    ':kind': key.kind,
    ':group': key.group,
    ':week': key.week,
    ':now': new Date().toISOString(),
  };
  const set =
    'SET #e = :e, #v = :v, #scope = :scope, #kind = :kind, #group = :group, #week = :week, #updatedAt = :now';
  return { Key, TableName, names, values, set };
}

/** The UpdateItem that sets and removes a texts item's entries, creating the item on its first text. */
function textsUpdateOf(item: TextsDelta): NonNullable<TransactItem['Update']> {
  const { Key, TableName, names, values, set } = rollupUpdate({
    scope: item.scope,
    kind: 'texts',
    group: item.group,
    week: item.week,
  });
  const sets = [...item.set].map(([attribute, entry], i) => {
    names[`#t${i}`] = attribute;
    values[`:t${i}`] = entry;
    return `#t${i} = :t${i}`;
  });
  const removes = [...item.remove].map((attribute, i) => {
    names[`#r${i}`] = attribute;
    return `#r${i}`;
  });
  return {
    TableName,
    Key,
    UpdateExpression: `${set}${sets.map((s) => `, ${s}`).join('')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** The UpdateItem that ADDs an item's delta, creating the item on its first answer. */
function updateOf(item: ItemDelta): NonNullable<TransactItem['Update']> {
  const { Key, TableName, names, values, set } = rollupUpdate({
    scope: item.scope,
    kind: item.kind,
    group: item.group,
    week: item.week,
  });
  const adds = Object.entries(item.adds).map(([attribute, n], i) => {
    names[`#a${i}`] = attribute;
    values[`:n${i}`] = n;
    return `#a${i} :n${i}`;
  });
  // A change of the week's people moves the version: the decisions kept before are stale.
  if (item.bump) {
    names['#version'] = 'version';
    values[':one'] = 1;
    adds.push('#version :one');
  }
  return {
    TableName,
    Key,
    UpdateExpression: `${set} ADD ${adds.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/**
 * Live additions layered by their week: those of a week whose close has passed (`weekFrozen`) go
 * to its late layer and move no `version`, so what reports show of a closed week, and the
 * decisions kept from it, never move; the others go to the items reports read, as they come.
 */
function layered(items: readonly ItemDelta[], now: number): ItemDelta[] {
  return items.flatMap((item) => {
    if (!weekFrozen(item.week, now)) return [item];
    if (Object.keys(item.adds).length === 0) return [];
    const { bump: _bump, ...late } = item;
    return [{ ...late, group: lateGroupOf(item.group) }];
  });
}

/**
 * The transaction items of some contributions added or taken away at `now`: the counts and people
 * of each week, layered (a closed week's go to its late layer), and the texts items, which are not
 * layered (a person's words go when they delete them or leave).
 */
export function rollupUpdates(
  changes: readonly { contribution: ScopedContribution; sign: 1 | -1 }[],
  now: number,
): TransactItem[] {
  return [
    ...layered(itemDeltas(changes), now).map((item) => ({ Update: updateOf(item) })),
    ...textsDeltas(changes).map((item) => ({ Update: textsUpdateOf(item) })),
  ];
}

/**
 * The transaction items that move the rollups by these changes, to write with the answers in one
 * transaction: an answer counts exactly when it is stored, and a retried transaction that failed
 * counted nothing. A change to a week closed at `now` goes to the week's late layer.
 */
export async function rollupItems(
  changes: readonly RollupChange[],
  now = Date.now(),
): Promise<TransactItem[]> {
  const contributions = await Promise.all(
    changes.map(async ({ answer, sign }) =>
      (await contributionsOf(answer)).map((contribution) => ({ contribution, sign })),
    ),
  );
  return rollupUpdates(contributions.flat(), now);
}

/**
 * Adds many answers to the rollups outside a transaction (demo data, imports): one UpdateItem per
 * stored item, a few at a time. Always to the items reports read, whatever the week: it seeds
 * history.
 */
export async function addToRollups(contributions: readonly ScopedContribution[]): Promise<void> {
  const added = contributions.map((contribution) => ({ contribution, sign: 1 as const }));
  await writeDeltas(itemDeltas(added), textsDeltas(added));
}

/** Writes item deltas with `ADD` and texts with `SET`, outside a transaction, a few at a time. */
async function writeDeltas(deltas: readonly ItemDelta[], textDeltas: readonly TextsDelta[]): Promise<void> {
  // An update expression holds at most 4 KB: a week of a large sphere's people goes in parts.
  const items = deltas.flatMap((item) => {
    const entries = Object.entries(item.adds);
    const parts: ItemDelta[] = [];
    for (let i = 0; i < entries.length; i += ADDS_PER_UPDATE)
      parts.push({ ...item, adds: Object.fromEntries(entries.slice(i, i + ADDS_PER_UPDATE)) });
    return parts;
  });
  const texts = textDeltas.flatMap((item) => {
    const entries = [...item.set];
    const parts: TextsDelta[] = [];
    for (let i = 0; i < entries.length; i += ADDS_PER_UPDATE)
      parts.push({ ...item, set: new Map(entries.slice(i, i + ADDS_PER_UPDATE)), remove: new Set() });
    return parts;
  });
  const updates = [...items.map(updateOf), ...texts.map(textsUpdateOf)];
  for (let i = 0; i < updates.length; i += 16)
    await Promise.all(
      updates.slice(i, i + 16).map((update) => documentClient().send(new UpdateCommand(update))),
    );
}

/** Attributes one UpdateItem adds to at most (its expression stays far below DynamoDB's 4 KB). */
const ADDS_PER_UPDATE = 100;

/** A stored rollup item: its key parts and its non-zero amounts. */
export interface StoredRollup {
  kind: 'people' | 'counts' | 'release' | 'texts' | 'steps';
  group: string;
  week: string;
  amounts: Record<string, number>;
  /** The version of a sphere's whole counts item: how many times the week's people changed. */
  version?: number;
  /** A form's texts item's entries by key (decision 0033); absent when it has none. */
  texts?: Record<string, TextEntry>;
}

function amountsOf(item: Record<string, unknown>, prefix: string): Record<string, number> {
  const amounts: Record<string, number> = {};
  for (const [name, value] of Object.entries(item))
    if (name.startsWith(prefix) && typeof value === 'number' && value !== 0)
      amounts[name.slice(prefix.length)] = value;
  return amounts;
}

/** Every page of a Query built by ElectroDB, read raw (the amounts are not declared attributes). */
async function queryAll(params: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new QueryCommand({ ...params, ExclusiveStartKey: start }));
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** A texts item's kept entries (`t:<key>`), by key. */
function textsOf(item: Record<string, unknown>): Record<string, TextEntry> {
  const texts: Record<string, TextEntry> = {};
  for (const [name, value] of Object.entries(item))
    if (name.startsWith('t:') && value && typeof value === 'object')
      texts[name.slice(2)] = value as TextEntry;
  return texts;
}

const toStored = (item: Record<string, unknown>): StoredRollup => {
  const kind = item.kind as StoredRollup['kind'];
  const texts = kind === 'texts' ? textsOf(item) : {};
  return {
    kind,
    group: String(item.group),
    week: String(item.week),
    amounts:
      kind === 'release' || kind === 'texts' || kind === 'steps'
        ? {}
        : amountsOf(item, kind === 'people' ? 'p:' : 'c:'),
    ...(typeof item.version === 'number' ? { version: item.version } : {}),
    ...(Object.keys(texts).length ? { texts } : {}),
  };
};

/** A group's counts items of the weeks `first` to `last`: one Query. */
export async function readCounts(
  scope: string,
  group: string,
  first: string,
  last: string,
): Promise<StoredRollup[]> {
  const params = db()
    .entities.reportRollup.query.byScope({ scope, kind: 'counts', group })
    .between({ week: first }, { week: last })
    .params() as QueryCommandInput;
  return (await queryAll(params)).map(toStored);
}

/** Every rollup item of a scope, as stored (keys included): one Query, every page. */
function readScopeItems(scope: string): Promise<Record<string, unknown>[]> {
  return queryAll(db().entities.reportRollup.query.byScope({ scope }).params() as QueryCommandInput);
}

/**
 * Every rollup item of a scope but the derived releases, in key order, amounts only (checks); a
 * closed week's late layer comes back as stored, under its `late|` groups (`summedRollups` adds it
 * to the items it belongs to).
 */
export async function readScope(scope: string): Promise<StoredRollup[]> {
  // The version counts changes of the week's people, which a rebuild does not replay: not compared.
  return (await readScopeItems(scope))
    .map(toStored)
    .filter((r) => r.kind !== 'release')
    .map(({ version: _version, ...r }) => r);
}

/** The order of stored items within a scope: that of their sort keys (`kind#group#week`). */
const sortKeyOf = (r: Pick<StoredRollup, 'kind' | 'group' | 'week'>) =>
  `${r.kind}#${r.group.toLowerCase()}#${r.week.toLowerCase()}`;

/**
 * Rollup items as the answers make them: each late item added to the item of its kind, main group
 * and week (the sum is what a rebuild compares with the answers, decision 0030), the items that
 * then hold nothing left out, in the order of the main items' keys. Other kinds (texts) as given.
 */
export function summedRollups(items: readonly StoredRollup[]): StoredRollup[] {
  const sums = new Map<string, StoredRollup>();
  for (const item of items) {
    const layered = item.kind === 'people' || item.kind === 'counts';
    const group = layered ? mainGroupOf(item.group) : item.group;
    const key = sortKeyOf({ ...item, group });
    const into = sums.get(key);
    if (!into) {
      sums.set(key, { ...item, group, amounts: { ...item.amounts } });
      continue;
    }
    addCounts(into.amounts, item.amounts);
    // The main item's week and version are the ones kept (a late item has no version).
    if (!isLateGroup(item.group)) {
      into.week = item.week;
      if (item.version !== undefined) into.version = item.version;
    }
  }
  return [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, r]) => r)
    .filter(holdsSomething);
}

/**
 * The version of each week's people of a sphere scope, weeks `first` to `last`, from the sphere's
 * whole counts items (small: a people item may be large): one Query.
 */
export async function readPeopleVersions(
  scope: string,
  first: string,
  last: string,
): Promise<Map<string, number>> {
  const params = db()
    .entities.reportRollup.query.byScope({ scope, kind: 'counts', group: 'all' })
    .between({ week: first }, { week: last })
    .params() as QueryCommandInput;
  const items = await queryAll({
    ...params,
    ProjectionExpression: '#week, #version',
    ExpressionAttributeNames: { ...params.ExpressionAttributeNames, '#week': 'week', '#version': 'version' },
  });
  return new Map(items.map((i) => [String(i.week).toUpperCase(), Number(i.version ?? 0)]));
}

/**
 * The privacy rule kept decisions were made by: decisions of an earlier rule (decision 0030's pair
 * rule kept none) are made again, as if the week's people had changed.
 */
export const RELEASE_RULE = 2;

/** A group's decision in a week, as kept: from which version of the people, and its people. */
export interface StoredRelease {
  week: string;
  version: number;
  /** The rule it was made by (`RELEASE_RULE`); absent on decisions of the first rule. */
  rule?: number;
  /** The atom's slack (`decideAtom`); absent when it released nothing (no limit then). */
  slack?: number;
  release: Release;
  /** The group's people, a bitset over the persons' numbers (base64). */
  people: string;
}

/** A group's kept decisions of the weeks `first` to `last`: one Query. */
export async function readReleases(
  scope: string,
  group: string,
  first: string,
  last: string,
): Promise<Map<string, StoredRelease>> {
  const params = db()
    .entities.reportRollup.query.byScope({ scope, kind: 'release', group })
    .between({ week: first }, { week: last })
    .params() as QueryCommandInput;
  return new Map(
    (await queryAll(params)).map((i) => {
      const week = String(i.week).toUpperCase();
      return [
        week,
        {
          week,
          version: Number(i.version),
          ...(typeof i.rule === 'number' ? { rule: i.rule } : {}),
          slack: typeof i.slack === 'number' ? i.slack : Infinity,
          release: i.release as Release,
          people: String(i.people ?? ''),
        },
      ];
    }),
  );
}

/**
 * How many people shards a scope's weeks may have: a sphere's from the numbers its report key has
 * drawn (one GetItem); null for a campaign cycle's, whose people are numbered from 0 in each step,
 * so that its shards are read until one is missing.
 */
async function peopleShardsOf(scope: string): Promise<number | null> {
  const sphereId = /(?:^|\/)sphere#(.+)$/.exec(scope)?.[1];
  if (!sphereId) return null;
  const params = db().entities.reportKey.get({ sphereId }).params() as GetCommandInput;
  const { Item } = await documentClient().send(
    new GetCommand({
      ...params,
      ProjectionExpression: '#next',
      ExpressionAttributeNames: { '#next': 'nextPerson' },
    }),
  );
  return Math.max(1, Math.ceil(Number(Item?.nextPerson ?? 0) / PEOPLE_PER_SHARD));
}

/**
 * The people items of some weeks, whole: each week's shards (decision 0056) read by BatchGetItem
 * (100 keys a call, sent together) and merged into one item per week, group `all`. A sphere's
 * shards are all asked at once; a cycle's, shard after shard while the one before was there.
 */
export async function readPeopleOf(scope: string, weeks: readonly string[]): Promise<StoredRollup[]> {
  if (weeks.length === 0) return [];
  const shards = await peopleShardsOf(scope);
  const TableName = db()
    .entities.reportRollup.get({ scope, kind: 'people', group: 'all', week: weeks[0]! })
    .params().TableName as string;
  const read = async (asked: readonly { week: string; shard: number }[]) =>
    (
      await readKeys(
        TableName,
        asked.map(
          ({ week, shard }) =>
            db()
              .entities.reportRollup.get({ scope, kind: 'people', group: peopleGroupOf(shard), week })
              .params().Key as Record<string, unknown>,
        ),
      )
    ).map(toStored);
  const found: StoredRollup[] = [];
  if (shards !== null)
    found.push(
      ...(await read(
        weeks.flatMap((week) => Array.from({ length: shards }, (_, shard) => ({ week, shard }))),
      )),
    );
  else
    for (let shard = 0, asked = [...weeks]; asked.length; shard++) {
      const items = await read(asked.map((week) => ({ week, shard })));
      found.push(...items);
      const there = new Set(items.map((item) => item.week.toUpperCase()));
      asked = asked.filter((week) => there.has(week.toUpperCase()));
    }
  const merged = new Map<string, StoredRollup>();
  for (const item of found) {
    const key = item.week.toUpperCase();
    const into = merged.get(key);
    if (into) addCounts(into.amounts, item.amounts);
    else merged.set(key, { ...item, group: 'all', amounts: { ...item.amounts } });
  }
  return [...merged.values()];
}

/** Keeps decisions computed from the people at a version (a newer answer makes them stale). */
export async function keepReleases(scope: string, group: string, releases: readonly StoredRelease[]) {
  for (let i = 0; i < releases.length; i += 25) {
    const requests = releases.slice(i, i + 25).map((r) => {
      const { Key, TableName } = db()
        .entities.reportRollup.get({ scope, kind: 'release', group, week: r.week })
        .params();
      return {
        TableName,
        request: {
          PutRequest: {
            Item: {
              ...Key,
              __edb_e__: 'reportRollup',
              __edb_v__: '1',
              scope,
              kind: 'release',
              group,
              week: r.week,
              version: r.version,
              rule: RELEASE_RULE,
              ...(r.slack !== undefined && Number.isFinite(r.slack) ? { slack: r.slack } : {}),
              release: r.release,
              people: r.people,
              updatedAt: new Date().toISOString(),
            },
          },
        },
      };
    });
    const TableName = requests[0]?.TableName as string;
    let pending = requests.map((r) => r.request);
    for (let attempt = 1; pending.length; attempt++) {
      const answer = await documentClient().send(
        new BatchWriteCommand({ RequestItems: { [TableName]: pending } }),
      );
      pending = (answer.UnprocessedItems?.[TableName] ?? []) as typeof pending;
      if (pending.length && attempt >= 8) throw new Error(`${pending.length} releases were not kept`);
    }
  }
}

/** Deletes every rollup item of a scope. */
export async function clearScope(scope: string): Promise<number> {
  const params = db().entities.reportRollup.query.byScope({ scope }).params() as QueryCommandInput;
  const keys = (await queryAll({ ...params, ProjectionExpression: 'pk, sk' })).map((i) => ({
    pk: i.pk,
    sk: i.sk,
  }));
  await deleteItems(params.TableName as string, keys);
  return keys.length;
}

/**
 * Writes a scope's rollups whole from these contributions: each item put as it must be (never
 * added to), then the items no longer made deleted. Two writes at once, or one repeated, leave the
 * same items: for what is rolled once from answers that no longer change (a sealed campaign
 * cycle, decision 0035), not for scopes answers add to as they come.
 */
export async function replaceScope(
  scope: string,
  contributions: readonly ScopedContribution[],
  texts: readonly PeriodTexts[] = [],
  sealed?: SealedCycle,
): Promise<void> {
  const wanted = expectedRollups(contributions.filter((c) => c.scope === scope)).get(scope) ?? [];
  const query = db().entities.reportRollup.query.byScope({ scope }).params() as QueryCommandInput;
  const TableName = query.TableName as string;
  const itemOf = (kind: StoredRollup['kind'], group: string, week: string) =>
    (
      db().entities.reportRollup.put({ scope, kind, group, week }).params() as {
        Item: Record<string, unknown>;
      }
    ).Item;
  const puts = wanted.map((r) => {
    const Item = itemOf(r.kind, r.group, r.week);
    const prefix = r.kind === 'people' ? 'p:' : 'c:';
    for (const [key, n] of Object.entries(r.amounts)) Item[`${prefix}${key}`] = n;
    return Item;
  });
  for (const { period, entries } of texts)
    textParts(entries).forEach((part, n) =>
      puts.push({ ...itemOf('texts', `part-${n}`, period), entries: part }),
    );
  if (sealed) puts.push({ ...itemOf('steps', 'all', SEALED_STEPS_PERIOD), sealed });
  const kept = new Set(puts.map((i) => `${String(i.pk)}|${String(i.sk)}`));
  const stale = (await queryAll({ ...query, ProjectionExpression: 'pk, sk' })).filter(
    (i) => !kept.has(`${String(i.pk)}|${String(i.sk)}`),
  );
  const requests = [
    ...puts.map((Item) => ({ PutRequest: { Item } })),
    ...stale.map((i) => ({ DeleteRequest: { Key: { pk: i.pk, sk: i.sk } } })),
  ];
  for (let i = 0; i < requests.length; i += 25) {
    let batch = requests.slice(i, i + 25);
    for (let attempt = 1; batch.length; attempt++) {
      const answer = await documentClient().send(
        new BatchWriteCommand({ RequestItems: { [TableName]: batch } }),
      );
      batch = (answer.UnprocessedItems?.[TableName] ?? []) as typeof batch;
      if (batch.length && attempt >= 8)
        throw new Error(`${batch.length} rollups of ${scope} were not written`);
    }
  }
}

/**
 * One free text of a sealed step (decision 0035): the question it answers, the text, and the tag
 * keys of its author's group, nothing of who.
 */
export interface TextEntry {
  /** The question's id. */
  q: string;
  t: string;
  /** The tag keys the author held (short keys, as the people items). */
  g: string[];
}

/** A period's (a cycle step's) free texts. */
export interface PeriodTexts {
  period: string;
  entries: readonly TextEntry[];
}

/** A texts item holds at most this many bytes of texts (an item is at most 400 KB). */
const TEXT_PART_BYTES = 300_000;

/** Texts in parts that each fit in one item, in the order given. */
function textParts(entries: readonly TextEntry[]): TextEntry[][] {
  const parts: TextEntry[][] = [];
  let part: TextEntry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const size = Buffer.byteLength(JSON.stringify(entry));
    if (part.length && bytes + size > TEXT_PART_BYTES) {
      parts.push(part);
      part = [];
      bytes = 0;
    }
    part.push(entry);
    bytes += size;
  }
  if (part.length) parts.push(part);
  return parts;
}

/** The period of a sealed cycle's `steps` item (it belongs to no step). */
const SEALED_STEPS_PERIOD = 'cycle';

/** A custom theme's question as a sealed cycle asked it. */
export interface SealedQuestion {
  id: string;
  title: MultilingualText;
}

/**
 * A sealed cycle's steps as its stop left them (decision 0036): those a custom report's data shot
 * may show, with what names them, and the cycle's name and dates.
 */
export interface SealedCycle {
  campaignId: string;
  cycleId: string;
  internalLabel: string;
  start?: string;
  end?: string;
  defaultLocale: string;
  steps: {
    stepId: string;
    kind: 'feeling' | 'thinking' | 'custom-form' | 'form';
    title: MultilingualText;
    /** A custom theme's Likert questions, in order. */
    questions?: SealedQuestion[];
    /** A custom theme's free-text questions, in order. */
    textQuestions?: SealedQuestion[];
    /** A questionnaire step's form as the cycle asked it (decision 0038). */
    definition?: FormReportDefinition;
  }[];
}

/** A sealed cycle's `steps` item, or null when it was not rolled (one GetItem). */
export async function readSealedCycle(scope: string): Promise<SealedCycle | null> {
  // Its attributes are not declared on the entity (as the counts' are not): read as stored.
  const params = db()
    .entities.reportRollup.get({ scope, kind: 'steps', group: 'all', week: SEALED_STEPS_PERIOD })
    .params() as GetCommandInput;
  const { Item } = await documentClient().send(new GetCommand(params));
  return (Item?.sealed as SealedCycle | undefined) ?? null;
}

/** A scope's free texts by period (its parts joined): one Query. */
export async function readTexts(scope: string): Promise<Map<string, TextEntry[]>> {
  const params = db()
    .entities.reportRollup.query.byScope({ scope, kind: 'texts' })
    .params() as QueryCommandInput;
  const byPeriod = new Map<string, TextEntry[]>();
  for (const item of await queryAll(params)) {
    const period = String(item.week);
    const list = byPeriod.get(period) ?? [];
    list.push(...((item.entries ?? []) as TextEntry[]));
    byPeriod.set(period, list);
  }
  return byPeriod;
}

/**
 * A form scope's kept texts of the weeks `first` to `last`, by week (decision 0033): one Query per
 * shard, at once; the cost grows with the weeks, never with the surveys.
 */
export async function readWeekTexts(
  scope: string,
  first: string,
  last: string,
): Promise<Map<string, TextEntry[]>> {
  const shards = await Promise.all(
    Array.from({ length: TEXT_SHARDS }, (_, shard) =>
      queryAll(
        db()
          .entities.reportRollup.query.byScope({ scope, kind: 'texts', group: textsGroup(shard) })
          .between({ week: first }, { week: last })
          .params() as QueryCommandInput,
      ),
    ),
  );
  const byWeek = new Map<string, TextEntry[]>();
  for (const item of shards.flat()) {
    const week = String(item.week).toUpperCase();
    byWeek.set(week, [...(byWeek.get(week) ?? []), ...Object.values(textsOf(item))]);
  }
  return byWeek;
}

/** The items these contributions make, as `readScope` answers them (what a rebuild writes). */
export function expectedRollups(contributions: readonly ScopedContribution[]): Map<string, StoredRollup[]> {
  const byScope = new Map<string, StoredRollup[]>();
  for (const item of itemDeltas(contributions.map((contribution) => ({ contribution, sign: 1 as const })))) {
    const prefix = item.kind === 'people' ? 'p:' : 'c:';
    const amounts = Object.fromEntries(
      Object.entries(item.adds).map(([k, n]) => [k.slice(prefix.length), n]),
    );
    const list = byScope.get(item.scope) ?? [];
    list.push({ kind: item.kind, group: item.group, week: item.week, amounts });
    byScope.set(item.scope, list);
  }
  for (const item of textsDeltas(contributions.map((contribution) => ({ contribution, sign: 1 as const })))) {
    const list = byScope.get(item.scope) ?? [];
    const texts = Object.fromEntries([...item.set].map(([attribute, entry]) => [attribute.slice(2), entry]));
    list.push({ kind: 'texts', group: item.group, week: item.week, amounts: {}, texts });
    byScope.set(item.scope, list);
  }
  return byScope;
}

const itemKey = (r: StoredRollup) => `${r.kind}|${r.group}|${r.week.toUpperCase()}`;
const sameAmounts = (a: Record<string, number>, b: Record<string, number>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, n]) => b[k] === n);
const entryString = (e: TextEntry | undefined) => (e ? JSON.stringify([e.q, e.t, e.g]) : '');
const sameTexts = (a: Record<string, TextEntry> = {}, b: Record<string, TextEntry> = {}) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([k, e]) => entryString(e) === entryString(b[k]));
const holdsSomething = (r: StoredRollup) =>
  Object.keys(r.amounts).length > 0 || Object.keys(r.texts ?? {}).length > 0;

/** Deletes some items by their keys (BatchWriteItem, 25 at a time, unprocessed ones retried). */
async function deleteItems(TableName: string, keys: readonly Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 25) {
    let requests = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 1; requests.length; attempt++) {
      const answer = await documentClient().send(
        new BatchWriteCommand({ RequestItems: { [TableName]: requests } }),
      );
      requests = (answer.UnprocessedItems?.[TableName] ?? []) as typeof requests;
      if (requests.length && attempt >= 8) throw new Error(`${requests.length} rollups were not deleted`);
    }
  }
}

/**
 * Rebuilds the rollups of some scopes from the raw answers' contributions, or only compares them
 * (`check`): answers the items that differ (`<scope> <kind>|<group>|<week>`), each stored item
 * counted with its week's late layer (`summedRollups`). Writing never changes what reports show of
 * a week closed at `now` whose shown items (people, counts) exist in any of these scopes: its late
 * layer is written again as the answers minus those items, and its kept decisions stay; every
 * other week is cleared and written from the answers (a closed week nobody's answers reached
 * before its close included). Free texts are written whole, whatever the week. Run while the
 * scopes take no answers: an answer written between the clearing and the writing would be counted
 * twice.
 */
export async function rebuildScopes(
  scopes: readonly string[],
  contributions: readonly ScopedContribution[],
  mode: 'check' | 'write',
  now = Date.now(),
): Promise<{ differences: string[] }> {
  const expected = expectedRollups(contributions);
  const all = [...new Set([...scopes, ...expected.keys()])];
  const stored = new Map<string, Record<string, unknown>[]>();
  const differences: string[] = [];
  for (const scope of all) {
    const items = await readScopeItems(scope);
    stored.set(scope, items);
    const amounts = items
      .map(toStored)
      .filter((r) => r.kind !== 'release')
      .map(({ version: _version, ...r }) => r);
    const want = new Map((expected.get(scope) ?? []).filter(holdsSomething).map((r) => [itemKey(r), r]));
    const have = new Map(summedRollups(amounts).map((r) => [itemKey(r), r]));
    for (const key of new Set([...want.keys(), ...have.keys()])) {
      const a = want.get(key);
      const b = have.get(key);
      if (!a || !b || !sameAmounts(a.amounts, b.amounts) || !sameTexts(a.texts, b.texts))
        differences.push(`${scope} ${key}`);
    }
  }
  if (mode === 'write') {
    // The closed weeks whose shown items exist, in any of the scopes (they share the people item).
    const isShown = (r: StoredRollup) =>
      (r.kind === 'people' || r.kind === 'counts') && !isLateGroup(r.group);
    const frozen = new Set(
      [...stored.values()]
        .flat()
        .map(toStored)
        .filter((r) => isShown(r) && weekFrozen(r.week, now))
        .map((r) => r.week.toUpperCase()),
    );
    const isFrozen = (week: string) => frozen.has(week.toUpperCase());
    const late: ItemDelta[] = [];
    for (const scope of all) {
      const items = stored.get(scope) ?? [];
      // A frozen week keeps its shown items and the decisions kept from them; the rest goes.
      const keeps = (r: StoredRollup) => isFrozen(r.week) && (r.kind === 'release' || isShown(r));
      const TableName = (db().entities.reportRollup.query.byScope({ scope }).params() as QueryCommandInput)
        .TableName as string;
      await deleteItems(
        TableName,
        items.filter((i) => !keeps(toStored(i))).map((i) => ({ pk: i.pk, sk: i.sk })),
      );
      // A frozen week's late layer: the answers minus its shown items, attribute by attribute.
      const shown = new Map(
        items
          .map(toStored)
          .filter((r) => isFrozen(r.week) && isShown(r))
          .map((r) => [itemKey(r), r]),
      );
      const made = new Map(
        (expected.get(scope) ?? [])
          .filter((r) => (r.kind === 'people' || r.kind === 'counts') && isFrozen(r.week))
          .map((r) => [itemKey(r), r]),
      );
      for (const key of new Set([...shown.keys(), ...made.keys()])) {
        const r = (made.get(key) ?? shown.get(key)) as StoredRollup;
        const difference: Record<string, number> = { ...made.get(key)?.amounts };
        addCounts(
          difference,
          Object.fromEntries(Object.entries(shown.get(key)?.amounts ?? {}).map(([k, n]) => [k, -n])),
        );
        const prefix = r.kind === 'people' ? 'p:' : 'c:';
        const adds = Object.fromEntries(Object.entries(difference).map(([k, n]) => [`${prefix}${k}`, n]));
        if (Object.keys(adds).length)
          late.push({
            scope,
            kind: r.kind as ItemDelta['kind'],
            group: lateGroupOf(r.group),
            week: r.week,
            adds,
          });
      }
    }
    const added = contributions.map((contribution) => ({ contribution, sign: 1 as const }));
    await writeDeltas(
      [...itemDeltas(added.filter(({ contribution }) => !isFrozen(contribution.week))), ...late],
      textsDeltas(added),
    );
  }
  return { differences: differences.sort() };
}

/**
 * Imports answers of many people (demo data), a few people at a time with `importOne`, then adds
 * all their contributions to the rollups in one pass: a sphere's week is one write for all of them.
 */
export async function importThenRoll<T>(
  people: readonly T[],
  importOne: (person: T) => Promise<{ count: number; contributions: ScopedContribution[] }>,
): Promise<number> {
  let count = 0;
  const contributions: ScopedContribution[] = [];
  for (let i = 0; i < people.length; i += 8) {
    for (const done of await Promise.all(people.slice(i, i + 8).map(importOne))) {
      count += done.count;
      contributions.push(...done.contributions);
    }
  }
  if (contributions.length) await addToRollups(contributions);
  return count;
}
