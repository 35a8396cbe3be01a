import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { normaliseEmail } from '../../shared/domain/sign-in';
import { logger } from '../lib/logger';
import { checkLoginCode, ensureAccount } from './service';

/**
 * Cognito custom auth: checks the code typed by the user. The first right code of a new user
 * proves their address and creates their account.
 */
export async function handler(
  event: VerifyAuthChallengeResponseTriggerEvent,
): Promise<VerifyAuthChallengeResponseTriggerEvent> {
  const attributes = event.request.userAttributes;
  const email = normaliseEmail(attributes.email ?? '');
  const codeId = event.request.privateChallengeParameters?.codeId;
  const answer = typeof event.request.challengeAnswer === 'string' ? event.request.challengeAnswer : '';
  let correct = false;
  if (codeId && email && !event.request.userNotFound) {
    correct = await checkLoginCode({ email, codeId, answer });
  }
  if (correct) {
    const account = await ensureAccount({
      userId: attributes.sub ?? event.userName,
      email,
      givenName: attributes.given_name,
      locale: attributes.locale,
    });
    logger.info('Code accepted', { codeId, account });
  } else {
    logger.info('Code refused', { codeId });
  }
  event.response.answerCorrect = correct;
  return event;
}
