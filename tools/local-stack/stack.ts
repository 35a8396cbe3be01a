import { configureHandlers } from '../../functions/lib/environment';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { verifyAccessToken } from '../../functions/lib/tokens';
import { DEFAULT_SMS_COUNTRY_CODES } from '@shared/domain/phone';
import { receivePaymentEvent } from '@shared/contracts/payments';
import { startCognito, type LocalCognito } from './cognito';
import { ensureTable, startDynamoDb } from './dynamodb';
import { startGateway } from './gateway';
import { freePort } from './net';
import { startScheduler } from './scheduler';
import { startS3 } from './s3';
import { startSecrets } from './secrets';
import { startSes } from './ses';
import { startSms } from './sms';
import { startPoller, startSqs } from './sqs';
import { startStripe } from './stripe';
import { localWebOrigin, startWeb, type WebMode } from './web';
import { startWebSocketGateway } from './websocket';

export const LOCAL_TABLE_NAME = 'wellbeing-local';
export const LOCAL_REGION = 'eu-west-1';
export const LOCAL_SCHEDULE_GROUP = 'wellbeing-local-cycles';
export const LOCAL_SCHEDULER_ROLE_ARN = 'arn:aws:iam::000000000000:role/wellbeing-local-scheduler';

/** Ports of the local servers. */
export interface LocalPorts {
  web: number;
  api: number;
  ws: number;
  wsManagement: number;
  auth: number;
  outbox: number;
  /** Local SMS outbox (SNS Publish emulator). */
  sms: number;
  /** Local EventBridge Scheduler (one-time schedules onto the notifications queue). */
  scheduler: number;
  sqs: number;
  s3: number;
  dynamodb: number;
  /** Local Stripe: the card provider's API, its checkout and portal pages (decision 0051). */
  stripe: number;
  /** Local Secrets Manager (GetSecretValue): the card provider's local keys. */
  secrets: number;
}

/** Fixed ports of `npm start`, so that bookmarks and the SPA's dev config keep working. */
export const DEFAULT_PORTS: LocalPorts = {
  web: 5173,
  api: 3000,
  ws: 3001,
  wsManagement: 3002,
  auth: 9100,
  outbox: 8005,
  sms: 8006,
  scheduler: 8007,
  sqs: 9324,
  s3: 4569,
  dynamodb: 8000,
  stripe: 8008,
  secrets: 8009,
};

export interface LocalStackOptions {
  /**
   * `true` (`npm start`): data under `dataDir` survives restarts (DynamoDB, the user pool, S3) and
   * the default ports are used. `false` (tests): everything in memory, on free ports.
   */
  persistent: boolean;
  /** Serve the SPA: Vite dev server, the built web/dist, or not at all. @default false */
  web?: WebMode | false;
  /** Folder of the built SPA that `web: 'dist'` serves. @default web/dist */
  webDir?: string;
  /** Ports to use instead of the defaults (persistent) or of free ones (in memory). */
  ports?: Partial<LocalPorts>;
  /** Folder of the persistent data. @default `.local` */
  dataDir?: string;
  /** Visibility timeout of the notifications queue: how soon a failed record comes back. @default 30 */
  queueVisibilityTimeoutSeconds?: number;
  /** Where the stack says what it does (port fallbacks). @default console.warn */
  notice?: (message: string) => void;
  /**
   * Country calling codes verification texts may go to (SMS_COUNTRY_CODES, decision 0006), as
   * `smsCountryCodes` in CDK. @default Belgium, France and Luxembourg (+32, +33, +352)
   */
  smsCountryCodes?: readonly string[];
}

/** What `npm start` writes to `.local/endpoints.json` (ARCHITECTURE §8), and what tests call. */
export interface LocalEndpoints {
  web?: string;
  api: string;
  ws: string;
  outbox: string;
  /** The local scheduler: SCHEDULER_ENDPOINT, and `POST /_local/clock` to move its clock. */
  scheduler: string;
  /**
   * The local Stripe (decision 0051): STRIPE_API_URL, its pages (`/` lists subscriptions with the
   * local test clock) and `/_local/…` (renew, cancel, events and their deliveries).
   */
  stripe: string;
  auth: { endpoint: string; region: string; userPoolId: string; clientId: string };
}

