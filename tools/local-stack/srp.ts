import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The server side of Cognito's SRP-6a password sign-in (USER_SRP_AUTH then PASSWORD_VERIFIER), as
 * Amplify v6's client computes it (@aws-amplify/auth, providers/cognito/utils/srp):
 * - N is the 3072-bit group of RFC 5054, g = 2, k = H(pad(N) | pad(g));
 * - x = H(pad(salt) | H(poolName | userId | ":" | password)), the verifier v = g^x mod N;
 * - B = (k·v + g^b) mod N, u = H(pad(A) | pad(B)), S = (A · v^u)^b mod N;
 * - key = HKDF-SHA256(ikm = pad(S), salt = pad(u), info = "Caldera Derived Key" | 0x01), 16 bytes;
 * - signature = base64(HMAC-SHA256(key, poolName | userId | secretBlock bytes | timestamp)).
 * `pad` is Amplify's getPaddedHex: even-length hex, with "00" before a leading nibble ≥ 8. H hashes the
 * bytes of hex strings (hex → bytes) except the inner password hash, which hashes UTF-8 text. The
 * pool name is the part of the pool id after "_"; the user id is USER_ID_FOR_SRP (Cognito's username).
 */

export const SRP_N = BigInt(
  '0x' +
    'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD1' +
    '29024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245' +
    'E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3D' +
    'C2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D' +
    '670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9' +
    'DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64' +
    'ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6B' +
    'F12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB31' +
    '43DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
export const SRP_G = 2n;

/** What the pool keeps per user instead of the password: hex salt and hex verifier. */
export interface SrpVerifier {
  salt: string;
  verifier: string;
}

/** The server's half of one sign-in, kept in the challenge session. */
export interface SrpServerSession {
  /** Client public value A, hex. */
  A: string;
  /** Server secret b, hex. */
  b: string;
  /** Server public value B, hex (sent as SRP_B). */
  B: string;
  /** Opaque block the client signs, standard base64 (sent as SECRET_BLOCK). */
  secretBlock: string;
}

/** Amplify's getPaddedHex for non-negative values. */
export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

function hashHex(hex: string): string {
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}

function hashText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function fromHex(hex: string): bigint {
  if (!/^[0-9a-f]+$/i.test(hex)) throw new Error('Not a hexadecimal value');
  return BigInt(`0x${hex}`);
}

const K = fromHex(hashHex(padHex(SRP_N) + padHex(SRP_G)));

/** The pool name Amplify uses in the SRP messages: the part of the pool id after "_". */
export function srpPoolName(userPoolId: string): string {
  return userPoolId.split('_')[1] ?? '';
}

function privateX(poolName: string, userId: string, password: string, salt: string): bigint {
  const inner = hashText(`${poolName}${userId}:${password}`);
  return fromHex(hashHex(padHex(fromHex(salt)) + inner));
}

/** A new salt and the verifier of a password: what SignUp, AdminSetUserPassword… store. */
export function createVerifier(poolName: string, userId: string, password: string): SrpVerifier {
  const salt = randomBytes(16).toString('hex');
  const x = privateX(poolName, userId, password, salt);
  return { salt, verifier: padHex(modPow(SRP_G, x, SRP_N)) };
}

/**
 * Starts the PASSWORD_VERIFIER challenge for a client value A (SRP_A, hex). Throws when A mod N is 0
 * (a client could otherwise force the shared secret).
 */
export function startServerSession(verifier: SrpVerifier, clientA: string): SrpServerSession {
  const A = fromHex(clientA);
  if (A % SRP_N === 0n) throw new Error('SRP_A mod N cannot be 0');
  const v = fromHex(verifier.verifier);
  let b = 0n;
  let B = 0n;
  while (B === 0n) {
    b = fromHex(randomBytes(128).toString('hex'));
    B = (K * v + modPow(SRP_G, b, SRP_N)) % SRP_N;
  }
  return {
    A: padHex(A),
    b: b.toString(16),
    B: B.toString(16),
    secretBlock: randomBytes(64).toString('base64'),
  };
}

function hkdf(ikm: Buffer, salt: Buffer): Buffer {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  const info = Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]);
  return createHmac('sha256', prk).update(info).digest().subarray(0, 16);
}

/** The 16-byte key both sides derive; the client's side needs the password, the server's the verifier. */
export function serverKey(verifier: SrpVerifier, session: SrpServerSession): Buffer {
  const A = fromHex(session.A);
  const B = fromHex(session.B);
  const u = fromHex(hashHex(padHex(A) + padHex(B)));
  if (u === 0n) throw new Error('u cannot be 0');
  const v = fromHex(verifier.verifier);
  const S = modPow((A * modPow(v, u, SRP_N)) % SRP_N, fromHex(session.b), SRP_N);
  return hkdf(Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'));
}

/** PASSWORD_CLAIM_SIGNATURE for a derived key (standard base64, as Amplify sends it). */
export function claimSignature(
  key: Buffer,
  poolName: string,
  userId: string,
  secretBlock: string,
  timestamp: string,
): string {
  return createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(poolName, 'utf8'),
        Buffer.from(userId, 'utf8'),
        Buffer.from(secretBlock, 'base64'),
        Buffer.from(timestamp, 'utf8'),
      ]),
    )
    .digest('base64');
}

/** Amplify's TIMESTAMP: `ddd MMM D HH:mm:ss UTC YYYY`, e.g. `Sat Nov 21 22:05:09 UTC 2026`. */
export const SRP_TIMESTAMP_PATTERN =
  /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2} \d{2}:\d{2}:\d{2} UTC \d{4}$/;

/** True when the client's claim proves it knows the password behind the verifier. */
export function verifyPasswordClaim(
  verifier: SrpVerifier,
  session: SrpServerSession,
  claim: { poolName: string; userId: string; secretBlock: string; timestamp: string; signature: string },
): boolean {
  if (claim.secretBlock !== session.secretBlock) return false;
  if (!SRP_TIMESTAMP_PATTERN.test(claim.timestamp)) return false;
  const expected = Buffer.from(
    claimSignature(
      serverKey(verifier, session),
      claim.poolName,
      claim.userId,
      claim.secretBlock,
      claim.timestamp,
    ),
    'base64',
  );
  const actual = Buffer.from(claim.signature, 'base64');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
