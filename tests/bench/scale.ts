import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { feelingCounts, isoWeekOf } from '@shared/domain/report-rollups';
import { documentClient } from '../../functions/lib/aws';
import { QuotaTallyEntity, galaxyScope, valueFields } from '../../functions/lib/quotas';
import { defineStore } from '../../functions/lib/db';
import { PEOPLE_PER_SHARD, addToRollups, rollupUpdates } from '../../functions/rollups/rollups';
import { scopeOf, tagKey, type ScopedContribution } from '../../functions/rollups';
import {
  CYCLE_STATE_SHARDS,
  PARTICIPATIONS,
  insertCycle,
  insertParticipant,
  saveProgress,
  type AnswerItem,
  type ParticipantItem,
} from '../../functions/campaigns/repository';
import { campaignsDb } from '../../functions/campaigns/store';
import { stateShardOf } from '../../functions/campaigns/keys';
import type { TestStack } from '../integration/harness';
import { replaceDocSection } from './doc-section';

/**
 * docs/scale.md's hot items, simulated against DynamoDB Local (`BENCH_ONLY=scale`): a 50 000-member
 * sphere in a 200 000-person galaxy, a cycle inviting all 50 000 at once. Each hot item's peak is
 * written through the product's own write functions, paced at an even rate; every write is counted
 * per item and per partition key, second by second, and its write units are counted from the
 * item's size as stored at the end (1 WCU per KB, 2 in a transaction; a ConditionCheck counted as a
 * transactional write of its item, the worst case).
 *
 * - the sphere's week of feelings: 50 000 people seeded with `addToRollups` (people items sharded
 *   by person number, decision 0056), then feelings at the peak through `rollupUpdates`, the items
 *   a feeling's own transaction moves;
 * - the galaxy's participations tally: participations created by `insertParticipant` with the
 *   galaxy's quota taken in their transaction;
 * - the cycle's answers: `saveProgress`, the participation, the answer and the ConditionCheck of the
 *   participant's copy of the cycle's collecting state (decision 0057), with the cycle's 32 copies
 *   and, to compare, with one state item alone (`stateShards` 1: every answer checks copy 0) and
 *   with the cycle item itself as before 0057 (what a cycle stored without copies still checks).
 *   Transactions DynamoDB Local cancels for a conflict (`TransactionConflict`) are counted, whether
 *   `saveProgress` then succeeds on a retry or answers 409 `conflict`.
 */

export const SCALE_SECTION = 'Scale: hot items at the peak of a 50 000-member campaign cycle';

/** DynamoDB's per-partition (and so per-item) limits, AWS's documented figures. */
const PARTITION_WCU = 1_000;
const PARTITION_RCU = 3_000;
const MEMBERS = 50_000;
/** The sphere's groups: 20 departments × 5 sites, each member in one of each. */
const DEPARTMENTS = 20;
const SITES = 5;
/** The peaks simulated (per second) and for how long (s): see docs/scale.md for where they come from. */
const FEELING_RATE = Number(process.env.BENCH_SCALE_FEELINGS ?? 30);
const PARTICIPATION_RATE = Number(process.env.BENCH_SCALE_PARTICIPATIONS ?? 100);
const ANSWER_RATE = Number(process.env.BENCH_SCALE_ANSWERS ?? 150);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 10);

const quotas = defineStore({ quotaTally: QuotaTallyEntity });

type Item = Record<string, unknown>;
type Key = { pk: string; sk: string };
const keyId = (key: Key) => `${key.pk}\u0000${key.sk}`;

