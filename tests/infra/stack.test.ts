import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaEntries } from '../../bin/lambda-entries';
import { TABLE } from '../../functions/lib/table';
import { SERVED_ASSETS_PREFIX, UPLOADS_PREFIX } from '../../functions/lib/assets';
import { REPO_ROOT } from '../../infra/function';
import { DEFAULT_MAIL_DOMAIN } from '../../infra/stack';
import { DEFAULT_SES_SEND_RATE, notifyThroughput } from '../../infra/workers';
import { propertiesOf, synthesizeWellbeing, type SynthesizedApp } from './wellbeing-app';
import { PASSWORD_MIN_LENGTH } from '@shared/domain/password';

type Json = Record<string, unknown>;

let synthesized: SynthesizedApp;
/** Logical ids of the product's functions (WellbeingFunction), as opposed to CDK's own helpers. */
let productFunctionIds: string[];

beforeAll(() => {
  synthesized = synthesizeWellbeing();
  productFunctionIds = synthesized.stack.node
    .findAll()
    .filter((c): c is NodejsFunction => c instanceof NodejsFunction)
    .map((fn) => synthesized.stack.getLogicalId(fn.node.defaultChild as CfnFunction));
});

function functionsById(): Map<string, Json> {
  return propertiesOf(synthesized.template, 'AWS::Lambda::Function');
}

function logicalIdOf(fn: { function: NodejsFunction }): string {
  return synthesized.stack.getLogicalId(fn.function.node.defaultChild as CfnFunction);
}

function environmentOf(id: string): Record<string, unknown> {
  return ((functionsById().get(id)?.Environment as Json | undefined)?.Variables ?? {}) as Record<
    string,
    unknown
  >;
}

