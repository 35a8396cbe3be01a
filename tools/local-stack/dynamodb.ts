import { randomBytes } from 'node:crypto';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLE } from '../../functions/lib/table';
import { freePort } from './net';

/** DynamoDB Local is shipped inside this npm package (`emulator/`); only that folder is kept. */
const EMULATOR_PACKAGE = 'amplify-dynamodb-simulator@2.9.30';
export const EMULATOR_DIR = resolve('.local/dynamodb-local');

/**
 * Fetches the DynamoDB Local jar from the npm registry (`npm pack` + `tar`) unless it is already
 * there. Installing the package itself would pull in hundreds of megabytes of dependencies.
 */
export function ensureDynamoDbLocal(): string {
  const jar = join(EMULATOR_DIR, 'DynamoDBLocal.jar');
  if (existsSync(jar)) return EMULATOR_DIR;
  // Test files start in parallel on a fresh clone: each unpacks in its own folder and the first
  // to finish moves its copy into place; the others find it there and drop theirs.
  const work = resolve(`.local/tmp-dynamodb-pack-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(work, { recursive: true });
  try {
    console.log(`Fetching DynamoDB Local (${EMULATOR_PACKAGE}) from the npm registry…`);
    const tgz = execFileSync('npm', ['pack', EMULATOR_PACKAGE, '--silent'], { cwd: work, encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop() as string;
    execFileSync('tar', ['xzf', tgz, 'package/emulator'], { cwd: work });
    if (existsSync(jar)) return EMULATOR_DIR;
    // A folder without the jar was left by an interrupted run: it is not anyone's copy.
    if (existsSync(EMULATOR_DIR)) rmSync(EMULATOR_DIR, { recursive: true, force: true });
    try {
      renameSync(join(work, 'package/emulator'), EMULATOR_DIR);
    } catch (error) {
      if (!existsSync(jar)) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (!existsSync(jar)) throw new Error(`DynamoDB Local jar missing after unpacking ${EMULATOR_PACKAGE}`);
  return EMULATOR_DIR;
}

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts DynamoDB Local. `dbPath` keeps data across restarts (`npm start`); without it the data
 * lives in memory (tests). DynamoDB Local has no host flag: it is the one server that does not bind
 * only 127.0.0.1, and every client reaches it on 127.0.0.1.
 */
export async function startDynamoDb(
  options: { port?: number; dbPath?: string } = {},
): Promise<DynamoDbLocal> {
  if (options.port !== undefined) return startDynamoDbOn(options.port, options.dbPath);
  // A free port may be taken by another server before the JVM binds it (test files start their
  // stacks side by side): then the probe meets that server, and a new port is tried.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDynamoDbOn(await freePort(), options.dbPath);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

async function startDynamoDbOn(port: number, dbPath: string | undefined): Promise<DynamoDbLocal> {
  const options = { dbPath };
  const dir = ensureDynamoDbLocal();
  const storage = options.dbPath
    ? (mkdirSync(options.dbPath, { recursive: true }), ['-dbPath', resolve(options.dbPath)])
    : ['-inMemory'];
  const child: ChildProcess = spawn(
    'java',
    [
      '-Xms64m',
      '-Xmx512m',
      // C1 only and the serial collector: on a small machine C2's compiler threads and the parallel
      // collector compete with the Node process; this halves both start time and query latency.
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      '-Djava.library.path=./DynamoDBLocal_lib',
      '-jar',
      'DynamoDBLocal.jar',
      '-port',
      String(port),
      '-sharedDb',
      ...storage,
      '-disableTelemetry',
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited: ${output}`);
      try {
        await client.send(new DescribeTableCommand({ TableName: '__probe__' }));
        break;
      } catch (e) {
        if (e instanceof ResourceNotFoundException) break;
        // Another server holds the port (it answers 404 where DynamoDB answers 400): try another.
        if ((e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          throw new Error(`Port ${port} is another server's`, { cause: e });
        if (Date.now() > deadline)
          throw new Error(`DynamoDB Local did not start within 30000 ms: ${String(e)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  } finally {
    client.destroy();
  }
  return {
    endpoint,
    port,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  };
}

/** Creates the single table from its one declaration (functions/lib/table.ts) if it is missing. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    try {
      await client.send(new DescribeTableCommand({ TableName: tableName }));
      return;
    } catch (e) {
      if (!(e instanceof ResourceNotFoundException)) throw e;
    }
    const keyAttributes = new Set<string>([TABLE.partitionKey, TABLE.sortKey]);
    for (const index of TABLE.globalIndexes) {
      keyAttributes.add(index.partitionKey);
      keyAttributes.add(index.sortKey);
    }
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...keyAttributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: TABLE.globalIndexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}
