import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { LOGIN_CODE_LENGTH, normaliseEmail } from '@shared/domain/sign-in';
import { logger } from '../lib/logger';
import { isGuestPlaceholder } from '../guests';
import { isGuest } from '../users';
import {
  CODE_SENT_PARAMETER,
  GUEST_CHALLENGE,
  RECENT_CODES,
  SignInError,
  challengeMetadataFor,
  maskEmail,
  newCodeId,
} from './codes';
import { codeIdOfSession, issueLoginCode } from './service';
import { DELEGATION_CHALLENGE, hasLiveTicket } from './delegation';

/**
 * Cognito custom auth: presents the challenge. A user holding a live ticket earned with a sphere's
 * access code is asked for it. A guest (an identity without a real address, whose profile says
 * isGuest) is asked for its secret and nothing is sent. Otherwise the first round of
 * a sign-in sends a new code by email; later rounds of the same sign-in reuse that code and send
 * nothing. When the address's send slots are all taken (someone may be starting sign-ins to lock
 * the owner out), nothing is sent and the answer may be any code recently sent to the address for
 * this identity: the challenge says `codeSent: 'no'` so the client can say so (docs/decisions/0006).
 */
export async function handler(
  event: CreateAuthChallengeTriggerEvent,
): Promise<CreateAuthChallengeTriggerEvent> {
  const attributes = event.request.userAttributes;
  const userId = attributes.sub ?? event.userName;
  // A person who just gave a sphere's access code with their address holds a ticket: a sign-in
  // that starts then asks for it instead of mailing a code or asking a guest's secret (a member
  // without an account signs in as a guest of their own this way; decision 0014).
  const starts = event.request.session.length === 0;
  if (starts && !event.request.userNotFound && (await hasLiveTicket(userId))) {
    event.response.publicChallengeParameters = { kind: DELEGATION_CHALLENGE };
    event.response.privateChallengeParameters = { kind: DELEGATION_CHALLENGE };
    event.response.challengeMetadata = DELEGATION_CHALLENGE.toUpperCase();
    logger.info('Delegation challenge');
    return event;
  }
  if (!event.request.userNotFound && isGuestPlaceholder(attributes.email) && (await isGuest(userId))) {
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
    try {
      ({ codeId } = await issueLoginCode({
        email,
        userId,
        givenName: attributes.given_name,
        locale: attributes.locale,
      }));
      logger.info('Code sent', { codeId });
    } catch (error) {
      if (!(error instanceof SignInError) || error.key !== 'too-many-codes-sent') throw error;
      codeId = RECENT_CODES;
      logger.info('No send slot left: a recent code is asked for');
    }
  }
  event.response.publicChallengeParameters = {
    email: maskEmail(email),
    codeLength: String(LOGIN_CODE_LENGTH),
    [CODE_SENT_PARAMETER]: codeId === RECENT_CODES ? 'no' : 'yes',
  };
  event.response.privateChallengeParameters = { codeId };
  event.response.challengeMetadata = challengeMetadataFor(codeId);
  return event;
}
