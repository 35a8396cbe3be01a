import { describe, expect, it } from 'vitest';
import {
  createVerifier,
  padHex,
  srpPoolName,
  startServerSession,
  verifyPasswordClaim,
  type SrpServerSession,
  type SrpVerifier,
} from './srp';

/**
 * The client is Amplify v6's own SRP code (the one the SPA runs), loaded from its files: if the server
 * math drifts from it by one padding byte, password sign-in breaks and these tests fail.
 */
const SRP_DIR = new URL(
  '../../node_modules/aws-amplify/node_modules/@aws-amplify/auth/dist/esm/providers/cognito/utils/srp/',
  import.meta.url,
).href;

interface AmplifyBigInteger {
  toString(radix: number): string;
}
interface AmplifyHelper {
  A: AmplifyBigInteger;
  getPasswordAuthenticationKey(input: {
    username: string;
    password: string;
    serverBValue: AmplifyBigInteger;
    salt: AmplifyBigInteger;
  }): Promise<Uint8Array>;
}
interface AmplifySrp {
  getAuthenticationHelper(poolName: string): Promise<AmplifyHelper>;
  getNowString(): string;
  getSignatureString(input: {
    userPoolName: string;
    username: string;
    challengeParameters: Record<string, string>;
    dateNow: string;
    hkdf: Uint8Array;
  }): string;
}
type BigIntegerConstructor = new (value: string, radix: number) => AmplifyBigInteger;

async function amplify(): Promise<{ srp: AmplifySrp; BigInteger: BigIntegerConstructor }> {
  const srp = (await import(`${SRP_DIR}index.mjs`)) as AmplifySrp;
  const { BigInteger } = (await import(`${SRP_DIR}BigInteger/index.mjs`)) as {
    BigInteger: BigIntegerConstructor;
  };
  return { srp, BigInteger };
}

const POOL_ID = 'eu-west-1_LocalPool';
const USER_ID = '3f0c9a1e-8c1b-4d5e-9a7f-2b6c1d0e4f11';

/** What Amplify's handlePasswordVerifierChallenge sends for a password, against a fresh server session. */
async function claim(verifier: SrpVerifier, password: string) {
  const { srp, BigInteger } = await amplify();
  const helper = await srp.getAuthenticationHelper(srpPoolName(POOL_ID));
  const session: SrpServerSession = startServerSession(verifier, helper.A.toString(16));
  const challengeParameters = {
    SALT: verifier.salt,
    SRP_B: session.B,
    SECRET_BLOCK: session.secretBlock,
    USER_ID_FOR_SRP: USER_ID,
  };
  const hkdf = await helper.getPasswordAuthenticationKey({
    username: USER_ID,
    password,
    serverBValue: new BigInteger(session.B, 16),
    salt: new BigInteger(verifier.salt, 16),
  });
  const timestamp = srp.getNowString();
  const signature = srp.getSignatureString({
    userPoolName: srpPoolName(POOL_ID),
    username: USER_ID,
    challengeParameters,
    dateNow: timestamp,
    hkdf,
  });
  return { session, timestamp, signature };
}

describe('SRP server for Cognito password sign-in', () => {
  it('accepts the claim Amplify computes with the right password', async () => {
    const verifier = createVerifier(srpPoolName(POOL_ID), USER_ID, 'Secret12');
    // Several rounds: random values with a high first nibble exercise the "00" padding.
    for (let round = 0; round < 4; round += 1) {
      const { session, timestamp, signature } = await claim(verifier, 'Secret12');
      expect(
        verifyPasswordClaim(verifier, session, {
          poolName: 'LocalPool',
          userId: USER_ID,
          secretBlock: session.secretBlock,
          timestamp,
          signature,
        }),
      ).toBe(true);
    }
  });

  it('refuses the claim made with a wrong password', async () => {
    const verifier = createVerifier('LocalPool', USER_ID, 'Secret12');
    const { session, timestamp, signature } = await claim(verifier, 'Secret13');
    expect(
      verifyPasswordClaim(verifier, session, {
        poolName: 'LocalPool',
        userId: USER_ID,
        secretBlock: session.secretBlock,
        timestamp,
        signature,
      }),
    ).toBe(false);
  });

  it('refuses a right claim for another user id, another secret block or a malformed timestamp', async () => {
    const verifier = createVerifier('LocalPool', USER_ID, 'Secret12');
    const { session, timestamp, signature } = await claim(verifier, 'Secret12');
    const good = {
      poolName: 'LocalPool',
      userId: USER_ID,
      secretBlock: session.secretBlock,
      timestamp,
      signature,
    };
    expect(verifyPasswordClaim(verifier, session, good)).toBe(true);
    expect(verifyPasswordClaim(verifier, session, { ...good, userId: 'someone-else' })).toBe(false);
    expect(
      verifyPasswordClaim(verifier, session, { ...good, secretBlock: Buffer.from('x').toString('base64') }),
    ).toBe(false);
    expect(verifyPasswordClaim(verifier, session, { ...good, timestamp: '2026-11-21T22:05:09Z' })).toBe(
      false,
    );
  });

  it('gives two users with the same password different salts and verifiers', () => {
    const a = createVerifier('LocalPool', USER_ID, 'Secret12');
    const b = createVerifier('LocalPool', USER_ID, 'Secret12');
    expect(a.salt).not.toBe(b.salt);
    expect(a.verifier).not.toBe(b.verifier);
  });

  it('refuses a client value A that is a multiple of N', () => {
    const verifier = createVerifier('LocalPool', USER_ID, 'Secret12');
    expect(() => startServerSession(verifier, '0')).toThrow();
  });

  it('pads like Amplify: even length, and 00 before a high first nibble', () => {
    expect(padHex(0xfn)).toBe('0f');
    expect(padHex(0x80n)).toBe('0080');
    expect(padHex(0x7fffn)).toBe('7fff');
  });
});
