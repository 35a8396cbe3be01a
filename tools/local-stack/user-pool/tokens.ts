import { randomBytes, randomUUID } from 'node:crypto';
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { SignJWT, importJWK, jwtVerify, type CryptoKey } from 'jose';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  CognitoError,
  LOCAL_REGION,
  REFRESH_TOKEN_TTL_SECONDS,
  epochSeconds,
  sha256,
  type Json,
} from './protocol';
import type { PoolState, StoredRefreshToken, StoredUser } from './state';
import { invoke, triggerAttributes, type CognitoTriggers } from './triggers';

type Grant = Omit<StoredRefreshToken, 'hash' | 'expiresAt'>;

/**
 * The token signer: RS256 access and id tokens shaped like Cognito's (after the pre token
 * generation trigger, as Cognito runs it before any token, refreshes too), refresh tokens stored
 * hashed, and the check of an access token that operations such as GetUser need.
 */
export class TokenSigner {
  /** Known once the server listens: `${endpoint}/${userPoolId}`. */
  issuer = '';
  readonly jwks: { keys: Json[] };

  private constructor(
    private readonly state: PoolState,
    private readonly triggers: CognitoTriggers,
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
  ) {
    const { kid, publicJwk } = state.signingKey;
    this.jwks = { keys: [{ ...publicJwk, kid, alg: 'RS256', use: 'sig' }] };
  }

  static async create(state: PoolState, triggers: CognitoTriggers): Promise<TokenSigner> {
    const privateKey = (await importJWK(state.signingKey.privateJwk, 'RS256')) as CryptoKey;
    const publicKey = (await importJWK(state.signingKey.publicJwk, 'RS256')) as CryptoKey;
    return new TokenSigner(state, triggers, privateKey, publicKey);
  }

  private async signTokens(user: StoredUser, grant: Grant) {
    const now = epochSeconds();
    const exp = now + ACCESS_TOKEN_TTL_SECONDS;
    const header = { alg: 'RS256', kid: this.state.signingKey.kid };
    const accessToken = await new SignJWT({
      sub: user.username,
      iss: this.issuer,
      client_id: grant.clientId,
      origin_jti: grant.originJti,
      event_id: grant.eventId,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      auth_time: grant.authTime,
      exp,
      iat: now,
      jti: randomUUID(),
      username: user.username,
    })
      .setProtectedHeader(header)
      .sign(this.privateKey);
    const a = user.attributes;
    const idToken = await new SignJWT({
      sub: user.username,
      ...(a.email !== undefined ? { email: a.email, email_verified: a.email_verified === 'true' } : {}),
      ...(a.given_name !== undefined ? { given_name: a.given_name } : {}),
      ...(a.family_name !== undefined ? { family_name: a.family_name } : {}),
      ...(a.locale !== undefined ? { locale: a.locale } : {}),
      iss: this.issuer,
      'cognito:username': user.username,
      origin_jti: grant.originJti,
      aud: grant.clientId,
      event_id: grant.eventId,
      token_use: 'id',
      auth_time: grant.authTime,
      exp,
      iat: now,
      jti: randomUUID(),
    })
      .setProtectedHeader(header)
      .sign(this.privateKey);
    return {
      AccessToken: accessToken,
      IdToken: idToken,
      ExpiresIn: ACCESS_TOKEN_TTL_SECONDS,
      TokenType: 'Bearer',
    };
  }

  /** Cognito runs the pre token generation trigger before it issues any token, refreshes too. */
  private async beforeTokens(
    user: StoredUser,
    forClient: string,
    triggerSource: 'TokenGeneration_Authentication' | 'TokenGeneration_RefreshTokens',
  ): Promise<void> {
    await invoke<PreTokenGenerationTriggerEvent>('PreTokenGeneration', this.triggers.preTokenGeneration, {
      version: '1',
      region: LOCAL_REGION,
      userPoolId: this.state.userPoolId,
      userName: user.username,
      callerContext: { awsSdkVersion: 'local', clientId: forClient },
      triggerSource,
      request: {
        userAttributes: triggerAttributes(user),
        groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [] },
      },
      response: { claimsOverrideDetails: {} },
    });
  }

  /** A new sign-in: access, id and refresh tokens. */
  async signIn(user: StoredUser, forClient: string) {
    await this.beforeTokens(user, forClient, 'TokenGeneration_Authentication');
    const grant = {
      username: user.username,
      clientId: forClient,
      originJti: randomUUID(),
      eventId: randomUUID(),
      authTime: epochSeconds(),
    };
    const refreshToken = randomBytes(48).toString('base64url');
    this.state.refreshTokens.set(sha256(refreshToken), {
      ...grant,
      hash: sha256(refreshToken),
      expiresAt: epochSeconds() + REFRESH_TOKEN_TTL_SECONDS,
    });
    this.state.persist();
    return { ...(await this.signTokens(user, grant)), RefreshToken: refreshToken };
  }

  /** New access and id tokens for a refresh token of the same client, unless it was revoked. */
  async refresh(token: string | undefined, forClient: string) {
    const stored = token ? this.state.refreshTokens.get(sha256(token)) : undefined;
    if (!stored || stored.clientId !== forClient)
      throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
    if (stored.expiresAt <= epochSeconds())
      throw new CognitoError('NotAuthorizedException', 'Refresh Token has expired');
    const user = this.state.users.get(stored.username);
    if (!user) throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
    if (!user.enabled) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
    await this.beforeTokens(user, forClient, 'TokenGeneration_RefreshTokens');
    return this.signTokens(user, stored);
  }

  /** The user of a valid, unrevoked access token of this pool. */
  async userOfAccessToken(token: string | undefined): Promise<StoredUser> {
    if (!token) throw new CognitoError('InvalidParameterException', 'Missing required parameter AccessToken');
    let payload: Json;
    try {
      ({ payload } = await jwtVerify(token, this.publicKey, { issuer: this.issuer, algorithms: ['RS256'] }));
    } catch (error) {
      const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
      throw new CognitoError(
        'NotAuthorizedException',
        expired ? 'Access Token has expired' : 'Invalid Access Token',
      );
    }
    if (payload.token_use !== 'access')
      throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    if (typeof payload.origin_jti === 'string' && this.state.revokedOrigins.has(payload.origin_jti)) {
      throw new CognitoError('NotAuthorizedException', 'Access Token has been revoked');
    }
    const user = typeof payload.sub === 'string' ? this.state.users.get(payload.sub) : undefined;
    if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
    return user;
  }
}
