import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { DEFAULT_SPHERE_LIMITS, type SphereRole } from '@shared/domain/spheres';
import { documentClient } from '../../functions/lib/aws';
import { defineStore } from '../../functions/lib/db';
import { Entity, SERVICE } from '../../functions/lib/entity';
import { ConflictError } from '../../functions/lib/errors';
import {
  QuotaTallyEntity,
  createWithGalaxyQuotas,
  galaxyScope,
  valueFields,
} from '../../functions/lib/quotas';
import { importSphere } from '../../functions/spheres/seeding';
import { spheresDb } from '../../functions/spheres/store';
import type { TestStack } from '../integration/harness';
import * as dynamodb from '@aws-sdk/client-dynamodb';
import { describeCalls, dynamoTimeOf, recordDynamoCalls, settled, type DynamoCall } from './dynamo-time';
import { pacedLoad, type LoadRequest, type PacedResult } from './paced-load';

/**
 * The galaxy quotas of decision 0045, measured by `npm run bench` (registered in tests/bench/run.ts):
 *
 * - **The quota check.** A tag created in a sphere of no galaxy, then in a sphere of a galaxy whose
 *   `tags` quota has a value: the items one create writes (the galaxy's take must add at most one
 *   item per quota kind to the create's own transaction, and no read), and the route's p50 against
 *   the DynamoDB time it needs, as the route rows of docs/benchmarks.md.
 * - **A hot tally.** Every participation of a galaxy takes one conditional ADD on one tally item
 *   (`engagement-up-participations`). The takes of 50 000 people, paced at 200 a second, each one a
 *   minimal transaction of its own item and the take through `createWithGalaxyQuotas`, served by a
 *   small HTTP server in this process so that tests/bench/paced-load.ts drives them as it drives the
 *   routes: the rate achieved, the latencies, the cancellations by reason, and the tally's usage at
 *   the end against the takes that succeeded.
 *
 * `BENCH_ONLY=galaxy` measures both; `BENCH_GALAXY_PEOPLE=<n>` drives fewer people than 50 000 for a
 * quick check (the section then says how many).
 */

export const GALAXY_ROWS = {
  noGalaxy: 'Galaxy quota check: POST /v1/spheres/{id}/tags, a sphere of no galaxy',
  inGalaxy: "Galaxy quota check: POST /v1/spheres/{id}/tags, a sphere of a galaxy with a 'tags' quota",
  participations: 'Galaxy participation tally at 200/s in a 50 000-person galaxy',
} as const;

/** Each of the two cases, loaded at the same time: 20 req/s of tag creates, as the organisations routes. */
const TAG_RATE = 10;
const TAGS_VALUE = 100_000;
const PARTICIPATION_RATE = 200;
const PEOPLE = Number(process.env.BENCH_GALAXY_PEOPLE ?? 50_000);
const PARTICIPATION_KIND = 'engagement-up-participations';
/** Above the 50 000 people's takes and their alert (80 %): every take is the quiet one. */
const PARTICIPATIONS_VALUE = 100_000;
const ALONE = 30;
const REPLAYS = 30;

/** What one item of DynamoDB takes, and what a transactional write of an item (≤ 1 KB) costs (AWS). */
const ITEM_WCU_PER_SECOND = 1_000;
const TRANSACTIONAL_WCU_PER_ITEM = 2;

interface TagCase {
  route: string;
  galaxy: boolean;
  ratePerSecond: number;
  durationSeconds: number;
  load: PacedResult;
  dynamoCalls: string[];
  /** Items one create writes (Put, Update, Delete: in a transaction or alone). */
  itemsWritten: number;
  /** The items of its TransactWriteItems, in the order sent (`Put`, `Update`). */
  transactItems: string[];
  dynamoMs: number | null;
  ratio: number | null;
  aloneP50Ms: number;
  aloneRatio: number | null;
  handlerCpuMs: number;
  dynamoLocalCpuMs: number | null;
  /** The galaxy's `tags` tally at the end, and the tags created in the sphere (every 201). */
  galaxyTally?: { used: number; created: number };
}

