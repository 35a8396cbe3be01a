import { timingSafeEqual } from 'node:crypto';

/** Compares two secrets (a join link's key) in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
