import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { RENDER_BUNDLING, WellbeingFunction, type FunctionEnvironment } from './function';
import type { Mail } from './mail';
import { acknowledgeWildcards } from './nag';

export interface QueueWithDlqProps {
  /** Timeout of the consuming Lambda: a message stays invisible 6 times as long (AWS's advice). */
  consumerTimeout: Duration;
  /** Receives before a message goes to the dead-letter queue. @default 5 */
  maxReceiveCount?: number;
}

/** An encrypted, TLS-only SQS queue with its dead-letter queue. */
export class QueueWithDlq extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: QueueWithDlqProps) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(props.consumerTimeout.toSeconds() * 6),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: props.maxReceiveCount ?? 5 },
    });
  }
}

export interface WorkersProps {
  table: ITable;
  mail: Mail;
  /**
   * SES's maximum send rate of the account (emails a second): the notify worker never sends faster
   * (`notifyThroughput`). @default DEFAULT_SES_SEND_RATE
   */
  sesSendRate?: number;
  /** Maps a worker's source file (relative to the repository root) to the entry to build. */
  entryFor: (entry: string) => string;
  environment?: FunctionEnvironment;
}

/** SES's maximum send rate of a new account once out of the sandbox: 14 emails a second. */
export const DEFAULT_SES_SEND_RATE = 14;

/**
 * What one notify Lambda sends a second when nothing holds it back: a batch of 10 emails in about
 * 0.6 s (docs/benchmarks.md, "Starting a cycle").
 */
export const EMAILS_PER_WORKER_SECOND = 16;

/**
 * The share of the SES rate the notify worker may use: 90 %. The rest is for the emails the API
 * sends itself, one at a time and not queued (sign-in codes, address checks, galaxy quota mails).
 */
export const QUEUED_MAIL_SHARE = 0.9;

export interface NotifyThroughput {
  /** Emails a second all notify workers together may send. */
  rate: number;
  /** The SQS event source's maximum concurrency (2, SQS's minimum, to 1 000). */
  maxConcurrency: number;
  /** Emails a second each worker sends at most (MAIL_SEND_RATE): rate / maxConcurrency. */
  perWorker: number;
  /** Messages a batch: 10, fewer when a paced batch would not be sent in half the timeout. */
  batchSize: number;
}

/**
 * How the notify worker consumes its queue so that its emails never leave faster than SES's rate
 * (docs/scale.md, "Fan-out"): as few concurrent workers as reach the rate, each paced to its share
 * (functions/workers/pace.ts), so that together they send `rate` at most however long the queue.
 * 14/s: 2 workers of 6.3/s, 50 000 invitations in 66 min; 200/s: 12 workers; 1 000/s: 57 workers.
 */
export function notifyThroughput(sesSendRate: number, timeoutSeconds: number): NotifyThroughput {
  if (!Number.isFinite(sesSendRate) || sesSendRate < 1)
    throw new Error(`The SES send rate must be at least 1 email a second, not ${sesSendRate}`);
  const rate = sesSendRate * QUEUED_MAIL_SHARE;
  const maxConcurrency = Math.min(1000, Math.max(2, Math.ceil(rate / EMAILS_PER_WORKER_SECOND)));
  const perWorker = rate / maxConcurrency;
  const batchSize = Math.max(1, Math.min(10, Math.floor((perWorker * timeoutSeconds) / 2)));
  return { rate, maxConcurrency, perWorker, batchSize };
}

/** The stack's SES send rate: the prop, else the context `sesSendRate`, else the default. */
export function sesSendRateOf(scope: Construct, rate?: number): number {
  if (rate !== undefined) return rate;
  const context: unknown = scope.node.tryGetContext('sesSendRate');
  return context === undefined ? DEFAULT_SES_SEND_RATE : Number(context);
}

/** The Scheduler API calls functions/lib/schedules.ts makes. */
export const SCHEDULE_ACTIONS = [
  'scheduler:CreateSchedule',
  'scheduler:UpdateSchedule',
  'scheduler:DeleteSchedule',
  'scheduler:GetSchedule',
] as const;

export interface CycleSchedulesProps {
  notifications: QueueWithDlq;
}

/**
 * The one-time schedules of campaign cycles (decision 0026): their schedule group, and the role
 * EventBridge Scheduler assumes to put a schedule's message on the notifications queue (or, when the
 * queue keeps refusing it, on its dead-letter queue). The role trusts Scheduler for this account's
 * group only.
 */
export class CycleSchedules extends Construct {
  readonly group: ScheduleGroup;
  readonly role: Role;
  private readonly notifications: QueueWithDlq;

  constructor(scope: Construct, id: string, props: CycleSchedulesProps) {
    super(scope, id);
    this.notifications = props.notifications;
    this.group = new ScheduleGroup(this, 'Group', {});
    const stack = Stack.of(this);
    this.role = new Role(this, 'SchedulerRole', {
      description: 'Assumed by EventBridge Scheduler to send cycle schedules to the notifications queue',
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnEquals: { 'aws:SourceArn': this.group.scheduleGroupArn },
        },
      }),
    });
    // SQS-managed encryption: sending needs no KMS permission.
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['sqs:SendMessage'],
        resources: [props.notifications.queue.queueArn, props.notifications.deadLetterQueue.queueArn],
      }),
    );
  }

  /** ARN of every schedule of the group. */
  get schedulesArn(): string {
    return Stack.of(this).formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.group.scheduleGroupName}/*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  }

  /**
   * Lets a function make, move and delete the group's schedules and hand them the Scheduler role
   * (iam:PassRole on that role, to Scheduler only), with the variables functions/lib/schedules.ts reads.
   */
  allow(fn: WellbeingFunction): void {
    const statements = [
      new PolicyStatement({ actions: [...SCHEDULE_ACTIONS], resources: [this.schedulesArn] }),
      new PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.role.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    ];
    for (const statement of statements) fn.function.addToRolePolicy(statement);
    acknowledgeWildcards(
      fn.role,
      statements,
      'Schedules of the cycle schedule group only: a schedule is named after the cycle it belongs to, so only the group can be named.',
    );
    fn.addEnvironment({
      SCHEDULE_GROUP: this.group.scheduleGroupName,
      SCHEDULER_ROLE_ARN: this.role.roleArn,
      NOTIFICATIONS_QUEUE_ARN: this.notifications.queue.queueArn,
      NOTIFICATIONS_DLQ_ARN: this.notifications.deadLetterQueue.queueArn,
    });
  }
}

