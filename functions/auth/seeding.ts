/**
 * The auth domain's seeding section of its face: the user pool's Lambda triggers, which the local
 * stack's user pool (tools/local-stack/user-pool) runs as Cognito runs them in AWS (infra/auth.ts).
 * It is not for other domains (they read `index.ts`, and the lint refuses any other file of a
 * domain to them); tools/ read only the faces and these sections.
 */
export { handler as createAuthChallenge } from './create-auth-challenge';
export { handler as defineAuthChallenge } from './define-auth-challenge';
export { handler as preSignUp } from './pre-sign-up';
export { handler as preTokenGeneration } from './pre-token-generation';
export { handler as verifyAuthChallengeResponse } from './verify-auth-challenge';
