import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { accountStanding } from '../users';

/**
 * Cognito pre token generation: tokens go only to an identity that has an account, that is whose
 * address was proved by a code (or a guest). A password given at SignUp therefore signs nobody in
 * before the proof (docs/decisions/0006), and no token of an unproved identity ever exists to be
 * replayed once the owner proves the address. Refreshes pass the same gate.
 */
export async function handler(
  event: PreTokenGenerationTriggerEvent,
): Promise<PreTokenGenerationTriggerEvent> {
  const userId = event.request.userAttributes.sub ?? event.userName;
  if (!(await accountStanding(userId))) {
    logger.info('Tokens refused: no account', { triggerSource: event.triggerSource });
    throw new Error('account-not-proved');
  }
  return event;
}
