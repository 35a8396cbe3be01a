import { randomUUID } from 'node:crypto';
import type {
  Context,
  CreateAuthChallengeTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  PreSignUpTriggerEvent,
  PreTokenGenerationTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import { CognitoError, LOCAL_REGION, type RequestContext } from './protocol';
import type { StoredUser } from './state';

/** The Lambda triggers, run in-process with Cognito's event shapes and its answers to their failures. */
type TriggerFn<E> = (event: E, context: Context) => Promise<E>;

/** The Lambda triggers of the pool; by default the real handlers of functions/auth. */
export interface CognitoTriggers {
  preSignUp: TriggerFn<PreSignUpTriggerEvent>;
  defineAuthChallenge: TriggerFn<DefineAuthChallengeTriggerEvent>;
  createAuthChallenge: TriggerFn<CreateAuthChallengeTriggerEvent>;
  verifyAuthChallengeResponse: TriggerFn<VerifyAuthChallengeResponseTriggerEvent>;
  preTokenGeneration: TriggerFn<PreTokenGenerationTriggerEvent>;
}

type TriggerName =
  | 'PreSignUp'
  | 'DefineAuthChallenge'
  | 'CreateAuthChallenge'
  | 'VerifyAuthChallengeResponse'
  | 'PreTokenGeneration';

function triggerContext(functionName: string): Context {
  const fail = () => {
    throw new Error('Callback-style completion is not supported locally: return a promise');
  };
  const deadline = Date.now() + 5000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${LOCAL_REGION}:000000000000:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: fail,
    fail,
    succeed: fail,
  };
}

/**
 * Runs a trigger on a copy of the event. A throwing trigger is Cognito's
 * UserLambdaValidationException; an answer without `response`, InvalidLambdaResponseException.
 */
export async function invoke<E extends { response: object }>(
  name: TriggerName,
  trigger: TriggerFn<E>,
  event: E,
): Promise<E> {
  let result: unknown;
  try {
    result = await trigger(structuredClone(event), triggerContext(`local-${name}`));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new CognitoError('UserLambdaValidationException', `${name} failed with error ${message}.`);
  }
  if (
    !result ||
    typeof result !== 'object' ||
    typeof (result as { response?: unknown }).response !== 'object'
  ) {
    throw new CognitoError('InvalidLambdaResponseException', `Invalid lambda response from ${name}.`);
  }
  return result as E;
}

/** The fields every trigger event starts with. */
export function triggerBase<T extends string>(
  triggerSource: T,
  user: StoredUser,
  ctx: RequestContext,
  pool: { userPoolId: string; clientId: string },
) {
  return {
    version: '1',
    region: LOCAL_REGION,
    userPoolId: pool.userPoolId,
    userName: user.username,
    callerContext: { awsSdkVersion: ctx.sdkVersion, clientId: pool.clientId },
    triggerSource,
  };
}

/** The user's attributes as triggers see them. */
export function triggerAttributes(user: StoredUser): Record<string, string> {
  return { sub: user.username, ...user.attributes, 'cognito:user_status': user.status };
}
