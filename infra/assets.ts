import { Annotations, Aws, Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLevel } from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import {
  RENDERS_EXPIRE_DAYS,
  RENDERS_PREFIX,
  SERVED_ASSETS_PREFIX,
  UPLOADS_EXPIRE_DAYS,
  UPLOADS_PREFIX,
} from '../functions/lib/assets';
import type { AssetAction, DomainGrants } from '../functions/lib/domain';
import type { WellbeingFunction } from './function';
import { acknowledgeWildcards } from './nag';
import type { Web } from './web';

/** What each action of a domain's `assets` grant allows (HeadObject needs s3:GetObject). */
const S3_ACTIONS: Record<AssetAction, string> = {
  read: 's3:GetObject',
  write: 's3:PutObject',
  delete: 's3:DeleteObject',
};

/**
 * The assets bucket's name, made from the stack's own id (AWS::StackId) rather than read from the
 * bucket: the SPA's CSP and CloudFront name the bucket while the bucket's CORS names the SPA's
 * origin, which would otherwise be a dependency cycle. A new stack gets a new name, so a bucket kept
 * from a deleted stack is never in the way.
 */
export function assetsBucketName(): string {
  return Fn.join('-', ['wellbeing-assets', Fn.select(2, Fn.split('/', Aws.STACK_ID))]);
}

/** Origin of the assets bucket, where browsers send uploads (the SPA's CSP connect-src). */
export function assetsOrigin(scope: Construct): string {
  const stack = Stack.of(scope);
  return `https://${assetsBucketName()}.s3.${stack.region}.${stack.urlSuffix}`;
}

export interface AssetsProps {
  /** The SPA: its origin may upload, its distribution serves `logos/`, its logs bucket gets the access logs. */
  web: Web;
}

/**
 * The files the product shows (functions/lib/assets.ts): a private bucket that browsers upload to
 * with forms a domain's Lambda signed, and whose `logos/` the SPA's CloudFront distribution serves
 * under `/logos/*` (Origin Access Control, read only). Uploads nobody confirmed are deleted after a
 * day. Domains get access through their `assets` grant, on their own prefixes only.
 */
export class Assets extends Construct {
  readonly bucket: Bucket;
  /** Base URL of the served files (ASSETS_URL): the SPA's own origin. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: AssetsProps) {
    super(scope, id);
    const { web } = props;
    const bucketName = assetsBucketName();
    this.url = web.url;
    this.bucket = new Bucket(this, 'Bucket', {
      bucketName,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: web.logsBucket,
      serverAccessLogsPrefix: 'assets-bucket/',
      // The SPA posts the signed upload forms; the signature, not CORS, is what allows an upload.
      cors: [
        {
          allowedOrigins: [web.url],
          allowedMethods: [HttpMethods.POST, HttpMethods.PUT],
          allowedHeaders: ['*'],
          maxAge: 3600,
        },
      ],
      lifecycleRules: [
        { id: 'unconfirmed-uploads', prefix: UPLOADS_PREFIX, expiration: Duration.days(UPLOADS_EXPIRE_DAYS) },
        { id: 'rendered-reports', prefix: RENDERS_PREFIX, expiration: Duration.days(RENDERS_EXPIRE_DAYS) },
        { id: 'incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      // Admins' logos outlive the stack, like the table.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // CloudFront reaches the bucket by its name (no reference to the bucket, see assetsBucketName)
    // and may read `logos/` only, by the statement below rather than CDK's grant on every object.
    const byName = Bucket.fromBucketAttributes(this, 'ServedBucket', {
      bucketName,
      bucketRegionalDomainName: `${bucketName}.s3.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`,
    });
    web.serveFromBucket(
      SERVED_ASSETS_PREFIX,
      S3BucketOrigin.withOriginAccessControl(byName, { originAccessLevels: [AccessLevel.READ] }),
    );
    Annotations.of(web.distribution).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The assets bucket policy lets the distribution read logos/ (infra/assets.ts).',
    );
    this.bucket.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${SERVED_ASSETS_PREFIX}*`)],
        conditions: { StringEquals: { 'AWS:SourceArn': web.distribution.distributionArn } },
      }),
    );
  }

  /**
   * What a domain's `assets` grant allows its Lambda: the actions on its prefixes only, with the
   * bucket's name and the served files' base URL in its environment.
   */
  grant(fn: WellbeingFunction, grant: NonNullable<DomainGrants['assets']>): void {
    for (const prefix of grant.prefixes) {
      // Rendered reports are one prefix of their own (decision 0031); logos and uploads are shared
      // by several domains, each below them.
      const allowed =
        prefix.startsWith(RENDERS_PREFIX) ||
        [SERVED_ASSETS_PREFIX, UPLOADS_PREFIX].some((top) => prefix.startsWith(top) && prefix !== top);
      if (!allowed)
        throw new Error(
          `Asset prefix ${prefix} is not below ${SERVED_ASSETS_PREFIX} or ${UPLOADS_PREFIX}, nor ${RENDERS_PREFIX}`,
        );
    }
    const statement = new PolicyStatement({
      actions: [...new Set(grant.actions.map((action) => S3_ACTIONS[action]))],
      resources: grant.prefixes.map((prefix) => this.bucket.arnForObjects(`${prefix}*`)),
    });
    fn.function.addToRolePolicy(statement);
    acknowledgeWildcards(
      fn.role,
      [statement],
      "Objects of the assets bucket under the domain's own prefixes (its grant): a logo's key is drawn at upload, so only the prefix can be named.",
    );
    fn.addEnvironment({ ASSETS_BUCKET: this.bucket.bucketName, ASSETS_URL: this.url });
  }
}