/** The emulators behind the endpoints, for tests that look inside (queues, bucket, table). */
export interface LocalServices {
  tableName: string;
  dynamodb: string;
  ses: string;
  sqs: { endpoint: string; notificationsQueueUrl: string; notificationsDlqUrl: string };
  s3: { endpoint: string; reportsBucket: string; assetsBucket: string };
  wsManagement: string;
  issuer: string;
  /** The SMS emulator (SNS Publish); `GET <sms>/store` lists the text messages sent. */
  sms: string;
}

export interface LocalStack {
  endpoints: LocalEndpoints;
  /**
   * The origin the SPA is served at (`endpoints.web`'s), or would be served at when the stack serves
   * none (tests, `--web=none`): on the port chosen at start, never a guessed one. It is the handlers'
   * `WEB_ORIGIN`, the origin of every link in mails and text messages.
   */
  webOrigin: string;
  services: LocalServices;
  /** Environment of the handlers (what a Lambda would get), for tools that run handler code. */
  handlerEnv: Record<string, string>;
  /** Stops every server and child process, in the reverse order of their start. */
  stop(): Promise<void>;
}

/** Like Promise.all, but waits for every start to end, so that a failure leaves nothing running unseen. */
async function allStarted<T extends readonly unknown[]>(starts: {
  [K in keyof T]: Promise<T[K]>;
}): Promise<T> {
  const results = await Promise.allSettled(starts);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolveFree) => {
    const probe = createServer();
    probe.once('error', () => resolveFree(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolveFree(true)));
  });
}

export { configureHandlers } from '../../functions/lib/environment';