/** An item's size as DynamoDB counts it (names + values; numbers ≈ digits / 2 + 1), in bytes. */
export function itemBytes(item: Item): number {
  const value = (v: unknown): number => {
    if (v === null || v === undefined || typeof v === 'boolean') return 1;
    if (typeof v === 'number') return Math.ceil(String(Math.abs(v)).replace(/[.-]/g, '').length / 2) + 1;
    if (typeof v === 'string') return Buffer.byteLength(v);
    if (Array.isArray(v)) return 3 + v.reduce((n: number, e) => n + 1 + value(e), 0);
    if (v instanceof Set) return [...v].reduce((n: number, e) => n + value(e), 0);
    if (typeof v === 'object')
      return 3 + Object.entries(v as Item).reduce((n, [k, e]) => n + 1 + Buffer.byteLength(k) + value(e), 0);
    return 0;
  };
  return Object.entries(item).reduce((n, [k, v]) => n + Buffer.byteLength(k) + value(v), 0);
}

/** The write units of one write of an item of this size: 1 a KB (rounded up), 2 in a transaction. */
export const writeUnits = (bytes: number, transactional: boolean) =>
  Math.max(1, Math.ceil(bytes / 1024)) * (transactional ? 2 : 1);

interface Counter {
  /** item → second → writes */
  items: Map<string, { key: Key; label: string; seconds: Map<number, number> }>;
  started: number;
}
const counter = (): Counter => ({ items: new Map(), started: performance.now() });
function count(c: Counter, keys: readonly { key: Key; label: string }[]) {
  const second = Math.floor((performance.now() - c.started) / 1000);
  for (const { key, label } of keys) {
    const id = keyId(key);
    let entry = c.items.get(id);
    if (!entry) c.items.set(id, (entry = { key, label, seconds: new Map() }));
    entry.seconds.set(second, (entry.seconds.get(second) ?? 0) + 1);
  }
}

/** Runs `n` operations at an even `rate` a second, each started on time whatever the others do. */
async function paced(rate: number, n: number, op: (i: number) => Promise<void>) {
  const started = performance.now();
  const running: Promise<void>[] = [];
  const errors: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    running.push(
      op(i).catch((error: unknown) => {
        const name = error instanceof Error ? error.name : 'unknown';
        errors[name] = (errors[name] ?? 0) + 1;
      }),
    );
  }
  await Promise.all(running);
  return { seconds: Number(((performance.now() - started) / 1000).toFixed(1)), errors };
}

async function sizeOf(key: Key): Promise<number> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: process.env.TABLE_NAME ?? tableName(), Key: key }),
  );
  return Item ? itemBytes(Item) : 0;
}
let table = '';
const tableName = () => table;

export interface HotItemRow {
  case: string;
  item: string;
  /** How many items of this kind the case wrote (the shards of a sharded one). */
  items: number;
  ratePerSecond: number;
  /** The largest item's size at the end (bytes). */
  bytes: number;
  wcuPerWrite: number;
  /** The most writes one item took in one second, and its write units. */
  peakWritesPerSecond: number;
  peakWcuPerSecond: number;
  budget: number;
  met: boolean;
}

export interface PartitionRow {
  case: string;
  partition: string;
  items: number;
  peakWcuPerSecond: number;
  budget: number;
  met: boolean;
}

/** Transactions of a case that DynamoDB Local cancelled for a conflict, and answers finally refused. */
export interface ConflictRow {
  case: string;
  transactions: number;
  cancelledForConflict: number;
  refused: number;
}

export interface ScaleBench {
  date: string;
  seconds: number;
  rates: { feelings: number; participations: number; answers: number };
  rows: HotItemRow[];
  partitions: PartitionRow[];
  conflicts: ConflictRow[];
  people: {
    members: number;
    perShard: number;
    shards: number;
    largestShardBytes: number;
    /** The week's people as one item, as before decision 0056 (the shards' sizes added). */
    unshardedBytes: number;
    unshardedWcuPerTransactionalWrite: number;
    /** What a report reads to decide the week again: its shards, one BatchGetItem per 100. */
    mergeReadKeys: number;
    mergeReadRcu: number;
  };
  errors: Record<string, number>;
}

let last: ScaleBench | null = null;

