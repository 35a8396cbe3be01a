import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { LOGIN_CODE_LENGTH, normaliseEmail } from '../../shared/domain/sign-in';
import { logger } from '../lib/logger';
import { isGuestUser } from '../guests/repository';
import { isGuestPlaceholder } from '../guests/secret';
import { GUEST_CHALLENGE, challengeMetadataFor, maskEmail, newCodeId } from './codes';
import { codeIdOfSession, issueLoginCode } from './service';

/**
 * Cognito custom auth: presents the challenge. A guest (an identity without a real address, whose
 * profile says isGuest) is asked for its secret and nothing is sent. Otherwise the first round of
 * a sign-in sends a new code by email (rate-limited); later rounds of the same sign-in reuse that
 * code and send nothing.
 */
export async function handler(
  event: CreateAuthChallengeTriggerEvent,
): Promise<CreateAuthChallengeTriggerEvent> {
  const attributes = event.request.userAttributes;
  const userId = attributes.sub ?? event.userName;
  if (!event.request.userNotFound && isGuestPlaceholder(attributes.email) && (await isGuestUser(userId))) {
    event.response.publicChallengeParameters = { kind: GUEST_CHALLENGE };
    event.response.privateChallengeParameters = { kind: GUEST_CHALLENGE };
    event.response.challengeMetadata = GUEST_CHALLENGE.toUpperCase();
    logger.info('Guest challenge');
    return event;
  }
  const email = isGuestPlaceholder(attributes.email) ? '' : normaliseEmail(attributes.email ?? '');
  let codeId = codeIdOfSession(event.request.session);
  if (codeId) {
    logger.info('Code challenge repeated, same code');
  } else if (event.request.userNotFound || !email) {
    // Nothing to send to; the answer can never be right.
    codeId = newCodeId();
  } else {
    ({ codeId } = await issueLoginCode({
      email,
      userId,
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