/** Statements of the policies attached to a function's role. */
function statementsOf(functionId: string): Json[] {
  const role = (functionsById().get(functionId)?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return [...propertiesOf(synthesized.template, 'AWS::IAM::Policy').values()]
    .filter((p) => JSON.stringify(p.Roles) === JSON.stringify([{ Ref: role }]))
    .flatMap((p) => (p.PolicyDocument as { Statement: Json[] }).Statement);
}

function allows(functionId: string, action: string): boolean {
  return statementsOf(functionId).some((s) => ([] as unknown[]).concat(s.Action).includes(action));
}

describe('lambda sources', () => {
  it('builds exactly the Lambdas bin/lambda-entries.ts lists (the bundle benchmark measures the same set)', () => {
    expect([...synthesized.requestedEntries].sort()).toEqual(Object.values(lambdaEntries()).sort());
  });

  it('finds every Lambda source file (npm run synth bundles each one)', () => {
    const missing = synthesized.requestedEntries.filter((entry) => !existsSync(join(REPO_ROOT, entry)));
    expect(missing).toEqual([]);
  });
});

describe('functions', () => {
  it('are every Lambda of the stack but CDK’s BucketDeployment handler', () => {
    const others = [...functionsById().keys()].filter((id) => !productFunctionIds.includes(id));
    expect(others).toHaveLength(1);
    expect(others[0]).toMatch(/^CustomCDKBucketDeployment/);
  });

  it('run nodejs22.x on arm64 with X-Ray, source maps and their own log group', () => {
    expect(productFunctionIds.length).toBeGreaterThanOrEqual(8);
    for (const id of productFunctionIds) {
      const fn = functionsById().get(id)!;
      expect(fn.Runtime, id).toBe('nodejs22.x');
      expect(fn.Architectures, id).toEqual(['arm64']);
      expect(fn.TracingConfig).toEqual({ Mode: 'Active' });
      // 512 MB, but the render worker's 1 GB (charts, fonts and WebAssembly, decision 0031).
      expect(fn.MemorySize, id).toBe(id.includes('Render') ? 1024 : 512);
      expect(environmentOf(id).NODE_OPTIONS).toBe('--enable-source-maps');
      expect((fn.LoggingConfig as Json).LogGroup).toEqual({ Ref: expect.any(String) });
    }
  });

  it('keep their logs one month', () => {
    for (const id of productFunctionIds) {
      const logGroupId = ((functionsById().get(id)!.LoggingConfig as Json).LogGroup as { Ref: string }).Ref;
      expect(propertiesOf(synthesized.template, 'AWS::Logs::LogGroup').get(logGroupId)?.RetentionInDays).toBe(
        30,
      );
    }
  });

  it('use no managed policy, and "*" resources only for X-Ray and Amazon Translate (which allow nothing narrower)', () => {
    const withoutResource = [
      ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'],
      // TranslateText acts on no resource of the account.
      'translate:TranslateText',
    ];
    for (const id of productFunctionIds) {
      const roleId = (functionsById().get(id)!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      expect(
        propertiesOf(synthesized.template, 'AWS::IAM::Role').get(roleId)?.ManagedPolicyArns,
      ).toBeUndefined();
      for (const statement of statementsOf(id).filter((s) => s.Resource === '*'))
        expect(withoutResource).toContainEqual(statement.Action);
    }
  });

  it('receive TABLE_NAME and the table grant', () => {
    const tableId = synthesized.stack.getLogicalId(synthesized.stack.data.table.node.defaultChild as never);
    for (const id of productFunctionIds) {
      expect(environmentOf(id).TABLE_NAME).toEqual({ Ref: tableId });
      expect(allows(id, 'dynamodb:Query'), id).toBe(true);
    }
    const define = logicalIdOf(synthesized.stack.auth.triggers['define-auth-challenge']);
    expect(allows(define, 'dynamodb:PutItem')).toBe(false);
  });
});

describe('table', () => {
  it('is built from TABLE: keys, global indexes with every attribute, TTL attribute', () => {
    synthesized.template.hasResourceProperties('AWS::DynamoDB::Table', {
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
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
    });
  });

  it('has point-in-time recovery, on-demand billing, AWS-managed encryption, and survives stack deletion', () => {
    synthesized.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        BillingMode: 'PAY_PER_REQUEST',
        // SSEEnabled without a key: the AWS-managed key aws/dynamodb.
        SSESpecification: { SSEEnabled: true },
      }),
    });
    synthesized.template.resourceCountIs('AWS::DynamoDB::Table', 1);
  });
});