interface ParticipationRun {
  name: string;
  people: number;
  ratePerSecond: number;
  value: number;
  load: PacedResult;
  /** The whole run: from the first take due to the last answer (s). */
  seconds: number;
  /** Takes that succeeded a second, over the run. */
  achievedPerSecond: number;
  /** createWithGalaxyQuotas alone, in this process (ms): the transaction and its retry if any. */
  takeP50Ms: number;
  takeP99Ms: number;
  succeeded: number;
  /** The take recorded before the load (1 when it succeeded): the tally counts it too. */
  recordedSucceeded: number;
  /** Transactions cancelled because a condition failed (the quiet take's or the own item's). */
  conditionalFailures: number;
  /** Every cancellation, by item and reason (`tally ConditionalCheckFailed: 2`). */
  cancellations: Record<string, number>;
  /** Attempts made: quiet, then `within` when a quiet one was refused. */
  attempts: { quiet: number; within: number };
  quotaBlocked: number;
  /** Errors other than a cancelled transaction, by name. */
  errors: Record<string, number>;
  tallyUsed: number;
  alertedValue: number | null;
  exact: boolean;
  /** One take alone: its calls, their DynamoDB time replayed, and the capacity DynamoDB Local counts. */
  dynamoCalls: string[];
  dynamoMs: number | null;
  consumedWcu: number | null;
}

export interface GalaxyQuotaBench {
  date: string;
  tagCreates: TagCase[];
  participations: ParticipationRun | null;
}

let last: GalaxyQuotaBench | null = null;
/** The results file the last run wrote. */
let lastFile = 'galaxy-quotas.json';