/** TransactWriteItems calls sent, and those cancelled with a `TransactionConflict` reason. */
const transactions = { sent: 0, conflicts: 0 };
let watching = false;
function watchTransactions(): void {
  if (watching) return;
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'TransactWriteItemsCommand') return next(args);
      transactions.sent++;
      try {
        return await next(args);
      } catch (error) {
        const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
        if (reasons.some((r) => r.Code === 'TransactionConflict')) transactions.conflicts++;
        throw error;
      }
    },
    { step: 'initialize', priority: 'high', name: 'benchTransactionConflicts' },
  );
  watching = true;
}

/** Every item a case wrote, its peak per second and its write units from its size at the end. */
async function judge(
  name: string,
  c: Counter,
  rate: number,
  transactional: boolean,
): Promise<{ rows: HotItemRow[]; partitions: PartitionRow[]; sizes: Map<string, number> }> {
  const sizes = new Map<string, number>();
  const byLabel = new Map<string, HotItemRow>();
  const byPk = new Map<string, { items: number; seconds: Map<number, number> }>();
  for (const [id, { key, label, seconds }] of c.items) {
    const bytes = await sizeOf(key);
    sizes.set(id, bytes);
    const wcu = writeUnits(bytes, transactional);
    const peak = Math.max(...seconds.values());
    const row = byLabel.get(label) ?? {
      case: name,
      item: label,
      items: 0,
      ratePerSecond: rate,
      bytes: 0,
      wcuPerWrite: 0,
      peakWritesPerSecond: 0,
      peakWcuPerSecond: 0,
      budget: PARTITION_WCU,
      met: true,
    };
    row.items++;
    row.bytes = Math.max(row.bytes, bytes);
    row.wcuPerWrite = Math.max(row.wcuPerWrite, wcu);
    row.peakWritesPerSecond = Math.max(row.peakWritesPerSecond, peak);
    row.peakWcuPerSecond = Math.max(row.peakWcuPerSecond, peak * wcu);
    row.met = row.peakWcuPerSecond <= PARTITION_WCU;
    byLabel.set(label, row);
    const pk = byPk.get(key.pk) ?? { items: 0, seconds: new Map<number, number>() };
    pk.items++;
    for (const [s, n] of seconds) pk.seconds.set(s, (pk.seconds.get(s) ?? 0) + n * wcu);
    byPk.set(key.pk, pk);
  }
  const partitions = [...byPk]
    .map(([pk, { items, seconds }]) => {
      const peak = Math.max(...seconds.values());
      return {
        case: name,
        partition: pk.replace(/^\$[^#]+#/, ''),
        items,
        peakWcuPerSecond: peak,
        budget: PARTITION_WCU,
        met: peak <= PARTITION_WCU,
      };
    })
    .filter((p) => p.items > 1)
    .sort((a, b) => b.peakWcuPerSecond - a.peakWcuPerSecond)
    .slice(0, 3);
  return { rows: [...byLabel.values()], partitions, sizes };
}

const keysOfTransaction = (input: TransactWriteCommandInput) =>
  (input.TransactItems ?? []).map((t) => {
    const op = (t.Update ?? t.Put ?? t.ConditionCheck ?? t.Delete) as { Key?: Key; Item?: Item };
    return (op.Key ?? { pk: op.Item?.pk, sk: op.Item?.sk }) as Key;
  });

/** The label of a rollup item by its sort key: its kind and group, shards told apart from groups. */
function rollupLabel(sk: string): string {
  const kind = /#kind_([^#]+)/.exec(sk)?.[1] ?? '?';
  const group = /#group_([^#]+)/.exec(sk)?.[1] ?? '?';
  if (kind === 'people') return "sphere week's people (a shard)";
  if (group === 'all') return "sphere week's whole counts (every feeling)";
  return group.includes('+')
    ? "sphere week's counts of a pair of groups"
    : "sphere week's counts of one group";
}

async function sphereWeek(sphereId: string) {
  const scope = scopeOf('feelings', 'sphere', sphereId);
  const week = isoWeekOf(new Date().toISOString().slice(0, 10));
  const tagsOf = (n: number) => [tagKey(`dept-${n % DEPARTMENTS}`), tagKey(`site-${n % SITES}`)];
  const contribution = (n: number, value: number): ScopedContribution => ({
    scope,
    week,
    person: n.toString(36),
    tagIds: tagsOf(n),
    counts: feelingCounts({
      value,
      energy: 0.5,
      color: value > 0 ? 'yellow' : 'blue',
      wordId: ['calm', 'happy', 'tired', 'stressed', 'proud', 'anxious'][n % 6] as string,
    }),
  });
  // The week as 50 000 people left it: each person's first feeling of the week, through the product.
  await addToRollups(Array.from({ length: MEMBERS }, (_, n) => contribution(n, n % 3 ? 0.5 : -0.5)));
  // The peak: feelings of people drawn across the sphere, each one's transaction of rollup items.
  const c = counter();
  const n = FEELING_RATE * SECONDS;
  const run = await paced(FEELING_RATE, n, async (i) => {
    const person = (i * 7919) % MEMBERS;
    const TransactItems = rollupUpdates([{ contribution: contribution(person, 0.5), sign: 1 }], Date.now());
    await documentClient().send(new TransactWriteCommand({ TransactItems }));
    count(
      c,
      keysOfTransaction({ TransactItems }).map((key) => ({ key, label: rollupLabel(key.sk) })),
    );
  });
  const judged = await judge('Feelings of the 50 000-member sphere', c, FEELING_RATE, true);
  // The people item's shards, all of them (the peak touched some): their sizes, and the whole week.
  const shards = Math.ceil(MEMBERS / PEOPLE_PER_SHARD);
  const peopleKey = (shard: number) => {
    const any = [...c.items.values()].find((e) => e.label.includes('people'))?.key as Key;
    return {
      pk: any.pk,
      sk: any.sk.replace(/#group_[^#]+/, `#group_${shard === 0 ? 'all' : `all.${shard}`}`),
    };
  };
  const shardSizes = await Promise.all(Array.from({ length: shards }, (_, s) => sizeOf(peopleKey(s))));
  const unsharded = shardSizes.reduce((a, b) => a + b, 0);
  return {
    ...judged,
    run,
    people: {
      members: MEMBERS,
      perShard: PEOPLE_PER_SHARD,
      shards,
      largestShardBytes: Math.max(...shardSizes),
      unshardedBytes: unsharded,
      unshardedWcuPerTransactionalWrite: writeUnits(unsharded, true),
      mergeReadKeys: shards,
      // Eventually consistent BatchGetItem: half a unit per 4 KB of each item.
      mergeReadRcu: shardSizes.reduce((n, b) => n + Math.ceil(b / 4096) / 2, 0),
    },
  };
}

async function galaxyTally(galaxyId: string, cycleId: string) {
  await quotas()
    .entities.quotaTally.put({
      scope: galaxyScope(galaxyId),
      kind: PARTICIPATIONS,
      used: 0,
      ...valueFields(200_000),
    })
    .go({ response: 'none' });
  const tallyKey = quotas()
    .entities.quotaTally.get({ scope: galaxyScope(galaxyId), kind: PARTICIPATIONS })
    .params().Key as Key;
  const c = counter();
  const n = PARTICIPATION_RATE * SECONDS;
  const run = await paced(PARTICIPATION_RATE, n, async (i) => {
    const item: Omit<ParticipantItem, 'revision'> = {
      cycleId,
      mode: 'live',
      userId: `scale-user-${i}`,
      campaignId: 'scale-campaign',
      sphereId: 'scale-sphere',
      status: 'blank',
      steps: [],
      expirationDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    };
    await insertParticipant(item, galaxyId);
    count(c, [{ key: tallyKey, label: "galaxy's participations tally (every participation)" }]);
  });
  return {
    ...(await judge('Participations in the 200 000-person galaxy', c, PARTICIPATION_RATE, true)),
    run,
  };
}

/**
 * `checked`: the state copies an answer checks (decision 0057), 1 for one state item alone, 0 for
 * the cycle item itself as before (what a cycle stored without copies still does).
 */
async function cycleAnswers(cycleId: string, checked: number) {
  const campaignId = 'scale-campaign';
  const steps = ['feeling', 'thinking', 'theme-1', 'theme-2', 'theme-3'];
  await insertCycle({
    campaignId,
    cycleId,
    sphereId: 'scale-sphere',
    internalLabel: 'Spring pulse 2027',
    // A cycle as an admin writes it: a message in three languages and three notifications.
    message: Object.fromEntries(
      ['fr', 'nl', 'en'].map((l) => [l, `Message ${l}: `.padEnd(600, 'Votre avis compte. ')]),
    ),
    measureIds: ['m-feeling', 'm-thinking', 'm-theme'],
    notifications: ['invite', 'remind-1', 'remind-2'].map((id) => ({
      id,
      target: 'participant',
      protocol: 'email',
      anchor: 'start',
      offsetDays: id === 'invite' ? 0 : 3,
      subject: `Subject of ${id}`,
      message: 'Your opinion counts: {url} '.padEnd(400, 'Lorem ipsum. '),
    })),
    status: 'inProgress',
    answerSalt: 'scale-salt',
    start: new Date().toISOString(),
  } as Parameters<typeof insertCycle>[0]);
  const c = counter();
  const caseName = `Answers to the cycle's 5 steps (${
    checked === 0
      ? 'the cycle item, as before 0057'
      : checked === 1
        ? 'one state item'
        : `${checked} state copies`
  })`;
  watchTransactions();
  const sentBefore = { ...transactions };
  const n = ANSWER_RATE * SECONDS;
  const people = Math.ceil(n / steps.length);
  // Each person's participation first (not counted: the participations case counts those).
  const participants = await Promise.all(
    Array.from({ length: people }, (_, p) =>
      insertParticipant({
        cycleId,
        mode: 'live',
        userId: `scale-answerer-${p}`,
        campaignId,
        sphereId: 'scale-sphere',
        status: 'inProgress',
        steps: steps.map((stepId) => ({ stepId, status: 'todo' as const })),
        expirationDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      }),
    ),
  );
  const current = new Map(participants.map((p) => [p.userId, p]));
  // A person's saves never overlap, as in the product (one screen after the other): on a loaded
  // machine a save may outlast the 2 s before the same person's next one, which then waits for it
  // rather than failing on the participation's revision.
  const inFlight = new Map<number, Promise<void>>();
  const run = await paced(ANSWER_RATE, n, (i) => {
    const p = i % people;
    const save = (inFlight.get(p) ?? Promise.resolve()).catch(() => undefined).then(() => saveOne(i));
    inFlight.set(p, save);
    return save;
  });
  async function saveOne(i: number) {
    // Person after person, each answering their steps in turn.
    const p = i % people;
    const s = Math.floor(i / people) % steps.length;
    const before = current.get(`scale-answerer-${p}`)!;
    const stepId = steps[s] as string;
    const answer: AnswerItem = {
      cycleId,
      answerKey: `answer-${p}-${stepId}`,
      campaignId,
      sphereId: 'scale-sphere',
      measureId: 'm-feeling',
      stepId,
      type: 'feeling',
      value: { type: 'feeling', value: 0.5, energy: 0.5, wordId: 'calm' },
      tagIds: [tagKey('dept-1')],
      day: new Date().toISOString().slice(0, 10),
      isTest: false,
    } as AnswerItem;
    const next = await saveProgress(
      before,
      {
        status: 'inProgress',
        steps: before.steps.map((x) => (x.stepId === stepId ? { ...x, status: 'done' as const } : x)),
      },
      answer,
      checked || undefined,
    );
    current.set(before.userId, next);
    count(c, [
      {
        key: { pk: participantPk(cycleId), sk: participantSk(before.userId) },
        label: 'a participation (its own item)',
      },
      { key: { pk: answerPk(cycleId), sk: answerSk(answer.answerKey) }, label: 'an answer (its own item)' },
      {
        key:
          checked === 0
            ? (campaignsDb().entities.campaignCycle.get({ campaignId, cycleId }).params().Key as Key)
            : stateKey(cycleId, stateShardOf(before.userId, checked)),
        label:
          checked === 0
            ? 'the cycle (ConditionCheck of every answer)'
            : checked === 1
              ? "the cycle's one state item (ConditionCheck of every answer)"
              : "a copy of the cycle's state (the answerer's ConditionCheck)",
      },
    ]);
  }
  const conflicts: ConflictRow = {
    case: caseName,
    transactions: transactions.sent - sentBefore.sent,
    cancelledForConflict: transactions.conflicts - sentBefore.conflicts,
    refused: run.errors.ConflictError ?? 0,
  };
  return { ...(await judge(caseName, c, ANSWER_RATE, true)), run, conflicts };
}

// The keys as ElectroDB writes them, read from the product's entities once.
const participantPk = (cycleId: string) =>
  campaignsDb().entities.campaignParticipant.get({ cycleId, mode: 'live', userId: 'x' }).params().Key
    .pk as string;
const participantSk = (userId: string) =>
  campaignsDb().entities.campaignParticipant.get({ cycleId: 'x', mode: 'live', userId }).params().Key
    .sk as string;
const answerPk = (cycleId: string) =>
  campaignsDb().entities.campaignAnswer.get({ cycleId, answerKey: 'x' }).params().Key.pk as string;
const answerSk = (answerKey: string) =>
  campaignsDb().entities.campaignAnswer.get({ cycleId: 'x', answerKey }).params().Key.sk as string;
const stateKey = (cycleId: string, shard: number) =>
  campaignsDb().entities.campaignCycleState.get({ cycleId, shard }).params().Key as Key;

/**
 * Runs the simulation and writes tests/bench/results/scale.json and its section of
 * docs/benchmarks.md (the section replaced in place, or added at the end).
 */
export async function benchScale(
  stack: TestStack,
  options: { selected: (name: string) => boolean; results: string },
): Promise<ScaleBench | null> {
  if (!options.selected(SCALE_SECTION)) return null;
  void stack;
  table = (quotas().entities.quotaTally.get({ scope: 'x', kind: 'x' }).params() as { TableName: string })
    .TableName;
  const stamp = Date.now().toString(36);
  const sphere = await sphereWeek(`scale-sphere-${stamp}`);
  const galaxy = await galaxyTally(`scale-galaxy-${stamp}`, `scale-cycle-p-${stamp}`);
  const legacy = await cycleAnswers(`scale-cycle-0-${stamp}`, 0);
  const single = await cycleAnswers(`scale-cycle-1-${stamp}`, 1);
  const answers = await cycleAnswers(`scale-cycle-${stamp}`, CYCLE_STATE_SHARDS);
  const errors: Record<string, number> = {};
  for (const run of [sphere.run, galaxy.run, legacy.run, single.run, answers.run])
    for (const [k, n] of Object.entries(run.errors)) errors[k] = (errors[k] ?? 0) + n;
  last = {
    date: new Date().toISOString(),
    seconds: SECONDS,
    rates: { feelings: FEELING_RATE, participations: PARTICIPATION_RATE, answers: ANSWER_RATE },
    rows: [...sphere.rows, ...galaxy.rows, ...legacy.rows, ...single.rows, ...answers.rows],
    partitions: [
      ...sphere.partitions,
      ...galaxy.partitions,
      ...legacy.partitions,
      ...single.partitions,
      ...answers.partitions,
    ],
    conflicts: [legacy.conflicts, single.conflicts, answers.conflicts],
    people: sphere.people,
    errors,
  };
  writeFileSync(join(options.results, 'scale.json'), JSON.stringify(last, null, 2) + '\n');
  replaceDocSection('docs/benchmarks.md', scaleLines(last));
  return last;
}

const yesNo = (value: boolean) => (value ? 'yes' : '**no**');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The section of docs/benchmarks.md for the last run (nothing if none ran). */
export function scaleLines(bench: ScaleBench | null = last): string[] {
  if (!bench) return [];
  const p = bench.people;
  return [
    `## ${SCALE_SECTION} (docs/scale.md)`,
    '',
    `Simulated by tests/bench/scale.ts (\`BENCH_ONLY=scale\` runs it alone), ${bench.date}. Raw figures: \`tests/bench/results/scale.json\`. Each case written for ${bench.seconds} s at its peak rate through the product's write functions, on DynamoDB Local; writes counted per item and per second, write units from each item's size at the end (1 WCU per KB rounded up, ×2 in a transaction).`,
    '',
    '| case | hot item | items | rate (/s) | largest item (KB) | WCU per write | peak writes/s on one item | peak WCU/s on one item | target | met |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...bench.rows.map(
      (r) =>
        `| ${r.case} | ${r.item} | ${r.items} | ${r.ratePerSecond} | ${kb(r.bytes)} | ${r.wcuPerWrite} | ${r.peakWritesPerSecond} | ${r.peakWcuPerSecond} | ≤ ${PARTITION_WCU} WCU/s | ${yesNo(r.met)} |`,
    ),
    '',
    '| case | busiest partition keys (several items) | items | peak WCU/s on the key | target | met |',
    '|---|---|---|---|---|---|',
    ...bench.partitions.map(
      (r) =>
        `| ${r.case} | \`${r.partition.slice(0, 60)}\` | ${r.items} | ${r.peakWcuPerSecond} | ≤ ${PARTITION_WCU} WCU/s | ${yesNo(r.met)} |`,
    ),
    '',
    `The sphere's week of ${p.members.toLocaleString('en').replace(/,/g, ' ')} people (decision 0056): ${p.shards} people items of ${p.perShard} person numbers, the largest ${kb(p.largestShardBytes)} KB. As one item (before 0056) the week would hold ${kb(p.unshardedBytes)} KB: ${p.unshardedBytes > 400 * 1024 ? "past DynamoDB's 400 KB item limit, so the feelings of the week would fail once it was full" : 'under the 400 KB item limit'}, and each feeling's \`ADD\` to it would cost ${p.unshardedWcuPerTransactionalWrite} WCU (${Math.floor(PARTITION_WCU / p.unshardedWcuPerTransactionalWrite)} feelings a second at most). The merge on read: a report that decides the week again reads its ${p.mergeReadKeys} shards by BatchGetItem (${Math.ceil(p.mergeReadKeys / 100)} calls sent together), ${p.mergeReadRcu} RCU eventually consistent, against ${PARTITION_RCU} RCU/s a partition.`,
    '',
    '| case | transactions sent | cancelled for a conflict (TransactionConflict) | answers refused (409 `conflict`) after the retries |',
    '|---|---|---|---|',
    ...(bench.conflicts ?? []).map(
      (r) => `| ${r.case} | ${r.transactions} | ${r.cancelledForConflict} | ${r.refused} |`,
    ),
    '',
    `Errors during the runs: ${
      Object.keys(bench.errors).length
        ? Object.entries(bench.errors)
            .map(([k, n]) => `${n} × ${k}`)
            .join(', ')
        : 'none'
    }. DynamoDB Local enforces no throughput: the limits are AWS's documented figures, the simulation shows the writes each item and key takes.`,
    '',
  ];
}
