import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { LOGIN_CODE_LENGTH, normaliseEmail } from '../../shared/domain/sign-in';
import { logger } from '../lib/logger';
import { challengeMetadataFor, maskEmail, newCodeId } from './codes';
import { codeIdOfSession, issueLoginCode } from './service';

/**
 * Cognito custom auth: presents the code challenge. The first round of a sign-in sends a new code
 * by email (rate-limited); later rounds of the same sign-in reuse that code and send nothing.
 */
export async function handler(
  event: CreateAuthChallengeTriggerEvent,
): Promise<CreateAuthChallengeTriggerEvent> {
  const attributes = event.request.userAttributes;
  const email = normaliseEmail(attributes.email ?? '');
  let codeId = codeIdOfSession(event.request.session);
  if (codeId) {
    logger.info('Code challenge repeated, same code');
  } else if (event.request.userNotFound || !email) {
    // Nothing to send to; the answer can never be right.
    codeId = newCodeId();
  } else {
    ({ codeId } = await issueLoginCode({
      email,
      userId: attributes.sub ?? event.userName,
      givenName: attributes.given_name,
      locale: attributes.locale,
    }));
    logger.info('Code sent', { codeId });
  }
  event.response.publicChallengeParameters = {
    email: maskEmail(email),
    codeLength: String(LOGIN_CODE_LENGTH),
  };
  event.response.privateChallengeParameters = { codeId };
  event.response.challengeMetadata = challengeMetadataFor(codeId);
  return event;
}