/** A minimal participation: its own item, written in the take's transaction (decision 0045). */
const BenchParticipationEntity = new Entity({
  model: { entity: 'benchParticipation', version: '1', service: SERVICE },
  attributes: {
    participationId: { type: 'string', required: true, readOnly: true },
    galaxyId: { type: 'string', required: true, readOnly: true },
    takenAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    participation: {
      pk: { field: 'pk', composite: ['participationId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

const db = defineStore({ benchParticipation: BenchParticipationEntity, quotaTally: QuotaTallyEntity });

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number);
const round = (n: number, digits = 1) => Number(n.toFixed(digits));

/** The stack's DynamoDB Local JVM (its /proc id), found once by the port it listens on. */
let dynamoLocalPid: string | null = null;
function findDynamoLocal(port: string): void {
  dynamoLocalPid = null;
  try {
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        if (!cmdline.some((arg) => arg.includes('DynamoDBLocal'))) continue;
        // Another stack on the machine (a test run) has its own JVM on another port.
        if (cmdline[cmdline.indexOf('-port') + 1] === port) dynamoLocalPid = pid;
      } catch {
        // The process ended while it was read.
      }
    }
  } catch {
    // No /proc here.
  }
}

/** CPU time the stack's DynamoDB Local has used so far (ms), from /proc as run.ts reads it; null without. */
function dynamoLocalCpu(): number | null {
  if (!dynamoLocalPid) return null;
  try {
    const fields = readFileSync(`/proc/${dynamoLocalPid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ: 100 ticks a second
  } catch {
    return null;
  }
}

async function once(request: LoadRequest): Promise<Response> {
  const response = await fetch(request.url, {
    method: request.method ?? 'GET',
    headers: request.headers as Record<string, string>,
    ...(request.body ? { body: request.body } : {}),
  });
  if (!response.ok)
    throw new Error(
      `${request.method ?? 'GET'} ${request.url} answered ${response.status}: ${await response.text()}`,
    );
  await response.arrayBuffer();
  return response;
}

const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

interface Alone {
  p50Ms: number;
  handlerCpuMs: number;
  dynamoLocalCpuMs: number | null;
}

/**
 * Each request ALONE times, one after the other and the cases in turn (after five unmeasured
 * rounds), so that a burst of other work on the machine slows every case alike: each one's median
 * latency and the CPU its requests took in this process and in DynamoDB Local.
 */
async function servedAlone(requests: readonly LoadRequest[]): Promise<Alone[]> {
  for (let i = 0; i < 5; i++) for (const request of requests) await once(request);
  const times = requests.map(() => [] as number[]);
  const cpu = requests.map(() => 0);
  const jvm = requests.map(() => 0 as number | null);
  for (let i = 0; i < ALONE; i++)
    for (const [j, request] of requests.entries()) {
      const jvmBefore = dynamoLocalCpu();
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await once(request);
      times[j]!.push(performance.now() - started);
      const used = process.cpuUsage(cpuBefore);
      cpu[j]! += (used.user + used.system) / 1000;
      const jvmAfter = dynamoLocalCpu();
      const spent = jvm[j];
      jvm[j] =
        spent === null || jvmBefore === null || jvmAfter === null ? null : spent! + jvmAfter - jvmBefore;
    }
  return requests.map((_, j) => ({
    p50Ms: round(median(times[j]!)),
    handlerCpuMs: round(cpu[j]! / ALONE),
    dynamoLocalCpuMs: jvm[j] === null ? null : round(jvm[j]! / ALONE),
  }));
}

type CommandClass = new (input: unknown) => Parameters<dynamodb.DynamoDBClient['send']>[0];

/**
 * The DynamoDB time of each case's recorded calls, as dynamoTimeOf (tests/bench/dynamo-time.ts)
 * measures it, but the cases replayed in turn round after round on one client: the median of each
 * case's sums over REPLAYS rounds (ms). A call that fails on replay (a create's not-exists) is timed
 * all the same.
 */
async function dynamoTimesOf(
  cases: readonly (readonly DynamoCall[])[],
  endpoint: string,
): Promise<(number | null)[]> {
  const client = new dynamodb.DynamoDBClient({
    region: 'eu-west-1',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const commands = dynamodb as unknown as Record<string, CommandClass>;
  const sums = cases.map(() => [] as number[]);
  try {
    for (let round = 0; round < REPLAYS + 1; round++)
      for (const [j, calls] of cases.entries()) {
        let sum = 0;
        for (const call of calls) {
          const Command = commands[call.command];
          if (!Command) throw new Error(`No DynamoDB command named ${call.command}`);
          const started = performance.now();
          await client.send(new Command(structuredClone(call.input))).catch(() => undefined);
          sum += performance.now() - started;
        }
        // The first round opens the client's connection: not counted.
        if (round > 0) sums[j]!.push(sum);
      }
  } finally {
    client.destroy();
  }
  return sums.map((list) => (list.length ? round(median(list), 2) : null));
}

/** The items a request's calls write, and the kinds of its transactions' items in order. */
export function writesOf(calls: readonly DynamoCall[]): { itemsWritten: number; transactItems: string[] } {
  let itemsWritten = 0;
  const transactItems: string[] = [];
  for (const { command, input } of calls) {
    const asked = input as {
      TransactItems?: Record<string, unknown>[];
      RequestItems?: Record<string, unknown[]>;
    };
    if (command === 'TransactWriteItemsCommand')
      for (const item of asked.TransactItems ?? []) {
        const kind = Object.keys(item)[0] ?? '?';
        transactItems.push(kind);
        if (kind !== 'ConditionCheck') itemsWritten++;
      }
    else if (['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand'].includes(command)) itemsWritten++;
    else if (command === 'BatchWriteItemCommand')
      itemsWritten += Object.values(asked.RequestItems ?? {}).reduce((n, list) => n + list.length, 0);
  }
  return { itemsWritten, transactItems };
}

/** A sphere with room for every tag the bench creates, its admin the given person. */
async function tagSphere(sphereId: string, admin: { userId: string; email: string }): Promise<void> {
  await importSphere(
    {
      sphereId,
      name: `Bench ${sphereId}`,
      nameKey: `bench ${sphereId}`,
      category: 'company',
      ownerId: admin.userId,
      address: { country: 'BE' as const },
      domains: [],
      isStudyProgram: false,
      isTerminalEnabled: false,
      customizableThinkingAxes: false,
      accessPolicy: 'AUTH' as const,
      languages: { primary: 'fr' as const, extras: [] },
      limits: { ...DEFAULT_SPHERE_LIMITS, tags: TAGS_VALUE },
      entitlements: {
        engagementUp: { active: true, campaignTemplatesAvailable: false },
        salesUp: { active: false },
      },
      sphereKey: `key-${sphereId}`,
    },
    [
      {
        memberId: 'admin',
        userId: admin.userId,
        name: 'Galaxy Admin',
        email: admin.email,
        roles: ['admin', 'contributor'] as SphereRole[],
        active: true,
        subscription: 'starter' as const,
      },
    ],
  );
}

/** A tally of a galaxy with a value and nothing used: a quota the takes are checked against. */
async function galaxyQuota(galaxyId: string, kind: string, value: number): Promise<void> {
  await db()
    .entities.quotaTally.put({ scope: galaxyScope(galaxyId), kind, used: 0, ...valueFields(value) })
    .go({ response: 'none' });
}

async function tallyOf(galaxyId: string, kind: string) {
  const { data } = await db()
    .entities.quotaTally.get({ scope: galaxyScope(galaxyId), kind })
    .go({ consistent: true });
  return data;
}

/** The tag creates of a sphere of no galaxy and of a sphere of a galaxy, each measured as a route row. */
async function benchTagCreates(
  stack: TestStack,
  selected: (name: string) => boolean,
  seconds: number,
): Promise<TagCase[]> {
  const cases = [
    { route: GALAXY_ROWS.noGalaxy, sphereId: 'bench-galaxy-tags-0', galaxyId: undefined },
    { route: GALAXY_ROWS.inGalaxy, sphereId: 'bench-galaxy-tags-1', galaxyId: 'bench-galaxy-tags' },
  ].filter(({ route }) => selected(route));
  if (cases.length === 0) return [];
  const email = 'bench.galaxy@example.be';
  const tokens = await stack.signInWithCode(email, { firstName: 'Galaxy' });
  const userId = decodeJwt(tokens.accessToken).sub as string;
  const requests: LoadRequest[] = [];
  const recorded: DynamoCall[][] = [];
  for (const { sphereId, galaxyId } of cases) {
    await tagSphere(sphereId, { userId, email });
    if (galaxyId) {
      await galaxyQuota(galaxyId, 'tags', TAGS_VALUE);
      await spheresDb().entities.sphere.patch({ sphereId }).set({ galaxyId }).go();
    }
    const request: LoadRequest = {
      url: `${stack.endpoints.api}/v1/spheres/${sphereId}/tags`,
      method: 'POST',
      headers: {
        'x-language': 'fr',
        'x-source': 'bench',
        'content-type': 'application/json',
        authorization: tokens.accessToken,
      },
      body: JSON.stringify({ name: { fr: 'Étiquette' }, type: 'department', color: '#336699', weight: 1 }),
    };
    // The first create counts the sphere's tags once (its tally is missing): the later ones do not.
    await once(request);
    recorded.push(
      await recordDynamoCalls(async () => {
        await once(request);
      }),
    );
    requests.push(request);
  }
  // The cases side by side: replayed in turn, served alone in turn, then loaded at the same time,
  // each at TAG_RATE, so that what else the machine does weighs on both alike.
  const dynamoMs = await dynamoTimesOf(recorded, stack.services.dynamodb);
  await settled();
  const alone = await servedAlone(requests);
  await settled();
  const loads = await Promise.all(requests.map((request) => pacedLoad(request, TAG_RATE, seconds)));
  await settled();
  const measured: TagCase[] = [];
  for (const [j, { route, galaxyId }] of cases.entries()) {
    const load = loads[j]!;
    const calls = recorded[j]!;
    const ms = dynamoMs[j] ?? null;
    const served = alone[j]!;
    const created = 2 + 5 + ALONE + (load.requests - load.non2xx - load.errors);
    const tally = galaxyId ? await tallyOf(galaxyId, 'tags') : null;
    measured.push({
      route,
      galaxy: galaxyId !== undefined,
      ratePerSecond: TAG_RATE,
      durationSeconds: seconds,
      load,
      dynamoCalls: describeCalls(calls),
      ...writesOf(calls),
      dynamoMs: ms,
      ratio: ms ? round(load.p50Ms / ms, 2) : null,
      aloneP50Ms: served.p50Ms,
      aloneRatio: ms ? round(served.p50Ms / ms, 2) : null,
      handlerCpuMs: served.handlerCpuMs,
      dynamoLocalCpuMs: served.dynamoLocalCpuMs,
      ...(tally ? { galaxyTally: { used: tally.used ?? 0, created } } : {}),
    });
  }
  return measured;
}

/** The WCU one take's transaction costs as DynamoDB Local counts it (ReturnConsumedCapacity), on its own tally. */
async function consumedByOneTake(): Promise<number | null> {
  const galaxyId = 'bench-galaxy-capacity';
  await galaxyQuota(galaxyId, PARTICIPATION_KIND, PARTICIPATIONS_VALUE);
  const params = db()
    .transaction.write(({ benchParticipation, quotaTally }) => [
      benchParticipation
        .create({ participationId: 'capacity-probe', galaxyId, takenAt: new Date().toISOString() })
        .commit(),
      quotaTally
        .update({ scope: galaxyScope(galaxyId), kind: PARTICIPATION_KIND })
        .add({ used: 1 })
        .commit(),
    ])
    .params() as TransactWriteCommandInput;
  const answer = await documentClient().send(
    new TransactWriteCommand({ ...params, ReturnConsumedCapacity: 'INDEXES' }),
  );
  const consumed = answer.ConsumedCapacity?.[0];
  return consumed ? (consumed.CapacityUnits ?? consumed.WriteCapacityUnits ?? null) : null;
}

/**
 * The takes of PEOPLE people at PARTICIPATION_RATE a second, each its own minimal participation item
 * and the galaxy's take in one transaction (createWithGalaxyQuotas), served over loopback HTTP so
 * that pacedLoad sends them on time whatever the answers (an open model, decision 0040).
 */
async function benchParticipations(stack: TestStack): Promise<ParticipationRun> {
  const galaxyId = 'bench-galaxy-participations';
  await galaxyQuota(galaxyId, PARTICIPATION_KIND, PARTICIPATIONS_VALUE);
  let next = 0;
  let succeeded = 0;
  let conditionalFailures = 0;
  let quotaBlocked = 0;
  const attempts = { quiet: 0, within: 0 };
  const cancellations: Record<string, number> = {};
  const errors: Record<string, number> = {};
  const takes: number[] = [];
  const take = async (): Promise<number> => {
    const participationId = `bench-participation-${next++}`;
    let attempt = 0;
    const started = performance.now();
    try {
      const outcome = await createWithGalaxyQuotas(
        { galaxyId, kinds: [PARTICIPATION_KIND] },
        async (takesOf) => {
          attempts[attempt++ === 0 ? 'quiet' : 'within']++;
          const result = await db()
            .transaction.write(({ benchParticipation, quotaTally }) => [
              benchParticipation
                .create({ participationId, galaxyId, takenAt: new Date().toISOString() })
                .commit(),
              ...takesOf(quotaTally),
            ])
            .go();
          if (result.canceled) {
            if (result.data.some((item) => item.code === 'ConditionalCheckFailed')) conditionalFailures++;
            result.data.forEach((item, index) => {
              if (!item.rejected) return;
              const key = `${index === 0 ? 'own item' : 'tally'} ${item.code}`;
              cancellations[key] = (cancellations[key] ?? 0) + 1;
            });
          }
          return result;
        },
      );
      takes.push(performance.now() - started);
      if (outcome.canceled) return 409;
      succeeded++;
      return 201;
    } catch (error) {
      takes.push(performance.now() - started);
      if (error instanceof ConflictError) {
        quotaBlocked++;
        return 409;
      }
      const name = error instanceof Error ? error.name : 'unknown';
      errors[name] = (errors[name] ?? 0) + 1;
      return 500;
    }
  };
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      void take().then((status) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end('{}'),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/take`;
    const request: LoadRequest = {
      url,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    };
    // One take recorded and replayed alone (its DynamoDB time), as the route rows; then the load.
    const calls = await recordDynamoCalls(async () => {
      await once(request);
    });
    const dynamoMs = await dynamoTimeOf(calls, stack.services.dynamodb);
    const consumedWcu = await consumedByOneTake();
    await settled();
    // The load's figures alone: the recorded take is counted in the tally, not in them.
    const recorded = succeeded;
    succeeded = 0;
    conditionalFailures = 0;
    quotaBlocked = 0;
    attempts.quiet = 0;
    attempts.within = 0;
    for (const key of Object.keys(cancellations)) delete cancellations[key];
    for (const key of Object.keys(errors)) delete errors[key];
    takes.length = 0;
    const started = performance.now();
    const load = await pacedLoad(request, PARTICIPATION_RATE, PEOPLE / PARTICIPATION_RATE);
    const seconds = (performance.now() - started) / 1000;
    const tally = await tallyOf(galaxyId, PARTICIPATION_KIND);
    const sorted = [...takes].sort((a, b) => a - b);
    return {
      name: GALAXY_ROWS.participations,
      people: PEOPLE,
      ratePerSecond: PARTICIPATION_RATE,
      value: PARTICIPATIONS_VALUE,
      load,
      seconds: round(seconds),
      achievedPerSecond: round(succeeded / seconds),
      takeP50Ms: round(percentile(sorted, 0.5)),
      takeP99Ms: round(percentile(sorted, 0.99)),
      succeeded,
      recordedSucceeded: recorded,
      conditionalFailures,
      cancellations,
      attempts,
      quotaBlocked,
      errors,
      tallyUsed: tally?.used ?? 0,
      alertedValue: tally?.alertedValue ?? null,
      // Every take that succeeded, the recorded one included, and nothing else.
      exact: (tally?.used ?? 0) === recorded + succeeded,
      dynamoCalls: describeCalls(calls),
      dynamoMs,
      consumedWcu,
    };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * Runs the selected cases and writes tests/bench/results/galaxy-quotas.json (a selected run:
 * galaxy-quotas-selected.json, beside the full run's). Nothing selected: nothing runs or is written.
 */
export async function benchGalaxyQuotas(
  stack: TestStack,
  options: { selected: (name: string) => boolean; seconds: number; selectedRun: boolean; results: string },
): Promise<GalaxyQuotaBench | null> {
  findDynamoLocal(new URL(stack.services.dynamodb).port);
  const tagCreates = await benchTagCreates(stack, options.selected, options.seconds);
  const participations = options.selected(GALAXY_ROWS.participations)
    ? await benchParticipations(stack)
    : null;
  if (tagCreates.length === 0 && !participations) return null;
  last = { date: new Date().toISOString(), tagCreates, participations };
  lastFile = options.selectedRun ? 'galaxy-quotas-selected.json' : 'galaxy-quotas.json';
  writeFileSync(join(options.results, lastFile), JSON.stringify(last, null, 2) + '\n');
  if (!options.selectedRun) rmSync(join(options.results, 'galaxy-quotas-selected.json'), { force: true });
  return last;
}

const yesNo = (value: boolean) => (value ? 'yes' : '**no**');

/** Calls in the order first sent, identical ones counted (`Query gsi1 (×3)`), as run.ts shows them. */
function countedCalls(calls: readonly string[]): string {
  const seen = new Map<string, number>();
  for (const call of calls) seen.set(call, (seen.get(call) ?? 0) + 1);
  return [...seen].map(([call, n]) => (n > 1 ? `${call} (×${n})` : call)).join('; ');
}
const counts = (record: Record<string, number>) =>
  Object.keys(record).length
    ? Object.entries(record)
        .map(([key, n]) => `${n} × ${key}`)
        .join(', ')
    : 'none';

/** The section of docs/benchmarks.md for the last run of benchGalaxyQuotas (nothing if none ran). */
export function galaxyQuotaLines(bench: GalaxyQuotaBench | null = last): string[] {
  if (!bench) return [];
  const lines: string[] = [
    '## Galaxy quotas (decision 0045)',
    '',
    `Measured by tests/bench/galaxy-quotas.ts (\`BENCH_ONLY=galaxy\` runs it alone), ${bench.date}. Raw figures: \`tests/bench/results/${lastFile}\`.`,
    '',
  ];
  const { tagCreates, participations: p } = bench;
  if (tagCreates.length) {
    const plain = tagCreates.find((c) => !c.galaxy);
    const inGalaxy = tagCreates.find((c) => c.galaxy);
    const added = plain && inGalaxy ? inGalaxy.itemsWritten - plain.itemsWritten : null;
    const met = (c: TagCase) =>
      c.load.non2xx === 0 &&
      c.ratio !== null &&
      c.ratio <= 1.5 &&
      (!c.galaxy || added === null || added <= 1) &&
      (!c.galaxyTally || c.galaxyTally.used === c.galaxyTally.created);
    lines.push(
      '| route | rate (req/s) | requests | non-2xx | p50 (ms) | p99 (ms) | DynamoDB alone (ms) | p50 / DynamoDB | served alone: p50 (ms) | alone / DynamoDB | CPU per request: handlers, DynamoDB Local (ms) | items written per create (its transaction) | target | met |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...tagCreates.map(
        (c) =>
          `| ${c.route} | ${c.ratePerSecond} | ${c.load.requests} | ${c.load.non2xx} | ${c.load.p50Ms} | ${c.load.p99Ms} | ${
            c.dynamoMs ?? 'n/a'
          } | ${c.ratio ?? 'n/a'} | ${c.aloneP50Ms} | ${c.aloneRatio ?? 'n/a'} | ${c.handlerCpuMs}, ${
            c.dynamoLocalCpuMs ?? 'n/a'
          } | ${c.itemsWritten} (${c.transactItems.join(', ')}) | ${
            c.galaxy ? '≤ 1 item more per quota kind, p50 / DynamoDB ≤ 1.5' : 'p50 / DynamoDB ≤ 1.5'
          } | ${yesNo(met(c))} |`,
      ),
      '',
      ...(plain && inGalaxy && added !== null
        ? [
            `A tag created in a sphere of a galaxy writes ${added} item${added === 1 ? '' : 's'} more than in a sphere of no galaxy, for one quota kind (\`tags\`): the galaxy's tally, \`ADD used 1\` under \`attribute_not_exists(value) OR used < quietBelow\`, last in the create's own transaction, and no read (${plain.transactItems.length} then ${inGalaxy.transactItems.length} items in its TransactWriteItems). p50 ${plain.load.p50Ms} then ${inGalaxy.load.p50Ms} ms under load, ${plain.aloneP50Ms} then ${inGalaxy.aloneP50Ms} ms served alone; DynamoDB alone ${plain.dynamoMs ?? 'n/a'} then ${inGalaxy.dynamoMs ?? 'n/a'} ms.`,
          ]
        : []),
      ...(inGalaxy?.galaxyTally
        ? [
            `The galaxy's \`tags\` tally after the run: used ${inGalaxy.galaxyTally.used}, the tags created in its sphere ${inGalaxy.galaxyTally.created} (exact: ${yesNo(inGalaxy.galaxyTally.used === inGalaxy.galaxyTally.created)}). The quota's value is ${TAGS_VALUE.toLocaleString('en').replace(/,/g, ' ')}, so every take is the quiet one.`,
          ]
        : []),
      `The two cases are measured side by side, so that other work on the machine weighs on both alike: each create's DynamoDB calls recorded, then replayed in turn on one client (median of ${REPLAYS} rounds; a replayed create fails its not-exists condition, which costs DynamoDB Local about the same), served alone in turn (${ALONE} each), then loaded at the same time at ${TAG_RATE} req/s each (${TAG_RATE * 2} req/s of tag creates, the rate of the organisations routes: tags are created by admins). The ratio is the route rows': p50 under load over the DynamoDB time.`,
      '',
      '| route | what one create asks DynamoDB, in the order sent (identical calls counted) |',
      '|---|---|',
      ...tagCreates.map((c) => `| ${c.route} | ${countedCalls(c.dynamoCalls)} |`),
      '',
    );
  }
  if (p) {
    const limit = ITEM_WCU_PER_SECOND / TRANSACTIONAL_WCU_PER_ITEM;
    const sent = p.load.requests;
    const met =
      p.conditionalFailures === 0 &&
      p.quotaBlocked === 0 &&
      Object.keys(p.errors).length === 0 &&
      p.exact &&
      p.load.non2xx === 0 &&
      p.load.errors === 0;
    lines.push(
      `### ${p.people === 50_000 ? p.name : `${p.name} (this run: ${p.people} people)`}`,
      '',
      '| people (takes sent) | rate asked (/s) | succeeded | achieved (takes/s) | p50 (ms) | p99 (ms) | the take in process: p50, p99 (ms) | conditional failures | cancellations by item and reason | errors | tally used after | exact | target | met |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      `| ${p.people} (${sent}) | ${p.ratePerSecond} | ${p.succeeded} | ${p.achievedPerSecond} | ${p.load.p50Ms} | ${p.load.p99Ms} | ${p.takeP50Ms}, ${p.takeP99Ms} | ${p.conditionalFailures} | ${counts(p.cancellations)} | ${counts(p.errors)} | ${p.tallyUsed} | ${yesNo(p.exact)} | no conditional failure below the value, usage = takes that succeeded | ${yesNo(met)} |`,
      '',
      `Each take is one transaction of two items, as a participation's would be: the participation's own item (a minimal one, its own partition, not-exists) and the galaxy's \`${PARTICIPATION_KIND}\` tally, \`ADD used 1\` through \`createWithGalaxyQuotas\` (one tally item for the whole galaxy). The takes are sent by tests/bench/paced-load.ts at an even ${p.ratePerSecond} a second (${p.seconds} s for ${sent} takes), to a loopback HTTP server in the bench process that runs the take, so each latency counts from when its take was due. The value is ${p.value.toLocaleString('en').replace(/,/g, ' ')}: every take stays below the alert and is the quiet one (attempts: ${p.attempts.quiet} quiet, ${p.attempts.within} within the value; alert marked: ${p.alertedValue ?? 'none'}). The tally's \`used\` at the end is ${p.tallyUsed}, the takes that succeeded ${p.recordedSucceeded + p.succeeded} (with the one recorded first): ${p.exact ? 'exactly' : '**not**'} the same. One take alone: ${countedCalls(p.dynamoCalls)}, ${p.dynamoMs ?? 'n/a'} ms of DynamoDB replayed alone (the take's p50 in process under the load: ${p.takeP50Ms} ms)${
        p.consumedWcu
          ? `; DynamoDB Local counts ${p.consumedWcu} WCU for the transaction of its two items (ReturnConsumedCapacity)`
          : ''
      }.`,
      '',
      `**The per-item limit.** One DynamoDB item takes at most ${ITEM_WCU_PER_SECOND.toLocaleString('en').replace(/,/g, ' ')} WCU a second (a partition's limit, and an item never spans partitions); a transactional write costs ${TRANSACTIONAL_WCU_PER_ITEM} WCU per item of up to 1 KB (the tally item is well under 1 KB), so the tally item takes at most ${limit} takes a second. ${p.ratePerSecond} a second is ${Math.round((p.ratePerSecond / limit) * 100)} % of it (${p.ratePerSecond * TRANSACTIONAL_WCU_PER_ITEM} WCU a second on the item).`,
      `A 50 000-person galaxy whose campaign opens with 10 % of its people in the first 5 minutes sends about ${Math.round(5_000 / 300)} participations a second on average over those minutes; ${p.ratePerSecond} a second is ${Math.round(p.ratePerSecond / (5_000 / 300))} times that, a burst of everyone answering the invitation at once, and the whole galaxy at that rate takes ${Math.round(50_000 / p.ratePerSecond)} s.`,
      `Past ${limit} a second, DynamoDB throttles the item: the takes' transactions are cancelled (reason \`ThrottlingError\`) and nothing is written, however few other items are busy. The mitigation if it were ever needed: shard the tally over N items (\`${PARTICIPATION_KIND}#<n>\`, a shard drawn per take, the usage read as their sum, the value checked against that sum before the write: decision 0043's soft tally, which may pass the value by the takes in flight), or one sub-tally per sphere summed by one Query of the galaxy's scope. Neither is needed at this load: the galaxy stays one exact item (decision 0045).`,
      `Measured on this machine: DynamoDB Local (in memory, one JVM) on 2 cores shared with the bench and the handlers, **not AWS**. DynamoDB Local enforces no throughput, so the figures above show the cost of the take and that the tally stays exact under a paced ${p.ratePerSecond} a second, not DynamoDB's limits: those are AWS's documented figures. On AWS, two transactions writing the same item at once can also be cancelled with the reason \`TransactionConflict\`, which DynamoDB Local ${
        Object.keys(p.cancellations).some((key) => key.includes('TransactionConflict'))
          ? 'gave too (the cancellations column)'
          : 'never gave here (the cancellations column counts every reason it gave)'
      }. \`createWithGalaxyQuotas\` reads any cancelled take as its quota's refusal, whatever the reason: it tries again within the value (and may mark the alert as crossed), then answers 409 \`quota-blocked\`, so a take cancelled by a conflict or a throttle would read as an alert or a block rather than be tried again.`,
      '',
    );
  }
  return lines;
}