describe('queues', () => {
  it('every queue that is not a dead-letter queue redrives to one after 5 receives (the report renders’ after 3)', () => {
    const queues = propertiesOf(synthesized.template, 'AWS::SQS::Queue');
    const deadLetterIds = new Set(
      [...queues.values()]
        .map((q) => (q.RedrivePolicy as Json | undefined)?.deadLetterTargetArn as Json | undefined)
        .filter((arn) => arn !== undefined)
        .map((arn) => (arn['Fn::GetAtt'] as [string, string])[0]),
    );
    expect(deadLetterIds.size).toBeGreaterThan(0);
    for (const [id, queue] of queues) {
      expect(queue.SqsManagedSseEnabled, id).toBe(true);
      if (deadLetterIds.has(id)) {
        expect(queue.MessageRetentionPeriod).toBe(14 * 24 * 3600);
      } else {
        // A render is tried three times, the third ending it in error (functions/reports/renders.ts).
        expect(queue.RedrivePolicy, id).toMatchObject({
          maxReceiveCount: id.includes('ReportRenders') ? 3 : 5,
        });
      }
    }
  });

  it('the notify worker consumes 10 messages at a time and reports partial failures', () => {
    const notify = logicalIdOf(synthesized.stack.workers.notify);
    synthesized.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: notify },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('the notify worker never sends faster than SES’s default 14 emails/s: 2 workers at most, each paced to 6.3/s', () => {
    const notify = logicalIdOf(synthesized.stack.workers.notify);
    synthesized.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: notify },
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    expect(synthesized.stack.workers.notifyThroughput).toMatchObject({ maxConcurrency: 2, batchSize: 10 });
    const perWorker = Number(environmentOf(notify).MAIL_SEND_RATE);
    expect(perWorker).toBeCloseTo(6.3, 3);
    expect(2 * perWorker).toBeLessThanOrEqual(DEFAULT_SES_SEND_RATE);
  });

  it('the notify worker’s concurrency, pace and batch follow the SES rate, never above it', () => {
    for (const sesRate of [1, 14, 50, 200, 1_000, 100_000]) {
      const t = notifyThroughput(sesRate, 30);
      expect(t.maxConcurrency).toBeGreaterThanOrEqual(2);
      expect(t.maxConcurrency).toBeLessThanOrEqual(1_000);
      expect(t.maxConcurrency * t.perWorker).toBeLessThanOrEqual(sesRate * 0.9 + 1e-9);
      // A paced batch is sent within half the worker's timeout.
      expect(t.batchSize / t.perWorker).toBeLessThanOrEqual(15);
      expect(t.batchSize).toBeGreaterThanOrEqual(1);
      expect(t.batchSize).toBeLessThanOrEqual(10);
    }
    expect(notifyThroughput(200, 30)).toMatchObject({ maxConcurrency: 12, batchSize: 10 });
    expect(notifyThroughput(1, 30)).toMatchObject({ maxConcurrency: 2, batchSize: 6 });
    expect(() => notifyThroughput(0, 30)).toThrow();
  });

  it('a message stays invisible 6 times the worker timeout', () => {
    const notify = functionsById().get(logicalIdOf(synthesized.stack.workers.notify))!;
    const queueId = synthesized.stack.getLogicalId(
      synthesized.stack.workers.notifications.queue.node.defaultChild as never,
    );
    const queue = propertiesOf(synthesized.template, 'AWS::SQS::Queue').get(queueId)!;
    expect(queue.VisibilityTimeout).toBe(6 * Number(notify.Timeout));
  });

  it('REST Lambdas may queue notifications', () => {
    for (const fn of synthesized.stack.api.functions.values()) {
      const id = logicalIdOf(fn);
      expect(environmentOf(id).NOTIFICATIONS_QUEUE_URL).toBeDefined();
      expect(allows(id, 'sqs:SendMessage')).toBe(true);
    }
  });
});

describe('user pool', () => {
  it('runs the four custom-auth triggers and the gate before any token', () => {
    const pool = [...propertiesOf(synthesized.template, 'AWS::Cognito::UserPool').values()][0]!;
    const config = pool.LambdaConfig as Record<string, { 'Fn::GetAtt': [string, string] }>;
    const triggers = synthesized.stack.auth.triggers;
    expect(config).toEqual({
      PreSignUp: { 'Fn::GetAtt': [logicalIdOf(triggers['pre-sign-up']), 'Arn'] },
      DefineAuthChallenge: { 'Fn::GetAtt': [logicalIdOf(triggers['define-auth-challenge']), 'Arn'] },
      CreateAuthChallenge: { 'Fn::GetAtt': [logicalIdOf(triggers['create-auth-challenge']), 'Arn'] },
      VerifyAuthChallengeResponse: { 'Fn::GetAtt': [logicalIdOf(triggers['verify-auth-challenge']), 'Arn'] },
      PreTokenGeneration: { 'Fn::GetAtt': [logicalIdOf(triggers['pre-token-generation']), 'Arn'] },
    });
    for (const name of Object.keys(triggers))
      expect(synthesized.requestedEntries).toContain(`functions/auth/${name}.ts`);
  });

  it('signs in by email, with the spec password rules (6 characters, lower, upper, digit)', () => {
    synthesized.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: 6,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: false,
        },
      },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  it('lets the SPA client use custom auth and SRP, never the plain password flow', () => {
    const clients = [...propertiesOf(synthesized.template, 'AWS::Cognito::UserPoolClient').values()];
    expect(clients).toHaveLength(1);
    expect([...(clients[0]!.ExplicitAuthFlows as string[])].sort()).toEqual([
      'ALLOW_CUSTOM_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
  });

  it('keeps a custom-auth session 15 minutes, the life of an emailed code', () => {
    synthesized.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AuthSessionValidity: 15,
      GenerateSecret: false,
      // Off: the sign-in screen needs UserNotFoundException to go to account creation.
      PreventUserExistenceErrors: 'LEGACY',
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30 * 24 * 60,
    });
  });

  it('gives create-auth-challenge SES send permission and the sender address', () => {
    const create = logicalIdOf(synthesized.stack.auth.triggers['create-auth-challenge']);
    expect(allows(create, 'ses:SendEmail')).toBe(true);
    expect(environmentOf(create).MAIL_FROM).toBe(`no-reply@${DEFAULT_MAIL_DOMAIN}`);
    synthesized.template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: DEFAULT_MAIL_DOMAIN,
    });
  });
});

