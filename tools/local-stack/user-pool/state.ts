import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { createVerifier, srpPoolName, type SrpServerSession, type SrpVerifier } from '../srp';
import { hashPassword } from './passwords';
import {
  CognitoError,
  MAX_PASSWORD_ATTEMPTS,
  PASSWORD_LOCK_MS,
  epochSeconds,
  normaliseEmail,
  toAttributeList,
} from './protocol';

/**
 * What the local user pool remembers: users, refresh tokens (hashed), revoked sign-ins and the
 * signing key, kept in a JSON file across restarts when one is given; challenge sessions live in
 * memory only, as they last minutes.
 */

type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD';

export interface StoredUser {
  /** Cognito's username: a generated UUID equal to `sub` (the pool signs in by email). */
  username: string;
  attributes: Record<string, string>;
  passwordHash?: string;
  /** SRP salt and verifier of the password (password sign-in); absent in data written before them. */
  srp?: SrpVerifier;
  /** Wrong passwords in a row (sign-in, and ChangePassword apart), and when the last one came. */
  failedSignIns?: number;
  failedChanges?: number;
  lastFailureAt?: number;
  status: UserStatus;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface StoredRefreshToken {
  /** SHA-256 of the token; the token itself is never stored. */
  hash: string;
  username: string;
  clientId: string;
  originJti: string;
  eventId: string;
  authTime: number;
  expiresAt: number;
}

export interface SigningKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

interface PersistedState {
  version: 1;
  signingKey: SigningKey;
  users: StoredUser[];
  refreshTokens: StoredRefreshToken[];
  /** origin_jti of revoked sign-ins: their access tokens are refused by GetUser. */
  revokedOrigins: string[];
}

export type SessionEntry = DefineAuthChallengeTriggerEvent['request']['session'][number];

export interface ChallengeSession {
  username: string;
  clientId: string;
  history: SessionEntry[];
  challengeName: string;
  privateChallengeParameters: Record<string, string>;
  challengeMetadata: string | undefined;
  expiresAt: number;
  /** The server's half of a PASSWORD_VERIFIER challenge. */
  srp?: SrpServerSession;
}

async function loadOrCreateState(dataFile: string | undefined): Promise<PersistedState> {
  if (dataFile && existsSync(dataFile)) {
    const parsed = JSON.parse(readFileSync(dataFile, 'utf8')) as Partial<PersistedState>;
    if (parsed.version !== 1 || !parsed.signingKey)
      throw new Error(`${dataFile} is not a local Cognito data file`);
    return {
      version: 1,
      signingKey: parsed.signingKey,
      users: parsed.users ?? [],
      refreshTokens: parsed.refreshTokens ?? [],
      revokedOrigins: parsed.revokedOrigins ?? [],
    };
  }
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(16).toString('base64url');
  return {
    version: 1,
    signingKey: { kid, privateJwk: await exportJWK(privateKey), publicJwk: await exportJWK(publicKey) },
    users: [],
    refreshTokens: [],
    revokedOrigins: [],
  };
}

export class PoolState {
  readonly users: Map<string, StoredUser>;
  readonly refreshTokens: Map<string, StoredRefreshToken>;
  readonly revokedOrigins: Set<string>;
  readonly sessions = new Map<string, ChallengeSession>();

  private constructor(
    readonly userPoolId: string,
    readonly signingKey: SigningKey,
    persisted: PersistedState,
    private readonly dataFile: string | undefined,
  ) {
    this.users = new Map(persisted.users.map((u) => [u.username, u]));
    this.refreshTokens = new Map(persisted.refreshTokens.map((t) => [t.hash, t]));
    this.revokedOrigins = new Set(persisted.revokedOrigins);
  }

  /** Reads the data file (or starts empty with a new signing key) and writes it back at once. */
  static async open(userPoolId: string, dataFile: string | undefined): Promise<PoolState> {
    const persisted = await loadOrCreateState(dataFile);
    const state = new PoolState(userPoolId, persisted.signingKey, persisted, dataFile);
    state.persist();
    return state;
  }

  /** Writes the file atomically (temporary file, then rename); nothing without a data file. */
  persist(): void {
    if (!this.dataFile) return;
    const data: PersistedState = {
      version: 1,
      signingKey: this.signingKey,
      users: [...this.users.values()],
      refreshTokens: [...this.refreshTokens.values()].filter((t) => t.expiresAt > epochSeconds()),
      revokedOrigins: [...this.revokedOrigins],
    };
    mkdirSync(dirname(this.dataFile), { recursive: true });
    const temporary = `${this.dataFile}.tmp`;
    writeFileSync(temporary, JSON.stringify(data, null, 2));
    renameSync(temporary, this.dataFile);
  }

  /** By username (the sub) or by email address. */
  findUser(usernameOrEmail: string): StoredUser | undefined {
    const direct = this.users.get(usernameOrEmail);
    if (direct) return direct;
    const email = normaliseEmail(usernameOrEmail);
    for (const user of this.users.values()) if (user.attributes.email === email) return user;
    return undefined;
  }

  requireUser(usernameOrEmail: string): StoredUser {
    const user = this.findUser(usernameOrEmail);
    if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
    return user;
  }

  /** Stores what checks a password: its hash (ChangePassword) and its SRP verifier (sign-in). */
  async storePassword(user: StoredUser, password: string): Promise<void> {
    user.passwordHash = await hashPassword(password);
    user.srp = createVerifier(srpPoolName(this.userPoolId), user.username, password);
    user.failedSignIns = 0;
    user.failedChanges = 0;
  }

  /** Too many wrong passwords in a row, the last one recently. */
  locked(failures: number | undefined, user: StoredUser): boolean {
    return (
      (failures ?? 0) >= MAX_PASSWORD_ATTEMPTS && Date.now() - (user.lastFailureAt ?? 0) < PASSWORD_LOCK_MS
    );
  }

  /** Ends one sign-in: its refresh tokens go, its access tokens are refused. */
  revokeOrigin(originJti: string): void {
    this.revokedOrigins.add(originJti);
    for (const [hash, token] of this.refreshTokens)
      if (token.originJti === originJti) this.refreshTokens.delete(hash);
  }

  /** Ends every sign-in of a user. */
  revokeAllOf(username: string): void {
    for (const token of [...this.refreshTokens.values()])
      if (token.username === username) this.revokeOrigin(token.originJti);
  }

  purgeSessions(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions) if (session.expiresAt <= now) this.sessions.delete(id);
  }
}

/** Cognito's UserType shape of a stored user. */
export function userType(user: StoredUser) {
  return {
    Username: user.username,
    Attributes: toAttributeList(user.attributes),
    UserCreateDate: user.createdAt / 1000,
    UserLastModifiedDate: user.updatedAt / 1000,
    Enabled: user.enabled,
    UserStatus: user.status,
  };
}

/** Attributes as a client may set them: never `sub`, the email lower-cased. */
export function cleanAttributes(attributes: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'sub')
      throw new CognitoError('InvalidParameterException', 'Cannot modify the non-mutable attribute sub');
    out[name] = name === 'email' ? normaliseEmail(value) : value;
  }
  return out;
}
