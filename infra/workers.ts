import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { WellbeingFunction, type FunctionEnvironment } from './function';
import type { Mail } from './mail';

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
  /** Maps a worker's source file (relative to the repository root) to the entry to build. */
  entryFor: (entry: string) => string;
  environment?: FunctionEnvironment;
}

/** Asynchronous work: the notifications queue and its worker (functions/workers/notify.ts → SES). */
export class Workers extends Construct {
  readonly notifications: QueueWithDlq;
  readonly notify: WellbeingFunction;

  constructor(scope: Construct, id: string, props: WorkersProps) {
    super(scope, id);
    const timeout = Duration.seconds(30);
    this.notify = new WellbeingFunction(this, 'Notify', {
      entry: props.entryFor('functions/workers/notify.ts'),
      description: 'Sends queued notifications (email)',
      timeout,
      // Idempotency: a message processed twice has one effect, recorded in the table.
      table: { table: props.table, access: 'readWrite' },
      environment: { MAIL_FROM: props.mail.from, ...props.environment },
    });
    props.mail.grantSend(this.notify.function);

    this.notifications = new QueueWithDlq(this, 'Notifications', { consumerTimeout: timeout });
    this.notify.function.addEventSource(
      new SqsEventSource(this.notifications.queue, { batchSize: 10, reportBatchItemFailures: true }),
    );
  }

  /** Lets a function queue notifications: send permission and NOTIFICATIONS_QUEUE_URL. */
  allowQueueing(fn: WellbeingFunction): void {
    this.notifications.queue.grantSendMessages(fn.function);
    fn.addEnvironment({ NOTIFICATIONS_QUEUE_URL: this.notifications.queue.queueUrl });
  }
}