describe('mail', () => {
  it('lets the emails Lambda send its verification codes, and the users Lambda send nothing', () => {
    const emails = logicalIdOf(synthesized.stack.api.functions.get('emails')!);
    const me = logicalIdOf(synthesized.stack.api.functions.get('users')!);
    expect(allows(emails, 'ses:SendEmail')).toBe(true);
    expect(allows(me, 'ses:SendEmail')).toBe(false);
  });

  it('lets the emails Lambda make the primary address the sign-in email, and only it', () => {
    const emails = logicalIdOf(synthesized.stack.api.functions.get('emails')!);
    const me = logicalIdOf(synthesized.stack.api.functions.get('users')!);
    // The identity holding the address is found, and removed when it never proved it.
    for (const action of [
      'cognito-idp:AdminUpdateUserAttributes',
      'cognito-idp:ListUsers',
      'cognito-idp:AdminDeleteUser',
    ]) {
      expect(allows(emails, action)).toBe(true);
      expect(allows(me, action)).toBe(false);
    }
  });
});

describe('passwords', () => {
  it('lets the account Lambda set a first password in the user pool, and only it', () => {
    const account = logicalIdOf(synthesized.stack.api.functions.get('account')!);
    const me = logicalIdOf(synthesized.stack.api.functions.get('users')!);
    const emails = logicalIdOf(synthesized.stack.api.functions.get('emails')!);
    expect(allows(account, 'cognito-idp:AdminSetUserPassword')).toBe(true);
    expect(allows(me, 'cognito-idp:AdminSetUserPassword')).toBe(false);
    expect(allows(emails, 'cognito-idp:AdminSetUserPassword')).toBe(false);
  });

  it('lets the account Lambda end every sign-in of the caller (sign out everywhere), and only it', () => {
    const account = logicalIdOf(synthesized.stack.api.functions.get('account')!);
    const me = logicalIdOf(synthesized.stack.api.functions.get('users')!);
    expect(allows(account, 'cognito-idp:AdminUserGlobalSignOut')).toBe(true);
    expect(allows(me, 'cognito-idp:AdminUserGlobalSignOut')).toBe(false);
  });

  it('gives the user pool the password rules of shared/domain/password.ts and the SPA client SRP', () => {
    synthesized.template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: PASSWORD_MIN_LENGTH,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: false,
        }),
      },
    });
    synthesized.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_CUSTOM_AUTH', 'ALLOW_USER_SRP_AUTH']),
    });
  });
});

describe('guests', () => {
  it('lets the guests Lambda manage guest identities in the pool and mail the registration code, and the users Lambda do neither', () => {
    const guests = logicalIdOf(synthesized.stack.api.functions.get('guests')!);
    const me = logicalIdOf(synthesized.stack.api.functions.get('users')!);
    for (const action of [
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminUpdateUserAttributes',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:ListUsers',
      'ses:SendEmail',
    ]) {
      expect(allows(guests, action)).toBe(true);
      expect(allows(me, action)).toBe(false);
    }
  });
});

