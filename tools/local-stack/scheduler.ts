import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { closeServer } from './gateway';

const REGION = 'eu-west-1';
const ACCOUNT = '000000000000';
const NAME_PATTERN = /^[0-9a-zA-Z._-]{1,64}$/;
const AT_PATTERN = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/;

/** A schedule as CreateSchedule / UpdateSchedule give it (the restJson1 body, plus its name). */
export interface LocalSchedule {
  Name: string;
  GroupName: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone: string;
  State: 'ENABLED' | 'DISABLED';
  ActionAfterCompletion: 'NONE' | 'DELETE';
  FlexibleTimeWindow: { Mode: string; MaximumWindowInMinutes?: number };
  Target: {
    Arn: string;
    RoleArn: string;
    Input?: string;
    RetryPolicy?: { MaximumEventAgeInSeconds?: number; MaximumRetryAttempts?: number };
    DeadLetterConfig?: { Arn?: string };
  };
  Description?: string;
  /** Epoch seconds, as restJson1 carries timestamps. */
  CreationDate: number;
  LastModificationDate: number;
  /** When it fires, epoch ms (from the `at()` expression in its timezone). */
  dueAt: number;
  /** A one-time schedule kept after firing (ActionAfterCompletion NONE) does not fire again. */
  fired?: boolean;
}

/** A pending schedule as `GET /_local/schedules` lists it. */
export interface PendingSchedule {
  name: string;
  group: string;
  /** ISO time it fires at. */
  at: string;
  target: string;
  input?: string;
}

export interface SchedulerOptions {
  port?: number;
  /** Sends a fired schedule's Input to its target queue. */
  sqs: SQSClient;
  /** Queue URL of each target ARN the scheduler may send to (the local queues). */
  queues: ReadonlyMap<string, string>;
  /** Keeps the schedules in this file across restarts (`npm start`); memory only without it. */
  dataFile?: string;
  /** How often due schedules are looked for, in ms. @default 500 */
  tickMs?: number;
  log?: (message: string, details: Record<string, unknown>) => void;
}

export interface LocalScheduler {
  /** SCHEDULER_ENDPOINT for the Scheduler client; also the base of `/_local/…`. */
  endpoint: string;
  /** The scheduler's clock: real time, moved forward by `POST /_local/clock`. */
  now(): Date;
  stop(): Promise<void>;
}

class SchedulerError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'x-amzn-requestid': randomUUID(),
    ...headers,
  });
  response.end(JSON.stringify(body));
}

/** Offset of a timezone from UTC at an instant, in ms (Europe/Brussels in summer: +2 h). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * When a one-time expression fires, epoch ms: `at(yyyy-mm-ddThh:mm:ss)` is a wall-clock time in
 * the schedule's timezone (UTC by default). Other expressions (`rate()`, `cron()`) are refused: the
 * product makes one-time schedules only.
 */
export function dueTimeOf(expression: string, timeZone = 'UTC'): number {
  const match = AT_PATTERN.exec(expression);
  if (!match)
    throw new SchedulerError(400, 'ValidationException', `Invalid Schedule Expression ${expression}.`);
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    throw new SchedulerError(400, 'ValidationException', `Invalid Schedule Expression ${expression}.`);
  try {
    // The instant whose wall-clock time in the zone is `wall` (one correction covers DST changes).
    const first = wall - zoneOffsetMs(wall, timeZone);
    return wall - zoneOffsetMs(first, timeZone);
  } catch {
    throw new SchedulerError(400, 'ValidationException', `Invalid ScheduleExpressionTimezone ${timeZone}.`);
  }
}

function scheduleArn(group: string, name: string): string {
  return `arn:aws:scheduler:${REGION}:${ACCOUNT}:schedule/${group}/${name}`;
}

