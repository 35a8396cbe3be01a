import { Duration } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { WellbeingFunction } from './function';

export interface ObservabilityProps {
  restApi: RestApi;
  /** Every function, by a readable name. */
  functions: Record<string, WellbeingFunction>;
  /** Every dead-letter queue, by a readable name. */
  deadLetterQueues: Record<string, IQueue>;
}

/** Alarms that need a person: API 5xx, Lambda errors, messages in a dead-letter queue. */
export class Observability extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    // A customer-managed key: CloudWatch cannot publish to a topic encrypted with the AWS-managed
    // SNS key, whose policy cannot be changed.
    const key = new Key(this, 'AlarmsKey', {
      description: 'Encrypts the Wellbeing alarm topic',
      enableKeyRotation: true,
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'Alarms', {
      displayName: 'Wellbeing alarms',
      masterKey: key,
      enforceSSL: true,
    });
    const action = new SnsAction(this.topic);

    const alarm = (id: string, description: string, metric: IMetric): void => {
      new Alarm(this, id, {
        alarmDescription: description,
        metric,
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(action);
    };

    const period = Duration.minutes(5);
    alarm(
      'Api5xx',
      'The REST API answered 5xx',
      props.restApi.metricServerError({ period, statistic: 'Sum' }),
    );
    for (const [name, fn] of Object.entries(props.functions)) {
      alarm(`${name}Errors`, `Lambda ${name} failed`, fn.function.metricErrors({ period, statistic: 'Sum' }));
    }
    for (const [name, queue] of Object.entries(props.deadLetterQueues)) {
      alarm(
        `${name}DeadLetters`,
        `Messages wait in the ${name} dead-letter queue`,
        queue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
      );
    }
  }
}
