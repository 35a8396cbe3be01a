import type { S3Client } from '@aws-sdk/client-s3';
import { localOptions, onClientsReset } from './aws';
import { config } from './config';

let s3: S3Client | undefined;
onClientsReset(() => {
  s3 = undefined;
});

/**
 * The S3 client, built once per container, with the SDK module its commands come from; loaded with
 * the first call that needs it (docs/decisions/0004-cold-start.md). Locally it points at s3rver:
 * path-style addresses, and checksums only where an operation requires them (docs/local-stack.md).
 */
export async function s3Api() {
  const sdk = await import('@aws-sdk/client-s3');
  if (!s3) {
    const c = config();
    s3 = new sdk.S3Client({
      region: c.AWS_REGION,
      ...localOptions(c.S3_ENDPOINT),
      ...(c.S3_ENDPOINT
        ? {
            forcePathStyle: true,
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
    });
  }
  return { client: s3, sdk };
}

/** An S3 error for an object that is not there: 404, or 403 when the caller may not list the bucket. */
export function isMissingObject(error: unknown): boolean {
  const e = error as { name?: unknown; $metadata?: { httpStatusCode?: unknown } } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.name === 'NotFound' || e.name === 'NoSuchKey') return true;
  // Without s3:ListBucket, S3 answers 403 rather than 404 for a key that does not exist.
  const status = e.$metadata?.httpStatusCode;
  return status === 404 || status === 403;
}

/**
 * A browser upload by form POST (S3 POST Object): the URL and fields to send before the file. The
 * signed policy binds the key and the given conditions (type, length range), so S3 itself refuses
 * anything else; it expires after `expiresSeconds`.
 */
export async function uploadForm(options: {
  bucket: string;
  key: string;
  contentType: string;
  maxBytes: number;
  expiresSeconds: number;
}): Promise<{ url: string; fields: Record<string, string> }> {
  const { client } = await s3Api();
  const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
  return createPresignedPost(client, {
    Bucket: options.bucket,
    Key: options.key,
    Conditions: [
      ['eq', '$Content-Type', options.contentType],
      ['content-length-range', 1, options.maxBytes],
    ],
    Fields: { 'Content-Type': options.contentType },
    Expires: options.expiresSeconds,
  });
}
