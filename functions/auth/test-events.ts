import type {
  CreateAuthChallengeTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  PreSignUpTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';

/** Cognito trigger events as the user pool sends them, for the trigger tests. */

type Session = DefineAuthChallengeTriggerEvent['request']['session'];

const base = {
  version: '1',
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_TestPool',
  callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'testclient' },
};

export const TEST_USER = {
  sub: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  email: 'camille@example.be',
  given_name: 'Camille',
  locale: 'nl',
};

function userAttributes(overrides: Record<string, string> = {}) {
  return {
    sub: TEST_USER.sub,
    email: TEST_USER.email,
    email_verified: 'false',
    given_name: TEST_USER.given_name,
    locale: TEST_USER.locale,
    'cognito:user_status': 'CONFIRMED',
    ...overrides,
  };
}

export function defineEvent(session: Session): DefineAuthChallengeTriggerEvent {
  return {
    ...base,
    userName: TEST_USER.sub,
    triggerSource: 'DefineAuthChallenge_Authentication',
    request: { userAttributes: userAttributes(), session },
    response: { issueTokens: false, failAuthentication: false },
  };
}

export function createEvent(session: Session): CreateAuthChallengeTriggerEvent {
  return {
    ...base,
    userName: TEST_USER.sub,
    triggerSource: 'CreateAuthChallenge_Authentication',
    request: { userAttributes: userAttributes(), challengeName: 'CUSTOM_CHALLENGE', session },
    response: { publicChallengeParameters: {}, privateChallengeParameters: {}, challengeMetadata: '' },
  };
}

export function verifyEvent(codeId: string, answer: string): VerifyAuthChallengeResponseTriggerEvent {
  return {
    ...base,
    userName: TEST_USER.sub,
    triggerSource: 'VerifyAuthChallengeResponse_Authentication',
    request: {
      userAttributes: userAttributes(),
      privateChallengeParameters: { codeId },
      challengeAnswer: answer,
    },
    response: { answerCorrect: false },
  };
}

export function preSignUpEvent(
  attributes: Record<string, string>,
  triggerSource: PreSignUpTriggerEvent['triggerSource'] = 'PreSignUp_SignUp',
): PreSignUpTriggerEvent {
  return {
    ...base,
    userName: TEST_USER.sub,
    triggerSource,
    request: { userAttributes: attributes },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  } as PreSignUpTriggerEvent;
}
