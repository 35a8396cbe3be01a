import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Compares two secrets (a join link's key) in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** 256 random bits in base64url: a one-time ticket, a device key's secret. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** What is kept of such a secret: its SHA-256 in base64url, never the secret itself. */
export const secretDigest = (secret: string): string =>
  createHash('sha256').update(secret).digest('base64url');
