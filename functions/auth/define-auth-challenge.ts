import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { nextSignInStep } from './service';

/**
 * Cognito custom auth, step 1 of each round: decides between another code challenge, tokens, or
 * failure. Only CUSTOM_CHALLENGE is accepted (password sign-in comes later); after
 * LOGIN_MAX_FAILED_ATTEMPTS wrong codes it throws `too-many-attempts`, which Cognito returns as
 * "DefineAuthChallenge failed with error too-many-attempts.".
 */
export async function handler(
  event: DefineAuthChallengeTriggerEvent,
): Promise<DefineAuthChallengeTriggerEvent> {
  const step = event.request.userNotFound ? 'fail' : nextSignInStep(event.request.session);
  logger.info('Sign-in step', { step, rounds: event.request.session.length });
  event.response.issueTokens = step === 'tokens';
  event.response.failAuthentication = step === 'fail';
  if (step === 'challenge') event.response.challengeName = 'CUSTOM_CHALLENGE';
  return event;
}