/**
 * Asynchronous work: the notifications queue and its worker (functions/workers/notify.ts → SES,
 * SNS), and the report-render queue and its worker (functions/reports/worker.ts → PDF or DOCX in
 * the assets bucket, decision 0031).
 */
export class Workers extends Construct {
  readonly notifications: QueueWithDlq;
  readonly notify: WellbeingFunction;
  /** How the notify worker consumes its queue, from the SES send rate. */
  readonly notifyThroughput: NotifyThroughput;
  readonly renders: QueueWithDlq;
  readonly render: WellbeingFunction;
  private cycleSchedules: CycleSchedules | undefined;

  constructor(scope: Construct, id: string, props: WorkersProps) {
    super(scope, id);
    const timeout = Duration.seconds(30);
    this.notifyThroughput = notifyThroughput(sesSendRateOf(this, props.sesSendRate), timeout.toSeconds());
    const { maxConcurrency, perWorker, batchSize } = this.notifyThroughput;
    this.notify = new WellbeingFunction(this, 'Notify', {
      entry: props.entryFor('functions/workers/notify.ts'),
      description: 'Sends queued notifications (email, SMS) and runs cycle events',
      timeout,
      // Idempotency: a message processed twice has one effect, recorded in the table.
      table: { table: props.table, access: 'readWrite' },
      environment: {
        MAIL_FROM: props.mail.from,
        MAIL_SEND_RATE: perWorker.toFixed(3),
        ...props.environment,
      },
    });
    props.mail.grantSend(this.notify.function);
    // SNS Publish to a phone number names no topic, so it has no resource ARN. Allowing Publish on
    // anything but an SNS ARN allows exactly that: SMS, and no topic or platform endpoint.
    this.notify.function.addToRolePolicy(
      new PolicyStatement({ actions: ['sns:Publish'], notResources: ['arn:aws:sns:*:*:*'] }),
    );

    this.notifications = new QueueWithDlq(this, 'Notifications', { consumerTimeout: timeout });
    // At most `maxConcurrency` workers, each paced to its share of the SES rate: a cycle's
    // invitations wait in the queue rather than being throttled by SES into the DLQ.
    this.notify.function.addEventSource(
      new SqsEventSource(this.notifications.queue, {
        batchSize,
        maxConcurrency,
        reportBatchItemFailures: true,
      }),
    );

    // Rendering has its own Lambda: ECharts, pdfkit, docx and resvg make a bundle of 1.3 MB and a
    // few seconds of work that the API's functions should not carry.
    const renderTimeout = Duration.seconds(120);
    this.render = new WellbeingFunction(this, 'Render', {
      entry: props.entryFor('functions/reports/worker.ts'),
      description: 'Renders custom reports to PDF and DOCX',
      timeout: renderTimeout,
      memorySize: 1024,
      bundling: RENDER_BUNDLING,
      table: { table: props.table, access: 'readWrite' },
      ...(props.environment ? { environment: props.environment } : {}),
    });
    // Three attempts (the worker ends the render in error on the third), then the DLQ.
    this.renders = new QueueWithDlq(this, 'ReportRenders', {
      consumerTimeout: renderTimeout,
      maxReceiveCount: 3,
    });
    this.render.function.addEventSource(
      new SqsEventSource(this.renders.queue, { batchSize: 1, reportBatchItemFailures: true }),
    );
  }

  /** Lets a function queue report renders: send permission and REPORT_RENDERS_QUEUE_URL. */
  allowRendering(fn: WellbeingFunction): void {
    this.renders.queue.grantSendMessages(fn.function);
    fn.addEnvironment({ REPORT_RENDERS_QUEUE_URL: this.renders.queue.queueUrl });
  }

  /** Lets a function queue notifications: send permission and NOTIFICATIONS_QUEUE_URL. */
  allowQueueing(fn: WellbeingFunction): void {
    this.notifications.queue.grantSendMessages(fn.function);
    fn.addEnvironment({ NOTIFICATIONS_QUEUE_URL: this.notifications.queue.queueUrl });
  }

  /** The cycle schedules (group and Scheduler role), made with the first function that uses them. */
  get schedules(): CycleSchedules | undefined {
    return this.cycleSchedules;
  }

  /**
   * Lets a function (a domain with the `schedules` grant) make one-time schedules onto the
   * notifications queue. The worker gets the same rights the first time: the cycle events it runs
   * queue notifications and may move the cycle's schedules.
   */
  allowScheduling(fn: WellbeingFunction): void {
    if (!this.cycleSchedules) {
      this.cycleSchedules = new CycleSchedules(this, 'CycleSchedules', { notifications: this.notifications });
      this.allowQueueing(this.notify);
      this.cycleSchedules.allow(this.notify);
    }
    this.cycleSchedules.allow(fn);
  }
}