describe('realtime', () => {
  it('routes $connect, $disconnect and $default to the realtime handler', () => {
    const routeKeys = [...propertiesOf(synthesized.template, 'AWS::ApiGatewayV2::Route').values()]
      .map((r) => r.RouteKey)
      .sort();
    expect(routeKeys).toEqual(['$connect', '$default', '$disconnect']);
    const handler = logicalIdOf(synthesized.stack.realtime.handler);
    const integrations = [...propertiesOf(synthesized.template, 'AWS::ApiGatewayV2::Integration').values()];
    expect(integrations).toHaveLength(1);
    expect(JSON.stringify(integrations[0]!.IntegrationUri)).toContain(handler);
  });

  it('auto-deploys the "live" stage', () => {
    synthesized.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'live',
      AutoDeploy: true,
    });
  });

  it('lets the realtime handler and publishing domain Lambdas post to connections', () => {
    const publishers = [synthesized.stack.realtime.handler, synthesized.stack.api.functions.get('users')!];
    for (const fn of publishers) {
      const id = logicalIdOf(fn);
      expect(allows(id, 'execute-api:ManageConnections'), id).toBe(true);
      expect(JSON.stringify(environmentOf(id).WS_MANAGEMENT_ENDPOINT)).toContain('/live');
    }
  });

  it('lets the account Lambda (sign-out, leaving) and the realtime handler (refused keep-alive) close connections', () => {
    for (const fn of [synthesized.stack.realtime.handler, synthesized.stack.api.functions.get('account')!]) {
      const id = logicalIdOf(fn);
      const manage = statementsOf(id).filter((s) =>
        ([] as unknown[]).concat(s.Action).includes('execute-api:ManageConnections'),
      );
      // DeleteConnection is `DELETE /@connections/{id}`: the grant covers every method of the stage.
      const resources = JSON.stringify(manage.map((s) => s.Resource));
      expect(resources, id).toMatch(/\/live\/(\*|DELETE)\/@connections\/\*/);
      expect(JSON.stringify(environmentOf(id).WS_MANAGEMENT_ENDPOINT), id).toContain('/live');
    }
  });
});

