import { join } from 'node:path';
import { CfnOutput, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { REST_DOMAINS, ROUTES } from '../functions/domains';
import { RENDERS_PREFIX } from '../functions/lib/assets';
import { receivePaymentEvent } from '@shared/contracts/payments';
import { parseParentOrigins } from '@shared/contracts/web-config';
import { DEFAULT_SMS_COUNTRY_CODES, parseSmsCountryCodes } from '@shared/domain/phone';
import { Api } from './api';
import { Assets, assetsOrigin } from './assets';
import { Auth } from './auth';
import { Data } from './data';
import { REPO_ROOT, pascalCase, type WellbeingFunction } from './function';
import { Mail } from './mail';

import { Observability } from './observability';
import { Payments } from './payments';
import { Realtime } from './realtime';
import { ClientLimits } from './waf';
import { Web } from './web';
import { Workers } from './workers';

export const DEFAULT_MAIL_DOMAIN = 'wellbeing.example.com';

export interface WellbeingStackProps extends StackProps {
  /** Domain the emails are sent from. @default context `mailDomain`, else wellbeing.example.com */
  mailDomain?: string;
  /**
   * SES's maximum send rate of the account, emails a second: the notify worker's concurrency and
   * pace follow it (infra/workers.ts `notifyThroughput`). @default context `sesSendRate`, else 14
   */
  sesSendRate?: number;
  /** Cognito's own emails through SES. @default context `cognitoEmailViaSes` ('true'), else false */
  cognitoEmailViaSes?: boolean;
  /**
   * Maps a Lambda source file (relative to the repository root) to the entry to build.
   * @default the file itself
   */
  entryFor?: (entry: string) => string;
  /** @default <repo>/web/dist */
  webDistDir?: string;
  /**
   * Country calling codes verification texts may go to (decision 0006): SMS_COUNTRY_CODES of the
   * Lambdas that send SMS. @default context `smsCountryCodes` (comma-separated, `+32,+33,+352`),
   * else Belgium, France and Luxembourg
   */
  smsCountryCodes?: readonly string[];
}

/** The stack's SMS countries: the prop, else the context `smsCountryCodes`, else the default; checked. */
export function smsCountryCodesOf(scope: Construct, codes?: readonly string[]): string[] {
  if (codes) return parseSmsCountryCodes(codes.join(','));
  const context: unknown = scope.node.tryGetContext('smsCountryCodes');
  if (context === undefined) return [...DEFAULT_SMS_COUNTRY_CODES];
  return parseSmsCountryCodes(Array.isArray(context) ? context.map(String).join(',') : String(context));
}

/** The whole product in one stack (eu-west-1): data, auth, REST and WebSocket APIs, workers, SPA, alarms. */
export class WellbeingStack extends Stack {
  readonly data: Data;
  readonly auth: Auth;
  readonly api: Api;
  readonly realtime: Realtime;
  readonly workers: Workers;
  readonly web: Web;
  readonly assets: Assets;
  readonly clientLimits: ClientLimits;
  readonly payments: Payments;

  constructor(scope: Construct, id: string, props: WellbeingStackProps = {}) {
    super(scope, id, props);
    const entryFor = props.entryFor ?? ((entry: string) => entry);
    const mailDomain =
      props.mailDomain ??
      (this.node.tryGetContext('mailDomain') as string | undefined) ??
      DEFAULT_MAIL_DOMAIN;
    const cognitoEmailViaSes =
      props.cognitoEmailViaSes ?? String(this.node.tryGetContext('cognitoEmailViaSes')) === 'true';
    const smsCountryCodes = smsCountryCodesOf(this, props.smsCountryCodes).join(',');

    this.data = new Data(this, 'Data');
    const table = this.data.table;
    const mail = new Mail(this, 'Mail', { domain: mailDomain });
    this.auth = new Auth(this, 'Auth', { table, mail, entryFor, cognitoEmailViaSes });
    const pool = {
      USER_POOL_ID: this.auth.userPool.userPoolId,
      USER_POOL_CLIENT_ID: this.auth.client.userPoolClientId,
    };
    this.realtime = new Realtime(this, 'Realtime', { table, entryFor, environment: pool });
    this.workers = new Workers(this, 'Workers', {
      table,
      mail,
      entryFor,
      ...(props.sesSendRate !== undefined ? { sesSendRate: props.sesSendRate } : {}),
    });

    // The API allows the SPA's origin and the SPA's headers allow the API: CloudFormation resolves both
    // (no cycle between the resources), but in code one of them has to be read lazily.
    const allowedOrigin = Lazy.string({ produce: () => this.web.url });
    this.api = new Api(this, 'Api', {
      domains: REST_DOMAINS,
      userPool: this.auth.userPool,
      table,
      allowedOrigin,
      entryFor,
      environment: { ...pool, MAIL_FROM: mail.from },
    });
    this.clientLimits = new ClientLimits(this, 'ClientLimits', {
      userPool: this.auth.userPool,
      restApi: this.api.restApi,
      routes: ROUTES,
    });
    this.web = new Web(this, 'Web', {
      distDir: props.webDistDir ?? join(REPO_ROOT, 'web/dist'),
      config: {
        environment: 'aws',
        apiUrl: this.api.url,
        wsUrl: this.realtime.url,
        region: this.region,
        userPoolId: this.auth.userPool.userPoolId,
        userPoolClientId: this.auth.client.userPoolClientId,
        supportEmail: `support@${mailDomain}`,
        // Context `parentOrigins` (comma-separated): who may embed the SPA (docs/embedding.md).
        parentOrigins: parseParentOrigins(this.node.tryGetContext('parentOrigins')),
      },
      connectSources: [
        this.api.origin,
        this.realtime.origin,
        `https://cognito-idp.${this.region}.amazonaws.com`,
        // Admins' browsers send logos straight to the assets bucket.
        assetsOrigin(this),
      ],
    });
    this.assets = new Assets(this, 'Assets', { web: this.web });
    // Every function that sends mail or texts builds its links on one origin, the SPA's: the
    // CloudFront distribution's (functions/lib/config.ts `webOrigin()`, decision 0006).
    const webOrigin = { WEB_ORIGIN: this.web.url };
    this.workers.notify.addEnvironment(webOrigin);
    for (const sender of this.auth.senders) sender.addEnvironment(webOrigin);

    // The card payment provider's keys (decision 0051), read by the domains granted `payments`.
    this.payments = new Payments(this, 'Payments');
    // What each domain's face says its Lambda does (functions/<domain>/domain.ts).
    for (const domain of REST_DOMAINS) {
      const fn = this.api.functions.get(domain.name);
      if (!fn) throw new Error(`No function for the ${domain.name} domain`);
      this.workers.allowQueueing(fn);
      if (domain.grants.events) this.realtime.allowPublishing(fn);
      if (domain.grants.mail) mail.grantSend(fn.function);
      if (domain.grants.mail || domain.grants.sms) fn.addEnvironment(webOrigin);
      if (domain.grants.assets) this.assets.grant(fn, domain.grants.assets);
      if (domain.grants.schedules) this.workers.allowScheduling(fn);
      if (domain.grants.renders) this.workers.allowRendering(fn);
      if (domain.grants.sms) fn.addEnvironment({ SMS_COUNTRY_CODES: smsCountryCodes });
      if (domain.grants.payments) {
        this.payments.grantRead(fn);
        if (!domain.grants.mail && !domain.grants.sms) fn.addEnvironment(webOrigin);
      }
    }
    // The render worker writes the files and tells the person who asked.
    this.assets.grant(this.workers.render, { prefixes: [RENDERS_PREFIX], actions: ['read', 'write'] });
    // The notifications worker completes cascades left pending (decision 0042): a removed group's
    // custom reports take their rendered files with them.
    this.assets.grant(this.workers.notify, { prefixes: [RENDERS_PREFIX], actions: ['delete'] });
    this.realtime.allowPublishing(this.workers.render);

    const functions: Record<string, WellbeingFunction> = {
      Realtime: this.realtime.handler,
      Notify: this.workers.notify,
      Render: this.workers.render,
    };
    for (const [domain, fn] of this.api.functions) functions[`Api${pascalCase(domain)}`] = fn;
    for (const [name, fn] of Object.entries(this.auth.triggers)) functions[`Auth${pascalCase(name)}`] = fn;
    const observability = new Observability(this, 'Observability', {
      restApi: this.api.restApi,
      functions,
      deadLetterQueues: {
        Notifications: this.workers.notifications.deadLetterQueue,
        ReportRenders: this.workers.renders.deadLetterQueue,
      },
    });

    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'REST API base URL' });
    new CfnOutput(this, 'WebSocketUrl', { value: this.realtime.url, description: 'WebSocket API URL' });
    new CfnOutput(this, 'WebUrl', { value: this.web.url, description: 'The SPA (CloudFront)' });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.client.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'PaymentKeysSecretArn', {
      value: this.payments.secret.secretArn,
      description: 'Secret of the card provider keys (docs/deploy.md)',
    });
    new CfnOutput(this, 'PaymentWebhookUrl', {
      value: `${this.api.url}${receivePaymentEvent.path}`,
      description: 'Register this URL as the card provider webhook endpoint (docs/deploy.md)',
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: observability.topic.topicArn,
      description: 'Subscribe to get alarms',
    });
  }
}
