/**
 * The project's local Cognito user pool: a small HTTP server speaking Cognito's JSON protocol
 * (`POST /`, `x-amz-target: AWSCognitoIdentityProviderService.<Op>`), enough for Amplify v6
 * (`Auth.Cognito.userPoolEndpoint`) and `@aws-sdk/client-cognito-identity-provider` (`endpoint`).
 * It runs the real custom-auth triggers of functions/auth in-process with Cognito's event shapes,
 * signs RS256 tokens shaped like Cognito's and serves their JWKS under the issuer.
 *
 * Its parts live in `user-pool/`: `state` (users, refresh tokens, sessions, the data file),
 * `tokens` (the signer), `triggers`, `passwords`, `sigv4`, the operation groups in `operations/`
 * (sign-in, account, admin) and `server` (HTTP). This file is the surface the local stack and the
 * tests use.
 */
export { startCognito, type LocalCognito, type StartCognitoOptions } from './user-pool/server';
export type { CognitoTriggers } from './user-pool/triggers';
export { passwordMatches } from './user-pool/passwords';
export { verifySigV4 } from './user-pool/sigv4';
export {
  ACCESS_TOKEN_TTL_SECONDS,
  AUTH_SESSION_TTL_MS,
  CognitoError,
  LOCAL_CLIENT_ID,
  LOCAL_CREDENTIALS,
  LOCAL_REGION,
  LOCAL_USER_POOL_ID,
  MAX_PASSWORD_ATTEMPTS,
  PASSWORD_LOCK_MS,
  REFRESH_TOKEN_TTL_SECONDS,
} from './user-pool/protocol';