describe('web', () => {
  it('serves the SPA from a private bucket through Origin Access Control, with the SPA fallback', () => {
    synthesized.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        CustomErrorResponses: [
          { ErrorCode: 403, ResponseCode: 200, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
          { ErrorCode: 404, ResponseCode: 200, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
        ],
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https' }),
        // The SPA's bucket, and the assets bucket for /logos/*.
        Origins: [
          Match.objectLike({ OriginAccessControlId: Match.anyValue() }),
          Match.objectLike({ OriginAccessControlId: Match.anyValue() }),
        ],
        Logging: Match.objectLike({ Bucket: Match.anyValue() }),
      }),
    });
    synthesized.template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
      LoggingConfiguration: Match.objectLike({ DestinationBucketName: Match.anyValue() }),
    });
  });

  it('sends security headers, and a CSP that lets the SPA reach only its APIs and Cognito', () => {
    const policy = [
      ...propertiesOf(synthesized.template, 'AWS::CloudFront::ResponseHeadersPolicy').values(),
    ][0]!;
    const headers = (policy.ResponseHeadersPolicyConfig as Json).SecurityHeadersConfig as Json;
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 31_536_000 });
    const csp = JSON.stringify(headers.ContentSecurityPolicy);
    const restApiId = synthesized.stack.getLogicalId(
      synthesized.stack.api.restApi.node.defaultChild as never,
    );
    const wsApiId = synthesized.stack.getLogicalId(synthesized.stack.realtime.api.node.defaultChild as never);
    expect(csp).toContain("connect-src 'self' https://");
    expect(csp).toContain(`{"Ref":"${restApiId}"}`);
    expect(csp).toContain('wss://');
    expect(csp).toContain(`{"Ref":"${wsApiId}"}`);
    expect(csp).toContain('https://cognito-idp.eu-west-1.amazonaws.com');
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('assets', () => {
  const bucketId = () =>
    synthesized.stack.getLogicalId(synthesized.stack.assets.bucket.node.defaultChild as never);
  const bucket = () => propertiesOf(synthesized.template, 'AWS::S3::Bucket').get(bucketId())!;

  it('keeps the sphere logos in a private, encrypted bucket that survives the stack, with access logs', () => {
    synthesized.template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        BucketName: { 'Fn::Join': ['-', ['wellbeing-assets', Match.anyValue()]] },
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'assets-bucket/' }),
      }),
    });
    expect(JSON.stringify(bucket().BucketName)).toContain('AWS::StackId');
  });

  it('lets the SPA origin alone post uploads, and deletes unconfirmed uploads after a day', () => {
    const cors = (bucket().CorsConfiguration as { CorsRules: Json[] }).CorsRules;
    expect(cors).toHaveLength(1);
    expect(cors[0]!.AllowedMethods).toEqual(['POST', 'PUT']);
    expect(JSON.stringify(cors[0]!.AllowedOrigins)).toContain('WebDistribution');
    expect(cors[0]!.AllowedOrigins).not.toContain('*');
    const rules = (bucket().LifecycleConfiguration as { Rules: Json[] }).Rules;
    expect(rules).toContainEqual(
      expect.objectContaining({ Prefix: UPLOADS_PREFIX, ExpirationInDays: 1, Status: 'Enabled' }),
    );
    expect(rules).toContainEqual(
      expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
    );
  });

  it('is read by the distribution under /logos/* only (OAC), and only over TLS', () => {
    const policy = [...propertiesOf(synthesized.template, 'AWS::S3::BucketPolicy').values()].find(
      (p) => JSON.stringify(p.Bucket) === JSON.stringify({ Ref: bucketId() }),
    )!;
    const statements = (policy.PolicyDocument as { Statement: Json[] }).Statement;
    const cloudFront = statements.filter((s) => JSON.stringify(s.Principal).includes('cloudfront'));
    expect(cloudFront).toHaveLength(1);
    expect(cloudFront[0]!.Action).toBe('s3:GetObject');
    expect(JSON.stringify(cloudFront[0]!.Resource)).toContain(`/${SERVED_ASSETS_PREFIX}*`);
    expect(JSON.stringify(cloudFront[0]!.Condition)).toContain('WebDistribution');
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
    const distribution = [
      ...propertiesOf(synthesized.template, 'AWS::CloudFront::Distribution').values(),
    ][0]!;
    const config = distribution.DistributionConfig as { CacheBehaviors: Json[]; Origins: Json[] };
    const logos = config.CacheBehaviors.find((b) => b.PathPattern === `/${SERVED_ASSETS_PREFIX}*`)!;
    expect(logos).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    const origin = config.Origins.find((o) => o.Id === logos.TargetOriginId)!;
    expect(JSON.stringify(origin.DomainName)).toContain('wellbeing-assets');
  });

  it('lets the spheres Lambda read, write and delete its own prefixes only, and names the bucket to it', () => {
    const spheres = logicalIdOf(synthesized.stack.api.functions.get('spheres')!);
    const s3 = statementsOf(spheres).filter((s) => JSON.stringify(s.Action).includes('s3:'));
    expect(s3).toHaveLength(1);
    expect(s3[0]!.Action).toEqual(['s3:GetObject', 's3:PutObject', 's3:DeleteObject']);
    const resources = JSON.stringify(s3[0]!.Resource);
    expect(resources).toContain('/logos/spheres/*');
    expect(resources).toContain('/uploads/spheres/*');
    expect(resources).not.toContain('"/*"');
    expect(environmentOf(spheres).ASSETS_BUCKET).toEqual({ Ref: bucketId() });
    expect(JSON.stringify(environmentOf(spheres).ASSETS_URL)).toContain('WebDistribution');
  });

  it('gives nothing of the bucket to a domain without the grant', () => {
    const users = logicalIdOf(synthesized.stack.api.functions.get('users')!);
    expect(statementsOf(users).some((s) => JSON.stringify(s.Action).includes('s3:'))).toBe(false);
    expect(environmentOf(users).ASSETS_BUCKET).toBeUndefined();
  });

  it('lets the SPA send uploads to the bucket (CSP connect-src)', () => {
    const policy = [
      ...propertiesOf(synthesized.template, 'AWS::CloudFront::ResponseHeadersPolicy').values(),
    ][0]!;
    const csp = JSON.stringify(
      ((policy.ResponseHeadersPolicyConfig as Json).SecurityHeadersConfig as Json).ContentSecurityPolicy,
    );
    expect(csp).toContain('wellbeing-assets');
    expect(csp).toContain('.s3.eu-west-1.');
  });
});

