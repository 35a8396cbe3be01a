import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '@aws-crypto/sha256-js';
import { CognitoError, LOCAL_REGION } from './protocol';

/** IAM's check of the admin operations: an AWS SigV4 signature, recomputed and compared. */
const SIGNATURE_MAX_SKEW_MS = 5 * 60 * 1000;

/** Admin operations: IAM-authorised (SigV4) in Cognito, unlike the client's public operations. */
export function isAdminOperation(operation: string): boolean {
  return operation.startsWith('Admin') || operation === 'ListUsers';
}

const AUTHORIZATION_PATTERN =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/\d{8}\/[^/,\s]+\/[^/,\s]+\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/** `20250101T120000Z` → Date, or undefined. */
function parseAmzDate(value: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, se] = m.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, se!));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/**
 * Checks the request's AWS SigV4 signature as AWS does: recomputes it with `credentials` over the
 * received method, path, query, signed headers and body at the request's x-amz-date, and compares.
 */
export async function verifySigV4(
  req: IncomingMessage,
  body: Buffer,
  credentials: { accessKeyId: string; secretAccessKey: string },
  now: number,
): Promise<void> {
  const authorization = headerValue(req, 'authorization');
  if (!authorization)
    throw new CognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token');
  const parsed = AUTHORIZATION_PATTERN.exec(authorization);
  const amzDate = headerValue(req, 'x-amz-date');
  const signingDate = amzDate ? parseAmzDate(amzDate) : undefined;
  if (!parsed || !signingDate) {
    throw new CognitoError(
      'IncompleteSignatureException',
      'Authorization header requires Credential, SignedHeaders, Signature and an X-Amz-Date header.',
    );
  }
  const [, accessKeyId = '', signedList = '', signature = ''] = parsed;
  if (accessKeyId !== credentials.accessKeyId) {
    throw new CognitoError(
      'UnrecognizedClientException',
      'The security token included in the request is invalid.',
    );
  }
  const mismatch = new CognitoError(
    'InvalidSignatureException',
    'The request signature we calculated does not match the signature you provided.',
  );
  if (Math.abs(now - signingDate.getTime()) > SIGNATURE_MAX_SKEW_MS) {
    throw new CognitoError('InvalidSignatureException', `Signature expired: ${amzDate} is out of range.`);
  }
  const signed = signedList.split(';');
  if (!signed.includes('host') || !signed.includes('x-amz-date')) throw mismatch;
  const headers: Record<string, string> = {};
  for (const name of signed) {
    if (name === 'x-amz-date') continue;
    const value = headerValue(req, name);
    if (value === undefined) throw mismatch;
    headers[name] = value;
  }
  // The signer trusts a received payload hash: it must be the body's.
  const declaredHash = headers['x-amz-content-sha256'];
  if (declaredHash !== undefined && declaredHash !== createHash('sha256').update(body).digest('hex'))
    throw mismatch;
  const url = new URL(req.url ?? '/', 'http://localhost');
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    throw mismatch;
  }
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  const signer = new SignatureV4({
    credentials,
    region: LOCAL_REGION,
    service: 'cognito-idp',
    sha256: Sha256,
    applyChecksum: false,
  });
  const expected = await signer.sign(
    {
      method: req.method ?? 'POST',
      protocol: 'http:',
      hostname: url.hostname,
      path,
      query,
      headers,
      body,
    },
    { signingDate, signableHeaders: new Set(signed) },
  );
  const ours = /Signature=([0-9a-f]{64})$/.exec(String(expected.headers.authorization))?.[1] ?? '';
  if (ours.length !== signature.length || !timingSafeEqual(Buffer.from(ours), Buffer.from(signature)))
    throw mismatch;
}