/** The schedule a CreateSchedule / UpdateSchedule body describes; ValidationException if it cannot. */
function scheduleFrom(
  name: string,
  body: Record<string, unknown>,
  queues: ReadonlyMap<string, string>,
  nowMs: number,
  created?: number,
): LocalSchedule {
  const invalid = (message: string) => new SchedulerError(400, 'ValidationException', message);
  if (!NAME_PATTERN.test(name)) throw invalid(`Invalid schedule name ${name}.`);
  const group = typeof body.GroupName === 'string' && body.GroupName ? body.GroupName : 'default';
  if (!NAME_PATTERN.test(group)) throw invalid(`Invalid group name ${group}.`);
  if (typeof body.ScheduleExpression !== 'string') throw invalid('ScheduleExpression is required.');
  const timeZone =
    typeof body.ScheduleExpressionTimezone === 'string' ? body.ScheduleExpressionTimezone : 'UTC';
  const window = body.FlexibleTimeWindow as LocalSchedule['FlexibleTimeWindow'] | undefined;
  if (!window || typeof window.Mode !== 'string') throw invalid('FlexibleTimeWindow is required.');
  const target = body.Target as LocalSchedule['Target'] | undefined;
  if (!target || typeof target.Arn !== 'string' || typeof target.RoleArn !== 'string')
    throw invalid('Target with Arn and RoleArn is required.');
  if (!queues.has(target.Arn))
    throw invalid(`The local scheduler sends to the local queues only; ${target.Arn} is none of them.`);
  const action = body.ActionAfterCompletion === 'DELETE' ? 'DELETE' : 'NONE';
  const state = body.State === 'DISABLED' ? 'DISABLED' : 'ENABLED';
  const seconds = Math.floor(nowMs / 1000);
  return {
    Name: name,
    GroupName: group,
    ScheduleExpression: body.ScheduleExpression,
    ScheduleExpressionTimezone: timeZone,
    State: state,
    ActionAfterCompletion: action,
    FlexibleTimeWindow: window,
    Target: target,
    ...(typeof body.Description === 'string' ? { Description: body.Description } : {}),
    CreationDate: created ?? seconds,
    LastModificationDate: seconds,
    dueAt: dueTimeOf(body.ScheduleExpression, timeZone),
  };
}

/** What GetSchedule answers (restJson1 GetScheduleOutput). */
function describeSchedule(schedule: LocalSchedule) {
  const { dueAt: _dueAt, fired: _fired, ...output } = schedule;
  return { ...output, Arn: scheduleArn(schedule.GroupName, schedule.Name) };
}

/**
 * EventBridge Scheduler, locally (decision 0026): a loopback HTTP server speaking the restJson1
 * subset `@aws-sdk/client-scheduler` uses for one-time schedules — CreateSchedule
 * (`POST /schedules/{Name}`), UpdateSchedule (`PUT`), GetSchedule (`GET …?groupName=`),
 * DeleteSchedule (`DELETE …?groupName=`), with errors named by `x-amzn-errortype` as the service
 * does (ConflictException 409, ResourceNotFoundException 404, ValidationException 400). A schedule
 * fires at its `at()` time (in its timezone) by sending its `Input` to the local queue whose ARN is
 * its target; a failed send is tried again at the next tick, so it fires at least once; then it is
 * deleted (ActionAfterCompletion DELETE). Schedule groups need not be created.
 *
 * Test hooks: `POST /_local/clock` with `{ "advanceSeconds": n }` or `{ "to": ISO }` moves the
 * scheduler's clock forward, fires everything due and answers the names fired (a JSON array);
 * `GET /_local/clock` answers `{ now }`; `GET /_local/schedules` lists the pending schedules.
 */
