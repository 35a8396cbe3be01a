import { randomUUID } from 'node:crypto';
import { LOGIN_CODE_TTL_MS } from '@shared/domain/sign-in';

/** Pure rules of the email sign-in code (spec 01 §5, §9). */

/** Keys the triggers throw; Cognito passes the message on ("… failed with error <key>."). */
export type SignInErrorKey =
  | 'too-many-codes-sent'
  | 'code-expired'
  | 'too-many-attempts'
  | 'email-already-used'
  | 'email-not-valid'
  | 'required'
  | 'length-out-of-range-error';

/** An error whose message is exactly a spec key, so the SPA can read it from Cognito's error. */
export class SignInError extends Error {
  constructor(readonly key: SignInErrorKey) {
    super(key);
    this.name = 'SignInError';
  }
}

/** `kind` of the challenge parameters of a guest's sign-in: the answer is the guest's secret. */
export const GUEST_CHALLENGE = 'guest';

/** Prefix of the challenge metadata that carries the code id between the challenges of a sign-in. */
export const CHALLENGE_METADATA_PREFIX = 'CODE-';

/**
 * The code id of a sign-in that sent nothing because the address's send slots were all taken
 * (docs/decisions/0006): its answer may be any code recently sent to the address for the identity.
 * Code ids are UUIDs otherwise, so it never names a stored code.
 */
export const RECENT_CODES = 'recent';

/** Public challenge parameter: 'yes' when this sign-in mailed a code, 'no' when it sent none. */
export const CODE_SENT_PARAMETER = 'codeSent';

export function challengeMetadataFor(codeId: string): string {
  return `${CHALLENGE_METADATA_PREFIX}${codeId}`;
}

export function codeIdFromMetadata(metadata: string | undefined): string | undefined {
  if (!metadata?.startsWith(CHALLENGE_METADATA_PREFIX)) return undefined;
  const codeId = metadata.slice(CHALLENGE_METADATA_PREFIX.length);
  return codeId === '' ? undefined : codeId;
}

/** Sign-in codes are the product's one-time codes (functions/lib/one-time-codes.ts). */
export {
  codeMatches as loginCodeMatches,
  generateCode as generateLoginCode,
  hashCode as hashLoginCode,
  isCodeExpired as isLoginCodeExpired,
  newSalt,
} from '../lib/one-time-codes';

export function newCodeId(): string {
  return randomUUID();
}

/** A code is accepted up to and including `validUntil`. */
export function loginCodeValidUntil(now: number): number {
  return now + LOGIN_CODE_TTL_MS;
}

/** The address as the code screen shows it: first letter, stars, the whole domain (a***@example.be). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
