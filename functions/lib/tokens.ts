import { CognitoJwtVerifier, JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Fetcher } from 'aws-jwt-verify/https';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { config } from './config';
import { UnauthorizedError } from './errors';

/**
 * Verification of the user pool's tokens: in AWS against Cognito's regional issuer, locally
 * (TOKEN_ISSUER set) against the local issuer, with the same claims checked in both places. REST
 * calls carry the access token (as the API Gateway authorizer with the Cognito scope accepts it),
 * the realtime `$connect` the id token.
 */

/** The scope Cognito puts in every access token; the REST authorizer requires it. */
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';

interface CommonClaims {
  sub: string;
  iss: string;
  exp: number;
  iat: number;
  auth_time: number;
  jti: string;
  origin_jti?: string;
  event_id?: string;
  [claim: string]: unknown;
}

export interface AccessTokenClaims extends CommonClaims {
  token_use: 'access';
  client_id: string;
  username: string;
  scope: string;
}

export interface IdTokenClaims extends CommonClaims {
  token_use: 'id';
  aud: string;
  'cognito:username': string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  locale?: string;
}

/** The JWKS fetcher of aws-jwt-verify speaks https only; the local issuer serves http. */
const plainFetcher: Fetcher = {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const response = await fetch(uri, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`JWKS fetch from ${uri} answered ${response.status}`);
    return response.arrayBuffer();
  },
};

type Verify = (token: string) => Promise<JwtPayload>;
interface Verifiers {
  access: Verify;
  id: Verify;
}

function claimCheck(expected: 'access' | 'id', clientId: string | undefined) {
  return ({ payload }: { payload: JwtPayload }) => {
    if (payload.token_use !== expected) throw new Error(`Expected an ${expected} token`);
    if (expected === 'access') {
      if (clientId && payload.client_id !== clientId) throw new Error('Token of another client');
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
      if (!scopes.includes(ACCESS_TOKEN_SCOPE)) throw new Error('Access token without the user scope');
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new Error('Token without subject');
  };
}

function buildVerifiers(): Verifiers {
  const c = config();
  const clientId = c.USER_POOL_CLIENT_ID;
  if (c.TOKEN_ISSUER) {
    const issuer = c.TOKEN_ISSUER.replace(/\/$/, '');
    const jwksUri = `${issuer}/.well-known/jwks.json`;
    const jwksCache = new SimpleJwksCache({ fetcher: plainFetcher });
    const access = JwtVerifier.create(
      { issuer, jwksUri, audience: null, customJwtCheck: claimCheck('access', clientId) },
      { jwksCache },
    );
    const id = JwtVerifier.create(
      { issuer, jwksUri, audience: clientId ?? null, customJwtCheck: claimCheck('id', clientId) },
      { jwksCache },
    );
    return { access: (token) => access.verify(token), id: (token) => id.verify(token) };
  }
  if (!c.USER_POOL_ID || !clientId) {
    throw new Error('Token verification needs USER_POOL_ID and USER_POOL_CLIENT_ID, or TOKEN_ISSUER');
  }
  const access = CognitoJwtVerifier.create({
    userPoolId: c.USER_POOL_ID,
    clientId,
    tokenUse: 'access',
    scope: ACCESS_TOKEN_SCOPE,
  });
  const id = CognitoJwtVerifier.create({ userPoolId: c.USER_POOL_ID, clientId, tokenUse: 'id' });
  return { access: (token) => access.verify(token), id: (token) => id.verify(token) };
}

let verifiers: Verifiers | undefined;

function current(): Verifiers {
  verifiers ??= buildVerifiers();
  return verifiers;
}

async function verifyWith(kind: keyof Verifiers, token: string): Promise<JwtPayload> {
  try {
    return await current()[kind](token);
  } catch (cause) {
    throw new UnauthorizedError({ cause });
  }
}

/** Claims of a valid access token of the pool's client; UnauthorizedError (401) otherwise. */
export async function verifyAccessToken(token: string): Promise<AccessTokenClaims> {
  return (await verifyWith('access', token)) as unknown as AccessTokenClaims;
}

/** Claims of a valid id token of the pool's client; UnauthorizedError (401) otherwise. */
export async function verifyIdToken(token: string): Promise<IdTokenClaims> {
  return (await verifyWith('id', token)) as unknown as IdTokenClaims;
}

/** The token of an `Authorization` header: the raw token, or `Bearer <token>`. */
export function tokenFromAuthorization(header: string | undefined | null): string | null {
  const value = header?.trim();
  if (!value) return null;
  const match = /^Bearer\s+(.+)$/i.exec(value);
  return (match ? match[1] : value)?.trim() || null;
}

/** Forget the verifiers and their JWKS cache (tests and the local stack change the issuer). */
export function resetTokenVerifiers(): void {
  verifiers = undefined;
}
