import { Stack } from 'aws-cdk-lib';
import { LogGroupLogDestination, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { WellbeingFunction, type FunctionEnvironment } from './function';
import { acknowledge, acknowledgeWildcards } from './nag';

export const REALTIME_STAGE = 'live';

export interface RealtimeProps {
  table: ITable;
  /** Maps the handler's source file (relative to the repository root) to the entry to build. */
  entryFor: (entry: string) => string;
  /** USER_POOL_ID and USER_POOL_CLIENT_ID: `$connect` verifies the id token. */
  environment?: FunctionEnvironment;
}

/**
 * The WebSocket API: `$connect` (with `?token=<id token>`), `$disconnect` and `$default` all reach
 * functions/realtime/handler.ts, which stores connections with a TTL and fans events out through the
 * stage's @connections endpoint.
 */
export class Realtime extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  readonly handler: WellbeingFunction;

  constructor(scope: Construct, id: string, props: RealtimeProps) {
    super(scope, id);
    this.handler = new WellbeingFunction(this, 'Handler', {
      entry: props.entryFor('functions/realtime/handler.ts'),
      description: 'WebSocket connections and event fan-out',
      table: { table: props.table, access: 'readWrite' },
      environment: props.environment,
    });
    // An integration named `Default` would collide with the $default route's own construct id.
    const integration = new WebSocketLambdaIntegration('RealtimeIntegration', this.handler.function);
    this.api = new WebSocketApi(this, 'WebSocketApi', {
      apiName: 'wellbeing-realtime',
      description: 'Wellbeing realtime events',
      connectRouteOptions: { integration },
      disconnectRouteOptions: { integration },
      defaultRouteOptions: { integration },
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    this.stage = new WebSocketStage(this, 'LiveStage', {
      webSocketApi: this.api,
      stageName: REALTIME_STAGE,
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs) },
    });
    this.allowPublishing(this.handler);
    acknowledge(
      this.api,
      'The spec authenticates the WebSocket at $connect with the id token in the query string; the realtime handler verifies it (aws-jwt-verify, this user pool) and refuses the connection otherwise. $disconnect and $default only exist on a connection accepted that way.',
      'AwsSolutions-APIG4',
    );
  }

  /** wss:// URL the SPA connects to (its `wsUrl`). */
  get url(): string {
    return this.stage.url;
  }

  /** Origin of the WebSocket API, for the SPA's Content-Security-Policy. */
  get origin(): string {
    const stack = Stack.of(this);
    return `wss://${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }

  /**
   * Lets a function post to connections and close them (PostToConnection, DeleteConnection: sign-out,
   * leaving, a refused keep-alive): ManageConnections on every method of the stage's @connections,
   * and its endpoint in the env.
   */
  allowPublishing(fn: WellbeingFunction): void {
    const grant = this.stage.grantManagementApiAccess(fn.function);
    acknowledgeWildcards(
      fn.role,
      grant.principalStatements,
      'Posting to connections of the live stage: connection ids exist only at run time, so the ARN ends in @connections/*.',
    );
    fn.addEnvironment({ WS_MANAGEMENT_ENDPOINT: this.stage.callbackUrl });
  }
}
