import { existsSync } from 'node:fs';
import { Annotations, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
  type IOrigin,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Policy } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source, type ISource } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { parseParentOrigins, type WebConfig } from '@shared/contracts/web-config';
import { PERMISSIONS_POLICY, SCAN_PAGE_PATH, SCAN_PAGE_PERMISSIONS_POLICY } from './headers';
import { acknowledge, acknowledgeWildcards } from './nag';

export interface WebProps {
  /** Absolute path of the SPA's build (web/dist); deployed only if it exists at synth time. */
  distDir: string;
  /** Runtime configuration served as /config.json (shared/contracts/web-config.ts). */
  config: WebConfig;
  /** Origins the SPA calls besides itself (REST API, WebSocket API, Cognito): CSP connect-src. */
  connectSources: string[];
}

/** The SPA: a private S3 bucket behind CloudFront (Origin Access Control), with security headers. */
export class Web extends Construct {
  readonly bucket: Bucket;
  readonly logsBucket: Bucket;
  readonly distribution: Distribution;
  /** What /config.json holds. */
  readonly config: WebConfig;
  /** The SPA's security headers, also sent with the files served from other buckets. */
  private readonly headers: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    // Receives the site bucket's server access logs and CloudFront's standard logs; CloudFront still
    // delivers those through ACLs, hence BUCKET_OWNER_PREFERRED.
    this.logsBucket = new Bucket(this, 'LogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.config = props.config;
    const parentOrigins = parseParentOrigins(props.config.parentOrigins);
    const securityHeaders = (id: string, comment: string, permissionsPolicy: string) =>
      new ResponseHeadersPolicy(this, id, {
        comment,
        customHeadersBehavior: {
          customHeaders: [{ header: 'Permissions-Policy', value: permissionsPolicy, override: true }],
        },
        securityHeadersBehavior: {
          strictTransportSecurity: {
            accessControlMaxAge: Duration.days(365),
            includeSubdomains: true,
            override: true,
          },
          contentTypeOptions: { override: true },
          // X-Frame-Options cannot name origins: with allowed parents, frame-ancestors alone decides.
          ...(parentOrigins.length === 0
            ? { frameOptions: { frameOption: HeadersFrameOption.DENY, override: true } }
            : {}),
          referrerPolicy: {
            referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
            override: true,
          },
          contentSecurityPolicy: {
            contentSecurityPolicy: contentSecurityPolicy(props.connectSources, parentOrigins),
            override: true,
          },
        },
      });
    const headers = securityHeaders('SecurityHeaders', 'Wellbeing SPA security headers', PERMISSIONS_POLICY);
    this.headers = headers;
    // The scan page alone may use the camera (infra/headers.ts).
    const scanHeaders = securityHeaders(
      'ScanPageHeaders',
      'Wellbeing SPA security headers, camera allowed (scan page)',
      SCAN_PAGE_PERMISSIONS_POLICY,
    );

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Wellbeing SPA',
      defaultBehavior: {
        origin: siteOrigin,
        // HTTP is never served: a plain-HTTP request only gets a redirect, then HSTS keeps the browser on
        // HTTPS (a bare HTTPS_ONLY would answer 403 to someone typing the address).
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
      },
      additionalBehaviors: {
        [`${SCAN_PAGE_PATH}*`]: {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: scanHeaders,
          compress: true,
        },
      },
      defaultRootObject: 'index.html',
      // Client-side routes (/apps/...) are not objects: S3 answers 403 through OAC, 404 otherwise.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
    });

    const sources: ISource[] = [Source.jsonData('config.json', props.config)];
    if (existsSync(props.distDir)) {
      sources.unshift(Source.asset(props.distDir));
    } else {
      Annotations.of(this).addWarningV2(
        'wellbeing:web-not-built',
        `${props.distDir} does not exist: only config.json is deployed. Run \`npm run build\` first (\`npm run deploy\` does).`,
      );
    }
    const deployment = new BucketDeployment(this, 'Deployment', {
      destinationBucket: this.bucket,
      sources,
      // Files of the previous build stay: a tab opened before the deployment still loads its lazy chunks.
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });

    acknowledge(
      this.distribution,
      'The product serves users in every country; no geographic restriction is in the spec.',
      'AwsSolutions-CFR1',
    );
    acknowledge(
      this.distribution,
      'No WAF in this issue: the distribution serves only the static SPA from a private bucket; the APIs authenticate and throttle on their own.',
      'AwsSolutions-CFR2',
    );
    acknowledge(
      this.distribution,
      "No custom domain yet: the default *.cloudfront.net certificate cannot take a minimum TLS version; browsers negotiate TLS 1.2 or 1.3 with it. Set a certificate and TLS_V1_2_2021 when the product's domain is added.",
      'AwsSolutions-CFR4',
    );
    this.acknowledgeDeploymentHandler(deployment);
  }

  /**
   * BucketDeployment runs a CDK-provided Lambda (one per stack) whose runtime, managed policy and
   * grants CDK decides: reading the staged asset from the bootstrap bucket, writing the site bucket,
   * invalidating the distribution.
   */
  private acknowledgeDeploymentHandler(deployment: BucketDeployment): void {
    const handler = Stack.of(this).node.children.find((c) =>
      c.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    if (!handler) return;
    const reason =
      "CDK's BucketDeployment handler, used only at deployment: it copies the SPA from the CDK asset bucket into the site bucket and invalidates the distribution. CDK sets its runtime and permissions, including cloudfront:CreateInvalidation on *, which BucketDeployment offers no way to narrow.";
    acknowledge(
      handler,
      reason,
      'AwsSolutions-L1',
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    );
    const policy = deployment.handlerRole.node.tryFindChild('DefaultPolicy');
    if (policy instanceof Policy) acknowledgeWildcards(handler, policy.document, reason);
  }

  /**
   * Serves `/<prefix>*` from another origin (the assets bucket's `logos/`), on the SPA's own origin
   * so that its CSP allows the images, with the same security headers, cached like the SPA's files.
   */
  serveFromBucket(prefix: string, origin: IOrigin): void {
    this.distribution.addBehavior(`/${prefix}*`, origin, {
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: this.headers,
    });
  }

  /**
   * https:// URL of the SPA (the distribution's domain: the stack has no custom domain yet; one
   * would be named here), also the only origin the API allows and the web origin of every link in
   * mails and texts (`WEB_ORIGIN`, infra/stack.ts).
   */
  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }
}

/**
 * The SPA loads only its own code and styles and talks only to its own APIs; only the allowed
 * parent origins may frame it (docs/embedding.md), nobody when there are none.
 */
export function contentSecurityPolicy(connectSources: string[], parentOrigins: string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine sets style attributes at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${connectSources.join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${parentOrigins.length > 0 ? parentOrigins.join(' ') : "'none'"}`,
  ].join('; ');
}
