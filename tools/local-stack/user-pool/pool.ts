import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import {
  CognitoError,
  attributeList,
  looksLikeEmail,
  normaliseEmail,
  requireStr,
  stringMap,
  type Json,
  type RequestContext,
} from './protocol';
import { cleanAttributes, type PoolState, type StoredUser } from './state';
import type { TokenSigner } from './tokens';
import { invoke, triggerBase, type CognitoTriggers } from './triggers';

/** What every operation group works with: the pool's ids, its state, triggers and token signer. */
export interface Pool {
  userPoolId: string;
  clientId: string;
  state: PoolState;
  triggers: CognitoTriggers;
  tokens: TokenSigner;
}

/** One operation of Cognito's JSON protocol (`x-amz-target: AWSCognitoIdentityProviderService.<Op>`). */
export type Operation = (input: Json, ctx: RequestContext) => Promise<Json>;

export function checkClient(pool: Pool, input: Json): void {
  const id = requireStr(input, 'ClientId');
  if (id !== pool.clientId)
    throw new CognitoError('ResourceNotFoundException', `User pool client ${id} does not exist.`);
}

export function checkPool(pool: Pool, input: Json): void {
  const id = requireStr(input, 'UserPoolId');
  if (id !== pool.userPoolId)
    throw new CognitoError('ResourceNotFoundException', `User pool ${id} does not exist.`);
}

/** The address a new user signs in with: the `Username` of SignUp and AdminCreateUser. */
export function newUsername(input: Json): string {
  const username = normaliseEmail(requireStr(input, 'Username'));
  if (!looksLikeEmail(username))
    throw new CognitoError('InvalidParameterException', 'Username should be an email.');
  return username;
}

/**
 * The one way a user comes to exist (SignUp and AdminCreateUser): a new sub, the attributes given
 * with the address as email, the PreSignUp trigger with the input's validation data and client
 * metadata, `prepare` (password, status from the trigger's answer), then stored unless the address
 * was taken while the trigger ran.
 */
export async function createUser(
  pool: Pool,
  request: {
    username: string;
    input: Json;
    ctx: RequestContext;
    status: StoredUser['status'];
    triggerSource: 'PreSignUp_SignUp' | 'PreSignUp_AdminCreateUser';
    prepare: (user: StoredUser, trigger: PreSignUpTriggerEvent) => Promise<void>;
  },
): Promise<StoredUser> {
  const { username, input } = request;
  const attributes = { ...cleanAttributes(attributeList(input.UserAttributes)), email: username };
  const now = Date.now();
  const user: StoredUser = {
    username: randomUUID(),
    attributes,
    status: request.status,
    enabled: true,
    createdAt: now,
    updatedAt: now,
  };
  const result = await invoke<PreSignUpTriggerEvent>('PreSignUp', pool.triggers.preSignUp, {
    ...triggerBase(request.triggerSource, user, request.ctx, pool),
    request: {
      userAttributes: { ...attributes },
      validationData: stringMap(input.ValidationData),
      clientMetadata: stringMap(input.ClientMetadata),
    },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  });
  await request.prepare(user, result);
  if (pool.state.findUser(username)) {
    throw new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
  }
  pool.state.users.set(user.username, user);
  pool.state.persist();
  return user;
}
