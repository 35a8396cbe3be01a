import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { normaliseEmail } from '@shared/domain/sign-in';
import { discardPassword, signOutEverywhere } from '../lib/cognito';
import { logger } from '../lib/logger';
import { getGuestKey, guestSecretMatches } from '../guests';
import { GUEST_CHALLENGE, RECENT_CODES } from './codes';
import { DELEGATION_CHALLENGE, useDelegationTicket } from './delegation';
import { knownDevice } from './devices';
import { checkLoginCode, checkRecentLoginCode, ensureAccount } from './service';

/** The guest challenge: the answer's SHA-256 against the stored one, while the user is a guest. */
async function checkGuestSecret(userId: string, answer: string): Promise<boolean> {
  const key = await getGuestKey(userId);
  return key !== null && guestSecretMatches(answer, key.secretHash);
}

/**
 * Cognito custom auth: checks the answer. A guest answers its secret. Otherwise the answer is the
 * code typed by the user; the first right code of a new user proves their address and creates
 * their account.
 */
export async function handler(
  event: VerifyAuthChallengeResponseTriggerEvent,
): Promise<VerifyAuthChallengeResponseTriggerEvent> {
  const attributes = event.request.userAttributes;
  const userId = attributes.sub ?? event.userName;
  const answer = typeof event.request.challengeAnswer === 'string' ? event.request.challengeAnswer : '';
  if (event.request.privateChallengeParameters?.kind === GUEST_CHALLENGE) {
    const correct = !event.request.userNotFound && (await checkGuestSecret(userId, answer));
    logger.info(correct ? 'Guest secret accepted' : 'Guest secret refused');
    event.response.answerCorrect = correct;
    return event;
  }
  if (event.request.privateChallengeParameters?.kind === DELEGATION_CHALLENGE) {
    const correct = !event.request.userNotFound && (await useDelegationTicket(userId, answer));
    logger.info(correct ? 'Delegation ticket accepted' : 'Delegation ticket refused');
    event.response.answerCorrect = correct;
    return event;
  }
  const email = normaliseEmail(attributes.email ?? '');
  const codeId = event.request.privateChallengeParameters?.codeId;
  const metadata = event.request.clientMetadata ?? {};
  let correct = false;
  if (codeId && email && !event.request.userNotFound) {
    if (codeId === RECENT_CODES) {
      // The browser's known-device key, when it has one of this person (docs/decisions/0006).
      const device = await knownDevice(metadata.deviceKey);
      correct = await checkRecentLoginCode({
        email,
        userId,
        answer,
        knownDevice: device?.userId === userId,
      });
    } else {
      correct = await checkLoginCode({ email, codeId, answer });
    }
  }
  if (correct) {
    // The first name and language the person proving the address typed win over attributes given
    // at SignUp, which anyone may have called with this address before (docs/decisions/0006).
    const account = await ensureAccount({
      userId,
      email,
      givenName: metadata.givenName ?? attributes.given_name,
      locale: metadata.locale ?? attributes.locale,
    });
    if (account === 'created') {
      // The address is proved only now: a password given at SignUp, by whoever called it, never
      // signs anyone in, and every session started before ends (their tokens are refused by the
      // API through the new account's tokensValidAfter).
      await discardPassword(event.userName, event.userPoolId);
      await signOutEverywhere(event.userName, event.userPoolId);
    }
    logger.info('Code accepted', { codeId, account });
  } else {
    logger.info('Code refused', { codeId });
  }
  event.response.answerCorrect = correct;
  return event;
}