describe('observability', () => {
  it('alarms on API 5xx, on errors of every function and on dead letters, into one encrypted topic', () => {
    const alarms = [...propertiesOf(synthesized.template, 'AWS::CloudWatch::Alarm').values()];
    const erroring = alarms
      .filter((a) => a.MetricName === 'Errors')
      .map((a) => ((a.Dimensions as Json[])[0]!.Value as { Ref: string }).Ref)
      .sort();
    expect(erroring).toEqual([...productFunctionIds].sort());
    expect(alarms.some((a) => a.MetricName === '5XXError')).toBe(true);
    expect(alarms.some((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible')).toBe(true);
    const topics = [...propertiesOf(synthesized.template, 'AWS::SNS::Topic').keys()];
    expect(topics).toHaveLength(1);
    for (const alarm of alarms) expect(alarm.AlarmActions).toEqual([{ Ref: topics[0] }]);
    synthesized.template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
  });
});

describe('outputs', () => {
  it('tell where everything is (docs/deploy.md)', () => {
    const outputs = Object.keys(synthesized.template.findOutputs('*'));
    for (const name of ['ApiUrl', 'WebSocketUrl', 'WebUrl', 'UserPoolId', 'UserPoolClientId', 'TableName'])
      expect(outputs).toContain(name);
  });
});

interface NagViolation {
  ruleName: string;
  severity?: string;
  violatingResources: { constructPath?: string }[];
}

describe('cdk-nag AwsSolutions', () => {
  let violations: NagViolation[];

  beforeAll(() => {
    // cdk-nag 3 is a policy-validation plugin; validateScope runs the rules `cdk synth` runs through
    // `Validations.of(app).addPlugins(...)` in bin/app.ts, and honours the acknowledgements.
    violations = new AwsSolutionsChecks(synthesized.app).validateScope(synthesized.app)
      .violations as NagViolation[];
  });

  const described = (list: NagViolation[]): string[] =>
    list.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);

  it('reports no error that is not acknowledged with a reason', () => {
    expect(described(violations.filter((v) => v.severity !== 'warning'))).toEqual([]);
  });

  it('reports no warning either (each accepted one is acknowledged where it arises)', () => {
    expect(described(violations.filter((v) => v.severity === 'warning'))).toEqual([]);
  });

  it('gives every acknowledgement a reason of at least a sentence', () => {
    const reasons = synthesized.stack.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === 'aws:cdk:acknowledged-rules'))
      .flatMap((m) => Object.entries(m.data as Record<string, string>));
    expect(reasons.length).toBeGreaterThan(0);
    for (const [id, reason] of reasons) expect(reason.length, id).toBeGreaterThan(40);
  });

  it('leaves no CDK error annotation', () => {
    Annotations.fromStack(synthesized.stack).hasNoError('*', Match.anyValue());
  });
});