/**
 * Starts the whole product on this machine (ARCHITECTURE §8): DynamoDB Local with the single table,
 * SES, SQS with the notifications worker's poller, the scheduler that feeds its queue, S3, the
 * local Cognito issuer, the REST gateway, the WebSocket gateway with its @connections API and, if
 * asked, the SPA. Every handler runs in this process with its environment pointing at the emulators, so one stack per process.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const notice = options.notice ?? ((message: string) => console.warn(message));
  const dataDir = resolve(options.dataDir ?? '.local');
  const stops: { name: string; stop: () => Promise<void> }[] = [];
  const started = <T extends { stop(): Promise<void> }>(name: string, server: T): T => {
    stops.push({ name, stop: () => server.stop() });
    return server;
  };

  async function stopAll(): Promise<void> {
    for (const { name, stop } of stops.splice(0).reverse()) {
      try {
        await stop();
      } catch (error) {
        notice(`Stopping ${name} failed: ${String(error)}`);
      }
    }
  }

  const port = async (name: keyof LocalPorts): Promise<number> => {
    const asked = options.ports?.[name];
    if (asked !== undefined) return asked;
    if (!options.persistent) return 0;
    const preferred = DEFAULT_PORTS[name];
    if (await portIsFree(preferred)) return preferred;
    const other = await freePort();
    notice(`Port ${preferred} (${name}) is taken: using ${other} instead.`);
    return other;
  };

  try {
    const [dynamodb, ses, sqs, s3, ws] = await allStarted([
      port('dynamodb').then(async (p) =>
        started(
          'DynamoDB Local',
          await startDynamoDb({
            // No fixed port: startDynamoDb draws one and draws again when another server took it.
            ...(p === 0 ? {} : { port: p }),
            ...(options.persistent ? { dbPath: join(dataDir, 'dynamodb') } : {}),
          }),
        ),
      ),
      port('outbox').then(async (p) => started('SES', await startSes({ port: p }))),
      port('sqs').then(async (p) =>
        started(
          'SQS',
          await startSqs({
            port: p,
            ...(options.queueVisibilityTimeoutSeconds !== undefined
              ? { visibilityTimeoutSeconds: options.queueVisibilityTimeoutSeconds }
              : {}),
          }),
        ),
      ),
      port('s3').then(async (p) =>
        started(
          'S3',
          await startS3({ port: p, ...(options.persistent ? { directory: join(dataDir, 's3') } : {}) }),
        ),
      ),
      Promise.all([port('ws'), port('wsManagement')]).then(async ([p, m]) =>
        started('WebSocket gateway', await startWebSocketGateway({ port: p, managementPort: m })),
      ),
    ]);
    await ensureTable(dynamodb.endpoint, LOCAL_TABLE_NAME);
    const sms = started('SMS', await startSms({ port: await port('sms') }));
    const scheduler = started(
      'scheduler',
      await startScheduler({
        port: await port('scheduler'),
        sqs: sqs.client,
        queues: new Map([
          [sqs.notifications.arn, sqs.notifications.url],
          [sqs.notificationsDlq.arn, sqs.notificationsDlq.url],
        ]),
        ...(options.persistent ? { dataFile: join(dataDir, 'schedules.json') } : {}),
      }),
    );

    // The card provider (decision 0051): its keys go into the local secret the Lambdas read, as in AWS.
    const secrets = started('Secrets Manager', await startSecrets({ port: await port('secrets') }));
    const stripe = started(
      'Stripe',
      await startStripe({
        port: await port('stripe'),
        notice,
        ...(options.persistent ? { dataFile: join(dataDir, 'stripe.json') } : {}),
      }),
    );
    const paymentKeysSecret = secrets.put('wellbeing-local-payment-keys', JSON.stringify(stripe.keys));

    // The SPA's port is chosen first: its origin is the only browser origin the issuer answers, and
    // the origin of every link in mails and texts. A stack that serves no SPA still chooses the port
    // it would serve it on, so that those links name the origin it reports (`webOrigin`).
    let webPort = await port('web');
    // Vite takes port 0 as "its default", not "any free port".
    if (webPort === 0) webPort = await freePort();
    const webOrigin = localWebOrigin(webPort);

    const env: Record<string, string> = {
      TABLE_NAME: LOCAL_TABLE_NAME,
      AWS_REGION: LOCAL_REGION,
      AWS_DEFAULT_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      DYNAMODB_ENDPOINT: dynamodb.endpoint,
      SES_ENDPOINT: ses.endpoint,
      SQS_ENDPOINT: sqs.endpoint,
      S3_ENDPOINT: s3.endpoint,
      ASSETS_BUCKET: s3.buckets.assets,
      // Browsers load the served files straight from the emulator (path-style, anonymous reads).
      ASSETS_URL: `${s3.endpoint}/${s3.buckets.assets}`,
      SNS_ENDPOINT: sms.endpoint,
      // The countries texts may go to, as a deployment names them (CDK context `smsCountryCodes`).
      SMS_COUNTRY_CODES: (options.smsCountryCodes ?? DEFAULT_SMS_COUNTRY_CODES).join(','),
      NOTIFICATIONS_QUEUE_URL: sqs.notifications.url,
      REPORT_RENDERS_QUEUE_URL: sqs.renders.url,
      // One-time schedules of campaign cycles (decision 0026): the local scheduler sends them to
      // the local queue; the role is named as in AWS but nothing assumes it here.
      SCHEDULER_ENDPOINT: scheduler.endpoint,
      SCHEDULE_GROUP: LOCAL_SCHEDULE_GROUP,
      SCHEDULER_ROLE_ARN: LOCAL_SCHEDULER_ROLE_ARN,
      NOTIFICATIONS_QUEUE_ARN: sqs.notifications.arn,
      NOTIFICATIONS_DLQ_ARN: sqs.notificationsDlq.arn,
      WS_MANAGEMENT_ENDPOINT: ws.managementEndpoint,
      MAIL_FROM: 'no-reply@wellbeing.local',
      // No translation engine runs offline: texts come back as copies, marked as not translated.
      TRANSLATION_PROVIDER: 'local',
      SECRETS_MANAGER_ENDPOINT: secrets.endpoint,
      PAYMENT_KEYS_SECRET: paymentKeysSecret,
      STRIPE_API_URL: stripe.endpoint,
      ALLOWED_ORIGIN: '*',
      WEB_ORIGIN: webOrigin,
      LOG_LEVEL: 'WARN',
    };
    configureHandlers(env);

    const cognito: LocalCognito = started(
      'Cognito issuer',
      await startCognito({
        port: await port('auth'),
        ...(options.persistent ? { dataFile: join(dataDir, 'cognito.json') } : {}),
        // Admin operations are signed with the stack's own SDK credentials (AWS_ACCESS_KEY_ID above).
        credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
        allowedOrigins: options.web ? [webOrigin, `http://localhost:${webPort}`] : [env.ALLOWED_ORIGIN!],
      }),
    );
    const handlerEnv: Record<string, string> = {
      ...env,
      COGNITO_ENDPOINT: cognito.endpoint,
      TOKEN_ISSUER: cognito.issuer,
      USER_POOL_ID: cognito.userPoolId,
      USER_POOL_CLIENT_ID: cognito.clientId,
    };
    configureHandlers(handlerEnv);

    started('notifications poller', startPoller({ endpoint: sqs.endpoint, queue: sqs.notifications }));
    started(
      'report-render poller',
      startPoller({
        endpoint: sqs.endpoint,
        queue: sqs.renders,
        handlerPath: 'functions/reports/worker.ts',
        batchSize: 1,
      }),
    );
    const api = started(
      'REST gateway',
      await startGateway({ port: await port('api'), verifyAccessToken, allowedOrigin: env.ALLOWED_ORIGIN }),
    );
    // The provider's signed events go to the API's webhook route, as Stripe's would.
    stripe.setWebhookUrl(`${api.url}${receivePaymentEvent.path}`);

    let webUrl: string | undefined;
    if (options.web) {
      const web = started(
        'web',
        await startWeb({
          mode: options.web,
          port: webPort,
          ...(options.webDir ? { distDir: options.webDir } : {}),
          config: {
            environment: 'local',
            apiUrl: api.url,
            wsUrl: ws.url,
            region: LOCAL_REGION,
            userPoolId: cognito.userPoolId,
            userPoolClientId: cognito.clientId,
            userPoolEndpoint: cognito.endpoint,
            supportEmail: 'support@wellbeing.local',
          },
        }),
      );
      webUrl = web.url;
      // The links already name this origin: the SPA must answer there.
      if (new URL(webUrl).origin !== webOrigin)
        throw new Error(`The SPA is served at ${webUrl}, not at the web origin ${webOrigin}`);
    }

    return {
      endpoints: {
        ...(webUrl ? { web: webUrl } : {}),
        api: api.url,
        ws: ws.url,
        outbox: ses.outbox,
        scheduler: scheduler.endpoint,
        stripe: stripe.endpoint,
        auth: {
          endpoint: cognito.endpoint,
          region: cognito.region,
          userPoolId: cognito.userPoolId,
          clientId: cognito.clientId,
        },
      },
      services: {
        tableName: LOCAL_TABLE_NAME,
        dynamodb: dynamodb.endpoint,
        ses: ses.endpoint,
        sqs: {
          endpoint: sqs.endpoint,
          notificationsQueueUrl: sqs.notifications.url,
          notificationsDlqUrl: sqs.notificationsDlq.url,
        },
        s3: { endpoint: s3.endpoint, reportsBucket: s3.buckets.reports, assetsBucket: s3.buckets.assets },
        wsManagement: ws.managementEndpoint,
        issuer: cognito.issuer,
        sms: sms.outbox,
      },
      webOrigin,
      handlerEnv,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
