import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';

/** The part of s3rver (CommonJS, untyped) the local stack uses. */
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string; configs: (string | Buffer)[] }[];
  allowMismatchedSignatures: boolean;
  vhostBuckets: boolean;
}) => S3rverInstance;
interface AwsAccountModule {
  DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
}

const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as S3rverClass;
const accounts = require('s3rver/lib/models/account') as AwsAccountModule;
// s3rver knows one access key (S3RVER); the local stack's clients sign with `local`.
accounts.DUMMY_ACCOUNT.createKeyPair('local', 'local');

export const REPORTS_BUCKET = 'wellbeing-local-reports';
/** The files the product shows (functions/lib/assets.ts): sphere logos, and uploads not yet confirmed. */
export const ASSETS_BUCKET = 'wellbeing-local-assets';

/** Lets the SPA download files straight from the bucket (signed URLs), as the AWS bucket's CORS does. */
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
/**
 * Lets the SPA, whatever its local origin, post the signed upload forms and show the logos. s3rver
 * neither checks the form's policy nor expires uploads: the confirming Lambda checks the file again.
 */
const ASSETS_CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

export interface LocalS3 {
  /** S3_ENDPOINT for the S3 client. */
  endpoint: string;
  buckets: { reports: string; assets: string };
  stop(): Promise<void>;
}

/**
 * S3 emulator (`s3rver`) on 127.0.0.1 with the reports and assets buckets. Files live under `directory`
 * (`.local/s3` for `npm start`), or in a temporary folder removed on stop.
 */
export async function startS3(options: { port?: number; directory?: string } = {}): Promise<LocalS3> {
  const temporary = options.directory ? undefined : mkdtempSync(join(tmpdir(), 'wellbeing-s3-'));
  const directory = options.directory ? resolve(options.directory) : (temporary as string);
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    directory,
    silent: true,
    configureBuckets: [
      { name: REPORTS_BUCKET, configs: [CORS] },
      { name: ASSETS_BUCKET, configs: [ASSETS_CORS] },
    ],
    allowMismatchedSignatures: true,
    vhostBuckets: false,
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    buckets: { reports: REPORTS_BUCKET, assets: ASSETS_BUCKET },
    async stop() {
      server.httpServer?.closeAllConnections();
      await server.close();
      if (temporary) rmSync(temporary, { recursive: true, force: true });
    },
  };
}

/**
 * An S3 client for the emulator. Path-style addressing (no bucket subdomains on 127.0.0.1), and
 * checksums only when an operation requires them: otherwise the SDK sends streamed bodies with
 * aws-chunked framing, which s3rver stores as is.
 */
export function localS3Client(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: 'eu-west-1',
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}
