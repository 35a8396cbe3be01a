import * as dynamodb from '@aws-sdk/client-dynamodb';
import { documentClient } from '../../functions/lib/aws';

/** One DynamoDB call as the handler sent it: the command's name and its marshalled input. */
export interface DynamoCall {
  command: string;
  input: unknown;
}

let recording: DynamoCall[] | null = null;
let installed = false;
let lastCallAt = 0;

function install(): void {
  if (installed) return;
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      lastCallAt = performance.now();
      recording?.push({ command: context.commandName as string, input: structuredClone(args.input) });
      return next(args);
    },
    { step: 'build', priority: 'high', name: 'benchDynamoRecorder' },
  );
  installed = true;
}

/**
 * Waits until the handlers have made no DynamoDB call for `quietMs`: the requests a load left in
 * flight are done, so that a recording holds one request's calls only.
 */
export async function settled(quietMs = 1500): Promise<void> {
  install();
  while (performance.now() - lastCallAt < quietMs)
    await new Promise((resolve) => setTimeout(resolve, quietMs / 3));
}

/**
 * Watches the handlers' DynamoDB client (the bench runs the handlers in this process) and records
 * every call made while `action` runs: the calls one request of a route makes.
 */
export async function recordDynamoCalls(action: () => Promise<void>): Promise<DynamoCall[]> {
  await settled();
  recording = [];
  try {
    await action();
    return recording;
  } finally {
    recording = null;
  }
}

/**
 * One request's calls in words, in the order they were sent: `GetItem`, `Query gsi1`,
 * `BatchGetItem of 100 keys`, `TransactWriteItems of 2 items`.
 */
export function describeCalls(calls: readonly DynamoCall[]): string[] {
  return calls.map(({ command, input }) => {
    const name = command.replace(/Command$/, '');
    const asked = input as {
      IndexName?: string;
      RequestItems?: Record<string, { Keys?: unknown[] } | unknown[]>;
      TransactItems?: unknown[];
    };
    if (name === 'Query' || name === 'Scan') return `${name} ${asked.IndexName ?? 'table'}`;
    if (name === 'BatchGetItem' || name === 'BatchWriteItem') {
      const count = Object.values(asked.RequestItems ?? {}).reduce(
        (n, entry) => n + (Array.isArray(entry) ? entry.length : (entry.Keys?.length ?? 0)),
        0,
      );
      return `${name} of ${count} ${name === 'BatchGetItem' ? 'keys' : 'items'}`;
    }
    if (name === 'TransactWriteItems' || name === 'TransactGetItems')
      return `${name} of ${asked.TransactItems?.length ?? 0} items`;
    return name;
  });
}

const REPLAYS = 30;

type CommandClass = new (input: unknown) => Parameters<dynamodb.DynamoDBClient['send']>[0];

/**
 * The DynamoDB time a route cannot avoid: its recorded calls replayed one after the other on the
 * same emulator, alone, median of the sums over `replays` rounds (ms; REPLAYS unless told). A call
 * that fails on replay (a condition that held the first time) is timed all the same. `before`, when
 * given, runs before each round, untimed: it puts back what the request found (a report's first
 * read finds no kept decision, and its replay must not either).
 */
export async function dynamoTimeOf(
  calls: readonly DynamoCall[],
  endpoint: string,
  { replays = REPLAYS, before }: { replays?: number; before?: () => Promise<unknown> } = {},
): Promise<number | null> {
  if (calls.length === 0) return null;
  const client = new dynamodb.DynamoDBClient({
    region: 'eu-west-1',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const commands = dynamodb as unknown as Record<string, CommandClass>;
  const sums: number[] = [];
  try {
    for (let round = 0; round < replays; round++) {
      if (before) await before();
      let sum = 0;
      for (const call of calls) {
        const Command = commands[call.command];
        if (!Command) throw new Error(`No DynamoDB command named ${call.command}`);
        const started = performance.now();
        await client.send(new Command(structuredClone(call.input))).catch(() => undefined);
        sum += performance.now() - started;
      }
      sums.push(sum);
    }
  } finally {
    client.destroy();
  }
  sums.sort((a, b) => a - b);
  return Number((sums[Math.floor(sums.length / 2)] as number).toFixed(2));
}

/**
 * How many items a route's recorded calls read: each call replayed once, alone, on the same
 * emulator; a Query counts the items it returned, a GetItem its item, a BatchGetItem its answers.
 */
export async function itemsReadBy(calls: readonly DynamoCall[], endpoint: string): Promise<number> {
  const client = new dynamodb.DynamoDBClient({
    region: 'eu-west-1',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const commands = dynamodb as unknown as Record<string, CommandClass>;
  let items = 0;
  try {
    for (const call of calls) {
      const Command = commands[call.command];
      if (!Command) throw new Error(`No DynamoDB command named ${call.command}`);
      const answer = (await client.send(new Command(structuredClone(call.input))).catch((error: unknown) => {
        throw new Error(`Replaying ${describeCalls([call])[0]} failed: ${String(error)}`, { cause: error });
      })) as {
        Count?: number;
        Item?: unknown;
        Responses?: Record<string, unknown[]>;
      };
      if (call.command === 'QueryCommand') items += answer.Count ?? 0;
      else if (call.command === 'GetItemCommand') items += answer.Item ? 1 : 0;
      else if (call.command === 'BatchGetItemCommand')
        items += Object.values(answer.Responses ?? {}).reduce((n, list) => n + list.length, 0);
    }
  } finally {
    client.destroy();
  }
  return items;
}