export async function startScheduler(options: SchedulerOptions): Promise<LocalScheduler> {
  const log = options.log ?? ((message, details) => console.error(`[scheduler] ${message}`, details));
  const schedules = new Map<string, LocalSchedule>();
  const keyOf = (group: string, name: string) => `${group}/${name}`;
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;

  if (options.dataFile && existsSync(options.dataFile)) {
    const saved = JSON.parse(readFileSync(options.dataFile, 'utf8')) as { schedules?: LocalSchedule[] };
    for (const schedule of saved.schedules ?? [])
      schedules.set(keyOf(schedule.GroupName, schedule.Name), schedule);
  }
  function save(): void {
    if (!options.dataFile) return;
    mkdirSync(dirname(options.dataFile), { recursive: true });
    const temporary = `${options.dataFile}.tmp`;
    writeFileSync(temporary, JSON.stringify({ schedules: [...schedules.values()] }, null, 2) + '\n');
    renameSync(temporary, options.dataFile);
  }

  async function fire(schedule: LocalSchedule): Promise<boolean> {
    const queueUrl = options.queues.get(schedule.Target.Arn);
    if (!queueUrl) return false;
    try {
      await options.sqs.send(
        new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: schedule.Target.Input ?? '{}' }),
      );
    } catch (error) {
      log('Sending a schedule’s message failed; it is tried again', { name: schedule.Name, error });
      return false;
    }
    const key = keyOf(schedule.GroupName, schedule.Name);
    // Updated while its message was on its way: the new version stays.
    if (schedules.get(key) === schedule) {
      if (schedule.ActionAfterCompletion === 'DELETE') schedules.delete(key);
      else schedule.fired = true;
      save();
    }
    return true;
  }

  // One firing at a time: the tick and the clock hook never send a schedule twice concurrently.
  let firing: Promise<string[]> = Promise.resolve([]);
  function fireDue(): Promise<string[]> {
    firing = firing.then(async () => {
      const due = [...schedules.values()]
        .filter((s) => s.State === 'ENABLED' && !s.fired && s.dueAt <= now())
        .sort((a, b) => a.dueAt - b.dueAt);
      const fired: string[] = [];
      for (const schedule of due) if (await fire(schedule)) fired.push(schedule.Name);
      return fired;
    });
    return firing;
  }

  function pending(): PendingSchedule[] {
    return [...schedules.values()]
      .filter((s) => !s.fired)
      .sort((a, b) => a.dueAt - b.dueAt)
      .map((s) => ({
        name: s.Name,
        group: s.GroupName,
        at: new Date(s.dueAt).toISOString(),
        target: s.Target.Arn,
        ...(s.Target.Input !== undefined ? { input: s.Target.Input } : {}),
      }));
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    if (url.pathname === '/_local/schedules' && method === 'GET') return json(response, 200, pending());
    if (url.pathname === '/_local/clock') {
      if (method === 'GET') return json(response, 200, { now: new Date(now()).toISOString() });
      if (method === 'POST') {
        const body = JSON.parse((await readBody(request)) || '{}') as {
          advanceSeconds?: unknown;
          to?: unknown;
        };
        let target: number;
        if (typeof body.advanceSeconds === 'number' && body.advanceSeconds >= 0)
          target = now() + body.advanceSeconds * 1000;
        else if (typeof body.to === 'string' && !Number.isNaN(Date.parse(body.to)))
          target = Date.parse(body.to);
        else
          return json(response, 400, { message: 'Give { "advanceSeconds": n ≥ 0 } or { "to": ISO time }' });
        if (target < now()) return json(response, 400, { message: 'The clock only moves forward' });
        offsetMs += target - now();
        return json(response, 200, await fireDue());
      }
    }
    const match = /^\/schedules\/([^/]+)$/.exec(url.pathname);
    if (!match)
      throw new SchedulerError(
        404,
        'UnknownOperationException',
        `No operation for ${method} ${url.pathname}`,
      );
    const name = decodeURIComponent(match[1]!);
    const body =
      method === 'POST' || method === 'PUT'
        ? (JSON.parse((await readBody(request)) || '{}') as Record<string, unknown>)
        : {};
    const group =
      (method === 'POST' || method === 'PUT'
        ? (body.GroupName as string | undefined)
        : url.searchParams.get('groupName')) || 'default';
    const key = keyOf(group, name);
    const existing = schedules.get(key);
    const notFound = () =>
      new SchedulerError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
    switch (method) {
      case 'POST': {
        if (existing) throw new SchedulerError(409, 'ConflictException', `Schedule ${name} already exists.`);
        const schedule = scheduleFrom(name, body, options.queues, now());
        schedules.set(key, schedule);
        save();
        return json(response, 200, { ScheduleArn: scheduleArn(group, name) });
      }
      case 'PUT': {
        if (!existing) throw notFound();
        const schedule = scheduleFrom(name, body, options.queues, now(), existing.CreationDate);
        schedules.set(key, schedule);
        save();
        return json(response, 200, { ScheduleArn: scheduleArn(group, name) });
      }
      case 'GET':
        if (!existing) throw notFound();
        return json(response, 200, describeSchedule(existing));
      case 'DELETE':
        if (!existing) throw notFound();
        schedules.delete(key);
        save();
        return json(response, 200, {});
      default:
        throw new SchedulerError(
          405,
          'UnknownOperationException',
          `No operation for ${method} ${url.pathname}`,
        );
    }
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      const known =
        error instanceof SchedulerError
          ? error
          : error instanceof SyntaxError
            ? new SchedulerError(400, 'ValidationException', 'The body is not JSON.')
            : new SchedulerError(500, 'InternalServerException', String(error));
      if (response.headersSent) return response.end();
      json(
        response,
        known.status,
        { Message: known.message, message: known.message },
        {
          'x-amzn-errortype': known.type,
        },
      );
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;

  const ticker = setInterval(() => {
    void fireDue().catch((error: unknown) => log('Firing failed', { error }));
  }, options.tickMs ?? 500);
  ticker.unref();

  return {
    endpoint,
    now: () => new Date(now()),
    async stop() {
      clearInterval(ticker);
      await firing.catch(() => undefined);
      await closeServer(server);
    },
  };
}

/** Moves a running local scheduler's clock forward and fires what is due; answers the names fired. */
export async function advanceSchedulerClock(
  endpoint: string,
  to: { advanceSeconds: number } | { to: string },
): Promise<string[]> {
  const response = await fetch(`${endpoint}/_local/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(to),
  });
  if (!response.ok)
    throw new Error(`The local scheduler answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as string[];
}

/** The schedules a running local scheduler has not fired yet, soonest first. */
export async function pendingSchedules(endpoint: string): Promise<PendingSchedule[]> {
  const response = await fetch(`${endpoint}/_local/schedules`);
  if (!response.ok) throw new Error(`The local scheduler answered ${response.status}`);
  return (await response.json()) as PendingSchedule[];
}
